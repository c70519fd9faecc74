#pragma once

// What the two backends do alike, written once over a small table of driver calls.
//
// Both runtimes have the same signatures for the calls below (HIP's module API mirrors the CUDA
// driver API); each backend names them in its table (Calls::kNames) and DriverBackend dlsym's
// them, reads the device facts given by attribute, looks up functions, makes the two timing
// events, runs the timed loop and releases module and events. What differs (initialisation,
// contexts, memory, HSA's ISA names, versions, error texts) stays in the backend.
//
// The timed launch loop (Backend::launchLoop): per launch, start event record, steady_clock,
// the launch call, steady_clock, stop event record, event synchronize, elapsed time; each sample
// is stored into the preallocated array and nothing is written inside the loop.
// bench/probe-launch-overhead.cpp makes the same calls in the same order with libcuda linked
// directly (docs/performance.md, "Probe"). A template instantiated per backend, not a table
// looked up at run time: every call is the one indirect call through the backend's own pointer,
// and the API names are compile-time constants.

#include "probe.h"

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace hdprobe {

// The runtime's names of the calls DriverBackend makes.
struct DriverCallNames {
    const char *deviceGetName, *deviceGetAttribute, *deviceTotalMem;
    const char *moduleLoadData, *moduleUnload, *moduleGetFunction, *launchKernel;
    const char *eventCreate, *eventDestroy, *eventRecord, *eventSynchronize, *eventElapsedTime;
};

// The runtime's device-attribute numbers (hipDeviceAttribute_t, CUdevice_attribute).
struct DeviceAttributeIds {
    int ccMajor, ccMinor, maxThreadsPerBlock, multiprocessorCount, warpSize, maxSharedPerBlock;
    int pciBus, pciDevice, pciDomain;
};

// Where a device sits on the PCI bus; -1 where the runtime did not say.
struct PciLocation {
    int bus = -1, device = -1, domain = -1;
};

// Calls: the backend itself, deriving from DriverBackend<Calls>, with static constexpr kNames
// (DriverCallNames) and kAttributes (DeviceAttributeIds), and newEvent(void **) (the runtimes'
// event-create calls differ: cuEventCreate takes flags).
template <typename Calls> class DriverBackend : public Backend {
public:
    int getFunction(Probe &p, const std::string &n) override {
        void *f = nullptr;
        int rc = p.call(
            "function-lookup", Calls::kNames.moduleGetFunction,
            [&] { return moduleGetFunction(&f, module, n.c_str()); }, -1, n);
        if (rc == 0)
            function = f;
        return rc;
    }
    int createEvents(Probe &p) override {
        Calls &calls = static_cast<Calls &>(*this);
        int rc = p.call("allocation", Calls::kNames.eventCreate,
                        [&] { return calls.newEvent(&evStart); });
        if (rc == 0)
            rc = p.call("allocation", Calls::kNames.eventCreate,
                        [&] { return calls.newEvent(&evStop); });
        return rc;
    }
    const char *launchApi() const override { return Calls::kNames.launchKernel; }
    const char *waitApi() const override { return Calls::kNames.eventSynchronize; }
    int launchLoop(const unsigned g[3], const unsigned b[3], unsigned shared, void **params,
                   std::vector<LaunchSample> &samples, size_t &done) override;

protected:
    // Returns the first missing name, or "".
    std::string resolveDriverCalls() {
        constexpr const DriverCallNames &n = Calls::kNames;
#define HD_SYM(var, name)                                                                          \
    var = reinterpret_cast<decltype(var)>(sym(name));                                              \
    if (!var)                                                                                      \
        return name;
        HD_SYM(deviceGetName, n.deviceGetName);
        HD_SYM(deviceGetAttribute, n.deviceGetAttribute);
        HD_SYM(deviceTotalMem, n.deviceTotalMem);
        HD_SYM(moduleLoadData, n.moduleLoadData);
        HD_SYM(moduleUnload, n.moduleUnload);
        HD_SYM(moduleGetFunction, n.moduleGetFunction);
        HD_SYM(launchKernel, n.launchKernel);
        HD_SYM(eventDestroy, n.eventDestroy);
        HD_SYM(eventRecord, n.eventRecord);
        HD_SYM(eventSynchronize, n.eventSynchronize);
        HD_SYM(eventElapsedTime, n.eventElapsedTime);
#undef HD_SYM
        return {};
    }

    // The name, the facts given by attribute, the PCI address and the memory of device `dev`
    // (the runtime's handle: HIP's index, CUDA's CUdevice), in that order of calls.
    PciLocation describeByAttributes(Probe &p, int dev, DeviceFacts &d) {
        constexpr const DeviceAttributeIds &id = Calls::kAttributes;
        char name[256] = {};
        if (p.call("device-query", Calls::kNames.deviceGetName,
                   [&] { return deviceGetName(name, sizeof name - 1, dev); }) == 0)
            d.name = name;
        auto attr = [&](int a, const char *what) {
            int v = 0;
            int rc = p.call(
                "device-query", Calls::kNames.deviceGetAttribute,
                [&] { return deviceGetAttribute(&v, a, dev); }, -1, what);
            return rc == 0 ? v : -1;
        };
        d.ccMajor = attr(id.ccMajor, "compute capability major");
        d.ccMinor = attr(id.ccMinor, "compute capability minor");
        d.maxThreadsPerBlock = attr(id.maxThreadsPerBlock, "max threads per block");
        d.computeUnits = attr(id.multiprocessorCount, "multiprocessor count");
        d.wavefront = attr(id.warpSize, "warp size");
        int shared = attr(id.maxSharedPerBlock, "max shared memory per block");
        d.maxSharedPerBlock = shared > 0 ? uint64_t(shared) : 0;
        PciLocation pci;
        pci.bus = attr(id.pciBus, "PCI bus");
        pci.device = attr(id.pciDevice, "PCI device");
        pci.domain = attr(id.pciDomain, "PCI domain");
        char text[32];
        std::snprintf(text, sizeof text, "%04x:%02x:%02x.0", pci.domain < 0 ? 0 : pci.domain,
                      pci.bus < 0 ? 0 : pci.bus, pci.device < 0 ? 0 : pci.device);
        d.pci = text;
        size_t mem = 0;
        if (p.call("device-query", Calls::kNames.deviceTotalMem,
                   [&] { return deviceTotalMem(&mem, dev); }) == 0)
            d.memory = mem;
        return pci;
    }

    // Best effort, no events.
    void releaseModuleAndEvents() {
        if (evStart)
            eventDestroy(evStart);
        if (evStop)
            eventDestroy(evStop);
        evStart = evStop = nullptr;
        if (module)
            moduleUnload(module);
        module = nullptr;
    }

    int (*deviceGetName)(char *, int, int) = nullptr;
    int (*deviceGetAttribute)(int *, int, int) = nullptr;
    int (*deviceTotalMem)(size_t *, int) = nullptr;
    int (*moduleLoadData)(void **, const void *) = nullptr;
    int (*moduleUnload)(void *) = nullptr;
    int (*moduleGetFunction)(void **, void *, const char *) = nullptr;
    int (*launchKernel)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                        unsigned, void *, void **, void **) = nullptr;
    int (*eventDestroy)(void *) = nullptr;
    int (*eventRecord)(void *, void *) = nullptr;
    int (*eventSynchronize)(void *) = nullptr;
    int (*eventElapsedTime)(float *, void *, void *) = nullptr;

    void *module = nullptr;
    void *function = nullptr;
    void *evStart = nullptr, *evStop = nullptr;
};

template <typename Calls>
int DriverBackend<Calls>::launchLoop(const unsigned g[3], const unsigned b[3], unsigned shared,
                                     void **params, std::vector<LaunchSample> &samples,
                                     size_t &done) {
    constexpr const DriverCallNames &api = Calls::kNames;
    const size_t n = samples.size();
    for (done = 0; done < n;) {
        LaunchSample &s = samples[done++];
        int rc = eventRecord(evStart, nullptr);
        if (rc) {
            s.launchCode = rc;
            s.launchApi = api.eventRecord;
            return rc;
        }
        const auto t0 = std::chrono::steady_clock::now();
        rc = launchKernel(function, g[0], g[1], g[2], b[0], b[1], b[2], shared, nullptr, params,
                          nullptr);
        const auto t1 = std::chrono::steady_clock::now();
        s.launchMs = std::chrono::duration<double, std::milli>(t1 - t0).count();
        s.launchApi = api.launchKernel;
        if (rc) {
            s.launchCode = rc;
            return rc;
        }
        const char *what = api.eventRecord;
        rc = eventRecord(evStop, nullptr);
        if (rc == 0) {
            what = api.eventSynchronize;
            rc = eventSynchronize(evStop);
        }
        float ms = 0;
        if (rc == 0) {
            what = api.eventElapsedTime;
            rc = eventElapsedTime(&ms, evStart, evStop);
        }
        s.kernelMs = ms;
        s.kernelApi = what;
        if (rc) {
            s.kernelCode = rc;
            return rc;
        }
    }
    return 0;
}

} // namespace hdprobe
