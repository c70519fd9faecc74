#pragma once

// The CLI's declarations (docs/cli.md, "Developer note: declaring options"): the shared option
// groups, each declared here once with the function that reads it, and the table of commands.
// A command is declared by one function beside its implementation (inspectCommand() in
// cmd_inspect.cpp ...) that lists its positionals, its own options and the shared groups it
// takes; parsing, help, completion and man pages all come from these declarations.

#include "cli_options.h"
#include "command_spec.h"

#include "probe/probe_client.h"
#include "targets/target_id.h"

#include <memory>
#include <optional>

namespace hd {
class ExecutionHost;
struct EnvProfile;
struct EnvAssignment;
} // namespace hd

namespace hd::cli {

using app::Args;
using app::CommandSpec;
using app::OptionGroup;
using app::Positional;

// The declaration of option id: "--NAME VALUE" when valueName is given, else a switch;
// shortName adds "-X" ("o" for -o).
QCommandLineOption option(Opt id, const QString &description, const QString &valueName = {},
                          const QString &shortName = {});

// ---- shared groups: declaration + reader ---------------------------------------------------

// Output: --json and --pretty (what --json prints is the command's document); with a file,
// also -o/--output FILE.
struct OutputOptionsSpec {
    QString document;   // "one hipdoctor.inspection/1 document on stdout, compact"
    bool pretty = true; // --pretty exists (devices/launch print theirs indented already)
    QString outputFile; // description of -o/--output; empty: no -o
    bool json = true;   // --json exists
};
OptionGroup outputGroup(const OutputOptionsSpec &spec);
struct Output {
    bool json = false;
    bool pretty = false;
    QString file; // -o/--output, "" when not given
};
Output readOutput(const Args &args);

// Target: --target ID, repeatable, checked by TargetId::parse.
QCommandLineOption targetOption(const QString &description);
// Every --target, parsed; nullopt (message in *error) at the first bad one.
std::optional<QList<TargetId>> readTargets(const Args &args, QString *error);

// The probe: which runtime, how long, the probe binary, the probe's own environment.
struct ProbeGroupSpec {
    bool library = true;    // --library PATH
    bool env = true;        // --env NAME=VALUE for the probe process
    bool probePath = false; // --probe PATH
    QString timeoutDefault = QStringLiteral("60");
    QString timeoutWhat = QStringLiteral("for the probe");
};
OptionGroup probeGroup(const ProbeGroupSpec &spec = {});
// Fills what the group declared; false with *error on a bad value.
bool readProbe(const Args &args, ProbeOptions *options, ProbeRequest *request, QString *error);

// --env NAME=VALUE (repeatable) and --timeout SECONDS, wherever a group or command has them.
bool readEnvAssignments(const Args &args, QList<EnvAssignment> *out, QString *error);
bool readTimeout(const Args &args, int *ms, QString *error);
QCommandLineOption envOption(const QString &description);
QCommandLineOption timeoutOption(const QString &what, const QString &defaultSeconds);

// The environment of every child process: --env, --env-profile, --preset.
OptionGroup envGroup();
bool readEnv(const Args &args, EnvProfile *profile, QString *error);

// --remote HOST (anything ssh accepts): the command's probes and children run on that GPU
// node over ssh (docs/remote.md).
OptionGroup remoteGroup(const QString &what, const QString &note = {});
// Where the command runs: the node's host when --remote was given, else this machine
// (hostFor(), remote_option.h). Never null.
std::shared_ptr<ExecutionHost> readRemote(const Args &args);

// -h/--help: every command has it.
OptionGroup helpGroup();

// ---- the commands --------------------------------------------------------------------------

CommandSpec captureCommand();
CommandSpec inspectCommand();
CommandSpec diagnoseCommand();
CommandSpec devicesCommand();
CommandSpec launchCommand();
CommandSpec verifyCommand();
CommandSpec scanCommand();
CommandSpec tritonCommand();
CommandSpec reportCommand();
CommandSpec sysinfoCommand();
CommandSpec demoCommand();

// Every command, in the order `hipdoctor-cli --help` lists them.
const QList<CommandSpec> &commands();
const CommandSpec *findCommand(const QString &name);
// The documents generated from the declarations: `hipdoctor-cli man`, `completion bash|zsh`.
app::ProgramDoc programDoc();

// "hipdoctor-cli CMD: why (did you mean X?)", the usage lines and where the help is; ExitUsage.
int usageError(const CommandSpec &spec, const QString &why, const QString &suggestion = {});

} // namespace hd::cli
