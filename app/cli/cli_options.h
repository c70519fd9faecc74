#pragma once

// Every option of hipdoctor-cli, named once (docs/cli.md, "Developer note: declaring
// options"): the commands declare an option with option(Opt::Target, ...) and read it with
// args.value(Opt::Target), so a misspelt option is a compile error, not a run-time surprise.
// A new option is one line here (its enumerator and its long name, sorted by name); its short
// spelling (-o, -v) and its text belong to the command that declares it.

#include <QString>

namespace hd::cli {

#define HD_CLI_OPTIONS(X)                                                                          \
    X(All, "all")                                                                                  \
    X(Args, "args")                                                                                \
    X(Artifact, "artifact")                                                                        \
    X(Backend, "backend")                                                                          \
    X(Block, "block")                                                                              \
    X(CacheDir, "cache-dir")                                                                       \
    X(CheckHashes, "check-hashes")                                                                 \
    X(CompareSessions, "compare-sessions")                                                         \
    X(Compile, "compile")                                                                          \
    X(Compiler, "compiler")                                                                        \
    X(Cwd, "cwd")                                                                                  \
    X(Device, "device")                                                                            \
    X(Dlopen, "dlopen")                                                                            \
    X(Elements, "elements")                                                                        \
    X(Env, "env")                                                                                  \
    X(Events, "events")                                                                            \
    X(EnvProfile, "env-profile")                                                                   \
    X(Exec, "exec")                                                                                \
    X(Format, "format")                                                                            \
    X(Grid, "grid")                                                                                \
    X(Help, "help")                                                                                \
    X(Hosts, "hosts")                                                                              \
    X(ImportRecords, "import-records")                                                             \
    X(Jobs, "jobs")                                                                                \
    X(Json, "json")                                                                                \
    X(KeepPlaces, "keep-places")                                                                   \
    X(Kernel, "kernel")                                                                            \
    X(Kernels, "kernels")                                                                          \
    X(KernelsDir, "kernels-dir")                                                                   \
    X(Library, "library")                                                                          \
    X(NoCache, "no-cache")                                                                         \
    X(NoPython, "no-python")                                                                       \
    X(NoRedact, "no-redact")                                                                       \
    X(OpCwd, "op-cwd")                                                                             \
    X(Output, "output")                                                                            \
    X(Preset, "preset")                                                                            \
    X(Pretty, "pretty")                                                                            \
    X(Probe, "probe")                                                                              \
    X(Remote, "remote")                                                                            \
    X(Repeat, "repeat")                                                                            \
    X(Report, "report")                                                                            \
    X(Run, "run")                                                                                  \
    X(RunEnv, "run-env")                                                                           \
    X(RuntimeVersion, "runtime-version")                                                           \
    X(Session, "session")                                                                          \
    X(SessionsDir, "sessions-dir")                                                                 \
    X(Shared, "shared")                                                                            \
    X(Step, "step")                                                                                \
    X(Summary, "summary")                                                                          \
    X(Switch, "switch")                                                                            \
    X(Symbols, "symbols")                                                                          \
    X(Target, "target")                                                                            \
    X(Timeout, "timeout")                                                                          \
    X(Validate, "validate")                                                                        \
    X(Variant, "variant")                                                                          \
    X(Verbose, "verbose")

enum class Opt {
#define HD_CLI_OPTION_ID(id, name) id,
    HD_CLI_OPTIONS(HD_CLI_OPTION_ID)
#undef HD_CLI_OPTION_ID
};

// The option's long name ("cache-dir" for Opt::CacheDir).
inline QString optionName(Opt id) {
    switch (id) {
#define HD_CLI_OPTION_NAME(id, name)                                                               \
    case Opt::id:                                                                                  \
        return QStringLiteral(name);
        HD_CLI_OPTIONS(HD_CLI_OPTION_NAME)
#undef HD_CLI_OPTION_NAME
    }
    return {};
}

} // namespace hd::cli
