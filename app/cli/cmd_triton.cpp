// hipdoctor-cli triton: what a Triton cache holds, how far each compile got, and whether its
// entries fit the device.

#include "cli.h"

#include "common/input_file.h"
#include "diagnosis_print.h"

#include "diagnosis/diagnosis.h"
#include "triton/triton_cache.h"

#include <QFileInfo>
#include <QJsonArray>

namespace hd::cli {

namespace {

void usage(QTextStream &s) {
    s << "usage: hipdoctor-cli triton CACHE_DIR [--target ID]... [--json [--pretty]]\n"
         "\n"
         "CACHE_DIR: $TRITON_CACHE_DIR / ~/.triton/cache, or one kernel's hash folder.\n"
         "  --target ID   the device to check each entry against (gfx90a, gfx1100, sm_90...)\n"
         "  --json        one hipdoctor.triton/1 document on stdout (compact)\n"
         "  --pretty      the same, indented for reading (implies --json)\n"
         "exit codes: 0 no error findings, 1 error findings, 2 usage or unreadable input,\n"
         "3 internal failure\n";
}

} // namespace

int triton(const QStringList &args) {
    QString dir;
    QStringList targets;
    bool json = false, pretty = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            usage(out());
            return ExitOk;
        } else if (a == QLatin1String("--json") || a == QLatin1String("--pretty")) {
            json = true;
            pretty |= a == QLatin1String("--pretty");
        } else if (a == QLatin1String("--target")) {
            if (i + 1 >= args.size()) {
                err() << "hipdoctor-cli triton: --target needs a value\n";
                return ExitUsage;
            }
            targets << args[++i];
        } else if (a.startsWith(QLatin1String("--target="))) {
            targets << a.mid(9);
        } else if (a.startsWith(QLatin1String("--"))) {
            err() << "hipdoctor-cli triton: unknown option '" << a << "'\n\n";
            usage(err());
            return ExitUsage;
        } else if (dir.isEmpty()) {
            dir = a;
        } else {
            err() << "hipdoctor-cli triton: one CACHE_DIR only ('" << a << "' is extra)\n";
            return ExitUsage;
        }
    }
    if (dir.isEmpty()) {
        err() << "hipdoctor-cli triton: no CACHE_DIR given\n\n";
        usage(err());
        return ExitUsage;
    }
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
        QJsonArray findings, devices;
        for (const Finding &f : d.findings)
            findings.append(f.toJson());
        for (const DeviceInfo &dev : d.devices)
            devices.append(dev.toJson());
        const QJsonObject o{{QStringLiteral("schema"), QStringLiteral("hipdoctor.triton/1")},
                            {QStringLiteral("cache"), cache.toJson()},
                            {QStringLiteral("devices"), devices},
                            {QStringLiteral("findings"), findings}};
        printJson(o, pretty);
        return diagnosisExitCode(d);
    }

    out() << "Triton cache " << cache.root << (cache.singleEntry ? " (one kernel folder)" : "")
          << ": " << cache.entries.size() << " kernel folder(s)";
    if (cache.launcherFolders > 0)
        out() << ", " << cache.launcherFolders << " launcher folder(s)";
    out() << "\n\n";
    for (const TritonEntry &e : cache.entries) {
        out() << "  " << e.hash << "\n";
        out() << "    kernel   " << e.kernelName << "\n";
        out() << "    target   "
              << (e.arch.isEmpty() ? QStringLiteral("unknown")
                                   : QStringLiteral("%1 %2").arg(e.backend, e.arch));
        if (e.warpSize > 0)
            out() << ", warp size " << e.warpSize;
        if (!e.archSource.isEmpty())
            out() << " (from " << e.archSource << ")";
        out() << "\n";
        out() << "    stages   " << e.stagesPresent.join(QLatin1Char(' '))
              << (e.hasMetadata ? " .json" : "") << (e.hasGroup ? " __grp__" : "") << "\n";
        if (e.complete())
            out() << "    status   complete";
        else if (!e.missingStage.isEmpty())
            out() << "    status   stopped after " << e.lastStage << ", " << e.missingStage
                  << " missing";
        else
            out() << "    status   no metadata (interrupted?)";
        out() << "\n";
        if (e.sourceArgCount >= 0 && e.llirArgCount >= 0)
            out() << "    args     " << e.sourceArgCount << " in Python, " << e.llirArgCount
                  << " in the compiled kernel\n";
        for (const Problem &p : e.problems)
            out() << "    problem  " << p.toString() << "\n";
        out() << "\n";
    }
    printDiagnosis(out(), d, false);
    return diagnosisExitCode(d);
}

} // namespace hd::cli
