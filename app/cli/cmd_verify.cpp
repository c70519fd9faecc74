// hipdoctor-cli verify: the three-step verification sequence (docs/design.md "The method it
// implements"), or the import of step records brought back from a GPU machine.

#include "cli.h"
#include "diagnosis_print.h"
#include "options.h"

#include "common/json_writer.h"
#include "common/output_file.h"
#include "common/shell.h"
#include "common/value_parsers.h"
#include "common/version.h"
#include "env/env_profile.h"
#include "hooks/diagnosis_hooks.h"
#include "model/labels.h"
#include "model/model_json.h"
#include "model/session.h"
#include "report/report.h"
#include "session/make_session.h"
#include "sysinfo/system_inventory.h"
#include "verify/compile_cache.h"
#include "verify/import_records.h"
#include "verify/verifier.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <future>
#include <mutex>
#include <optional>

#include <sys/resource.h>
#include <unistd.h>

#include "chart_loader.h"
#include "remote_option.h"
#include "verify_hosts.h"

namespace hd::cli {

namespace {

void printSession(const Session &s) {
    QTextStream &o = out();
    printCaseVerdict(o, s.caseVerdict);
    if (!s.origin.isEmpty() && s.origin != QLatin1String("verify"))
        o << "source: " << s.origin << "\n";
    if (s.devices.isEmpty())
        o << "devices: none reported by the runtime\n";
    for (const DeviceInfo &d : s.devices)
        o << "device " << d.index << ": " << d.label() << "\n";
    for (const EnvProblem &p : s.envProblems)
        o << (p.error ? "env error: " : "env warning: ") << p.message << "\n";
    for (const StepRecord &st : s.steps) {
        o << "\n[" << checkStatusMark(st.status) << "] step " << st.step << " — " << st.title
          << "\n      " << st.summary << "\n";
        for (const CheckRecord &c : st.checks) {
            o << "  [" << checkStatusMark(c.status) << "] " << c.id.leftJustified(20) << " "
              << c.summary;
            if (c.durationMs > 0)
                o << QStringLiteral(" (%1 ms%2)")
                         .arg(c.durationMs, 0, 'f', 1)
                         .arg(c.cached ? QStringLiteral(", cached") : QString());
            o << "\n";
        }
    }
    o << "\nfindings:\n";
    if (s.findings.isEmpty())
        o << "  none\n";
    for (const Finding &f : s.findings) {
        o << "  " << severityName(f.severity).leftJustified(8) << f.id << ": " << f.title;
        if (f.occurrences > 1)
            o << " (" << occurrenceText(f) << ")";
        o << "\n";
        if (!f.severityReason.isEmpty())
            o << "      severity: " << severityName(f.severity) << " — " << f.severityReason
              << "\n";
        for (const Text &fix : f.fix)
            o << "      fix: " << fix << "\n";
    }
    o << "\nverdict: " << s.comparison.verdict << "\n";
    if (s.comparison.direction != Direction::None)
        o << "direction: " << int(s.comparison.direction) << " ("
          << directionName(s.comparison.direction) << ")\n";
}

} // namespace

bool writeText(const QString &path, const QByteArray &bytes, QString *error) {
    QString why;
    if (!hd::writeFileAtomically(path, bytes, &why)) {
        *error = QStringLiteral("%1: cannot write: %2").arg(path, why);
        return false;
    }
    return true;
}

// Redaction as asked; charts when the chart module draws them.
ReportOptions reportOptions(bool redact, bool keepPlaces) {
    ReportOptions o;
    o.redact = redact;
    o.keepPlaces = keepPlaces;
    if (const hd::ui::ChartModule *charts = chartModule(); charts && charts->renderingAvailable())
        o.chartRenderer = charts->renderer();
    return o;
}

// The format asked for, else HTML when the file ends in .html/.htm, else Markdown.
QString reportFormat(const QString &format, const QString &path) {
    return !format.isEmpty() ? format
           : path.endsWith(QLatin1String(".html"), Qt::CaseInsensitive) ||
                   path.endsWith(QLatin1String(".htm"), Qt::CaseInsensitive)
               ? QStringLiteral("html")
               : QStringLiteral("md");
}

// Writes the report for a session in reportFormat().
bool writeSessionReport(const Session &s, const QString &path, const QString &format, bool redact,
                        QString *error, bool keepPlaces) {
    const ReportOptions o = reportOptions(redact, keepPlaces);
    const QString fmt = reportFormat(format, path);
    if (path == QLatin1String("-")) {
        // A document: never through the terminal filter.
        return printDocument(fmt == QLatin1String("html") ? htmlReport(s, o)
                                                          : markdownReport(s, o));
    }
    // Markdown over GitHub's limit is trimmed with the whole report alongside, as in the app.
    return writeReportFile(s, path, fmt == QLatin1String("html"), o, nullptr, error);
}

namespace {

// --step: the steps asked for (stepsGiven when any); ExitOk, or the usage error's exit code.
int readSteps(const Args &args, QList<int> &steps, bool &stepsGiven) {
    for (const QString &v : args.values(Opt::Step)) {
        stepsGiven = true;
        for (const QString &p : v.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            if (p == QLatin1String("all"))
                steps << 1 << 2 << 3;
            else if (const auto n = parseChoice(
                         p, {QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")}))
                steps << n->toInt();
            else
                return usageError(
                    args.spec(),
                    QStringLiteral("--step %1: expected 1, 2, 3, all or a list").arg(v));
        }
    }
    return ExitOk;
}

// The environment of every child and the probe's options; ExitOk, or the usage error's exit code.
int readEnvAndProbe(const Args &args, VerifyOptions &opt) {
    QString e;
    EnvProfile profile;
    profile.name = QStringLiteral("command line");
    if (!readEnv(args, &profile, &e))
        return usageError(args.spec(), e);
    opt.env = profile;
    for (const EnvProblem &p : opt.env.check())
        if (p.error)
            return usageError(args.spec(), p.message);
    ProbeOptions probe;
    ProbeRequest request;
    probe.timeoutMs = opt.timeoutMs;
    if (!readProbe(args, &probe, &request, &e))
        return usageError(args.spec(), e);
    opt.probePath = probe.probePath;
    opt.backend = request.backend;
    opt.timeoutMs = probe.timeoutMs;
    return ExitOk;
}

// The option's value into `into`, when it is given.
void readText(const Args &args, Opt id, QString &into) {
    if (args.isSet(id))
        into = args.value(id);
}

// The option's positive integer into `into`, when it is given; false (e says why) when it is not
// one.
bool readPositive(const Args &args, Opt id, int &into, QString &e) {
    if (!args.isSet(id))
        return true;
    const auto v = parsePositiveInt(args.value(id), &e);
    if (v)
        into = *v;
    else
        e = QStringLiteral("--%1: %2").arg(optionName(id), e);
    return bool(v);
}

// Step 1's options (the target is step 2's device too); ExitOk, or the usage error's exit code.
int readStep1Options(const Args &args, VerifyOptions &opt) {
    QString e;
    if (args.isSet(Opt::Target)) {
        const auto targets = readTargets(args, &e);
        if (!targets)
            return usageError(args.spec(), e);
        opt.step1.target = args.value(Opt::Target);
        opt.step2.targets << args.value(Opt::Target);
    }
    readText(args, Opt::Compiler, opt.step1.compiler);
    readText(args, Opt::KernelsDir, opt.step1.sourceDir);
    readText(args, Opt::CacheDir, opt.step1.cacheDir);
    opt.step1.useCache = !args.isSet(Opt::NoCache);
    if (!readPositive(args, Opt::Elements, opt.step1.elements, e))
        return usageError(args.spec(), e);
    return ExitOk;
}

// Step 2's options: one way in (artifact, dlopen, exec or compile) and the launch; ExitOk, or the
// usage error's exit code.
int readStep2Options(const Args &args, VerifyOptions &opt) {
    const CommandSpec &spec = args.spec();
    QString e;
    if (!readPositive(args, Opt::Repeat, opt.step2.repeat, e))
        return usageError(spec, e);
    QStringList modes;
    for (const Opt m : {Opt::Artifact, Opt::Dlopen, Opt::Exec, Opt::Compile})
        if (args.isSet(m))
            modes << QStringLiteral("--") + optionName(m);
    if (modes.size() > 1)
        return usageError(spec, QStringLiteral("step 2 takes one of --artifact, --dlopen, --exec "
                                               "and --compile, not %1")
                                    .arg(modes.join(QStringLiteral(" and "))));
    if (args.isSet(Opt::Artifact)) {
        opt.step2.mode = Step2Options::Mode::Artifact;
        opt.step2.file = args.value(Opt::Artifact);
    } else if (args.isSet(Opt::Dlopen)) {
        opt.step2.mode = Step2Options::Mode::Dlopen;
        opt.step2.file = args.value(Opt::Dlopen);
    } else if (args.isSet(Opt::Exec)) {
        opt.step2.mode = Step2Options::Mode::Executable;
        opt.step2.argv = args.rest(Opt::Exec);
        if (opt.step2.argv.isEmpty())
            return usageError(spec, QStringLiteral("--exec needs a program"));
    } else if (args.isSet(Opt::Compile)) {
        opt.step2.mode = Step2Options::Mode::Source;
        opt.step2.compileArgv = args.rest(Opt::Compile);
        if (opt.step2.compileArgv.isEmpty())
            return usageError(spec, QStringLiteral("--compile needs a command"));
    }
    readText(args, Opt::Output, opt.step2.file);
    readText(args, Opt::Kernel, opt.step2.kernel);
    readText(args, Opt::Args, opt.step2.args);
    readText(args, Opt::OpCwd, opt.step2.workingDirectory);
    for (const Opt dim : {Opt::Grid, Opt::Block}) {
        if (!args.isSet(dim))
            continue;
        const auto d = parseDimensions(args.value(dim), &e);
        if (!d)
            return usageError(spec, QStringLiteral("--%1: %2").arg(optionName(dim), e));
        (dim == Opt::Grid ? opt.step2.grid : opt.step2.block) = *d;
    }
    return ExitOk;
}

// Step 3's options: the project's command, its variant or env switch; ExitOk, or the usage
// error's exit code.
int readStep3Options(const Args &args, VerifyOptions &opt) {
    const CommandSpec &spec = args.spec();
    QString e;
    if (args.isSet(Opt::Run)) {
        opt.step3.argv = args.rest(Opt::Run);
        if (opt.step3.argv.isEmpty())
            return usageError(spec, QStringLiteral("--run needs a command"));
    }
    if (args.isSet(Opt::Variant)) {
        opt.step3.variantArgv = args.rest(Opt::Variant);
        if (opt.step3.variantArgv.isEmpty())
            return usageError(spec, QStringLiteral("--variant needs a command"));
    }
    readText(args, Opt::Cwd, opt.step3.workingDirectory);
    for (const QString &v : args.values(Opt::RunEnv)) {
        const auto a = parseEnvAssignment(v, &e);
        if (!a)
            return usageError(spec, QStringLiteral("--run-env: %1").arg(e));
        opt.step3.env.insert(a->name, a->value);
    }
    if (args.isSet(Opt::Switch)) {
        const QString v = args.value(Opt::Switch);
        if (!parseEnvAssignment(v, &e))
            return usageError(spec, QStringLiteral("--switch: %1").arg(e));
        opt.step3.switchEnv = v;
    }
    return ExitOk;
}

// The command line into VerifyOptions; ExitOk, or the usage error's exit code.
int readVerifyOptions(const Args &args, VerifyOptions &opt, QList<int> &steps, bool &stepsGiven) {
    if (const int rc = readSteps(args, steps, stepsGiven); rc != ExitOk)
        return rc;
    if (const int rc = readEnvAndProbe(args, opt); rc != ExitOk)
        return rc;
    for (const auto read : {readStep1Options, readStep2Options, readStep3Options})
        if (const int rc = read(args, opt); rc != ExitOk)
            return rc;
    if (opt.step2.mode == Step2Options::Mode::Source && opt.step2.file.isEmpty())
        return usageError(
            args.spec(),
            QStringLiteral("--compile needs --output FILE (what the command produces)"));
    return ExitOk;
}

// --import-records: the session made of a GPU machine's capture records; nullopt when it was
// made, else the exit code.
std::optional<int> importSession(const QString &importDir, Session &session) {
    const ImportedRecords imp = importGpuRecords(importDir);
    for (const Text &p : imp.problems)
        err() << "hipdoctor-cli verify: " << p.english() << "\n";
    if (imp.recordCount == 0) {
        err() << "hipdoctor-cli verify: no capture records in " << importDir << "\n";
        return ExitUsage;
    }
    const QString dir = QFileInfo(importDir).absoluteFilePath();
    VerifyResult imported;
    imported.devices = imp.devices;
    imported.steps = imp.steps;
    imported.comparison = compareSteps(imported.steps);
    session =
        sessionFromResult(VerifyOptions(), imported, versionLine(QStringLiteral("hipdoctor-cli")),
                          QStringLiteral("import:%1").arg(dir));
    session.inputs = QJsonObject{{QStringLiteral("import_records"), dir}};
    err() << "imported " << imp.recordCount << " records from " << imp.files.size() << " file(s)"
          << (imp.skippedBench
                  ? QStringLiteral(" (%1 bench records left out)").arg(imp.skippedBench)
                  : QString())
          << "\n";
    return std::nullopt;
}

// Without --step: step 1, and steps 2 and 3 when their inputs are given. A step asked for alone
// without its inputs is a usage error: its message, else empty.
QString settleSteps(const VerifyOptions &opt, QList<int> &steps, bool stepsGiven) {
    if (!stepsGiven) {
        steps << 1;
        if (opt.step2.mode != Step2Options::Mode::None)
            steps << 2;
        if (!opt.step3.argv.isEmpty())
            steps << 3;
    }
    if (steps.contains(2) && !steps.contains(1) && !steps.contains(3) &&
        opt.step2.mode == Step2Options::Mode::None)
        return QStringLiteral("step 2 needs --artifact, --dlopen, --exec or --compile");
    if (steps.contains(3) && !steps.contains(1) && !steps.contains(2) && opt.step3.argv.isEmpty())
        return QStringLiteral("step 3 needs --run CMD ... --");
    return {};
}

// Step 2's FILE on the node (HOST:/path): a code object is read here (and copied back by
// content), a library to dlopen is a path there. False when the copy failed (said on stderr).
bool placeRemoteStep2File(VerifyOptions &opt) {
    const auto rp = parseRemotePath(opt.step2.file);
    if (!rp)
        return true;
    if (opt.step2.mode == Step2Options::Mode::Dlopen) {
        opt.step2.file = rp->path;
    } else if (opt.step2.mode == Step2Options::Mode::Artifact) {
        QString fe;
        const QString copy = localCopyOf(opt.step2.file, &fe);
        if (copy.isEmpty()) {
            err() << "hipdoctor-cli verify: " << opt.step2.file << ": " << fe << "\n";
            return false;
        }
        opt.step2.file = copy;
    }
    return true;
}

// The steps run on `host`, as a session. With `keepInventory` (the session is printed as JSON,
// saved or reported) it holds the inventory of the machine the steps ran on, collected meanwhile
// when it is local; without, none is collected: the text printout does not show it
// (docs/performance.md "Step 1 from cold").
Session runOnHost(const VerifyOptions &opt, const QList<int> &steps,
                  const std::shared_ptr<ExecutionHost> &host, bool json, bool keepInventory) {
    // Here the inventory (python3, rocminfo, the compilers' --version: seconds of CPU) is
    // collected while the steps run (docs/performance.md "Step 1 from cold"); a node's is
    // read there after the run, over the one connection. The compilers' --version texts are
    // step 1's own query's, shared through the compile cache, instead of a second run (hipcc:
    // Perl, clang and Python); so the inventory starts at the steps' first word, when step 1
    // has started that query. torch and triton are imported (seconds where torch is
    // installed: its arch list) only when the project's command runs, step 3, which takes longer
    // anyway; else their versions are read from their package files.
    const bool pythonImports = steps.contains(3);
    std::future<SystemInventory> localInventory;
    std::once_flag inventoryStarted;
    const auto startInventory = [&] {
        if (!host->isLocal() || !keepInventory)
            return;
        std::call_once(inventoryStarted, [&] {
            const QString cacheDir =
                opt.step1.cacheDir.isEmpty() ? defaultCompileCacheDir() : opt.step1.cacheDir;
            localInventory = std::async(std::launch::async, [cacheDir, pythonImports] {
                // Nobody waits for the inventory while the steps run: it yields the cores to
                // the compile the user waits for. Its children inherit this thread's nice
                // value (Linux: per thread, copied by fork).
                ::setpriority(PRIO_PROCESS, id_t(::gettid()), 10);
                if (!QFileInfo::exists(cacheDir)) // nothing kept nor being made: none made here
                    return collectSessionInventory({}, pythonImports);
                const CompileCache cache(cacheDir);
                return collectSessionInventory(
                    [&cache](const QString &tool) { return cache.knownCompilerVersion(tool); },
                    pythonImports);
            });
        });
    };
    const auto verifier = makeVerifier(opt);
    verifier->setExecutionHost(host);
    verifier->setProgressCallback([json, &startInventory](const VerifyProgress &p) {
        startInventory();
        if (!json)
            err() << "step " << p.step << ": " << p.message << "\n";
        err().flush();
    });
    const VerifyResult result = verifier->run(steps);
    startInventory(); // the steps said nothing
    std::optional<SystemInventory> inventory;
    if (localInventory.valid()) {
        inventory = localInventory.get(); // where the steps ran
    } else if (!keepInventory) {
        inventory.emplace(); // none: nothing shows it
    } else if (!host->isLocal()) {
        InventoryOptions io;
        io.pythonImports = pythonImports;
        inventory = collectSystemInventory(*host, io); // the node's, over the one connection
    }
    return sessionFromRun(opt, result, *host, versionLine(QStringLiteral("hipdoctor-cli")),
                          QStringLiteral("verify"), inventory ? &*inventory : nullptr);
}

// The steps run here, on --remote's node or (finishing the command) on --hosts' nodes; nullopt
// when `session` holds the run, else the exit code.
std::optional<int> runSession(const Args &args, VerifyOptions &opt, QList<int> &steps,
                              bool stepsGiven, int jobs, Session &session) {
    const auto usage = [&](const QString &why) { return usageError(args.spec(), why); };
    const QString remote = args.value(Opt::Remote);
    const QString hostsSpec = args.value(Opt::Hosts);
    if (const QString why = settleSteps(opt, steps, stepsGiven); !why.isEmpty())
        return usage(why);
    if (!remote.isEmpty() && !hostsSpec.isEmpty())
        return usage(QStringLiteral("--remote and --hosts exclude each other"));
    // Where the steps run: this machine, or the node of --remote (one connection, which
    // a HOST:/path of the same node below shares).
    const std::shared_ptr<ExecutionHost> host = hostFor(remote);
    if ((!remote.isEmpty() || !hostsSpec.isEmpty()) && !placeRemoteStep2File(opt))
        return ExitInternal;
    const Output output = readOutput(args);
    if (!hostsSpec.isEmpty()) {
        QString he;
        const QStringList hosts = readHostList(hostsSpec, &he);
        if (hosts.isEmpty())
            return usage(he);
        return verifyOnHosts(opt, steps, hosts, jobs, args.value(Opt::SessionsDir), output.json,
                             output.pretty);
    }
    if (const QString problem = host->connect(); !problem.isEmpty()) {
        err() << "hipdoctor-cli verify: " << problem << "\n";
        return ExitInternal;
    }
    const bool keepInventory = output.json || args.isSet(Opt::Session) || args.isSet(Opt::Report);
    session = runOnHost(opt, steps, host, output.json, keepInventory);
    return std::nullopt;
}

// --session and --report written; ExitOk, else the exit code.
int saveSessionFiles(const Args &args, const Session &session) {
    const QString sessionPath = args.value(Opt::Session);
    const QString reportPath = args.value(Opt::Report);
    if (!sessionPath.isEmpty()) {
        QString se;
        if (!saveSession(session, sessionPath, &se)) {
            err() << "hipdoctor-cli verify: " << se << "\n";
            return ExitInternal;
        }
    }
    if (!reportPath.isEmpty()) {
        QString re;
        if (!writeSessionReport(session, reportPath, {}, !args.isSet(Opt::NoRedact), &re, false)) {
            err() << "hipdoctor-cli verify: " << re << "\n";
            return ExitInternal;
        }
    }
    return ExitOk;
}

// The probe refused what the options asked for (an --args spec it cannot read, a device
// that does not exist): a usage error, not a finding about the artifact. True (said on stderr)
// when it did.
bool probeRefusedRequest(const Session &session) {
    for (const StepRecord &st : session.steps)
        for (const CheckRecord &c : st.checks) {
            const QJsonObject probe = c.data.value(QStringLiteral("probe")).toObject();
            if (probe.value(QStringLiteral("status")).toString() == QLatin1String("bad-request")) {
                err() << "hipdoctor-cli verify: step " << st.step << ", " << c.id << ": "
                      << probe.value(QStringLiteral("message")).toString() << "\n";
                return true;
            }
        }
    return false;
}

} // namespace

// Each step's command to run it again, for the report's reader: this command line with that
// step alone and without what only shaped this run's output.
void setRerunCommands(Session &session) {
    QStringList argv = QCoreApplication::arguments().mid(1);
    QStringList kept;
    static const QStringList withValue{QStringLiteral("--step"), QStringLiteral("--session"),
                                       QStringLiteral("--report")};
    static const QStringList flags{QStringLiteral("--json"), QStringLiteral("--pretty"),
                                   QStringLiteral("--no-redact")};
    // A command given up to a lone -- is the user's, kept as it is.
    static const QStringList rest{QStringLiteral("--exec"), QStringLiteral("--compile"),
                                  QStringLiteral("--run"), QStringLiteral("--variant")};
    for (qsizetype i = 0; i < argv.size(); ++i) {
        const QString &a = argv[i];
        if (rest.contains(a)) {
            kept << a;
            while (++i < argv.size()) {
                kept << argv[i];
                if (argv[i] == QLatin1String("--"))
                    break;
            }
            continue;
        }
        if (withValue.contains(a)) {
            ++i;
            continue;
        }
        if (flags.contains(a) ||
            std::any_of(withValue.cbegin(), withValue.cend(),
                        [&](const QString &o) { return a.startsWith(o + QLatin1Char('=')); }))
            continue;
        kept << a;
    }
    if (!kept.isEmpty() && kept.first() == QLatin1String("verify"))
        kept.removeFirst();
    for (StepRecord &st : session.steps)
        if (st.status != CheckStatus::Skipped)
            st.rerun =
                shellJoin(QStringList{QStringLiteral("hipdoctor-cli"), QStringLiteral("verify"),
                                      QStringLiteral("--step"), QString::number(st.step)} +
                          kept);
}

int verify(const Args &args) {
    VerifyOptions opt;
    QList<int> steps;
    bool stepsGiven = false;
    if (const int rc = readVerifyOptions(args, opt, steps, stepsGiven); rc != ExitOk)
        return rc;
    const Output output = readOutput(args);
    const QString importDir = args.value(Opt::ImportRecords);
    const auto usage = [&](const QString &why) { return usageError(args.spec(), why); };
    // Remote (docs/remote.md): --compare-sessions only merges saved sessions; --hosts runs on
    // several nodes; --remote on one.
    if (args.isSet(Opt::CompareSessions)) {
        if (args.positional().isEmpty())
            return usage(QStringLiteral("--compare-sessions needs session files or folders"));
        return compareSessions(args.positional());
    }
    if (!args.positional().isEmpty())
        return usage(QStringLiteral("unexpected argument '%1' (session files go with "
                                    "--compare-sessions)")
                         .arg(args.positional().first()));
    int jobs = 32; // as pdsh: 64 nodes in two rounds (docs/remote.md "Many nodes")
    if (args.isSet(Opt::Jobs)) {
        QString je;
        const auto v = parsePositiveInt(args.value(Opt::Jobs), &je);
        if (!v)
            return usage(QStringLiteral("--jobs: %1").arg(je));
        jobs = *v;
    }

    Session session;
    const std::optional<int> stopped =
        !importDir.isEmpty() ? importSession(importDir, session)
                             : runSession(args, opt, steps, stepsGiven, jobs, session);
    if (stopped)
        return *stopped;
    if (importDir.isEmpty())
        setRerunCommands(session);
    if (const int rc = saveSessionFiles(args, session); rc != ExitOk)
        return rc;
    if (output.json) {
        if (!streamJson(output.pretty, [&session](JsonWriter &w) { writeJson(w, session); }))
            return jsonWriteFailed(QStringLiteral("verify"));
    } else {
        printSession(session);
    }
    if (probeRefusedRequest(session))
        return ExitUsage;
    return hasErrors(session.findings) ? ExitFindings : ExitOk;
}

namespace {

QCommandLineOption described(Opt id, const char *description, const char *valueName = "") {
    return option(id, QString::fromUtf8(description), QLatin1String(valueName));
}

// Output: the session on stdout, saved, or as a report.
OptionGroup verifyOutputGroup() {
    OptionGroup output =
        outputGroup({QStringLiteral("print the session (hipdoctor.session/2) on stdout (compact)"),
                     true,
                     {},
                     true});
    output.options << described(Opt::Session, "save the session there (atomically)", "FILE")
                   << described(Opt::Report,
                                "write a report; .html gives HTML, anything else Markdown", "FILE")
                   << described(Opt::NoRedact, "keep secrets in the report (redacted by default)");
    return output;
}

OptionGroup step1Group() {
    return {
        QStringLiteral("step 1"),
        {targetOption(QStringLiteral("compile for this target (else device 0's, else gfx90a); "
                                     "also the device for step 2's checks")),
         described(Opt::Compiler, "hipcc or nvcc (default: $HIP_PATH, $ROCM_PATH, PATH)", "PATH"),
         described(Opt::KernelsDir, "folder with vector_add.hip and vector_add_main.hip", "DIR"),
         described(Opt::CacheDir, "compile cache (default $XDG_CACHE_HOME/hipdoctor/compile)",
                   "DIR"),
         described(Opt::NoCache, "compile again even when cached"),
         described(Opt::Elements, "vector length (default 1048576)", "N")}};
}

OptionGroup step2Group() {
    return {
        QStringLiteral("step 2 (one of --artifact, --dlopen, --exec, --compile)"),
        {described(Opt::Artifact, "code object, bundle or host binary holding the kernel", "FILE"),
         described(Opt::Kernel, "the kernel the project looks up", "NAME"),
         described(Opt::Args,
                   "launch arguments, e.g. \"buf:f32:1024:rand, buf:f32:1024:out, i32:1024\" "
                   "(without --args the kernel is loaded and looked up only)",
                   "SPEC"),
         described(Opt::Grid, "grid size in blocks (default 1)", "X[,Y,Z]"),
         described(Opt::Block, "block size in threads (default 1)", "X[,Y,Z]"),
         described(Opt::Repeat, "launches (default 1)", "N"),
         described(Opt::Dlopen, "a shared library to dlopen in a clean process", "FILE"),
         described(Opt::Exec, "a program to run, with its arguments", "PROGRAM [ARG...] --"),
         described(Opt::Compile, "compile first (its argv), then use --output", "CMD [ARG...] --"),
         described(Opt::Output, "the compile command's output (a program, .so or code object)",
                   "FILE"),
         described(Opt::OpCwd, "working directory for --exec / --compile", "DIR")}};
}

OptionGroup step3Group() {
    return {QStringLiteral("step 3"),
            {described(Opt::Run, "the project's command", "CMD [ARG...] --"),
             described(Opt::Cwd, "its working directory", "DIR"),
             described(Opt::RunEnv, "added to both runs of step 3 (repeatable)", "NAME=VALUE"),
             described(Opt::Switch, "the env switch that turns the Triton path off (second run)",
                       "NAME=VALUE"),
             described(Opt::Variant, "or a second command without the Triton path",
                       "CMD [ARG...] --")}};
}

// --hosts, --compare-sessions and --import-records: sessions of other machines.
QList<OptionGroup> otherMachinesGroups() {
    return {
        remoteGroup(QStringLiteral("run the steps' children and probes"),
                    QStringLiteral("the probe is copied there; --probe is then a path on the "
                                   "node; --artifact and --dlopen may be HOST:/path")),
        {QStringLiteral("many nodes (docs/remote.md)"),
         {described(Opt::Hosts,
                    "the steps on every node in parallel; prints a node x check matrix (rows "
                    "marked * differ) and writes one session per node",
                    "FILE|H1,H2,..."),
          described(Opt::Jobs, "nodes at a time with --hosts (default 32)", "N"),
          described(Opt::SessionsDir, "where --hosts writes NODE.session.json (default: .)", "DIR"),
          described(Opt::CompareSessions,
                    "only print the node x check matrix of the saved sessions given as SESSION "
                    "arguments (e.g. one per node written under a scheduler); nothing runs")}},
        {QStringLiteral("import"),
         {described(Opt::ImportRecords,
                    "turn capture records of a GPU run (scripts/gpu/validate-probe.sh, *.jsonl of "
                    "schema hipdoctor.gpu-capture/1) into a session",
                    "DIR")}}};
}

} // namespace

CommandSpec verifyCommand() {
    ProbeGroupSpec probe;
    probe.library = false;
    probe.env = false;
    probe.probePath = true;
    probe.timeoutDefault = QStringLiteral("120");
    probe.timeoutWhat = QStringLiteral("per child process");
    CommandSpec c;
    c.name = QStringLiteral("verify");
    c.summary = QStringLiteral("run the three-step verification sequence");
    c.moreUsage = {QStringLiteral("--import-records DIR [--session FILE] [--report FILE] [--json]"),
                   QStringLiteral("--compare-sessions SESSION|DIR...")};
    c.positionals = {{QStringLiteral("SESSION"),
                      QStringLiteral("with --compare-sessions: saved sessions, or folders of "
                                     "*.json sessions"),
                      true, true}};
    c.description = QStringLiteral(
        "Runs the minimal verification sequence in clean child processes and compares the "
        "steps:\n\n"
        "  1 baseline: the platform compiler builds the vector add (program + code object) for "
        "the\n"
        "    device's exact target, the runtime dependency is resolved, and the program and the\n"
        "    probe's module-API load + launch run;\n"
        "  2 the suspect operator alone (a code object / bundle / host binary, a .so, a program,\n"
        "    or a source with its compile command);\n"
        "  3 the project's own command, as is and without the Triton path.\n\n"
        "Without --step, step 1 runs, and steps 2 and 3 when their inputs are given. Options "
        "shown with \"CMD [ARG...] --\" take the rest of the command line up to a lone --.");
    c.groups = {{QStringLiteral("general"),
                 {described(Opt::Step, "1, 2, 3, all, or a comma list (1,3)", "1|2|3|all|LIST")}},
                envGroup(),
                probeGroup(probe),
                verifyOutputGroup(),
                step1Group(),
                step2Group(),
                step3Group()};
    c.groups << otherMachinesGroups();
    c.restOptions = {optionName(Opt::Exec), optionName(Opt::Compile), optionName(Opt::Run),
                     optionName(Opt::Variant)};
    c.exitCodes = QStringLiteral("0 no error findings, 1 error findings, 2 usage, 3 internal "
                                 "failure");
    c.charts = true; // an HTML report draws its charts
    c.run = verify;
    return c;
}

} // namespace hd::cli
