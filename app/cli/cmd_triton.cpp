// hipdoctor-cli triton: what a Triton cache holds, how far each compile got, and whether its
// entries fit the device.

#include "cli.h"

#include "common/input_file.h"
#include "common/json_writer.h"
#include "diagnosis_print.h"
#include "options.h"

#include "diagnosis/diagnosis.h"
#include "diagnosis/diagnosis_json.h"
#include "triton/triton_cache.h"

#include <QFileInfo>

namespace hd::cli {

namespace {

// One kernel folder: its kernel, target, stages, status, argument counts and problems.
void printTritonEntry(QTextStream &s, const TritonEntry &e) {
    s << "  " << e.hash << "\n";
    s << "    kernel   " << e.kernelName << "\n";
    s << "    target   "
      << (e.arch.isEmpty() ? QStringLiteral("unknown")
                           : QStringLiteral("%1 %2").arg(e.backend, e.arch));
    if (e.warpSize > 0)
        s << ", warp size " << e.warpSize;
    if (!e.archSource.isEmpty())
        s << " (from " << e.archSource << ")";
    s << "\n";
    s << "    stages   " << e.stagesPresent.join(QLatin1Char(' '))
      << (e.hasMetadata ? " .json" : "") << (e.hasGroup ? " __grp__" : "") << "\n";
    if (e.complete())
        s << "    status   complete";
    else if (!e.missingStage.isEmpty())
        s << "    status   stopped after " << e.lastStage << ", " << e.missingStage << " missing";
    else
        s << "    status   no metadata (interrupted?)";
    s << "\n";
    if (e.sourceArgCount >= 0 && e.llirArgCount >= 0)
        s << "    args     " << e.sourceArgCount << " in Python, " << e.llirArgCount
          << " in the compiled kernel\n";
    for (const Problem &p : e.problems)
        s << "    problem  " << p.toString() << "\n";
    s << "\n";
}

int triton(const Args &args) {
    const QString dir = args.positional().value(0);
    QString error;
    if (!readTargets(args, &error))
        return usageError(args.spec(), error);
    const QStringList targets = args.values(Opt::Target);
    const Output output = readOutput(args);
    const bool json = output.json, pretty = output.pretty;
    const QFileInfo fi(dir);
    if (!fi.isDir()) {
        const QString why = hd::missingPathReason(dir);
        err() << "hipdoctor-cli triton: " << dir << ": "
              << (fi.exists()                                ? QStringLiteral("not a directory")
                  : why.startsWith(QLatin1String("no such")) ? QStringLiteral("no such directory")
                                                             : why)
              << "\n";
        return ExitUsage;
    }

    DiagnoseRequest req;
    req.inputs << dir;
    req.targets = targets;
    const Diagnosis d = diagnose(req);
    if (!d.usageError.isEmpty()) {
        err() << "hipdoctor-cli triton: " << d.usageError << "\n";
        return ExitUsage;
    }
    if (d.tritonCaches.isEmpty()) {
        for (const DiagnosisInput &in : d.inputs)
            for (const Problem &p : in.problems)
                err() << "hipdoctor-cli triton: " << p.toString() << "\n";
        return ExitUsage;
    }
    const TritonCache &cache = d.tritonCaches.first();

    if (json) {
        if (!streamJson(pretty, [&d](JsonWriter &w) { writeTritonDocument(w, d); }))
            return jsonWriteFailed(QStringLiteral("triton"));
        return diagnosisExitCode(d);
    }

    out() << "Triton cache " << cache.root << (cache.singleEntry ? " (one kernel folder)" : "")
          << ": " << cache.entries.size() << " kernel folder(s)";
    if (cache.launcherFolders > 0)
        out() << ", " << cache.launcherFolders << " launcher folder(s)";
    out() << "\n\n";
    for (const TritonEntry &e : cache.entries)
        printTritonEntry(out(), e);
    printDiagnosis(out(), d, false);
    return diagnosisExitCode(d);
}

} // namespace

CommandSpec tritonCommand() {
    CommandSpec c;
    c.name = QStringLiteral("triton");
    c.summary = QStringLiteral("read a Triton cache: stages, targets, kernels");
    c.positionals = {{QStringLiteral("CACHE_DIR"),
                      QStringLiteral("$TRITON_CACHE_DIR / ~/.triton/cache, or one kernel's hash "
                                     "folder"),
                      false, false}};
    c.description = QStringLiteral(
        "For each kernel folder: the kernel, the target it was built for, the stage files "
        "present and the status (complete, or the stage it stopped at), and the argument count "
        "Triton compiled. To combine a cache with a traceback or a log, give both to diagnose.");
    c.groups = {{QString(),
                 {targetOption(QStringLiteral("the device to check each entry against (gfx90a, "
                                              "gfx1100, sm_90...); repeatable"))}},
                outputGroup({QStringLiteral("one hipdoctor.triton/1 document on stdout (compact)"),
                             true,
                             {},
                             true})};
    c.exitCodes = QStringLiteral("0 no error findings, 1 error findings, 2 usage or unreadable "
                                 "input, 3 internal failure");
    c.run = triton;
    return c;
}

} // namespace hd::cli
