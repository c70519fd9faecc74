// HIP backend: libamdhip64 through dlopen, device ISA names from the HSA runtime like rocminfo.
// Only C entry points whose signatures are stable across ROCm 5-7 are used; no hipDeviceProp_t
// (its layout changed in ROCm 6).

#include "backends.h"
#include "launch_loop.h"

#include <dlfcn.h>

#include <cstring>
#include <string>
#include <vector>

namespace hdprobe {
namespace {

// hipDeviceAttribute_t values (stable since ROCm 5.0's renumbering; checked against 5.2's header).
enum : int {
    kAttrCcMajor = 23,
    kAttrCcMinor = 61,
    kAttrMaxThreadsPerBlock = 56,
    kAttrMultiprocessorCount = 63,
    kAttrPciBusId = 67,
    kAttrPciDeviceId = 68,
    kAttrPciDomainId = 69,
    kAttrMaxSharedPerBlock = 74,
    kAttrWarpSize = 87,
};
enum : int { kHipMemcpyHostToDevice = 1, kHipMemcpyDeviceToHost = 2, kHipErrorNoDevice = 100 };

// HSA (hsa.h / hsa_ext_amd.h)
struct HsaHandle {
    uint64_t handle;
};
enum : int {
    kHsaAgentInfoName = 0,
    kHsaAgentInfoDevice = 17,
    kHsaIsaInfoNameLength = 0,
    kHsaIsaInfoName = 1,
    kHsaAmdAgentInfoBdfid = 0xA006,
    kHsaAmdAgentInfoDomain = 0xA00F,
    kHsaAmdAgentInfoProductName = 0xA009,
};

class HipBackend final : public Backend {
public:
    const char *name() const override { return "hip"; }
    std::vector<std::string> defaultNames() const override {
        return {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5"};
    }

    std::string resolve() override {
#define HD_SYM(var, type, n)                                                                       \
    var = reinterpret_cast<type>(sym(n));                                                          \
    if (!var)                                                                                      \
        return n;
        HD_SYM(getErrorName, const char *(*)(int), "hipGetErrorName");
        HD_SYM(getErrorString, const char *(*)(int), "hipGetErrorString");
        HD_SYM(runtimeGetVersion, int (*)(int *), "hipRuntimeGetVersion");
        HD_SYM(driverGetVersion, int (*)(int *), "hipDriverGetVersion");
        HD_SYM(hipInit, int (*)(unsigned), "hipInit");
        HD_SYM(getDeviceCount, int (*)(int *), "hipGetDeviceCount");
        HD_SYM(deviceGetName, int (*)(char *, int, int), "hipDeviceGetName");
        HD_SYM(deviceGetAttribute, int (*)(int *, int, int), "hipDeviceGetAttribute");
        HD_SYM(deviceTotalMem, int (*)(size_t *, int), "hipDeviceTotalMem");
        HD_SYM(setDevice, int (*)(int), "hipSetDevice");
        HD_SYM(moduleLoadData, int (*)(void **, const void *), "hipModuleLoadData");
        HD_SYM(moduleUnload, int (*)(void *), "hipModuleUnload");
        HD_SYM(moduleGetFunction, int (*)(void **, void *, const char *), "hipModuleGetFunction");
        HD_SYM(launchKernel,
               int (*)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                       void *, void **, void **),
               "hipModuleLaunchKernel");
        HD_SYM(hipMalloc, int (*)(void **, size_t), "hipMalloc");
        HD_SYM(hipFree, int (*)(void *), "hipFree");
        HD_SYM(hipMemcpy, int (*)(void *, const void *, size_t, int), "hipMemcpy");
        HD_SYM(eventCreate, int (*)(void **), "hipEventCreate");
        HD_SYM(eventDestroy, int (*)(void *), "hipEventDestroy");
        HD_SYM(eventRecord, int (*)(void *, void *), "hipEventRecord");
        HD_SYM(eventSynchronize, int (*)(void *), "hipEventSynchronize");
        HD_SYM(eventElapsedTime, int (*)(float *, void *, void *), "hipEventElapsedTime");
        HD_SYM(deviceSynchronize, int (*)(), "hipDeviceSynchronize");
#undef HD_SYM
        return {};
    }

    static std::string versionText(int v) {
        if (v <= 0)
            return {};
        // HIP_VERSION = major * 10000000 + minor * 100000 + patch
        if (v >= 10000000)
            return std::to_string(v / 10000000) + "." + std::to_string((v / 100000) % 100) + "." +
                   std::to_string(v % 100000);
        return std::to_string(v);
    }

    void versions(int &rtRaw, std::string &rt, int &drvRaw, std::string &drv) override {
        int v = 0;
        if (runtimeGetVersion(&v) == 0) {
            rtRaw = v;
            rt = versionText(v);
        }
        v = 0;
        if (driverGetVersion(&v) == 0) {
            drvRaw = v;
            drv = versionText(v);
        }
    }
    std::string errorName(int c) override {
        const char *n = getErrorName ? getErrorName(c) : nullptr;
        return n ? n : std::string();
    }
    std::string errorString(int c) override {
        const char *n = getErrorString ? getErrorString(c) : nullptr;
        return n ? n : std::string();
    }
    int noDeviceCode() const override {
        return kHipErrorNoDevice;
    }

    int init(Probe &p) override {
        return p.call("runtime-init", "hipInit", [&] { return hipInit(0); });
    }
    int deviceCount(Probe &p, int &count) override {
        return p.call("runtime-init", "hipGetDeviceCount", [&] { return getDeviceCount(&count); });
    }

    void loadHsa(Probe &p) {
        if (hsaTried)
            return;
        hsaTried = true;
        // The HSA runtime next to the HIP library first: the one HIP itself uses.
        std::vector<std::string> names;
        auto slash = libraryPath.rfind('/');
        if (slash != std::string::npos)
            names.push_back(libraryPath.substr(0, slash + 1) + "libhsa-runtime64.so.1");
        names.push_back("libhsa-runtime64.so.1");
        for (const auto &n : names) {
            p.begin("device-query", "dlopen");
            auto t0 = std::chrono::steady_clock::now();
            dlerror();
            hsa = dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL);
            const char *e = hsa ? nullptr : dlerror();
            p.phaseEvent("device-query", "dlopen", hsa ? 0 : -1, hsa ? "" : "dlopen", e ? e : "",
                         msSince(t0), -1, n);
            if (hsa)
                break;
        }
        if (!hsa)
            return;
        hsaInit = reinterpret_cast<int (*)()>(dlsym(hsa, "hsa_init"));
        iterateAgents = reinterpret_cast<int (*)(int (*)(HsaHandle, void *), void *)>(
            dlsym(hsa, "hsa_iterate_agents"));
        agentGetInfo =
            reinterpret_cast<int (*)(HsaHandle, int, void *)>(dlsym(hsa, "hsa_agent_get_info"));
        iterateIsas = reinterpret_cast<int (*)(HsaHandle, int (*)(HsaHandle, void *), void *)>(
            dlsym(hsa, "hsa_agent_iterate_isas"));
        isaGetInfo =
            reinterpret_cast<int (*)(HsaHandle, int, void *)>(dlsym(hsa, "hsa_isa_get_info_alt"));
        if (!hsaInit || !iterateAgents || !agentGetInfo || !iterateIsas || !isaGetInfo)
            return;
        auto hsaErr = [](int) { return std::string("hsa_status_t"); };
        auto savedName = p.errName;
        p.errName = hsaErr;
        int rc = p.call("device-query", "hsa_init", [&] { return hsaInit(); });
        if (rc == 0)
            p.call("device-query", "hsa_iterate_agents",
                   [&] { return iterateAgents(&HipBackend::agentCb, this); });
        p.errName = savedName;
    }

    struct Agent {
        std::string name, product;
        uint32_t bdfid = 0, domain = 0;
        std::vector<std::string> isas;
    };
    std::vector<Agent> agents;

    static int isaCb(HsaHandle isa, void *data) {
        auto *self = static_cast<HipBackend *>(data);
        uint32_t len = 0;
        if (self->isaGetInfo(isa, kHsaIsaInfoNameLength, &len) != 0 || len == 0 || len > 1024)
            return 0;
        std::string n(len, '\0');
        if (self->isaGetInfo(isa, kHsaIsaInfoName, n.data()) == 0) {
            n.resize(std::strlen(n.c_str()));
            self->agents.back().isas.push_back(n);
        }
        return 0;
    }
    static int agentCb(HsaHandle agent, void *data) {
        auto *self = static_cast<HipBackend *>(data);
        uint32_t type = 0;
        if (self->agentGetInfo(agent, kHsaAgentInfoDevice, &type) != 0 ||
            type != 1) // HSA_DEVICE_TYPE_GPU
            return 0;
        Agent a;
        char buf[256] = {};
        if (self->agentGetInfo(agent, kHsaAgentInfoName, buf) == 0)
            a.name = std::string(buf, strnlen(buf, 64));
        std::memset(buf, 0, sizeof buf);
        if (self->agentGetInfo(agent, kHsaAmdAgentInfoProductName, buf) == 0)
            a.product = std::string(buf, strnlen(buf, 64));
        self->agentGetInfo(agent, kHsaAmdAgentInfoBdfid, &a.bdfid);
        self->agentGetInfo(agent, kHsaAmdAgentInfoDomain, &a.domain);
        self->agents.push_back(a);
        self->iterateIsas(agent, &HipBackend::isaCb, self);
        return 0;
    }

    void describe(Probe &p, int index, DeviceFacts &d) override {
        d.index = index;
        char name[256] = {};
        if (p.call("device-query", "hipDeviceGetName",
                   [&] { return deviceGetName(name, sizeof name - 1, index); }) == 0)
            d.name = name;
        auto attr = [&](int a, const char *what) {
            int v = 0;
            int rc = p.call(
                "device-query", "hipDeviceGetAttribute",
                [&] { return deviceGetAttribute(&v, a, index); }, -1, what);
            return rc == 0 ? v : -1;
        };
        d.ccMajor = attr(kAttrCcMajor, "compute capability major");
        d.ccMinor = attr(kAttrCcMinor, "compute capability minor");
        d.maxThreadsPerBlock = attr(kAttrMaxThreadsPerBlock, "max threads per block");
        d.computeUnits = attr(kAttrMultiprocessorCount, "multiprocessor count");
        d.wavefront = attr(kAttrWarpSize, "warp size");
        int shared = attr(kAttrMaxSharedPerBlock, "max shared memory per block");
        d.maxSharedPerBlock = shared > 0 ? uint64_t(shared) : 0;
        int bus = attr(kAttrPciBusId, "PCI bus"), dev = attr(kAttrPciDeviceId, "PCI device"),
            dom = attr(kAttrPciDomainId, "PCI domain");
        char pci[32];
        std::snprintf(pci, sizeof pci, "%04x:%02x:%02x.0", dom < 0 ? 0 : dom, bus < 0 ? 0 : bus,
                      dev < 0 ? 0 : dev);
        d.pci = pci;
        size_t mem = 0;
        if (p.call("device-query", "hipDeviceTotalMem",
                   [&] { return deviceTotalMem(&mem, index); }) == 0)
            d.memory = mem;
        loadHsa(p);
        // HIP lists GPU agents in HSA order; match by PCI location so visibility variables that
        // renumber HIP devices do not pair the wrong ISA with a device.
        const Agent *match = nullptr;
        for (const auto &a : agents)
            if (bus >= 0 && dev >= 0 && int((a.bdfid >> 8) & 0xff) == bus &&
                int((a.bdfid >> 3) & 0x1f) == dev && (dom < 0 || int(a.domain) == dom))
                match = &a;
        if (!match && index < int(agents.size()))
            match = &agents[size_t(index)];
        if (match) {
            d.isas = match->isas;
            if (!match->isas.empty())
                d.isa = match->isas.front();
            else
                d.isa = "amdgcn-amd-amdhsa--" + match->name;
            auto dd = d.isa.find("--");
            d.target = dd == std::string::npos ? match->name : d.isa.substr(dd + 2);
        }
    }

    int useDevice(Probe &p, int index) override {
        return p.call("runtime-init", "hipSetDevice", [&] { return setDevice(index); });
    }
    int loadModule(Probe &p, const std::vector<char> &image) override {
        return p.call("module-load", "hipModuleLoadData",
                      [&] { return moduleLoadData(&module, image.data()); });
    }
    int getFunction(Probe &p, const std::string &n) override {
        void *f = nullptr;
        int rc = p.call(
            "function-lookup", "hipModuleGetFunction",
            [&] { return moduleGetFunction(&f, module, n.c_str()); }, -1, n);
        if (rc == 0)
            function = f;
        return rc;
    }
    int alloc(Probe &p, uint64_t bytes, uint64_t &ptr) override {
        void *d = nullptr;
        int rc = p.call(
            "allocation", "hipMalloc", [&] { return hipMalloc(&d, bytes); }, -1,
            std::to_string(bytes) + " bytes");
        ptr = reinterpret_cast<uint64_t>(d);
        if (rc == 0)
            buffers.push_back(d);
        return rc;
    }
    int copyToDevice(Probe &p, uint64_t dst, const void *src, uint64_t bytes) override {
        return p.call(
            "copy-h2d", "hipMemcpy",
            [&] {
                return hipMemcpy(reinterpret_cast<void *>(dst), src, bytes, kHipMemcpyHostToDevice);
            },
            -1, std::to_string(bytes) + " bytes");
    }
    int copyToHost(Probe &p, void *dst, uint64_t src, uint64_t bytes) override {
        return p.call(
            "copy-d2h", "hipMemcpy",
            [&] {
                return hipMemcpy(dst, reinterpret_cast<void *>(src), bytes, kHipMemcpyDeviceToHost);
            },
            -1, std::to_string(bytes) + " bytes");
    }
    int createEvents(Probe &p) override {
        int rc = p.call("allocation", "hipEventCreate", [&] { return eventCreate(&evStart); });
        if (rc == 0)
            rc = p.call("allocation", "hipEventCreate", [&] { return eventCreate(&evStop); });
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
        return p.call("synchronize", "hipDeviceSynchronize", [&] { return deviceSynchronize(); });
    }
    void release() override {
        for (void *b : buffers)
            hipFree(b);
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
    static constexpr const char *kEventRecordApi = "hipEventRecord";
    static constexpr const char *kLaunchApi = "hipModuleLaunchKernel";
    static constexpr const char *kWaitApi = "hipEventSynchronize";
    static constexpr const char *kElapsedApi = "hipEventElapsedTime";

    const char *(*getErrorName)(int) = nullptr;
    const char *(*getErrorString)(int) = nullptr;
    int (*runtimeGetVersion)(int *) = nullptr;
    int (*driverGetVersion)(int *) = nullptr;
    int (*hipInit)(unsigned) = nullptr;
    int (*getDeviceCount)(int *) = nullptr;
    int (*deviceGetName)(char *, int, int) = nullptr;
    int (*deviceGetAttribute)(int *, int, int) = nullptr;
    int (*deviceTotalMem)(size_t *, int) = nullptr;
    int (*setDevice)(int) = nullptr;
    int (*moduleLoadData)(void **, const void *) = nullptr;
    int (*moduleUnload)(void *) = nullptr;
    int (*moduleGetFunction)(void **, void *, const char *) = nullptr;
    int (*launchKernel)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                        unsigned, void *, void **, void **) = nullptr;
    int (*hipMalloc)(void **, size_t) = nullptr;
    int (*hipFree)(void *) = nullptr;
    int (*hipMemcpy)(void *, const void *, size_t, int) = nullptr;
    int (*eventCreate)(void **) = nullptr;
    int (*eventDestroy)(void *) = nullptr;
    int (*eventRecord)(void *, void *) = nullptr;
    int (*eventSynchronize)(void *) = nullptr;
    int (*eventElapsedTime)(float *, void *, void *) = nullptr;
    int (*deviceSynchronize)() = nullptr;

    bool hsaTried = false;
    void *hsa = nullptr;
    int (*hsaInit)() = nullptr;
    int (*iterateAgents)(int (*)(HsaHandle, void *), void *) = nullptr;
    int (*agentGetInfo)(HsaHandle, int, void *) = nullptr;
    int (*iterateIsas)(HsaHandle, int (*)(HsaHandle, void *), void *) = nullptr;
    int (*isaGetInfo)(HsaHandle, int, void *) = nullptr;

    void *module = nullptr;
    void *function = nullptr;
    void *evStart = nullptr, *evStop = nullptr;
    std::vector<void *> buffers;
};

} // namespace

std::unique_ptr<Backend> makeHipBackend() {
    return std::make_unique<HipBackend>();
}

} // namespace hdprobe
