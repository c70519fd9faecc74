#pragma once

// The probe's pieces: output (JSON lines on stdout), timed API calls as phase events, the
// fault-injection switch, and the backend interface hip and cuda implement.

#include "json.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace hdprobe {

inline constexpr int kProtocol = 1;
inline constexpr const char *kProbeVersion = "0.1.0";

struct LibraryAttempt {
    std::string path;
    bool loaded = false;
    std::string error;
};

struct DeviceFacts {
    int index = 0;
    std::string name;
    std::string isa;    // "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-" (hip), "" on cuda
    std::string target; // "gfx90a:sramecc+:xnack-", "sm_90"
    int ccMajor = -1, ccMinor = -1;
    int computeUnits = 0, wavefront = 0, maxThreadsPerBlock = 0;
    uint64_t maxSharedPerBlock = 0, memory = 0;
    std::string pci;               // "0000:c1:00.0"
    std::vector<std::string> isas; // every ISA the agent lists (hip)
};

class Output {
public:
    void line(const std::string &s); // writes s + '\n' and flushes (or holds it, see hold)
    // Lines produced before the hello (library loading) are held so the hello comes first.
    bool hold = false;
    // --backend auto tries each runtime's initialisation before its hello: "begin" lines go
    // out live meanwhile, so a runtime that dies or hangs in hipInit is named (protocol.md).
    bool liveBegins = false;
    void beginLine(const std::string &s);
    void release();
    std::vector<std::string> take() { return std::exchange(m_held, {}); }
    void discard() {
        m_held.clear();
        hold = false;
    }
    // Protocol lines go to a private copy of stdout (close-on-exec), and the process's
    // stdout becomes its stderr: a runtime printing on stdout cannot forge protocol lines
    // (docs/protocol.md).
    void usePrivateDescriptor();

private:
    std::vector<std::string> m_held;
    int m_fd = 1;
};

// One probe run: output, the fault switch, and the phase the run is in.
class Probe {
public:
    explicit Probe(Output &out);
    Output &out;

    // Announces a phase (a "begin" line, flushed, so a crash inside the call names it),
    // then fires the fault switch if it targets this phase.
    void begin(const char *phase, const char *api);
    void phaseEvent(const char *phase, const char *api, int code, const std::string &errName,
                    const std::string &errString, double ms, int repeat = -1,
                    const std::string &detail = {});
    // Begin, run, time and report one API call. errName/errString map a return code (0 = ok).
    int call(const char *phase, const char *api, const std::function<int()> &fn, int repeat = -1,
             const std::string &detail = {});

    std::function<std::string(int)> errName = [](int) { return std::string(); };
    std::function<std::string(int)> errString = [](int) { return std::string(); };

    // HIPDOCTOR_PROBE_FAULT=crash|abort|hang[:phase], protocol:N (claim another protocol).
    std::string faultKind, faultPhase;
    int protocolClaim = kProtocol;
    void fault(const char *phase);
    // True when the switch targets exactly this phase (not "any phase").
    bool faultTargets(const char *phase) const { return !faultKind.empty() && faultPhase == phase; }

    double lastMs = 0;
    // Milliseconds of every call per phase name, in first-seen order (for the timing events).
    std::vector<std::pair<std::string, std::vector<double>>> times;
    void addTime(const std::string &phase, double ms);
};

double msSince(std::chrono::steady_clock::time_point t0);

enum class DType { F32, F64, I32, U32, I64, U64, U8 };
bool parseDType(const std::string &s, DType &t);
size_t dtypeSize(DType t);
const char *dtypeName(DType t);

// The one place a DType becomes its C++ element type: calls f with a zero of that type
// (f(float{}), f(int32_t{}), ...), so per-type code is one template over T.
template <typename F> decltype(auto) withElementType(DType t, F &&f) {
    switch (t) {
    case DType::F32:
        return f(float{});
    case DType::F64:
        return f(double{});
    case DType::I32:
        return f(int32_t{});
    case DType::U32:
        return f(uint32_t{});
    case DType::I64:
        return f(int64_t{});
    case DType::U64:
        return f(uint64_t{});
    case DType::U8:
        break;
    }
    return f(uint8_t{});
}

// One timed launch of the launch loop. The loop only stores these (no output, no allocation);
// the begin/phase lines are written from them after the loop (emitLaunchSamples).
struct LaunchSample {
    double launchMs = 0; // host time of the launch call
    double kernelMs = 0; // device time between the start and stop events
    int launchCode = 0;  // the launch call's return (or the start event record's)
    int kernelCode = 0;  // stop record / event synchronize / elapsed time
    const char *launchApi = nullptr;
    const char *kernelApi = nullptr; // the failing call, or the elapsed-time call on success
};

struct ArgSpec {
    enum class Kind { Buffer, Scalar };
    Kind kind = Kind::Scalar;
    DType type = DType::I32;
    uint64_t count = 0; // buffers: elements
    std::string init;   // buffers: rand | zero | ones | seq | out
    std::string text;   // scalars: the value as written
    // Filled by the launcher:
    std::vector<unsigned char> host;
    uint64_t device = 0; // device pointer
    unsigned char scalar[8] = {};
};
// "buf:f32:1048576:rand, buf:f32:1048576:out, i32:1048576". Returns false with a message.
bool parseArgSpec(const std::string &spec, std::vector<ArgSpec> &args, std::string &error);
void fillHostBuffer(ArgSpec &a, uint32_t seed);

// A GPU runtime behind dlopen. Every method that calls the runtime goes through Probe::call.
class Backend {
public:
    virtual ~Backend() = default;
    virtual const char *name() const = 0;
    // Tries the explicit path or the default names; records every attempt.
    bool load(const std::string &explicitPath, std::vector<LibraryAttempt> &tried);
    virtual std::vector<std::string> defaultNames() const = 0;
    // dlsym's what it needs; returns the first missing symbol or "".
    virtual std::string resolve() = 0;
    virtual void versions(int &runtimeRaw, std::string &runtime, int &driverRaw,
                          std::string &driver) = 0;
    // Fields of the hello beyond the versions: the runtime's ABI as the backend reads it
    // (hip: the hipDeviceProp_t layout and its entry point, docs/protocol.md).
    virtual void helloFields(JsonLine &) const {}
    virtual std::string errorName(int code) = 0;
    virtual std::string errorString(int code) = 0;
    virtual int noDeviceCode() const = 0;

    virtual int init(Probe &p) = 0;
    virtual int deviceCount(Probe &p, int &count) = 0;
    virtual void describe(Probe &p, int index, DeviceFacts &d) = 0;
    virtual int useDevice(Probe &p, int index) = 0;
    virtual int loadModule(Probe &p, const std::vector<char> &image) = 0;
    virtual int getFunction(Probe &p, const std::string &name) = 0; // keeps the last found one
    virtual int alloc(Probe &p, uint64_t bytes, uint64_t &ptr) = 0;
    virtual int copyToDevice(Probe &p, uint64_t dst, const void *src, uint64_t bytes) = 0;
    virtual int copyToHost(Probe &p, void *dst, uint64_t src, uint64_t bytes) = 0;
    virtual int createEvents(Probe &p) = 0;
    // The timed launch loop, samples.size() launches, each: start event, enqueue (host time),
    // stop event, wait for it, elapsed time. Exactly the calls of bench/probe-launch-overhead.cpp
    // and nothing else between launches: no output, no allocation (samples is preallocated).
    // Stops at the first failure; done = launches attempted. Returns the failing code or 0.
    virtual int launchLoop(const unsigned grid[3], const unsigned block[3], unsigned shared,
                           void **params, std::vector<LaunchSample> &samples, size_t &done) = 0;
    virtual const char *launchApi() const = 0;
    virtual const char *waitApi() const = 0; // the event synchronize call
    virtual int synchronize(Probe &p) = 0;
    virtual void release() = 0; // frees device memory, module, events (best effort, no events)

    std::string libraryPath; // resolved path of what was loaded
    std::string soname;      // its DT_SONAME ("libamdhip64.so.6"), "" when it has none
    void *handle = nullptr;
    void *sym(const char *name);
};

std::string realPathOf(void *handle, const std::string &fallback);
std::string sonameOf(void *handle); // DT_SONAME of a loaded library, "" when none

// The launch request's timed part: one "begin" for the launch phase before the loop (a crash
// inside the loop names it), the loop, then the per-launch begin/phase lines as they were
// always written, from the samples. Returns 0, or the failing code with its launch index,
// phase ("launch" or "kernel") and api.
struct LaunchFailure {
    long index = -1;
    const char *phase = "";
    const char *api = "";
};
int runLaunches(Probe &p, Backend &b, const unsigned grid[3], const unsigned block[3],
                unsigned shared, void **params, int repeats, LaunchFailure &failure);

} // namespace hdprobe
