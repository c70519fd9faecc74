// hipdoctor-cli verify: the three-step verification sequence (docs/design.md "The method it
// implements"), or the import of step records brought back from a GPU machine.

#include "cli.h"

#include "common/output_file.h"
#include "common/version.h"
#include "env/env_profile.h"
#include "report/report.h"
#include "session/session.h"
#include "verify/import_records.h"
#include "verify/verifier.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSysInfo>

#include "chart_loader.h"

namespace hd::cli {

namespace {

const char *kUsage =
    R"(usage: hipdoctor-cli verify [--step 1|2|3|all|LIST] [step options] [--env NAME=VALUE]...
                            [--json [--pretty]] [--report FILE] [--session FILE]
       hipdoctor-cli verify --import-records DIR [--session FILE] [--report FILE] [--json]

Runs the minimal verification sequence in clean child processes and compares the steps:
  1 baseline: the platform compiler builds the vector add (program + code object) for the
    device's exact target, the runtime dependency is resolved, and the program and the probe's
    module-API load + launch run;
  2 the suspect operator alone (a code object / bundle / host binary, a .so, a program, or a
    source with its compile command);
  3 the project's own command, as is and without the Triton path.
Without --step, step 1 runs, and steps 2 and 3 when their inputs are given.

general:
  --step S               1, 2, 3, all, or a comma list (1,3)
  --env NAME=VALUE       set for every child process (repeatable); checked against the catalogue
  --env-profile FILE     a saved env profile (hipdoctor.env-profile/1 JSON)
  --preset NAME          quiet | debug-log (AMD_LOG_LEVEL=4 HIP_LAUNCH_BLOCKING=1) | serialize
  --probe PATH           the hipdoctor-probe to use
  --backend B            auto | hip | cuda (default auto)
  --timeout SECONDS      per child process (default 120)
  --json                 print the session (hipdoctor.session/1) on stdout (compact)
  --pretty               the same, indented for reading (implies --json)
  --session FILE         save the session there (atomically)
  --report FILE          write a report; .html gives HTML, anything else Markdown
  --no-redact            keep secrets in the report (redacted by default)
step 1:
  --target ID            compile for this target (else device 0's, else gfx90a); also the
                         device for step 2's checks
  --compiler PATH        hipcc or nvcc (default: $HIP_PATH, $ROCM_PATH, PATH)
  --kernels-dir DIR      folder with vector_add.hip and vector_add_main.hip
  --cache-dir DIR        compile cache (default $XDG_CACHE_HOME/hipdoctor/compile)
  --no-cache             compile again even when cached
  --elements N           vector length (default 1048576)
step 2 (one of --artifact, --dlopen, --exec, --compile):
  --artifact FILE        code object, bundle or host binary holding the kernel
  --kernel NAME          the kernel the project looks up
  --args SPEC            launch arguments, e.g. "buf:f32:1024:rand, buf:f32:1024:out, i32:1024"
                         (without --args the kernel is loaded and looked up only)
  --grid X[,Y,Z]         grid size in blocks (default 1)
  --block X[,Y,Z]        block size in threads (default 1)
  --repeat N             launches (default 1)
  --dlopen FILE          a shared library to dlopen in a clean process
  --exec PROGRAM [ARG...] --   a program to run (arguments up to a lone --)
  --compile CMD [ARG...] --    compile first (argv up to --), then use --output
  --output FILE          the compile command's output (a program, .so or code object)
  --op-cwd DIR           working directory for --exec / --compile
step 3:
  --run CMD [ARG...] --  the project's command (argv up to a lone --)
  --cwd DIR              its working directory
  --run-env NAME=VALUE   added to both runs of step 3 (repeatable)
  --switch NAME=VALUE    the env switch that turns the Triton path off (second run)
  --variant CMD [ARG...] --   or a second command without the Triton path
import:
  --import-records DIR   turn capture records of a GPU run (scripts/gpu/validate-probe.sh,
                         *.jsonl of schema hipdoctor.gpu-capture/1) into a session

exit status: 0 no error findings, 1 error findings, 2 usage, 3 internal failure
)";

int usage(const QString &why) {
    err() << "hipdoctor-cli verify: " << why << "\n\n" << kUsage;
    return ExitUsage;
}

bool parseDim(const QString &text, std::array<unsigned, 3> &d) {
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.isEmpty() || parts.size() > 3)
        return false;
    d = {1, 1, 1};
    for (int i = 0; i < parts.size(); ++i) {
        bool ok = false;
        const uint v = parts[i].trimmed().toUInt(&ok);
        if (!ok || v == 0)
            return false;
        d[size_t(i)] = v;
    }
    return true;
}

QString icon(CheckStatus s) {
    switch (s) {
    case CheckStatus::Pass:
        return QStringLiteral("PASS");
    case CheckStatus::Fail:
        return QStringLiteral("FAIL");
    case CheckStatus::Skipped:
        return QStringLiteral("skip");
    case CheckStatus::Error:
        return QStringLiteral("ERR ");
    case CheckStatus::Cancelled:
        return QStringLiteral("stop");
    }
    return {};
}

void printSession(const Session &s) {
    QTextStream &o = out();
    if (!s.origin.isEmpty() && s.origin != QLatin1String("verify"))
        o << "source: " << s.origin << "\n";
    if (s.devices.isEmpty())
        o << "devices: none reported by the runtime\n";
    for (const DeviceInfo &d : s.devices)
        o << "device " << d.index << ": " << d.label() << "\n";
    for (const EnvProblem &p : s.envProblems)
        o << (p.error ? "env error: " : "env warning: ") << p.message << "\n";
    for (const StepRecord &st : s.steps) {
        o << "\n[" << icon(st.status) << "] step " << st.step << " — " << st.title << "\n      "
          << st.summary << "\n";
        for (const CheckRecord &c : st.checks) {
            o << "  [" << icon(c.status) << "] " << c.id.leftJustified(20) << " " << c.summary;
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
            o << " (seen " << f.occurrences << " times)";
        o << "\n";
        for (const QString &fix : f.fix)
            o << "      fix: " << fix << "\n";
    }
    o << "\nverdict: " << s.comparison.verdict << "\n";
    if (s.comparison.direction != Direction::None)
        o << "direction: " << int(s.comparison.direction) << " ("
          << directionName(s.comparison.direction) << ")\n";
}

bool writeText(const QString &path, const QByteArray &bytes, QString *error) {
    QString why;
    if (!hd::writeFileAtomically(path, bytes, &why)) {
        *error = QStringLiteral("%1: cannot write: %2").arg(path, why);
        return false;
    }
    return true;
}

} // namespace

// Writes the report for a session: HTML when the file ends in .html/.htm, else Markdown.
bool writeSessionReport(const Session &s, const QString &path, const QString &format, bool redact,
                        QString *error) {
    ReportOptions o;
    o.redact = redact;
    if (const hd::ui::ChartModule *charts = chartModule(); charts && charts->renderingAvailable())
        o.chartRenderer = charts->renderer();
    const QString fmt = !format.isEmpty() ? format
                        : path.endsWith(QLatin1String(".html"), Qt::CaseInsensitive) ||
                                path.endsWith(QLatin1String(".htm"), Qt::CaseInsensitive)
                            ? QStringLiteral("html")
                            : QStringLiteral("md");
    const QString text = fmt == QLatin1String("html") ? htmlReport(s, o) : markdownReport(s, o);
    if (path == QLatin1String("-")) {
        out() << text;
        return true;
    }
    return writeText(path, text.toUtf8(), error);
}

int verify(const QStringList &args) {
    VerifyOptions opt;
    QList<int> steps;
    bool stepsGiven = false, json = false, pretty = false, redact = true;
    QString reportPath, sessionPath, importDir;
    QStringList envItems;
    EnvProfile profile;
    profile.name = QStringLiteral("command line");
    const auto argvUntilDash = [&](int &i) {
        QStringList v;
        for (++i; i < args.size() && args[i] != QLatin1String("--"); ++i)
            v << args[i];
        return v;
    };
    for (int i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        const auto value = [&](QString *outValue) {
            if (i + 1 >= args.size())
                return false;
            *outValue = args[++i];
            return true;
        };
        QString v;
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            out() << kUsage;
            return ExitOk;
        } else if (a == QLatin1String("--step")) {
            if (!value(&v))
                return usage(QStringLiteral("--step needs a value"));
            stepsGiven = true;
            for (const QString &p : v.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                if (p == QLatin1String("all"))
                    steps << 1 << 2 << 3;
                else if (p == QLatin1String("1") || p == QLatin1String("2") ||
                         p == QLatin1String("3"))
                    steps << p.toInt();
                else
                    return usage(
                        QStringLiteral("--step %1: expected 1, 2, 3, all or a list").arg(v));
            }
        } else if (a == QLatin1String("--env")) {
            if (!value(&v))
                return usage(QStringLiteral("--env needs NAME=VALUE"));
            envItems << v;
        } else if (a == QLatin1String("--env-profile")) {
            if (!value(&v))
                return usage(QStringLiteral("--env-profile needs a file"));
            QString e;
            const auto p = EnvProfile::load(v, &e);
            if (!p) {
                err() << "hipdoctor-cli verify: " << e << "\n";
                return ExitUsage;
            }
            profile = profile.merged(*p);
        } else if (a == QLatin1String("--preset")) {
            if (!value(&v))
                return usage(QStringLiteral("--preset needs a name"));
            const auto p = envPreset(v);
            if (!p)
                return usage(
                    QStringLiteral("unknown preset '%1' (quiet, debug-log, serialize)").arg(v));
            profile = profile.merged(*p);
        } else if (a == QLatin1String("--probe")) {
            if (!value(&opt.probePath))
                return usage(QStringLiteral("--probe needs a path"));
        } else if (a == QLatin1String("--backend")) {
            if (!value(&opt.backend) ||
                !QStringList{QStringLiteral("auto"), QStringLiteral("hip"), QStringLiteral("cuda")}
                     .contains(opt.backend))
                return usage(QStringLiteral("--backend takes auto, hip or cuda"));
        } else if (a == QLatin1String("--timeout")) {
            bool ok = false;
            const double secs = value(&v) ? v.toDouble(&ok) : 0;
            if (!ok || secs <= 0)
                return usage(QStringLiteral("--timeout needs a positive number of seconds"));
            opt.timeoutMs = int(secs * 1000);
        } else if (a == QLatin1String("--json") || a == QLatin1String("--pretty")) {
            json = true;
            pretty |= a == QLatin1String("--pretty");
        } else if (a == QLatin1String("--report")) {
            if (!value(&reportPath))
                return usage(QStringLiteral("--report needs a file"));
        } else if (a == QLatin1String("--session")) {
            if (!value(&sessionPath))
                return usage(QStringLiteral("--session needs a file"));
        } else if (a == QLatin1String("--no-redact")) {
            redact = false;
        } else if (a == QLatin1String("--target")) {
            if (!value(&v))
                return usage(QStringLiteral("--target needs an id"));
            QString e;
            if (!TargetId::parse(v, &e))
                return usage(QStringLiteral("--target %1: %2").arg(v, e));
            opt.step1.target = v;
            opt.step2.targets << v;
        } else if (a == QLatin1String("--compiler")) {
            if (!value(&opt.step1.compiler))
                return usage(QStringLiteral("--compiler needs a path"));
        } else if (a == QLatin1String("--kernels-dir")) {
            if (!value(&opt.step1.sourceDir))
                return usage(QStringLiteral("--kernels-dir needs a folder"));
        } else if (a == QLatin1String("--cache-dir")) {
            if (!value(&opt.step1.cacheDir))
                return usage(QStringLiteral("--cache-dir needs a folder"));
        } else if (a == QLatin1String("--no-cache")) {
            opt.step1.useCache = false;
        } else if (a == QLatin1String("--elements")) {
            bool ok = false;
            opt.step1.elements = value(&v) ? v.toInt(&ok) : 0;
            if (!ok || opt.step1.elements <= 0)
                return usage(QStringLiteral("--elements needs a positive number"));
        } else if (a == QLatin1String("--artifact")) {
            if (!value(&opt.step2.file))
                return usage(QStringLiteral("--artifact needs a file"));
            opt.step2.mode = Step2Options::Mode::Artifact;
        } else if (a == QLatin1String("--kernel")) {
            if (!value(&opt.step2.kernel))
                return usage(QStringLiteral("--kernel needs a name"));
        } else if (a == QLatin1String("--args")) {
            if (!value(&opt.step2.args))
                return usage(QStringLiteral("--args needs a spec"));
        } else if (a == QLatin1String("--grid") || a == QLatin1String("--block")) {
            if (!value(&v) ||
                !parseDim(v, a == QLatin1String("--grid") ? opt.step2.grid : opt.step2.block))
                return usage(QStringLiteral("%1 takes X[,Y,Z] with positive numbers").arg(a));
        } else if (a == QLatin1String("--repeat")) {
            bool ok = false;
            opt.step2.repeat = value(&v) ? v.toInt(&ok) : 0;
            if (!ok || opt.step2.repeat <= 0)
                return usage(QStringLiteral("--repeat needs a positive number"));
        } else if (a == QLatin1String("--dlopen")) {
            if (!value(&opt.step2.file))
                return usage(QStringLiteral("--dlopen needs a file"));
            opt.step2.mode = Step2Options::Mode::Dlopen;
        } else if (a == QLatin1String("--exec")) {
            opt.step2.argv = argvUntilDash(i);
            if (opt.step2.argv.isEmpty())
                return usage(QStringLiteral("--exec needs a program"));
            opt.step2.mode = Step2Options::Mode::Executable;
        } else if (a == QLatin1String("--compile")) {
            opt.step2.compileArgv = argvUntilDash(i);
            if (opt.step2.compileArgv.isEmpty())
                return usage(QStringLiteral("--compile needs a command"));
            opt.step2.mode = Step2Options::Mode::Source;
        } else if (a == QLatin1String("--output")) {
            if (!value(&opt.step2.file))
                return usage(QStringLiteral("--output needs a file"));
        } else if (a == QLatin1String("--op-cwd")) {
            if (!value(&opt.step2.workingDirectory))
                return usage(QStringLiteral("--op-cwd needs a folder"));
        } else if (a == QLatin1String("--run")) {
            opt.step3.argv = argvUntilDash(i);
            if (opt.step3.argv.isEmpty())
                return usage(QStringLiteral("--run needs a command"));
        } else if (a == QLatin1String("--cwd")) {
            if (!value(&opt.step3.workingDirectory))
                return usage(QStringLiteral("--cwd needs a folder"));
        } else if (a == QLatin1String("--run-env")) {
            if (!value(&v) || !v.contains(QLatin1Char('=')))
                return usage(QStringLiteral("--run-env needs NAME=VALUE"));
            opt.step3.env.insert(v.section(QLatin1Char('='), 0, 0), v.section(QLatin1Char('='), 1));
        } else if (a == QLatin1String("--switch")) {
            if (!value(&opt.step3.switchEnv) || !opt.step3.switchEnv.contains(QLatin1Char('=')))
                return usage(QStringLiteral("--switch needs NAME=VALUE"));
        } else if (a == QLatin1String("--variant")) {
            opt.step3.variantArgv = argvUntilDash(i);
            if (opt.step3.variantArgv.isEmpty())
                return usage(QStringLiteral("--variant needs a command"));
        } else if (a == QLatin1String("--import-records")) {
            if (!value(&importDir))
                return usage(QStringLiteral("--import-records needs a folder"));
        } else {
            return usage(QStringLiteral("unknown option '%1'").arg(a));
        }
    }
    QString e;
    const auto cmdEnv = EnvProfile::fromAssignments(envItems, &e);
    if (!cmdEnv)
        return usage(QStringLiteral("--env %1").arg(e));
    opt.env = profile.merged(*cmdEnv);
    for (const EnvProblem &p : opt.env.check())
        if (p.error)
            return usage(p.message);
    if (opt.step2.mode == Step2Options::Mode::Source && opt.step2.file.isEmpty())
        return usage(QStringLiteral("--compile needs --output FILE (what the command produces)"));

    Session session;
    if (!importDir.isEmpty()) {
        const ImportedRecords imp = importGpuRecords(importDir);
        for (const QString &p : imp.problems)
            err() << "hipdoctor-cli verify: " << p << "\n";
        if (imp.recordCount == 0) {
            err() << "hipdoctor-cli verify: no capture records in " << importDir << "\n";
            return ExitUsage;
        }
        session.createdAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
        session.tool = versionLine(QStringLiteral("hipdoctor-cli"));
        session.host = QSysInfo::machineHostName();
        session.origin = QStringLiteral("import:%1").arg(QFileInfo(importDir).absoluteFilePath());
        session.inputs.insert(QStringLiteral("import_records"),
                              QFileInfo(importDir).absoluteFilePath());
        session.devices = imp.devices;
        session.steps = imp.steps;
        session.comparison = compareSteps(session.steps);
        for (const StepRecord &st : session.steps)
            session.findings << st.findings;
        session.findings << session.comparison.findings;
        session.findings = mergeDuplicateFindings(session.findings);
        err() << "imported " << imp.recordCount << " records from " << imp.files.size()
              << " file(s)"
              << (imp.skippedBench
                      ? QStringLiteral(" (%1 bench records left out)").arg(imp.skippedBench)
                      : QString())
              << "\n";
    } else {
        if (!stepsGiven) {
            steps << 1;
            if (opt.step2.mode != Step2Options::Mode::None)
                steps << 2;
            if (!opt.step3.argv.isEmpty())
                steps << 3;
        }
        if (steps.contains(2) && !steps.contains(1) && !steps.contains(3) &&
            opt.step2.mode == Step2Options::Mode::None)
            return usage(QStringLiteral("step 2 needs --artifact, --dlopen, --exec or --compile"));
        if (steps.contains(3) && !steps.contains(1) && !steps.contains(2) &&
            opt.step3.argv.isEmpty())
            return usage(QStringLiteral("step 3 needs --run CMD ... --"));
        Verifier verifier(opt);
        verifier.setProgressCallback([json](const VerifyProgress &p) {
            if (!json)
                err() << "step " << p.step << ": " << p.message << "\n";
            err().flush();
        });
        const VerifyResult result = verifier.run(steps);
        session = Session::fromResult(opt, result);
        session.tool = versionLine(QStringLiteral("hipdoctor-cli"));
    }

    if (!sessionPath.isEmpty()) {
        QString se;
        if (!saveSession(session, sessionPath, &se)) {
            err() << "hipdoctor-cli verify: " << se << "\n";
            return ExitInternal;
        }
    }
    if (!reportPath.isEmpty()) {
        QString re;
        if (!writeSessionReport(session, reportPath, {}, redact, &re)) {
            err() << "hipdoctor-cli verify: " << re << "\n";
            return ExitInternal;
        }
    }
    if (json)
        printJson(session.toJson(), pretty);
    else
        printSession(session);
    // The probe refused what the options asked for (an --args spec it cannot read, a device
    // that does not exist): a usage error, not a finding about the artifact.
    for (const StepRecord &st : session.steps)
        for (const CheckRecord &c : st.checks) {
            const QJsonObject probe = c.data.value(QStringLiteral("probe")).toObject();
            if (probe.value(QStringLiteral("status")).toString() == QLatin1String("bad-request")) {
                err() << "hipdoctor-cli verify: step " << st.step << ", " << c.id << ": "
                      << probe.value(QStringLiteral("message")).toString() << "\n";
                return ExitUsage;
            }
        }
    return hasErrors(session.findings) ? ExitFindings : ExitOk;
}

} // namespace hd::cli
