#include "session/make_session.h"

#include "common/shell.h"
#include "common/value_parsers.h"
#include "common/version.h"
#include "exec/execution_host.h"
#include "sysinfo/system_inventory.h"

#include <QDateTime>
#include <QSysInfo>

namespace hd {

namespace {

// `hipdoctor-cli verify --step N` with the options the step ran with (docs/cli.md "verify"),
// for a run that had no command line (the app's): the report's "Run it again". A command
// option (--exec, --compile, --run, --variant) takes the words up to a lone "--".
QStringList verifyCommand(const VerifyOptions &o, int step) {
    QStringList a{QStringLiteral("hipdoctor-cli"), QStringLiteral("verify"),
                  QStringLiteral("--step"), QString::number(step)};
    const auto add = [&a](const char *option, const QString &value) {
        if (!value.isEmpty())
            a << QLatin1String(option) << value;
    };
    const auto command = [&a](const char *option, const QStringList &argv) {
        if (!argv.isEmpty())
            a << QLatin1String(option) << argv << QStringLiteral("--");
    };
    for (const QString &assignment : o.env.assignments())
        add("--env", assignment);
    const QString target = step == 1 ? o.step1.target : o.step2.targets.value(0);
    add("--target", target.isEmpty() ? o.step1.target : target);
    if (step == 1) {
        add("--compiler", o.step1.compiler);
        add("--kernels-dir", o.step1.sourceDir);
    } else if (step == 2) {
        const Step2Options &s2 = o.step2;
        switch (s2.mode) {
        case Step2Options::Mode::Artifact:
            add("--artifact", s2.file);
            break;
        case Step2Options::Mode::Dlopen:
            add("--dlopen", s2.file);
            break;
        case Step2Options::Mode::Executable:
            command("--exec", s2.argv);
            break;
        case Step2Options::Mode::Source:
            command("--compile", s2.compileArgv);
            add("--output", s2.file);
            break;
        case Step2Options::Mode::None:
            break;
        }
        add("--kernel", s2.kernel);
        add("--args", s2.args);
        if (!s2.args.isEmpty()) {
            add("--grid", dimensionsText(s2.grid));
            add("--block", dimensionsText(s2.block));
        }
        if (s2.repeat > 1)
            add("--repeat", QString::number(s2.repeat));
        add("--op-cwd", s2.workingDirectory);
    } else if (step == 3) {
        const Step3Options &s3 = o.step3;
        command("--run", s3.argv);
        command("--variant", s3.variantArgv);
        add("--switch", s3.switchEnv);
        for (auto it = s3.env.cbegin(); it != s3.env.cend(); ++it)
            add("--run-env", it.key() + QLatin1Char('=') + it.value());
        add("--cwd", s3.workingDirectory);
    }
    return a;
}

} // namespace

Session sessionFromResult(const VerifyOptions &options, const VerifyResult &result,
                          const QString &tool, const QString &origin) {
    Session s;
    s.createdAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    s.tool = tool.isEmpty() ? versionLine(QStringLiteral("hipdoctor")) : tool;
    s.host = QSysInfo::machineHostName();
    s.origin = origin;
    s.inputs = options.toJson();
    s.devices = result.devices;
    s.env = options.env;
    s.envProblems = result.envProblems;
    s.steps = result.steps;
    // Each step's whole command line; the CLI puts its own (the user's words) in its place.
    for (StepRecord &st : s.steps)
        if (st.rerun.isEmpty() && st.status != CheckStatus::Skipped)
            st.rerun = shellJoin(verifyCommand(options, st.step));
    s.comparison = result.comparison;
    s.findings = result.allFindings();
    s.caseVerdict = caseVerdict(result.question(options), s.findings);
    s.cancelled = result.cancelled;
    return s;
}

Session sessionFromRun(const VerifyOptions &options, const VerifyResult &result,
                       ExecutionHost &host, const QString &tool, const QString &origin,
                       const SystemInventory *inventory) {
    Session s = sessionFromResult(options, result, tool, origin);
    s.remote = host.hostName();
    s.host = host.nodeName();
    // The inventory of the machine the steps ran on (docs/remote.md "The node's inventory").
    s.inventory = inventory ? *inventory : collectSystemInventory(host);
    return s;
}

} // namespace hd
