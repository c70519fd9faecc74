#include "options.h"

#include "cli.h"
#include "remote_option.h"

#include "common/value_parsers.h"
#include "common/version.h"
#include "env/env_profile.h"

#include <algorithm>

namespace hd::cli {

QCommandLineOption option(Opt id, const QString &description, const QString &valueName,
                          const QString &shortName) {
    QStringList names{optionName(id)};
    if (!shortName.isEmpty())
        names.prepend(shortName);
    return QCommandLineOption(names, description, valueName);
}

// ---- output ------------------------------------------------------------------------------

OptionGroup outputGroup(const OutputOptionsSpec &spec) {
    OptionGroup g{QStringLiteral("output"), {}};
    if (spec.json)
        g.options << option(Opt::Json, spec.document);
    if (spec.pretty)
        g.options << option(Opt::Pretty,
                            QStringLiteral("the same document indented for reading (implies "
                                           "--json)"));
    if (!spec.outputFile.isEmpty())
        g.options << option(Opt::Output, spec.outputFile, QStringLiteral("FILE"),
                            QStringLiteral("o"));
    return g;
}

Output readOutput(const Args &args) {
    Output o;
    const bool hasPretty = args.declares(Opt::Pretty);
    o.pretty = hasPretty && args.isSet(Opt::Pretty);
    o.json = o.pretty || (args.declares(Opt::Json) && args.isSet(Opt::Json));
    if (args.declares(Opt::Output))
        o.file = args.value(Opt::Output);
    return o;
}

// ---- target ------------------------------------------------------------------------------

QCommandLineOption targetOption(const QString &description) {
    return option(Opt::Target, description, QStringLiteral("ID"));
}

std::optional<QList<TargetId>> readTargets(const Args &args, QString *error) {
    QList<TargetId> targets;
    for (const QString &v : args.values(Opt::Target)) {
        QString why;
        const auto t = TargetId::parse(v, &why);
        if (!t) {
            *error = QStringLiteral("--target %1: %2").arg(v, why);
            return std::nullopt;
        }
        targets << *t;
    }
    return targets;
}

// ---- environment -------------------------------------------------------------------------

QCommandLineOption envOption(const QString &description) {
    return option(Opt::Env, description, QStringLiteral("NAME=VALUE"));
}

QCommandLineOption timeoutOption(const QString &what, const QString &defaultSeconds) {
    return option(Opt::Timeout, QStringLiteral("%1 (default %2)").arg(what, defaultSeconds),
                  QStringLiteral("SECONDS"));
}

bool readEnvAssignments(const Args &args, QList<EnvAssignment> *out, QString *error) {
    for (const QString &v : args.values(Opt::Env)) {
        QString why;
        const auto a = parseEnvAssignment(v, &why);
        if (!a) {
            *error = QStringLiteral("--env: %1").arg(why);
            return false;
        }
        out->append(*a);
    }
    return true;
}

bool readTimeout(const Args &args, int *ms, QString *error) {
    if (!args.isSet(Opt::Timeout))
        return true;
    QString why;
    const auto v = parseSeconds(args.value(Opt::Timeout), &why);
    if (!v) {
        *error = QStringLiteral("--timeout: %1").arg(why);
        return false;
    }
    *ms = *v;
    return true;
}

OptionGroup envGroup() {
    return {QStringLiteral("environment of every child process"),
            {envOption(QStringLiteral("set for every child process (repeatable); checked against "
                                      "the catalogue")),
             option(Opt::EnvProfile,
                    QStringLiteral("a saved env profile (hipdoctor.env-profile/1 JSON); "
                                   "repeatable, applied before --preset and --env"),
                    QStringLiteral("FILE")),
             option(Opt::Preset,
                    QStringLiteral("quiet, debug-log (AMD_LOG_LEVEL=4 HIP_LAUNCH_BLOCKING=1) or "
                                   "serialize"),
                    QStringLiteral("quiet|debug-log|serialize"))}};
}

bool readEnv(const Args &args, EnvProfile *profile, QString *error) {
    for (const QString &file : args.values(Opt::EnvProfile)) {
        const auto p = EnvProfile::load(file, error);
        if (!p)
            return false;
        *profile = profile->merged(*p);
    }
    for (const QString &name : args.values(Opt::Preset)) {
        const auto p = envPreset(name);
        if (!p) {
            *error = QStringLiteral("unknown preset '%1' (quiet, debug-log, serialize)").arg(name);
            return false;
        }
        *profile = profile->merged(*p);
    }
    QList<EnvAssignment> env;
    if (!readEnvAssignments(args, &env, error))
        return false;
    for (const EnvAssignment &a : env)
        profile->set(a.name, a.value);
    return true;
}

// ---- probe -------------------------------------------------------------------------------

OptionGroup probeGroup(const ProbeGroupSpec &spec) {
    OptionGroup g{QStringLiteral("probe"), {}};
    g.options << option(Opt::Backend,
                        QStringLiteral("hip (libamdhip64), cuda (libcuda), auto: hip, then cuda "
                                       "(default)"),
                        QStringLiteral("auto|hip|cuda"));
    if (spec.library)
        g.options << option(Opt::Library,
                            QStringLiteral("load this runtime file instead of searching"),
                            QStringLiteral("PATH"));
    if (spec.probePath)
        g.options << option(Opt::Probe, QStringLiteral("the hipdoctor-probe to use"),
                            QStringLiteral("PATH"));
    g.options << timeoutOption(QStringLiteral("seconds ") + spec.timeoutWhat, spec.timeoutDefault);
    if (spec.env)
        g.options << envOption(QStringLiteral("set a variable for the probe process "
                                              "(AMD_LOG_LEVEL=4, HIP_VISIBLE_DEVICES=...); "
                                              "repeatable"));
    return g;
}

bool readProbe(const Args &args, ProbeOptions *options, ProbeRequest *request, QString *error) {
    if (args.isSet(Opt::Backend)) {
        QString why;
        const auto b = parseChoice(
            args.value(Opt::Backend),
            {QStringLiteral("auto"), QStringLiteral("hip"), QStringLiteral("cuda")}, &why);
        if (!b) {
            *error = QStringLiteral("--backend: %1").arg(why);
            return false;
        }
        request->backend = *b;
    }
    if (args.declares(Opt::Library))
        request->library = args.value(Opt::Library);
    if (args.declares(Opt::Probe) && args.isSet(Opt::Probe))
        options->probePath = args.value(Opt::Probe);
    if (!readTimeout(args, &options->timeoutMs, error))
        return false;
    if (args.declares(Opt::Env) && !args.declares(Opt::Preset)) {
        QList<EnvAssignment> env;
        if (!readEnvAssignments(args, &env, error))
            return false;
        for (const EnvAssignment &a : env)
            options->env.insert(a.name, a.value);
    }
    return true;
}

OptionGroup remoteGroup(const QString &what, const QString &note) {
    return {QStringLiteral("remote"),
            {option(Opt::Remote,
                    what +
                        QStringLiteral(" on the GPU node HOST (anything ssh accepts: "
                                       "node17, me@gpu.example.org, an ~/.ssh/config "
                                       "alias) over ssh (docs/remote.md)") +
                        (note.isEmpty() ? QString() : QStringLiteral("; ") + note),
                    QStringLiteral("HOST"))}};
}

std::shared_ptr<ExecutionHost> readRemote(const Args &args) {
    return hostFor(args.value(Opt::Remote));
}

OptionGroup helpGroup() {
    return {QString(),
            {option(Opt::Help, QStringLiteral("show this help"), {}, QStringLiteral("h"))}};
}

// ---- the table ---------------------------------------------------------------------------

const QList<CommandSpec> &commands() {
    static const QList<CommandSpec> list = [] {
        QList<CommandSpec> l{captureCommand(), demoCommand(),   devicesCommand(), diagnoseCommand(),
                             inspectCommand(), launchCommand(), reportCommand(),  scanCommand(),
                             sysinfoCommand(), tritonCommand(), verifyCommand()};
        // -h/--help with the command's own options (the untitled group), or alone.
        for (CommandSpec &c : l) {
            const auto own = std::find_if(c.groups.begin(), c.groups.end(),
                                          [](const OptionGroup &g) { return g.title.isEmpty(); });
            if (own != c.groups.end())
                own->options += helpGroup().options;
            else
                c.groups << helpGroup();
        }
        return l;
    }();
    return list;
}

const CommandSpec *findCommand(const QString &name) {
    for (const CommandSpec &c : commands())
        if (c.name == name)
            return &c;
    return nullptr;
}

app::ProgramDoc programDoc() {
    app::ProgramDoc d;
    d.program = QStringLiteral("hipdoctor-cli");
    d.summary =
        QStringLiteral("find out why a GPU kernel will not load or launch, from a terminal");
    d.version = hd::version();
    d.description = QStringLiteral(
        "hipdoctor-cli is the hipdoctor desktop app's engine from a terminal or over ssh: it "
        "inspects GPU binaries (code objects, offload bundles, host executables and libraries, "
        "NVIDIA cubins, fatbins and PTX), diagnoses why a kernel will not load with evidence "
        "and fixes, asks the runtime for its devices in an isolated probe process, launches "
        "kernels, runs the three-step verification sequence and writes reports.\n\n"
        "Each command takes its own options, both as --option VALUE and --option=VALUE; "
        "hipdoctor-cli help COMMAND and hipdoctor-cli COMMAND --help print them.");
    d.commands = commands();
    d.globalOptions = {QStringLiteral("--help"), QStringLiteral("--version")};
    d.exitStatus = QStringLiteral(
        "  0  no error finding (warnings and info may be present)\n"
        "  1  at least one error finding; for inspect, a --target without a fitting code object;\n"
        "     for devices and launch, no runtime, no device, a failed call or a dead probe\n"
        "  2  usage error, or no input could be read\n"
        "  3  internal failure");
    d.environment =
        QStringLiteral("  NO_COLOR              no colour in the output, even on a terminal\n"
                       "  COLUMNS               the width to wrap text to (else the terminal's)\n"
                       "  HIPDOCTOR_DEMO_DIR    the folder of the demo programs (demo)\n"
                       "  HIPDOCTOR_HEAP_TUNING 0 turns the start-up heap tuning off");
    d.seeAlso = {QStringLiteral("hipdoctor(1)")};
    return d;
}

int usageError(const CommandSpec &spec, const QString &why, const QString &suggestion) {
    QString line = QStringLiteral("hipdoctor-cli %1: %2").arg(spec.name, why);
    if (!suggestion.isEmpty())
        line += QStringLiteral(" (did you mean %1?)").arg(suggestion);
    err() << line << "\n\n"
          << app::usageLines(QStringLiteral("hipdoctor-cli"), spec).join(QLatin1Char('\n'))
          << "\n'hipdoctor-cli help " << spec.name << "' lists the options.\n";
    return ExitUsage;
}

} // namespace hd::cli
