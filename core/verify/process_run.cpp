#include "verify/process_run.h"

#include "common/capped_output.h"
#include "common/child_process.h"
#include "common/signals.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QProcess>

#include <csignal>
#include <cstring>

namespace hd {

QString isoNow() {
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

void runProcess(const ProcessSpec &spec, CheckRecord &check) {
    check.command = spec.argv;
    check.workingDirectory = spec.workingDirectory;
    for (auto it = spec.env.begin(); it != spec.env.end(); ++it)
        check.env.insert(it.key(), it.value());
    check.envRemoved = spec.unset;
    check.startedAt = isoNow();
    if (spec.argv.isEmpty()) {
        check.status = CheckStatus::Error;
        check.summary = QStringLiteral("no command given");
        return;
    }
    QProcessEnvironment env = spec.baseEnv;
    for (const QString &n : spec.unset)
        env.remove(n);
    for (auto it = spec.env.begin(); it != spec.env.end(); ++it)
        env.insert(it.key(), it.value());

    QProcess proc;
    proc.setProgram(spec.argv.first());
    proc.setArguments(spec.argv.mid(1));
    proc.setProcessEnvironment(env);
    if (!spec.workingDirectory.isEmpty())
        proc.setWorkingDirectory(spec.workingDirectory);
    guardChildProcess(proc); // dies with us, killed with its own children (docs/limits.md)
    QElapsedTimer timer;
    timer.start();
    proc.start();
    if (!proc.waitForStarted(30000)) {
        check.durationMs = double(timer.nsecsElapsed()) / 1e6;
        check.status = CheckStatus::Error;
        check.summary =
            QStringLiteral("could not start %1: %2").arg(spec.argv.first(), proc.errorString());
        check.stderrText = proc.errorString();
        return;
    }
    const ChildRegistration registered(proc.processId());
    if (!spec.stdinData.isEmpty())
        proc.write(spec.stdinData);
    if (!spec.keepStdinOpen)
        proc.closeWriteChannel();

    bool cancelled = false;
    bool timedOut = false;
    // Output is taken out of QProcess's buffers after every short wait and kept within a cap
    // (head and tail, docs/limits.md): a child printing gigabytes costs no more memory, and
    // the timeout holds while it floods.
    CappedOutput out, err;
    auto drain = [&] {
        out.append(proc.readAllStandardOutput());
        err.append(proc.readAllStandardError());
    };
    while (!proc.waitForFinished(25)) {
        drain();
        if (proc.state() == QProcess::NotRunning)
            break;
        if (spec.cancel && spec.cancel->load()) {
            cancelled = true;
            break;
        }
        if (spec.timeoutMs > 0 && timer.elapsed() > spec.timeoutMs) {
            timedOut = true;
            break;
        }
    }
    if (cancelled || timedOut)
        killChildGroup(proc);
    check.durationMs = double(timer.nsecsElapsed()) / 1e6;
    drain();
    check.stdoutText = out.text();
    check.stderrText = err.text();
    if (cancelled) {
        check.status = CheckStatus::Cancelled;
        check.summary = QStringLiteral("cancelled");
        return;
    }
    if (timedOut) {
        check.timedOut = true;
        check.status = CheckStatus::Error;
        check.summary =
            QStringLiteral("still running after %1 s: killed").arg(spec.timeoutMs / 1000.0);
        return;
    }
    if (proc.exitStatus() == QProcess::CrashExit) {
        // On Unix, QProcess reports the terminating signal as the exit code of a crash.
        check.signalName = signalName(proc.exitCode());
        check.status = CheckStatus::Fail;
        check.summary = QStringLiteral("killed by %1").arg(check.signalName);
        return;
    }
    check.exitCode = proc.exitCode();
    check.status = check.exitCode == 0 ? CheckStatus::Pass : CheckStatus::Fail;
    check.summary = QStringLiteral("exit status %1").arg(check.exitCode);
}

} // namespace hd
