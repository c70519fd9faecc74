#include "verify/process_run.h"

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
    if (!spec.stdinData.isEmpty())
        proc.write(spec.stdinData);
    proc.closeWriteChannel();

    bool cancelled = false;
    bool timedOut = false;
    // Short waits so cancellation and the timeout are honoured while the child runs; the
    // output buffers are drained on every wait.
    while (!proc.waitForFinished(25)) {
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
    if (cancelled || timedOut) {
        proc.kill();
        proc.waitForFinished(5000);
    }
    check.durationMs = double(timer.nsecsElapsed()) / 1e6;
    check.stdoutText = QString::fromUtf8(proc.readAllStandardOutput());
    check.stderrText = QString::fromUtf8(proc.readAllStandardError());
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
