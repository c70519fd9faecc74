#include "probe_output.h"

#include "cli.h"
#include "common/format.h"
#include "model/runtime_errors.h"

namespace hd::cli {

namespace {

// The runtime the probe loaded, its ABI, and (on failure or verbose) every library tried.
void printRuntime(QTextStream &s, const ProbeHello &h, bool helloSeen, bool verbose) {
    if (helloSeen && h.backend != QLatin1String("none")) {
        s << "runtime: " << h.backend << " " << h.runtimeVersion << " (" << h.library << ")";
        if (!h.driverVersion.isEmpty() && h.driverVersion != h.runtimeVersion)
            s << ", driver " << h.driverVersion;
        s << "\n";
        // The ABI: which major version the library is and which hipDeviceProp_t layout the
        // probe reads from it (docs/protocol.md).
        if (!h.soname.isEmpty() || !h.devicePropertiesLayout.isEmpty() || !h.abiNote.isEmpty()) {
            s << "abi: " << (h.soname.isEmpty() ? QStringLiteral("no soname") : h.soname);
            if (!h.devicePropertiesLayout.isEmpty())
                s << ", hipDeviceProp_t " << h.devicePropertiesLayout << " through "
                  << h.devicePropertiesApi;
            if (!h.abiNote.isEmpty())
                s << "; " << h.abiNote;
            s << "\n";
        }
    }
    if (!h.tried.isEmpty() && (h.backend == QLatin1String("none") || verbose)) {
        s << "libraries tried:\n";
        for (const LibraryAttempt &a : h.tried)
            s << "  " << a.path << ": "
              << (a.loaded && a.error.isEmpty() ? QStringLiteral("loaded") : a.error) << "\n";
    }
}

// Every runtime call (verbose), repeats left to the timings table.
void printCalls(QTextStream &s, const QList<PhaseEvent> &phases) {
    s << "calls:\n";
    for (const PhaseEvent &p : phases) {
        if (p.repeat > 0 && p.ok())
            continue; // repeats: the timings table says it
        s << "  " << p.name.leftJustified(16) << p.api.leftJustified(24)
          << (p.ok() ? QStringLiteral("ok   ") : QStringLiteral("ERROR")) << "  "
          << formatMsFigure(p.ms).rightJustified(9) << " ms";
        if (!p.ok())
            s << "  " << p.errorCode << " " << p.errorName
              << (p.errorString.isEmpty() ? QString() : QStringLiteral(": ") + p.errorString);
        if (!p.detail.isEmpty())
            s << "  [" << p.detail << "]";
        s << "\n";
    }
}

// The timings table: repeated calls and the module load (every one when verbose).
void printTimings(QTextStream &s, const QList<TimingStats> &timings, bool verbose) {
    bool header = false;
    for (const TimingStats &t : timings) {
        if (!verbose && t.count < 2 && t.name != QLatin1String("module-load"))
            continue;
        if (!header) {
            s << "timings (ms):        count        min     median        max\n";
            header = true;
        }
        s << "  " << t.name.leftJustified(16) << QString::number(t.count).rightJustified(7)
          << formatMsFigure(t.minMs).rightJustified(11)
          << formatMsFigure(t.medianMs).rightJustified(11)
          << formatMsFigure(t.maxMs).rightJustified(11) << "\n";
    }
}

// What the result tells beyond its summary: the runtime log's listings, the error's note, the
// findings it points at and the end of the probe's stderr when it did not complete.
void printExplanations(QTextStream &s, const ProbeResult &r) {
    const ProbeHello &h = r.hello;
    if (!r.amdLog.noBinary.isEmpty())
        for (const NoBinaryListing &nb : r.amdLog.noBinary)
            s << "runtime log line " << nb.lineNumber << ": " << nb.message
              << "\n  devices: " << nb.devices.join(QStringLiteral(", "))
              << "\n  code objects: " << nb.codeObjects.join(QStringLiteral(", ")) << "\n";
    if (!r.amdLog.missingFunctions.isEmpty())
        s << "runtime log: cannot find function(s): "
          << r.amdLog.missingFunctions.join(QStringLiteral(", ")) << "\n";
    if (const auto &f = r.failedCall ? r.failedCall : r.firstError) {
        const RuntimeErrorInfo info = h.backend == QLatin1String("cuda")
                                          ? cudaErrorInfo(f->errorCode, f->name)
                                          : hipErrorInfo(f->errorCode, h.runtimeVersion, f->name);
        if (!info.note.isEmpty())
            s << "note: " << info.note << "\n";
    }
    const QStringList ids = r.suggestedFindingIds();
    if (!ids.isEmpty())
        s << "points at: " << ids.join(QStringLiteral(", "))
          << "  (hipdoctor-cli diagnose decides with the artifact)\n";
    if (r.outcome != ProbeOutcome::Completed && !r.stderrText.isEmpty()) {
        s << "probe stderr (last lines):\n";
        const QStringList lines = r.stderrText.trimmed().split(QLatin1Char('\n'));
        for (qsizetype i = std::max<qsizetype>(0, lines.size() - 10); i < lines.size(); ++i)
            s << "  " << lines[i] << "\n";
    }
}

} // namespace

void printProbeResult(QTextStream &s, const ProbeResult &r, bool verbose) {
    const ProbeHello &h = r.hello;
    printRuntime(s, h, r.helloSeen, verbose);
    for (const DeviceInfo &d : r.devices) {
        s << "device " << d.index << ": " << d.name << "  "
          << (d.isaName.isEmpty() ? d.target.toString() : d.isaName);
        s << "  " << d.computeUnits << (h.backend == QLatin1String("cuda") ? " SMs" : " CUs");
        if (d.totalMemory)
            s << ", " << formatBytes(d.totalMemory);
        s << ", max block " << d.maxThreadsPerBlock << ", shared/LDS "
          << qulonglong(d.maxSharedMemoryPerBlock) << " B\n";
    }
    if (verbose && !r.phases.isEmpty())
        printCalls(s, r.phases);
    for (const KernelLookup &k : r.kernels)
        s << "kernel " << k.name << ": "
          << (k.found ? QStringLiteral("found")
                      : QStringLiteral("NOT FOUND (%1 %2)").arg(k.errorCode).arg(k.errorName))
          << "\n";
    printTimings(s, r.timings, verbose);
    if (r.validation.ran)
        s << "validation: "
          << (r.validation.passed ? QStringLiteral("passed") : QStringLiteral("FAILED")) << ", "
          << r.validation.checked << " elements checked, " << r.validation.mismatches
          << " mismatches\n";
    s << "result: " << r.summary() << "\n";
    printExplanations(s, r);
}

int exitCodeFor(const ProbeResult &r) {
    if (r.outcome == ProbeOutcome::FailedToStart || r.outcome == ProbeOutcome::ProtocolMismatch)
        return ExitInternal;
    if (r.outcome == ProbeOutcome::Completed && r.status == QLatin1String("bad-request"))
        return ExitUsage;
    return r.ok() ? ExitOk : ExitFindings;
}

int reportProbeResult(const ProbeResult &r, bool json, bool pretty, bool verbose) {
    if (json)
        printJson(r.toJson(), pretty); // compact, or indented with --pretty, like every command
    else
        printProbeResult(out(), r, verbose);
    out().flush();
    return exitCodeFor(r);
}

} // namespace hd::cli
