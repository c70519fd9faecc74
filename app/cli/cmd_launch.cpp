// hipdoctor-cli launch FILE --kernel NAME --args SPEC --grid X[,Y,Z] --block X[,Y,Z]
//                      [--repeat N] [--env NAME=VALUE]... [--json]
// Loads FILE through the module API in a clean probe process and launches one kernel.
// Code objects, bundles, cubins, fatbins and PTX go to the runtime as they are (so its own
// code-object matching is what gets tested); a host executable or library has its device
// code object for the target extracted first (the inspector picks it like the runtime would).

#include "cli.h"
#include "probe_output.h"
#include "remote_option.h"

#include "artifacts/inspector.h"
#include "artifacts/selection.h"
#include "common/input_file.h"

#include <QFile>
#include <QTemporaryFile>

namespace hd::cli {

namespace {

void usage(QTextStream &s) {
    s << "usage: hipdoctor-cli launch FILE --kernel NAME --args SPEC --grid X[,Y,Z] --block "
         "X[,Y,Z]\n"
         "                            [--repeat N] [--shared BYTES] [--device N] [--validate "
         "auto|vector-add|none]\n"
         "                            [--target ID] [--backend auto|hip|cuda] [--library PATH]\n"
         "                            [--remote HOST] [--env NAME=VALUE]... [--timeout SECONDS] "
         "[--json] "
         "[--verbose]\n"
         "  FILE      code object, offload bundle, cubin, fatbin or PTX (passed to the runtime as "
         "is),\n"
         "            or a host binary (its code object for the device is extracted first)\n"
         "  --args    comma-separated: buf:<type>:<count>[:rand|zero|ones|seq|out] or "
         "<type>:<value>,\n"
         "            types f32 f64 i32 u32 i64 u64 u8; e.g.\n"
         "            'buf:f32:1048576:rand, buf:f32:1048576:rand, buf:f32:1048576:out, "
         "i32:1048576'\n"
         "  --validate  auto checks c = a + b when the kernel and arguments look like vector add\n"
         "  --remote  launch on the GPU node HOST over ssh; FILE is copied there, or named\n"
         "            HOST:/path when it is already there (docs/remote.md)\n"
         "  --target  device target used to pick the code object of a host binary (default: the "
         "probe's device)\n"
         "exit codes: 0 launched (and validated), 1 load/lookup/launch/validation failed or the "
         "probe died,\n"
         "            2 usage error, 3 the probe could not be started\n";
}

bool parseDims(const QString &text, std::array<unsigned, 3> &out) {
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.isEmpty() || parts.size() > 3)
        return false;
    out = {1, 1, 1};
    for (qsizetype i = 0; i < parts.size(); ++i) {
        bool ok = false;
        const qulonglong v = parts[i].trimmed().toULongLong(&ok);
        if (!ok || v == 0 || v > 0xffffffffull)
            return false;
        out[size_t(i)] = unsigned(v);
    }
    return true;
}

bool isHost(ArtifactKind k) {
    return k == ArtifactKind::HostExecutable || k == ArtifactKind::HostSharedLibrary ||
           k == ArtifactKind::HostRelocatable;
}

} // namespace

int launch(const QStringList &args) {
    ProbeOptions options;
    ProbeRequest request;
    request.kind = ProbeRequest::Kind::Launch;
    bool json = false, verbose = false, haveGrid = false, haveBlock = false, haveArgs = false;
    QString targetText, remote;
    auto fail = [](const QString &msg) {
        err() << "hipdoctor-cli launch: " << msg << "\n";
        usage(err());
        return int(ExitUsage);
    };
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString error;
        const int taken = takeProbeOption(args, i, options, request, &error);
        if (taken < 0)
            return fail(error);
        if (taken)
            continue;
        const QString a = args[i];
        auto value = [&](QString *v) {
            if (i + 1 >= args.size())
                return false;
            *v = args[++i];
            return true;
        };
        QString v;
        if (a == QLatin1String("--json")) {
            json = true;
        } else if (a == QLatin1String("--verbose") || a == QLatin1String("-v")) {
            verbose = true;
        } else if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            usage(out());
            return ExitOk;
        } else if (a == QLatin1String("--kernel")) {
            if (!value(&request.kernel))
                return fail(QStringLiteral("--kernel needs a name"));
        } else if (a == QLatin1String("--args")) {
            if (!value(&request.args))
                return fail(QStringLiteral("--args needs a spec"));
            haveArgs = true;
        } else if (a == QLatin1String("--grid") || a == QLatin1String("--block")) {
            const bool grid = a == QLatin1String("--grid");
            if (!value(&v) || !parseDims(v, grid ? request.grid : request.block))
                return fail(
                    QStringLiteral("%1 wants X[,Y,Z] with positive numbers, got '%2'").arg(a, v));
            (grid ? haveGrid : haveBlock) = true;
        } else if (a == QLatin1String("--repeat") || a == QLatin1String("--device") ||
                   a == QLatin1String("--shared")) {
            bool ok = false;
            const int n = value(&v) ? v.toInt(&ok) : 0;
            if (!ok || n < (a == QLatin1String("--repeat") ? 1 : 0))
                return fail(QStringLiteral("%1 wants a number, got '%2'").arg(a, v));
            if (a == QLatin1String("--repeat"))
                request.repeat = n;
            else if (a == QLatin1String("--device"))
                request.device = n;
            else
                request.sharedMemBytes = unsigned(n);
        } else if (a == QLatin1String("--validate")) {
            if (!value(&request.validate) ||
                !QStringList(
                     {QStringLiteral("auto"), QStringLiteral("vector-add"), QStringLiteral("none")})
                     .contains(request.validate))
                return fail(QStringLiteral("--validate is auto, vector-add or none"));
        } else if (a == QLatin1String("--target")) {
            if (!value(&targetText))
                return fail(QStringLiteral("--target needs an id"));
        } else if (a == QLatin1String("--remote")) {
            if (!value(&remote))
                return fail(QStringLiteral("--remote needs a host"));
        } else if (a.startsWith(QLatin1String("--"))) {
            return fail(QStringLiteral("unknown option '%1'").arg(a));
        } else if (request.file.isEmpty()) {
            request.file = a;
        } else {
            return fail(QStringLiteral("one FILE only ('%1' and '%2')").arg(request.file, a));
        }
    }
    if (request.file.isEmpty())
        return fail(QStringLiteral("no FILE given"));
    if (request.kernel.isEmpty())
        return fail(QStringLiteral("--kernel is required"));
    if (!haveArgs || !haveGrid || !haveBlock)
        return fail(QStringLiteral("--args, --grid and --block are required"));
    const auto host = remote.isEmpty() ? nullptr : makeRemoteHost(remote);
    if (parseRemotePath(request.file)) { // HOST:/path: read here from the node's copy
        QString error;
        const QString copy = localCopyOf(host, request.file, &error);
        if (copy.isEmpty()) {
            err() << "hipdoctor-cli launch: " << request.file << ": " << error << "\n";
            return ExitInternal;
        }
        request.file = copy;
    }
    if (!QFile::exists(request.file)) {
        err() << "hipdoctor-cli launch: " << request.file << ": no such file\n";
        return ExitUsage;
    }

    // A host binary: extract the code object the runtime would pick for the device.
    QTemporaryFile extracted;
    const ArtifactKind kind = detectArtifactKind(request.file);
    if (isHost(kind)) {
        InspectOptions io;
        io.symbols = false;
        io.resolveLibraries = false;
        const ArtifactReport report = inspectFile(request.file, io);
        std::optional<TargetId> target;
        if (!targetText.isEmpty()) {
            QString why;
            target = TargetId::parse(targetText, &why);
            if (!target)
                return fail(QStringLiteral("--target '%1': %2").arg(targetText, why));
        } else {
            ProbeRequest dev;
            dev.kind = ProbeRequest::Kind::Devices;
            dev.backend = request.backend;
            dev.library = request.library;
            const ProbeResult d = runProbeOn(host, dev, options);
            if (d.devices.size() > request.device && d.devices[request.device].target.isValid())
                target = d.devices[request.device].target;
        }
        if (!target) {
            err() << "hipdoctor-cli launch: " << request.file
                  << " is a host binary and no device was found to pick "
                  << "its code object for; pass --target ID\n";
            return ExitFindings;
        }
        const CodeObjectSelection sel = selectCodeObject(report, *target);
        const SelectionCandidate *c = sel.choice();
        if (!c || c->codeObjectIndex < 0 || c->codeObjectIndex >= report.codeObjects.size()) {
            err() << "hipdoctor-cli launch: " << request.file << ": no code object for "
                  << target->toString() << ": " << sel.reason << "\n";
            return ExitFindings;
        }
        const CodeObject &co = report.codeObjects[c->codeObjectIndex];
        QFile in;
        if (co.insideCompressed || !openInputFile(in, request.file, nullptr) ||
            !in.seek(qint64(co.fileOffset))) {
            err() << "hipdoctor-cli launch: cannot extract " << co.origin << " from "
                  << request.file << "\n";
            return ExitFindings;
        }
        const QByteArray bytes = in.read(qint64(co.size));
        if (bytes.size() != qint64(co.size) || !extracted.open() ||
            extracted.write(bytes) != bytes.size()) {
            err() << "hipdoctor-cli launch: cannot extract " << co.origin << " from "
                  << request.file << "\n";
            return ExitFindings;
        }
        extracted.flush();
        if (!json)
            out() << "using " << co.origin << " (" << co.target.toString() << ") from "
                  << request.file << "\n";
        request.file = extracted.fileName();
    }

    if (host) {
        QString error;
        const QString there = host->stageToHost(request.file, &error);
        if (there.isEmpty()) {
            err() << "hipdoctor-cli launch: " << error << "\n";
            return ExitInternal;
        }
        request.file = there;
    }
    return reportProbeResult(runProbeOn(host, request, options), json, verbose);
}

} // namespace hd::cli
