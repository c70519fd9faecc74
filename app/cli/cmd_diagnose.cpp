// hipdoctor-cli diagnose: findings with evidence and fixes for any mix of inputs.

#include "cli.h"
#include "diagnosis_print.h"
#include "options.h"

#include "common/capped_output.h"
#include "common/format.h"
#include "common/input_file.h"
#include "common/json_writer.h"
#include "common/value_parsers.h"
#include "diagnosis/diagnosis.h"
#include "diagnosis/diagnosis_json.h"
#include "diagnosis/text_facts.h"
#include "probe/probe_client.h"
#include "remote_option.h"

#include <QFile>

#include <algorithm>

#include <unistd.h>

namespace hd::cli {

namespace {

// Wrapped to the terminal's width (docs/cli.md, "Terminal").
QString wrap(const QString &text, int indent) {
    return app::wrapText(text, indent, terminalWidth());
}

} // namespace

void printCaseVerdict(QTextStream &s, const CaseVerdict &v) {
    if (v.isEmpty())
        return;
    if (!v.question.isEmpty())
        s << "Your question: " << wrap(v.question.english(), 15) << "\n";
    s << "Answer:        " << wrap(v.headline(), 15) << "\n";
    for (int i = 0; i < v.notChecked.size(); ++i)
        s << (i == 0 ? "Not checked here: " : "                  ")
          << wrap(v.notChecked[i].english(), 18) << "\n";
    s << "\n";
}

void printDiagnosis(QTextStream &s, const Diagnosis &d, bool showInputs) {
    printCaseVerdict(s, d.caseVerdict);
    int counts[3] = {0, 0, 0};
    for (const Finding &f : d.findings) {
        const int rank = f.severity == Severity::Error     ? 0
                         : f.severity == Severity::Warning ? 1
                                                           : 2;
        ++counts[rank];
        const QString sev = severityName(f.severity).toUpper();
        s << paint(sev.leftJustified(8), f.severity == Severity::Error     ? Colour::Red
                                         : f.severity == Severity::Warning ? Colour::Yellow
                                                                           : Colour::Cyan)
          << paint(f.id, Colour::Bold) << "\n";
        s << "        " << wrap(f.title.english(), 8) << "\n";
        if (f.occurrences > 1)
            s << "        " << occurrenceText(f) << "\n";
        if (!f.severityReason.isEmpty())
            s << "        "
              << wrap(QStringLiteral("severity: %1 — %2")
                          .arg(severityName(f.severity), f.severityReason.english()),
                      8)
              << "\n";
        if (!f.detail.isEmpty())
            s << "        " << wrap(f.detail.english(), 8) << "\n";
        for (const Evidence &e : f.evidence) {
            QString ev = e.source;
            if (!e.location.isEmpty())
                ev += QStringLiteral(" [") + e.location.english() + QLatin1Char(']');
            if (!e.text.isEmpty())
                ev += QStringLiteral(": ") + e.text.english();
            s << "        evidence: " << wrap(ev, 18) << "\n";
        }
        for (int i = 0; i < f.fix.size(); ++i)
            s << "        " << (i == 0 ? "fix:      " : "          ")
              << wrap(f.fix[i].english(), 18) << "\n";
        s << "\n";
    }
    if (d.findings.isEmpty())
        s << "No findings.\n\n";
    if (showInputs) {
        s << "Inputs:\n";
        for (const DiagnosisInput &in : d.inputs) {
            s << "  " << in.path << "\n    " << in.kind;
            if (!in.summary.isEmpty())
                s << ": " << in.summary;
            s << "\n";
            for (const Problem &p : in.problems)
                s << "    problem: " << p.toString() << "\n";
        }
        s << "Devices (" << d.devicesFrom << "):";
        if (d.devices.isEmpty())
            s << " none known — device-dependent checks were skipped (give --target)";
        for (const DeviceInfo &dev : d.devices)
            s << " " << dev.label();
        s << "\n";
        if (!d.runtimeVersion.isEmpty())
            s << "Runtime: " << (d.runtimeBackend == QLatin1String("cuda") ? "CUDA " : "ROCm ")
              << d.runtimeVersion << " (" << d.runtimeVersionFrom << ")\n";
        if (!d.kernels.isEmpty())
            s << "Kernels looked up: " << d.kernels.join(QStringLiteral(", ")) << "\n";
    }
    if (d.findingsLeftOut > 0)
        s << "… and " << d.findingsLeftOut << " more finding(s), the least severe, not shown "
          << "(at most " << kMaxFindings << " per run; docs/limits.md)\n";
    s << "Summary: " << counts[0] << " error(s), " << counts[1] << " warning(s), " << counts[2]
      << " info\n";
}

namespace {

// The events of each text input (docs/findings.md, "Events of a text"), one line each.
void printEvents(QTextStream &s, const Diagnosis &d) {
    for (const DiagnosisInput &in : d.inputs) {
        if (in.events.isEmpty())
            continue;
        s << "Events of " << in.path << ":\n";
        const TextEvent *failing = failingEvent(in.events);
        for (const TextEvent &e : in.events) {
            QString range = QString::number(e.firstLine);
            if (e.lastLine > e.firstLine)
                range += QLatin1Char('-') + QString::number(e.lastLine);
            s << (&e == failing ? "  * " : "    ") << range.leftJustified(9) << " "
              << eventKindName(e.kind) << " [" << (e.producer.isEmpty() ? "?" : e.producer)
              << (e.layer ? QStringLiteral(", ") + textLayerName(*e.layer) : QString())
              << (e.error ? ", error" : "") << "]";
            for (auto it = e.fields.cbegin(); it != e.fields.cend(); ++it)
                if (it.key() != QLatin1String("message") && !it.value().isEmpty())
                    s << " " << it.key() << "=" << it.value().left(60);
            s << "\n        " << e.text.left(150) << "\n";
        }
        s << "\n";
    }
}

} // namespace

int diagnosisExitCode(const Diagnosis &d) {
    if (!d.usageError.isEmpty() || d.inputError)
        return ExitUsage;
    // Nothing could be read (every input empty, unrecognised, not a regular file, ...): the
    // absence of findings says nothing, so not 0 (docs/cli.md "Exit codes").
    const bool noneRead =
        !d.inputs.isEmpty() && std::all_of(d.inputs.cbegin(), d.inputs.cend(), [](const auto &in) {
            return std::any_of(in.problems.cbegin(), in.problems.cend(),
                               [](const Problem &p) { return p.fatal; });
        });
    if (noneRead && !d.hasErrors())
        return ExitUsage;
    return d.hasErrors() ? ExitFindings : ExitOk;
}

namespace {

// "-": standard input to its end, its first and last halves of the text limit kept whatever its
// length (docs/limits.md "Standard input and pastes"). Nothing to read (closed, empty, a
// directory) is exit code 2, as for an empty file.
int readStandardInput(DiagnoseRequest &req) {
    if (::isatty(STDIN_FILENO))
        err() << "hipdoctor-cli diagnose: reading a paste from standard input; end with Ctrl-D\n";
    const qsizetype half = qsizetype(req.maxTextBytes / 2);
    CappedOutput in(half, half);
    QString why;
    if (!readCappedStream(STDIN_FILENO, in, &why)) {
        err() << "hipdoctor-cli diagnose: standard input: " << why << "\n";
        return ExitUsage;
    }
    if (in.totalBytes() == 0) {
        err() << "hipdoctor-cli diagnose: standard input: empty (nothing to diagnose)\n";
        return ExitUsage;
    }
    if (in.droppedBytes() > 0)
        err() << "hipdoctor-cli diagnose: standard input: " << in.totalBytes()
              << " bytes; the first and the last " << formatBytes(quint64(half)) << " were read, "
              << in.droppedBytes() << " bytes (" << in.droppedLines()
              << " lines) between them were not\n";
    DiagnoseText text{QStringLiteral("<stdin>"), in.text(), in.droppedBytes(), in.droppedLines()};
    in = CappedOutput(0, 0); // its bytes are in the text now
    req.texts.append(std::move(text));
    return ExitOk;
}

// The positional inputs into the request: files, "-" (a pasted log: standard input, see
// above) and HOST:/path (the node's file, read through ssh). ExitOk, or the exit
// code (said on stderr).
int readInputs(const Args &args, DiagnoseRequest &req) {
    QString error;
    for (const QString &a : args.positional()) {
        if (a == QLatin1String("-")) {
            if (const int rc = readStandardInput(req); rc != ExitOk)
                return rc;
            continue;
        }
        if (!parseRemotePath(a)) {
            req.inputs << a;
            continue;
        }
        const QString copy = localCopyOf(a, &error);
        if (copy.isEmpty()) {
            err() << "hipdoctor-cli diagnose: " << a << ": " << error << "\n";
            return ExitInternal;
        }
        req.inputs << copy;
    }
    return ExitOk;
}

// --probe without --target: the devices, runtime version and library the probe reports.
void askProbeForDevices(ExecutionHost &host, DiagnoseRequest &req) {
    ProbeRequest dev;
    dev.kind = ProbeRequest::Kind::Devices;
    const ProbeResult r = host.runProbe(dev, {});
    req.probeRan = r.helloSeen && r.status != QLatin1String("no-runtime");
    // Its devices carry its runtime version; it is never --runtime-version (the app does the
    // same: one severity for one finding).
    req.probeDevices = r.devices;
    req.probeLibrary = r.hello.library;
    if (!r.helloSeen)
        err() << "hipdoctor-cli diagnose: the probe gave no answer (" << r.message
              << "); devices stay unknown\n";
}

} // namespace

int diagnose(const Args &args) {
    DiagnoseRequest req;
    const Output output = readOutput(args);
    const bool json = output.json, pretty = output.pretty;
    const bool probe = args.isSet(Opt::Probe);
    const auto host = readRemote(args);
    QString error;
    if (const int rc = readInputs(args, req); rc != ExitOk)
        return rc;
    req.kernels = args.values(Opt::Kernel);
    const auto targets = readTargets(args, &error);
    if (!targets)
        return usageError(args.spec(), error);
    req.targets = args.values(Opt::Target);
    QList<EnvAssignment> env;
    if (!readEnvAssignments(args, &env, &error))
        return usageError(args.spec(), error);
    for (const EnvAssignment &a : env)
        req.env.append({a.name, a.value});
    req.runtimeVersion = args.value(Opt::RuntimeVersion);
    if (probe && req.targets.isEmpty())
        askProbeForDevices(*host, req);

    Diagnosis d = hd::diagnose(req);
    // --check-hashes: the compressed bundles' MD5, off the answer's path (docs/cli.md). JSON
    // holds them in its inputs' problems; the text prints the findings first.
    const bool checkHashes = args.isSet(Opt::CheckHashes);
    if (checkHashes && json)
        checkDiagnosisHashes(d);
    if (!d.usageError.isEmpty()) {
        err() << "hipdoctor-cli diagnose: " << d.usageError << "\n";
        if (!json)
            return ExitUsage;
    }
    // The inputs that could not be read come first, before any summary: when none could,
    // there is nothing else to say (no "No findings" for a file that does not exist).
    for (const DiagnosisInput &in : d.inputs)
        for (const Problem &p : in.problems)
            if (p.fatal)
                err() << "hipdoctor-cli diagnose: " << p.toString() << "\n";
    err().flush();
    const int rc = diagnosisExitCode(d);
    if (json) {
        if (!streamJson(pretty, [&d](JsonWriter &w) { writeJson(w, d); }))
            return jsonWriteFailed(QStringLiteral("diagnose"));
    } else if (rc != ExitUsage || !d.findings.isEmpty()) {
        if (args.isSet(Opt::Events))
            printEvents(out(), d);
        printDiagnosis(out(), d);
        if (checkHashes) {
            out().flush();
            const QList<Problem> mismatches = checkDiagnosisHashes(d);
            for (const Problem &p : mismatches)
                out() << "problem: " << p.toString() << "\n";
            if (mismatches.isEmpty())
                out() << "Hashes: every compressed bundle matches\n";
        }
    }
    return rc;
}

CommandSpec diagnoseCommand() {
    CommandSpec c;
    c.name = QStringLiteral("diagnose");
    c.summary = QStringLiteral("find why a kernel will not load, with evidence and fixes");
    c.positionals = {
        {QStringLiteral("INPUT"),
         QStringLiteral("code objects, offload bundles, host executables / .so / .o, NVIDIA cubin "
                        "/ fatbin / PTX, a Triton cache folder (or one kernel's folder), or text: "
                        "AMD_LOG_LEVEL output, Python tracebacks, compiler / linker / hipcc "
                        "output, rocminfo dumps; HOST:/path reads a file on that node over ssh; "
                        "- reads a pasted text from standard input (end it with Ctrl-D)"),
         true, false}};
    c.groups = {
        {QString(),
         {option(Opt::Kernel,
                 QStringLiteral("the name the program looks up "
                                "(hipModuleGetFunction); repeatable"),
                 QStringLiteral("NAME")),
          targetOption(QStringLiteral("the device: gfx90a:sramecc+:xnack-, gfx1100, sm_90 ...; "
                                      "repeatable")),
          envOption(QStringLiteral("an environment variable the program runs with; repeatable")),
          option(Opt::RuntimeVersion, QStringLiteral("the HIP runtime (ROCm) version it runs with"),
                 QStringLiteral("X.Y")),
          option(Opt::Probe, QStringLiteral("ask hipdoctor-probe for the live devices when no "
                                            "--target and no rocminfo dump is given")),
          option(Opt::CheckHashes,
                 QStringLiteral("also check each compressed bundle's MD5 (after the findings)")),
          option(Opt::Events, QStringLiteral("print the events read from each text (kind, "
                                             "producer, layer, fields) before the findings"))}},
        remoteGroup(QStringLiteral("with --probe: ask the probe")),
        outputGroup({QStringLiteral("one hipdoctor.diagnosis/1 document on stdout (compact)"),
                     true,
                     {},
                     true})};
    c.exitCodes = QStringLiteral("0 no error findings, 1 error findings, 2 usage or unreadable "
                                 "input, 3 internal failure");
    c.heapTuning = true; // librocsparse: 1.3 GB; worth a second start with a huge-page heap
    c.run = diagnose;
    return c;
}

} // namespace hd::cli
