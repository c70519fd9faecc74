#pragma once

// The HIP runtime's binary interface as the probe uses it (docs/protocol.md, "HIP runtime
// versions and hipDeviceProp_t"): which hipDeviceProp_t layout the runtime fills, through
// which entry point, and the hipDeviceAttribute_t numbers.
//
// ROCm 6 changed hipDeviceProp_t (fields added, removed and moved) and renamed the entry point
// that fills it: ROCm 6+ headers map hipGetDeviceProperties to hipGetDevicePropertiesR0600.
// Reading one layout through the other's entry point reads the wrong bytes, so the probe picks
// the layout by the runtime's own major version (hipRuntimeGetVersion), checks it against the
// library's soname (libamdhip64.so.N) and calls only the entry point named for that layout.
//
// The numbers below are measured from the real headers of each runtime: Debian 12's 5.2,
// Debian 13's 5.7, sid's 6.4 and experimental's 7.2 (scripts/runtime-matrix.sh roots).
// tests/probe/hip_abi_check.cpp static_asserts them against a header set; tst_probe compiles it
// against this machine's headers and tst_runtime_matrix against each root's.

#include "launch_loop.h"

#include <cstddef>
#include <cstdlib>
#include <functional>
#include <string>

namespace hdprobe {

struct DevicePropsLayout {
    const char *name;        // "R0000" (ROCm 5), "R0600" (ROCm 6 and 7)
    const char *entry;       // the runtime's symbol that fills this layout
    std::size_t size;        // sizeof(hipDeviceProp_t)
    std::size_t gcnArchName; // offsetof(hipDeviceProp_t, gcnArchName), a char[256]
};

inline constexpr DevicePropsLayout kPropsR0000{"R0000", "hipGetDeviceProperties", 792, 396};
inline constexpr DevicePropsLayout kPropsR0600{"R0600", "hipGetDevicePropertiesR0600", 1472, 1160};
inline constexpr std::size_t kGcnArchNameSize = 256;

// hipDeviceAttribute_t values (the same in 5.2, 5.7, 6.4 and 7.2).
inline constexpr DeviceAttributeIds kHipAttributes{/*ccMajor*/ 23,
                                                   /*ccMinor*/ 61,
                                                   /*maxThreadsPerBlock*/ 56,
                                                   /*multiprocessorCount*/ 63,
                                                   /*warpSize*/ 87,
                                                   /*maxSharedPerBlock*/ 74,
                                                   /*pciBus*/ 67,
                                                   /*pciDevice*/ 68,
                                                   /*pciDomain*/ 69};

struct HipAbi {
    int versionMajor = 0;                     // from hipRuntimeGetVersion (0: unknown)
    int sonameMajor = 0;                      // from DT_SONAME "libamdhip64.so.N" (0: unknown)
    const DevicePropsLayout *props = nullptr; // nullptr: the probe reads no hipDeviceProp_t
    std::string note;                         // why none, or where version and soname disagree
};

// The N of "libamdhip64.so.N" (also of a file name "libamdhip64.so.6.4.43484"); 0 otherwise.
inline int hipSonameMajor(const std::string &soname) {
    const std::string stem = "libamdhip64.so.";
    const auto at = soname.rfind(stem);
    if (at == std::string::npos)
        return 0;
    const char *digits = soname.c_str() + at + stem.size();
    char *end = nullptr;
    const long v = std::strtol(digits, &end, 10);
    return end != digits && v > 0 && v < 1000 ? int(v) : 0;
}

// runtimeVersionRaw: hipRuntimeGetVersion's answer (major * 10000000 + minor * 100000 + patch).
// hasSymbol: whether the loaded runtime exports a name.
inline HipAbi chooseHipAbi(int runtimeVersionRaw, const std::string &soname,
                           const std::function<bool(const char *)> &hasSymbol) {
    HipAbi abi;
    abi.versionMajor = runtimeVersionRaw >= 10000000 ? runtimeVersionRaw / 10000000 : 0;
    abi.sonameMajor = hipSonameMajor(soname);
    // The version comes from the library's own code, the soname from its packaging: the code
    // decides which struct it fills.
    const int major = abi.versionMajor ? abi.versionMajor : abi.sonameMajor;
    if (abi.versionMajor && abi.sonameMajor && abi.versionMajor != abi.sonameMajor)
        abi.note = "hipRuntimeGetVersion says HIP " + std::to_string(abi.versionMajor) +
                   " but the library's soname is " + soname + "; ";
    if (major == 0) {
        abi.note += "the runtime's version is unknown: no hipDeviceProp_t is read";
        return abi;
    }
    const DevicePropsLayout &layout = major >= 6 ? kPropsR0600 : kPropsR0000;
    if (!hasSymbol(layout.entry)) {
        abi.note += "a HIP " + std::to_string(major) + " runtime without " + layout.entry +
                    ": no hipDeviceProp_t is read";
        return abi;
    }
    abi.props = &layout;
    return abi;
}

} // namespace hdprobe
