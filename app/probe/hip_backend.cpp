// HIP backend: libamdhip64 through dlopen, device ISA names from the HSA runtime like rocminfo.
// Only C entry points whose signatures are stable across ROCm 5-7 are used, and hipDeviceProp_t
// (its layout changed in ROCm 6) only through the entry point of the runtime's own layout
// (hip_abi.h).

#include "backends.h"
#include "hip_abi.h"
#include "launch_loop.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

namespace hdprobe {
namespace {

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

class HipBackend final : public DriverBackend<HipBackend> {
public:
    static constexpr DriverCallNames kNames{
        "hipDeviceGetName",      "hipDeviceGetAttribute", "hipDeviceTotalMem",
        "hipModuleLoadData",     "hipModuleUnload",       "hipModuleGetFunction",
        "hipModuleLaunchKernel", "hipEventCreate",        "hipEventDestroy",
        "hipEventRecord",        "hipEventSynchronize",   "hipEventElapsedTime"};
    static constexpr DeviceAttributeIds kAttributes = kHipAttributes;
    int newEvent(void **event) { return eventCreate(event); }

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
        HD_SYM(setDevice, int (*)(int), "hipSetDevice");
        HD_SYM(hipMalloc, int (*)(void **, size_t), "hipMalloc");
        HD_SYM(hipFree, int (*)(void *), "hipFree");
        HD_SYM(hipMemcpy, int (*)(void *, const void *, size_t, int), "hipMemcpy");
        HD_SYM(eventCreate, int (*)(void **), "hipEventCreate");
        HD_SYM(deviceSynchronize, int (*)(), "hipDeviceSynchronize");
#undef HD_SYM
        return resolveDriverCalls();
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
        abi = chooseHipAbi(rtRaw, soname.empty() ? libraryPath : soname,
                           [this](const char *n) { return sym(n) != nullptr; });
        if (abi.props)
            getDeviceProperties = reinterpret_cast<int (*)(void *, int)>(sym(abi.props->entry));
        v = 0;
        if (driverGetVersion(&v) == 0) {
            drvRaw = v;
            drv = versionText(v);
        }
    }
    void helloFields(JsonLine &hello) const override {
        hello.add("device_properties_layout", abi.props ? abi.props->name : "")
            .add("device_properties_api", abi.props ? abi.props->entry : "");
        if (!abi.note.empty())
            hello.add("abi_note", abi.note);
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
        const PciLocation pci = describeByAttributes(p, index, d);
        const int bus = pci.bus, dev = pci.device, dom = pci.domain;
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
        const std::string arch = gcnArchName(p, index);
        if (!match && !arch.empty()) {
            // No HSA agent to ask: HIP's own name for the device's target.
            d.isa = "amdgcn-amd-amdhsa--" + arch;
            d.target = arch;
        }
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

    // hipDeviceProp_t::gcnArchName ("gfx90a:sramecc+:xnack-") read through the entry point
    // of the runtime's own layout; "" when the layout is unknown or the call fails.
    std::string gcnArchName(Probe &p, int index) {
        if (!abi.props || !getDeviceProperties)
            return {};
        // Room for the largest layout twice over, aligned like the struct: the runtime writes
        // its sizeof, which the layout table says but the probe does not depend on.
        std::vector<std::max_align_t> buffer(
            2 * std::max(kPropsR0000.size, kPropsR0600.size) / sizeof(std::max_align_t) + 1);
        char *props = reinterpret_cast<char *>(buffer.data());
        p.begin("device-query", abi.props->entry);
        const auto t0 = std::chrono::steady_clock::now();
        const int rc = getDeviceProperties(props, index);
        const double ms = msSince(t0);
        std::string arch;
        if (rc == 0) {
            const char *at = props + abi.props->gcnArchName;
            arch.assign(at, strnlen(at, kGcnArchNameSize));
        }
        p.phaseEvent("device-query", abi.props->entry, rc, rc ? errorName(rc) : "",
                     rc ? errorString(rc) : "", ms, -1,
                     std::string("hipDeviceProp_t ") + abi.props->name + ", gcnArchName " + arch);
        return arch;
    }

    int useDevice(Probe &p, int index) override {
        return p.call("runtime-init", "hipSetDevice", [&] { return setDevice(index); });
    }
    int loadModule(Probe &p, const std::vector<char> &image) override {
        return p.call("module-load", "hipModuleLoadData",
                      [&] { return moduleLoadData(&module, image.data()); });
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
    int synchronize(Probe &p) override {
        return p.call("synchronize", "hipDeviceSynchronize", [&] { return deviceSynchronize(); });
    }
    void release() override {
        for (void *b : buffers)
            hipFree(b);
        buffers.clear();
        releaseModuleAndEvents();
    }

private:
    const char *(*getErrorName)(int) = nullptr;
    const char *(*getErrorString)(int) = nullptr;
    int (*runtimeGetVersion)(int *) = nullptr;
    int (*driverGetVersion)(int *) = nullptr;
    int (*hipInit)(unsigned) = nullptr;
    int (*getDeviceCount)(int *) = nullptr;
    int (*setDevice)(int) = nullptr;
    int (*hipMalloc)(void **, size_t) = nullptr;
    int (*hipFree)(void *) = nullptr;
    int (*hipMemcpy)(void *, const void *, size_t, int) = nullptr;
    int (*eventCreate)(void **) = nullptr;
    int (*deviceSynchronize)() = nullptr;

    HipAbi abi;
    int (*getDeviceProperties)(void *, int) = nullptr;

    bool hsaTried = false;
    void *hsa = nullptr;
    int (*hsaInit)() = nullptr;
    int (*iterateAgents)(int (*)(HsaHandle, void *), void *) = nullptr;
    int (*agentGetInfo)(HsaHandle, int, void *) = nullptr;
    int (*iterateIsas)(HsaHandle, int (*)(HsaHandle, void *), void *) = nullptr;
    int (*isaGetInfo)(HsaHandle, int, void *) = nullptr;

    std::vector<void *> buffers;
};

} // namespace

std::unique_ptr<Backend> makeHipBackend() {
    return std::make_unique<HipBackend>();
}

} // namespace hdprobe
