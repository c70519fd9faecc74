#pragma once

// Value types of the probe protocol (docs/design.md "Probe protocol", docs/protocol.md).
// hipdoctor-probe reads one JSON request on stdin and writes JSON lines on stdout; the engine
// turns those lines (plus stderr, exit status and timeouts) into a ProbeResult.

#include "logs/amd_log.h"
#include "model/device.h"
#include "model/finding.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace hd {

// Version of the JSON-lines protocol. The probe says it in its hello; the engine refuses any
// other number (ProbeOutcome::ProtocolMismatch) instead of guessing what fields mean.
inline constexpr int kProbeProtocolVersion = 1;

// Phase names the probe uses (machine names; docs/protocol.md lists them with their API calls).
// A launch runs: runtime-init, device-query, module-load, function-lookup, allocation, copy-h2d,
// launch, kernel, synchronize, copy-d2h, validation.
namespace phase {
inline constexpr const char *LibraryLoad = "library-load"; // dlopen of the runtime itself
inline constexpr const char *RuntimeInit = "runtime-init";
inline constexpr const char *DeviceQuery = "device-query";
inline constexpr const char *ModuleLoad = "module-load";
inline constexpr const char *FunctionLookup = "function-lookup";
inline constexpr const char *Allocation = "allocation";
inline constexpr const char *CopyToDevice = "copy-h2d";
inline constexpr const char *Launch = "launch"; // host enqueue
inline constexpr const char *Kernel = "kernel"; // device time between events
inline constexpr const char *Synchronize = "synchronize";
inline constexpr const char *CopyToHost = "copy-d2h";
inline constexpr const char *Validation = "validation";
inline constexpr const char *Dlopen = "dlopen"; // the dlopen request's library
} // namespace phase

struct ProbeRequest {
    enum class Kind { Devices, Load, Launch, Dlopen };
    Kind kind = Kind::Devices;
    QString backend = QStringLiteral("auto"); // "auto" | "hip" | "cuda"
    QString library; // explicit runtime library path (libamdhip64.so… or libcuda.so…); "" = search
    int device = 0; // device index for load/launch

    // load / launch
    QString file;        // code object, single-entry bundle, cubin, fatbin or PTX
    QStringList kernels; // load: names to look up (each → a KernelLookup)

    // launch
    QString kernel;
    QString args; // "buf:f32:1048576:rand, buf:f32:1048576:rand, buf:f32:1048576:out, i32:1048576"
    std::array<unsigned, 3> grid{1, 1, 1};
    std::array<unsigned, 3> block{1, 1, 1};
    unsigned sharedMemBytes = 0;
    int repeat = 1;
    QString validate = QStringLiteral("auto"); // "auto" (vector add shape) | "vector-add" | "none"

    // dlopen
    QString dlopenPath;

    QJsonObject toJson() const;      // the wire request (includes "protocol")
    static QString kindName(Kind k); // "devices" | "load" | "launch" | "dlopen"
};

// One runtime/driver API call, or a step around one (validation), as the probe timed it.
struct PhaseEvent {
    QString name;   // one of hd::phase
    QString api;    // "hipModuleLoadData", "cuLaunchKernel", "dlopen"
    QString status; // "ok" | "error"
    double ms = 0;
    int errorCode = 0;   // the API's return value (0 = success)
    QString errorName;   // "hipErrorNoBinaryForGpu", "CUDA_ERROR_NOT_FOUND"
    QString errorString; // the runtime's description
    int repeat = -1;     // index within repeats, -1 when not repeated
    QString detail;      // extra (dlerror() text, "kernel vector_add", …)

    bool ok() const { return status == QLatin1String("ok"); }
    QJsonObject toJson() const;
    static PhaseEvent fromJson(const QJsonObject &o);
};

struct KernelLookup {
    QString name;
    bool found = false;
    int errorCode = 0;
    QString errorName;
    QJsonObject toJson() const;
    static KernelLookup fromJson(const QJsonObject &o);
};

struct TimingStats {
    QString name; // "launch", "kernel", "module-load", …
    int count = 0;
    double minMs = 0, medianMs = 0, maxMs = 0;
    QJsonObject toJson() const;
    static TimingStats fromJson(const QJsonObject &o);
};

struct LibraryAttempt {
    QString path; // what was passed to dlopen
    bool loaded = false;
    QString error; // dlerror()
    QJsonObject toJson() const;
    static LibraryAttempt fromJson(const QJsonObject &o);
};

struct ProbeHello {
    int protocol = 0;
    QString probeVersion;
    QString backend;        // "hip" | "cuda" | "none"
    QString library;        // resolved path of the runtime file loaded ("" when none)
    QString soname;         // its DT_SONAME: "libamdhip64.so.6", "libcuda.so.1" ("" when none)
    QString runtimeVersion; // "5.2.21153" (HIP: from hipRuntimeGetVersion), "13.0" (CUDA)
    int runtimeVersionRaw = 0;
    QString driverVersion;
    int driverVersionRaw = 0;
    // HIP: the hipDeviceProp_t layout the probe reads ("R0000" ROCm 5, "R0600" ROCm 6+) and
    // the entry point it calls for it; both "" when it reads none (abiNote says why).
    QString devicePropertiesLayout;
    QString devicePropertiesApi;
    QString abiNote;
    QList<LibraryAttempt> tried;
    QJsonObject toJson() const;
    static ProbeHello fromJson(const QJsonObject &o);
};

struct ValidationResult {
    bool ran = false;
    bool passed = false;
    qint64 checked = 0;
    qint64 mismatches = 0;
    qint64 firstMismatch = -1;
    QString detail;
    QJsonObject toJson() const;
    static ValidationResult fromJson(const QJsonObject &o);
};

// How a probe run ended, from the engine's point of view.
enum class ProbeOutcome {
    Completed,        // a final "result" line arrived (its status says ok / error / no-runtime…)
    NoResult,         // exited normally but without a result line
    Crashed,          // killed by a signal other than SIGABRT (SIGSEGV, SIGBUS, …)
    Aborted,          // SIGABRT (HIP aborts on some load errors)
    TimedOut,         // hang: killed after the timeout
    Cancelled,        // caller cancelled
    ProtocolMismatch, // hello with another protocol number, or unreadable output
    FailedToStart,    // probe binary missing / not executable
};
QString probeOutcomeName(ProbeOutcome o); // "completed", "crashed", "aborted", "timed-out", …

struct ProbeResult {
    ProbeRequest request;
    ProbeOutcome outcome = ProbeOutcome::NoResult;
    // The probe's own final status when outcome == Completed:
    // "ok" | "error" | "no-runtime" | "no-device" | "bad-request".
    QString status;
    QString message; // one sentence: the result's message or the engine's explanation

    ProbeHello hello;
    bool helloSeen = false;
    bool protocolMismatch = false;

    QList<DeviceInfo> devices;
    QList<PhaseEvent> phases;
    QList<KernelLookup> kernels;
    QList<TimingStats> timings;
    ValidationResult validation;
    // The first failing API call (copied from phases) when there was one.
    std::optional<PhaseEvent> firstError;
    // The call the final result names as the cause (its phase, api, code, error), if any.
    // Differs from firstError when an earlier failure was not decisive (ROCm 5 answers
    // hipInit with 101 before hipGetDeviceCount says 100 "no device").
    std::optional<PhaseEvent> failedCall;

    // "died in phase X": the phase that had begun and not finished when the probe ended
    // abnormally ("" when it ended cleanly).
    QString diedInPhase;
    QString diedInApi;

    int exitCode = -1;  // when it exited normally
    int signal = 0;     // when killed by a signal
    QString signalName; // "SIGSEGV"
    double wallMs = 0;

    QStringList command;     // argv used (probe path first)
    QStringList environment; // NAME=VALUE the probe ran with beyond the clean base ("" values too)
    QStringList stdoutLines; // every line the probe wrote on stdout, verbatim
    QString stderrText;      // everything on stderr (runtime logs)
    AmdLog amdLog;           // stderrText parsed

    bool ok() const { return outcome == ProbeOutcome::Completed && status == QLatin1String("ok"); }
    // Ids of hd::Finding the result points at (from error codes via model/runtime_errors.h,
    // no-device, …).
    QStringList suggestedFindingIds() const;
    // A human summary line: "hip 5.2.21153 (/usr/lib/…/libamdhip64.so.5): no device
    // (hipErrorNoDevice, 100)".
    QString summary() const;
    // The same line where it is shown: the frame of a completed probe in the reader's
    // language (what the probe said stays as it said it); the other outcomes in English.
    Text summaryText() const;

    QJsonObject toJson() const;
    static ProbeResult fromJson(const QJsonObject &o);
};

// Parses probe stdout lines into a result (used by ProbeClient, and to import probe output
// recorded elsewhere, e.g. on the GPU machine by scripts/gpu/validate-probe.sh).
// stderr/exit status are not part of the lines; pass them separately afterwards.
void applyProbeLine(ProbeResult &r, const QByteArray &line, QString *currentPhase,
                    QString *currentApi);
ProbeResult probeResultFromLines(const QList<QByteArray> &lines);

} // namespace hd

Q_DECLARE_METATYPE(hd::ProbeResult)
