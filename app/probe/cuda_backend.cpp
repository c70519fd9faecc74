// CUDA backend (HIP's NVIDIA platform): the driver API in libcuda.so.1 through dlopen.
// Uses the primary context (cuCtxCreate's signature changed in CUDA 12/13).

#include "backends.h"
#include "launch_loop.h"

#include <string>
#include <vector>

namespace hdprobe {
namespace {

enum : int { kCudaErrorNoDevice = 100 };

class CudaBackend final : public DriverBackend<CudaBackend> {
public:
    static constexpr DriverCallNames kNames{
        "cuDeviceGetName",   "cuDeviceGetAttribute", "cuDeviceTotalMem_v2", "cuModuleLoadData",
        "cuModuleUnload",    "cuModuleGetFunction",  "cuLaunchKernel",      "cuEventCreate",
        "cuEventDestroy_v2", "cuEventRecord",        "cuEventSynchronize",  "cuEventElapsedTime"};
    // CUdevice_attribute
    static constexpr DeviceAttributeIds kAttributes{/*ccMajor*/ 75,
                                                    /*ccMinor*/ 76,
                                                    /*maxThreadsPerBlock*/ 1,
                                                    /*multiprocessorCount*/ 16,
                                                    /*warpSize*/ 10,
                                                    /*maxSharedPerBlock*/ 8,
                                                    /*pciBus*/ 33,
                                                    /*pciDevice*/ 34,
                                                    /*pciDomain*/ 50};
    int newEvent(void **event) { return eventCreate(event, 0); }

    const char *name() const override { return "cuda"; }
    std::vector<std::string> defaultNames() const override {
        return {"libcuda.so.1", "libcuda.so"};
    }

    std::string resolve() override {
#define HD_SYM(var, type, n)                                                                       \
    var = reinterpret_cast<type>(sym(n));                                                          \
    if (!var)                                                                                      \
        return n;
        HD_SYM(getErrorName, int (*)(int, const char **), "cuGetErrorName");
        HD_SYM(getErrorString, int (*)(int, const char **), "cuGetErrorString");
        HD_SYM(cuInit, int (*)(unsigned), "cuInit");
        HD_SYM(driverGetVersion, int (*)(int *), "cuDriverGetVersion");
        HD_SYM(deviceGetCount, int (*)(int *), "cuDeviceGetCount");
        HD_SYM(deviceGet, int (*)(int *, int), "cuDeviceGet");
        HD_SYM(primaryCtxRetain, int (*)(void **, int), "cuDevicePrimaryCtxRetain");
        HD_SYM(ctxSetCurrent, int (*)(void *), "cuCtxSetCurrent");
        HD_SYM(ctxSynchronize, int (*)(), "cuCtxSynchronize");
        HD_SYM(memAlloc, int (*)(uint64_t *, size_t), "cuMemAlloc_v2");
        HD_SYM(memFree, int (*)(uint64_t), "cuMemFree_v2");
        HD_SYM(memcpyHtoD, int (*)(uint64_t, const void *, size_t), "cuMemcpyHtoD_v2");
        HD_SYM(memcpyDtoH, int (*)(void *, uint64_t, size_t), "cuMemcpyDtoH_v2");
        HD_SYM(eventCreate, int (*)(void **, unsigned), "cuEventCreate");
#undef HD_SYM
        return resolveDriverCalls();
    }

    void versions(int &rtRaw, std::string &rt, int &drvRaw, std::string &drv) override {
        int v = 0;
        if (driverGetVersion(&v) == 0) {
            // The driver API is the runtime here: 13000 → "13.0".
            rtRaw = drvRaw = v;
            rt = drv = std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
        }
    }
    std::string errorName(int c) override {
        const char *n = nullptr;
        return getErrorName && getErrorName(c, &n) == 0 && n ? n : std::string();
    }
    std::string errorString(int c) override {
        const char *n = nullptr;
        return getErrorString && getErrorString(c, &n) == 0 && n ? n : std::string();
    }
    int noDeviceCode() const override {
        return kCudaErrorNoDevice;
    }

    int init(Probe &p) override {
        return p.call("runtime-init", "cuInit", [&] { return cuInit(0); });
    }
    int deviceCount(Probe &p, int &count) override {
        return p.call("runtime-init", "cuDeviceGetCount", [&] { return deviceGetCount(&count); });
    }
    void describe(Probe &p, int index, DeviceFacts &d) override {
        d.index = index;
        int dev = 0;
        if (p.call("device-query", "cuDeviceGet", [&] { return deviceGet(&dev, index); }) != 0)
            return;
        describeByAttributes(p, dev, d);
        if (d.ccMajor >= 0 && d.ccMinor >= 0)
            d.target = "sm_" + std::to_string(d.ccMajor * 10 + d.ccMinor);
    }
    int useDevice(Probe &p, int index) override {
        int dev = 0;
        int rc = p.call("runtime-init", "cuDeviceGet", [&] { return deviceGet(&dev, index); });
        if (rc == 0)
            rc = p.call("runtime-init", "cuDevicePrimaryCtxRetain",
                        [&] { return primaryCtxRetain(&ctx, dev); });
        if (rc == 0)
            rc = p.call("runtime-init", "cuCtxSetCurrent", [&] { return ctxSetCurrent(ctx); });
        return rc;
    }
    int loadModule(Probe &p, const std::vector<char> &image) override {
        return p.call("module-load", "cuModuleLoadData",
                      [&] { return moduleLoadData(&module, image.data()); });
    }
    int alloc(Probe &p, uint64_t bytes, uint64_t &ptr) override {
        int rc = p.call(
            "allocation", "cuMemAlloc_v2", [&] { return memAlloc(&ptr, bytes); }, -1,
            std::to_string(bytes) + " bytes");
        if (rc == 0)
            buffers.push_back(ptr);
        return rc;
    }
    int copyToDevice(Probe &p, uint64_t dst, const void *src, uint64_t bytes) override {
        return p.call(
            "copy-h2d", "cuMemcpyHtoD_v2", [&] { return memcpyHtoD(dst, src, bytes); }, -1,
            std::to_string(bytes) + " bytes");
    }
    int copyToHost(Probe &p, void *dst, uint64_t src, uint64_t bytes) override {
        return p.call(
            "copy-d2h", "cuMemcpyDtoH_v2", [&] { return memcpyDtoH(dst, src, bytes); }, -1,
            std::to_string(bytes) + " bytes");
    }
    int synchronize(Probe &p) override {
        return p.call("synchronize", "cuCtxSynchronize", [&] { return ctxSynchronize(); });
    }
    void release() override {
        for (uint64_t b : buffers)
            memFree(b);
        buffers.clear();
        releaseModuleAndEvents();
    }

private:
    int (*getErrorName)(int, const char **) = nullptr;
    int (*getErrorString)(int, const char **) = nullptr;
    int (*cuInit)(unsigned) = nullptr;
    int (*driverGetVersion)(int *) = nullptr;
    int (*deviceGetCount)(int *) = nullptr;
    int (*deviceGet)(int *, int) = nullptr;
    int (*primaryCtxRetain)(void **, int) = nullptr;
    int (*ctxSetCurrent)(void *) = nullptr;
    int (*ctxSynchronize)() = nullptr;
    int (*memAlloc)(uint64_t *, size_t) = nullptr;
    int (*memFree)(uint64_t) = nullptr;
    int (*memcpyHtoD)(uint64_t, const void *, size_t) = nullptr;
    int (*memcpyDtoH)(void *, uint64_t, size_t) = nullptr;
    int (*eventCreate)(void **, unsigned) = nullptr;

    void *ctx = nullptr;
    std::vector<uint64_t> buffers;
};

} // namespace

std::unique_ptr<Backend> makeCudaBackend() {
    return std::make_unique<CudaBackend>();
}

} // namespace hdprobe
