// CUDA backend (HIP's NVIDIA platform): the driver API in libcuda.so.1 through dlopen.
// Uses the primary context (cuCtxCreate's signature changed in CUDA 12/13).

#include "backends.h"
#include "launch_loop.h"

#include <string>
#include <vector>

namespace hdprobe {
namespace {

enum : int {
    kAttrMaxThreadsPerBlock = 1,
    kAttrMaxSharedPerBlock = 8,
    kAttrWarpSize = 10,
    kAttrMultiprocessorCount = 16,
    kAttrPciBusId = 33,
    kAttrPciDeviceId = 34,
    kAttrCcMajor = 75,
    kAttrCcMinor = 76,
    kAttrPciDomainId = 50,
    kCudaErrorNoDevice = 100,
};

class CudaBackend final : public Backend {
public:
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
        HD_SYM(deviceGetName, int (*)(char *, int, int), "cuDeviceGetName");
        HD_SYM(deviceGetAttribute, int (*)(int *, int, int), "cuDeviceGetAttribute");
        HD_SYM(deviceTotalMem, int (*)(size_t *, int), "cuDeviceTotalMem_v2");
        HD_SYM(primaryCtxRetain, int (*)(void **, int), "cuDevicePrimaryCtxRetain");
        HD_SYM(ctxSetCurrent, int (*)(void *), "cuCtxSetCurrent");
        HD_SYM(ctxSynchronize, int (*)(), "cuCtxSynchronize");
        HD_SYM(moduleLoadData, int (*)(void **, const void *), "cuModuleLoadData");
        HD_SYM(moduleUnload, int (*)(void *), "cuModuleUnload");
        HD_SYM(moduleGetFunction, int (*)(void **, void *, const char *), "cuModuleGetFunction");
        HD_SYM(launchKernel,
               int (*)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                       void *, void **, void **),
               "cuLaunchKernel");
        HD_SYM(memAlloc, int (*)(uint64_t *, size_t), "cuMemAlloc_v2");
        HD_SYM(memFree, int (*)(uint64_t), "cuMemFree_v2");
        HD_SYM(memcpyHtoD, int (*)(uint64_t, const void *, size_t), "cuMemcpyHtoD_v2");
        HD_SYM(memcpyDtoH, int (*)(void *, uint64_t, size_t), "cuMemcpyDtoH_v2");
        HD_SYM(eventCreate, int (*)(void **, unsigned), "cuEventCreate");
        HD_SYM(eventDestroy, int (*)(void *), "cuEventDestroy_v2");
        HD_SYM(eventRecord, int (*)(void *, void *), "cuEventRecord");
        HD_SYM(eventSynchronize, int (*)(void *), "cuEventSynchronize");
        HD_SYM(eventElapsedTime, int (*)(float *, void *, void *), "cuEventElapsedTime");
#undef HD_SYM
        return {};
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
        char name[256] = {};
        if (p.call("device-query", "cuDeviceGetName",
                   [&] { return deviceGetName(name, sizeof name - 1, dev); }) == 0)
            d.name = name;
        auto attr = [&](int a, const char *what) {
            int v = 0;
            int rc = p.call(
                "device-query", "cuDeviceGetAttribute",
                [&] { return deviceGetAttribute(&v, a, dev); }, -1, what);
            return rc == 0 ? v : -1;
        };
        d.ccMajor = attr(kAttrCcMajor, "compute capability major");
        d.ccMinor = attr(kAttrCcMinor, "compute capability minor");
        d.maxThreadsPerBlock = attr(kAttrMaxThreadsPerBlock, "max threads per block");
        d.computeUnits = attr(kAttrMultiprocessorCount, "multiprocessor count");
        d.wavefront = attr(kAttrWarpSize, "warp size");
        int shared = attr(kAttrMaxSharedPerBlock, "max shared memory per block");
        d.maxSharedPerBlock = shared > 0 ? uint64_t(shared) : 0;
        int bus = attr(kAttrPciBusId, "PCI bus"), pdev = attr(kAttrPciDeviceId, "PCI device"),
            dom = attr(kAttrPciDomainId, "PCI domain");
        char pci[32];
        std::snprintf(pci, sizeof pci, "%04x:%02x:%02x.0", dom < 0 ? 0 : dom, bus < 0 ? 0 : bus,
                      pdev < 0 ? 0 : pdev);
        d.pci = pci;
        size_t mem = 0;
        if (p.call("device-query", "cuDeviceTotalMem_v2",
                   [&] { return deviceTotalMem(&mem, dev); }) == 0)
            d.memory = mem;
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
    int getFunction(Probe &p, const std::string &n) override {
        void *f = nullptr;
        int rc = p.call(
            "function-lookup", "cuModuleGetFunction",
            [&] { return moduleGetFunction(&f, module, n.c_str()); }, -1, n);
        if (rc == 0)
            function = f;
        return rc;
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
    int createEvents(Probe &p) override {
        int rc = p.call("allocation", "cuEventCreate", [&] { return eventCreate(&evStart, 0); });
        if (rc == 0)
            rc = p.call("allocation", "cuEventCreate", [&] { return eventCreate(&evStop, 0); });
        return rc;
    }
    const char *launchApi() const override {
        return kLaunchApi;
    }
    const char *waitApi() const override {
        return kWaitApi;
    }
    int launchLoop(const unsigned g[3], const unsigned b[3], unsigned shared, void **params,
                   std::vector<LaunchSample> &samples, size_t &done) override {
        return TimedLaunchLoop::run(*this, g, b, shared, params, samples, done);
    }
    int synchronize(Probe &p) override {
        return p.call("synchronize", "cuCtxSynchronize", [&] { return ctxSynchronize(); });
    }
    void release() override {
        for (uint64_t b : buffers)
            memFree(b);
        buffers.clear();
        if (evStart)
            eventDestroy(evStart);
        if (evStop)
            eventDestroy(evStop);
        evStart = evStop = nullptr;
        if (module)
            moduleUnload(module);
        module = nullptr;
    }

private:
    friend struct hdprobe::TimedLaunchLoop; // runs the timed loop with the members below
    // The calls of the timed launch loop, by name.
    static constexpr const char *kEventRecordApi = "cuEventRecord";
    static constexpr const char *kLaunchApi = "cuLaunchKernel";
    static constexpr const char *kWaitApi = "cuEventSynchronize";
    static constexpr const char *kElapsedApi = "cuEventElapsedTime";

    int (*getErrorName)(int, const char **) = nullptr;
    int (*getErrorString)(int, const char **) = nullptr;
    int (*cuInit)(unsigned) = nullptr;
    int (*driverGetVersion)(int *) = nullptr;
    int (*deviceGetCount)(int *) = nullptr;
    int (*deviceGet)(int *, int) = nullptr;
    int (*deviceGetName)(char *, int, int) = nullptr;
    int (*deviceGetAttribute)(int *, int, int) = nullptr;
    int (*deviceTotalMem)(size_t *, int) = nullptr;
    int (*primaryCtxRetain)(void **, int) = nullptr;
    int (*ctxSetCurrent)(void *) = nullptr;
    int (*ctxSynchronize)() = nullptr;
    int (*moduleLoadData)(void **, const void *) = nullptr;
    int (*moduleUnload)(void *) = nullptr;
    int (*moduleGetFunction)(void **, void *, const char *) = nullptr;
    int (*launchKernel)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                        unsigned, void *, void **, void **) = nullptr;
    int (*memAlloc)(uint64_t *, size_t) = nullptr;
    int (*memFree)(uint64_t) = nullptr;
    int (*memcpyHtoD)(uint64_t, const void *, size_t) = nullptr;
    int (*memcpyDtoH)(void *, uint64_t, size_t) = nullptr;
    int (*eventCreate)(void **, unsigned) = nullptr;
    int (*eventDestroy)(void *) = nullptr;
    int (*eventRecord)(void *, void *) = nullptr;
    int (*eventSynchronize)(void *) = nullptr;
    int (*eventElapsedTime)(float *, void *, void *) = nullptr;

    void *ctx = nullptr;
    void *module = nullptr;
    void *function = nullptr;
    void *evStart = nullptr, *evStop = nullptr;
    std::vector<uint64_t> buffers;
};

} // namespace

std::unique_ptr<Backend> makeCudaBackend() {
    return std::make_unique<CudaBackend>();
}

} // namespace hdprobe
