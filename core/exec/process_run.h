#pragma once

#include "common/signals.h"

// Runs one child process the way every step does: an argv list (never a shell), an explicit
// environment, a working directory, a timeout and cancellation; fills a CheckRecord with the
// command, output, exit status or signal and timing.

#include "model/records.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <atomic>

namespace hd {

struct ProcessSpec {
    QStringList argv; // program first
    QString workingDirectory;
    QProcessEnvironment baseEnv = QProcessEnvironment::systemEnvironment();
    QMap<QString, QString> env; // set on top of baseEnv (recorded in the check)
    QStringList unset;          // removed from baseEnv (recorded in the check)
    int timeoutMs = 120000;
    const std::atomic_bool *cancel = nullptr;
    QByteArray stdinData;
    // stdin stays open after stdinData until the child ends (ssh to a node: the remote side
    // reads it as "the connection is still there", docs/remote.md).
    bool keepStdinOpen = false;
    // Run under the reaper (reaperProgram()): nothing the child starts outlives it. Off only
    // for the ssh client (core/remote), which contains the step on the node instead.
    bool contain = true;
};

// The program every contained child runs under: this build's hipdoctor-probe, whose
// `--contain -- PROGRAM ARGS…` kills whatever PROGRAM started when it ends, is stopped, or
// hipdoctor dies (docs/limits.md "Child processes"); "" when there is none (children then run
// in their own process group only).
QString reaperProgram();

// Runs spec and records it in check (command, env, cwd, output, exit, timing). The status is
// Pass on exit 0, Fail on another exit or a signal, Error when it could not start or timed
// out, Cancelled when cancelled. The caller may refine status and summary afterwards.
void runProcess(const ProcessSpec &spec, CheckRecord &check);

QString isoNow(); // UTC, milliseconds

} // namespace hd
