// hipdoctor-cli launch: loads FILE through the module API in a clean probe process and launches one
// kernel. Code objects, bundles, cubins, fatbins and PTX go to the runtime as they are (so its own
// code-object matching is what gets tested); a host executable or library has its device
// code object for the target extracted first (the inspector picks it like the runtime would).

#include "cli.h"
#include "options.h"
#include "probe_output.h"
#include "remote_option.h"

#include "artifacts/inspector.h"
#include "artifacts/selection.h"
#include "common/value_parsers.h"

#include <QFile>
#include <QTemporaryFile>

#include <limits>

namespace hd::cli {

namespace {

bool isHost(ArtifactKind k) {
    return k == ArtifactKind::HostExecutable || k == ArtifactKind::HostSharedLibrary ||
           k == ArtifactKind::HostRelocatable;
}

// --repeat, --device, --shared and --validate into the request; ExitOk, or the usage error's exit
// code.
int readLaunchSettings(const Args &args, ProbeRequest &request) {
    const CommandSpec &spec = args.spec();
    QString error;
    const auto number = [&](Opt id, qint64 min, qint64 max) -> std::optional<qint64> {
        const auto v = parseInteger(args.value(id), min, max, &error);
        if (!v)
            error = QStringLiteral("--%1: %2").arg(optionName(id), error);
        return v;
    };
    if (args.isSet(Opt::Repeat)) {
        const auto v = number(Opt::Repeat, 1, std::numeric_limits<int>::max());
        if (!v)
            return usageError(spec, error);
        request.repeat = int(*v);
    }
    if (args.isSet(Opt::Device)) {
        const auto v = number(Opt::Device, 0, 1023);
        if (!v)
            return usageError(spec, error);
        request.device = int(*v);
    }
    if (args.isSet(Opt::Shared)) {
        const auto v = number(Opt::Shared, 0, std::numeric_limits<unsigned>::max());
        if (!v)
            return usageError(spec, error);
        request.sharedMemBytes = unsigned(*v);
    }
    if (args.isSet(Opt::Validate)) {
        const auto v = parseChoice(
            args.value(Opt::Validate),
            {QStringLiteral("auto"), QStringLiteral("vector-add"), QStringLiteral("none")}, &error);
        if (!v)
            return usageError(spec, QStringLiteral("--validate: %1").arg(error));
        request.validate = *v;
    }
    return ExitOk;
}

// The command line into the probe's options and launch request; ExitOk, or the usage error's
// exit code.
int readLaunchRequest(const Args &args, ProbeOptions &options, ProbeRequest &request) {
    const CommandSpec &spec = args.spec();
    QString error;
    if (!readProbe(args, &options, &request, &error))
        return usageError(spec, error);
    request.file = args.positional().value(0);
    for (const Opt required : {Opt::Kernel, Opt::Args, Opt::Grid, Opt::Block})
        if (!args.isSet(required))
            return usageError(spec, QStringLiteral("--%1 is required").arg(optionName(required)));
    request.kernel = args.value(Opt::Kernel);
    request.args = args.value(Opt::Args);
    for (const Opt dim : {Opt::Grid, Opt::Block}) {
        const auto d = parseDimensions(args.value(dim), &error);
        if (!d)
            return usageError(spec, QStringLiteral("--%1: %2").arg(optionName(dim), error));
        (dim == Opt::Grid ? request.grid : request.block) = *d;
    }
    return readLaunchSettings(args, request);
}

// The target whose code object a host binary's launch uses: the last --target, else that of the
// device asked for, as the probe reports it; nullopt when neither is known.
std::optional<TargetId> launchTarget(const QList<TargetId> &targets, ExecutionHost &host,
                                     const ProbeRequest &request, const ProbeOptions &options) {
    if (!targets.isEmpty())
        return targets.last();
    ProbeRequest dev;
    dev.kind = ProbeRequest::Kind::Devices;
    dev.backend = request.backend;
    dev.library = request.library;
    const ProbeResult d = host.runProbe(dev, options);
    if (d.devices.size() > request.device && d.devices[request.device].target.isValid())
        return d.devices[request.device].target;
    return std::nullopt;
}

// A host binary: the code object the runtime would pick for the device, extracted into
// `extracted`, becomes the request's file. ExitOk, or ExitFindings (said on stderr) when there
// is none or it cannot be extracted.
int useHostCodeObject(ProbeRequest &request, const QList<TargetId> &targets, ExecutionHost &host,
                      const ProbeOptions &options, bool json, QTemporaryFile &extracted) {
    const std::optional<TargetId> target = launchTarget(targets, host, request, options);
    if (!target) {
        err() << "hipdoctor-cli launch: " << request.file
              << " is a host binary and no device was found to pick "
              << "its code object for; pass --target ID\n";
        return ExitFindings;
    }
    QString why;
    const PickedCodeObject picked = pickCodeObject(request.file, *target, &why);
    if (picked.bytes.isEmpty() ||
        (!extracted.open() || extracted.write(picked.bytes) != picked.bytes.size() ||
         !extracted.flush())) {
        err() << "hipdoctor-cli launch: " << request.file << ": "
              << (why.isEmpty() ? extracted.errorString() : why) << "\n";
        return ExitFindings;
    }
    const CodeObject &co = picked.codeObject;
    if (!json)
        out() << "using " << co.origin << " (" << co.target.toString() << ") from " << request.file
              << "\n";
    request.file = extracted.fileName();
    return ExitOk;
}

} // namespace

int launch(const Args &args) {
    ProbeOptions options;
    ProbeRequest request;
    request.kind = ProbeRequest::Kind::Launch;
    const Output output = readOutput(args);
    const bool json = output.json, verbose = args.isSet(Opt::Verbose);
    if (const int rc = readLaunchRequest(args, options, request); rc != ExitOk)
        return rc;
    QString error;
    const auto targets = readTargets(args, &error);
    if (!targets)
        return usageError(args.spec(), error);
    const auto host = readRemote(args);
    if (parseRemotePath(request.file)) { // HOST:/path: read here from the node's copy
        const QString copy = localCopyOf(request.file, &error);
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
    if (isHost(detectArtifactKind(request.file)))
        if (const int rc = useHostCodeObject(request, *targets, *host, options, json, extracted);
            rc != ExitOk)
            return rc;

    const QString there = host->stageToHost(request.file, &error); // unchanged here
    if (there.isEmpty()) {
        err() << "hipdoctor-cli launch: " << error << "\n";
        return ExitInternal;
    }
    request.file = there;
    return reportProbeResult(host->runProbe(request, options), json, output.pretty, verbose);
}

CommandSpec launchCommand() {
    const auto opt = [](Opt id, const char *description, const char *valueName = "") {
        return option(id, QString::fromUtf8(description), QLatin1String(valueName));
    };
    CommandSpec c;
    c.name = QStringLiteral("launch");
    c.summary = QStringLiteral("load a code object and launch a kernel in a clean process");
    c.positionals = {
        {QStringLiteral("FILE"),
         QStringLiteral("code object, offload bundle, cubin, fatbin or PTX (passed to "
                        "the runtime as is), or a host binary (its code object for "
                        "the device is extracted first); HOST:/path reads it from that "
                        "node"),
         false, false}};
    c.description = QStringLiteral(
        "Loads FILE through the module API in a clean hipdoctor-probe process and launches one "
        "kernel: module load, kernel lookup, allocation, copies, launch and synchronize each "
        "become a timed phase. --kernel, --args, --grid and --block are required.");
    c.groups = {
        {QStringLiteral("launch"),
         {opt(Opt::Kernel, "the kernel to look up and launch", "NAME"),
          opt(Opt::Args,
              "comma-separated: buf:<type>:<count>[:rand|zero|ones|seq|out] or <type>:<value>, "
              "types f32 f64 i32 u32 i64 u64 u8; e.g. 'buf:f32:1048576:rand, "
              "buf:f32:1048576:rand, buf:f32:1048576:out, i32:1048576'",
              "SPEC"),
          opt(Opt::Grid, "grid size in blocks", "X[,Y,Z]"),
          opt(Opt::Block, "block size in threads", "X[,Y,Z]"),
          opt(Opt::Repeat, "launches, for min / median / max (default 1)", "N"),
          opt(Opt::Shared, "dynamic shared memory (LDS) per block (default 0)", "BYTES"),
          opt(Opt::Device, "the device index (default 0)", "N"),
          opt(Opt::Validate,
              "auto checks c = a + b when the kernel and arguments look like vector add",
              "auto|vector-add|none"),
          targetOption(QStringLiteral("device target used to pick the code object of a host "
                                      "binary (default: the probe's device)")),
          option(Opt::Verbose,
                 QStringLiteral("every runtime call with its time, and the "
                                "timings"),
                 {}, QStringLiteral("v"))}},
        probeGroup(),
        remoteGroup(QStringLiteral("launch"),
                    QStringLiteral("FILE is copied there, or named HOST:/path when it is "
                                   "already there")),
        outputGroup({QStringLiteral("one hipdoctor.probe-result/1 JSON document on stdout "
                                    "(compact)"),
                     true,
                     {},
                     true})};
    c.exitCodes = QStringLiteral("0 launched (and validated), 1 load/lookup/launch/validation "
                                 "failed or the probe died (the result line says which), 2 usage "
                                 "error, 3 the probe could not be started");
    c.run = launch;
    return c;
}

} // namespace hd::cli
