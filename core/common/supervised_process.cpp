#include "common/supervised_process.h"

#include "common/child_process.h"
#include "common/signals.h"

#include <QElapsedTimer>
#include <QProcess>

namespace hd {

namespace {

void drain(QProcess &proc, const SupervisedSpec &spec) {
    const QByteArray out = proc.readAllStandardOutput();
    const QByteArray err = proc.readAllStandardError();
    if (!out.isEmpty() && spec.onStdout)
        spec.onStdout(out);
    if (!err.isEmpty() && spec.onStderr)
        spec.onStderr(err);
}

// Polls until the child ends, is cancelled or runs out of time; kills its group then.
void supervise(QProcess &proc, const SupervisedSpec &spec, const QElapsedTimer &clock,
               SupervisedEnd &end) {
    while (proc.state() != QProcess::NotRunning) {
        proc.waitForFinished(spec.pollMs);
        drain(proc, spec);
        if (proc.state() == QProcess::NotRunning)
            break;
        if (spec.cancelled && spec.cancelled()) {
            end.cancelled = true;
            break;
        }
        if (spec.timeoutMs > 0 && clock.elapsed() > spec.timeoutMs) {
            end.timedOut = true;
            break;
        }
    }
    if (end.cancelled || end.timedOut)
        killChildGroup(proc);
    drain(proc, spec);
}

} // namespace

SupervisedEnd runSupervised(const SupervisedSpec &spec) {
    SupervisedEnd end;
    QProcess proc;
    proc.setProgram(spec.program);
    proc.setArguments(spec.arguments);
    proc.setProcessEnvironment(spec.environment);
    if (!spec.workingDirectory.isEmpty())
        proc.setWorkingDirectory(spec.workingDirectory);
    guardChildProcess(proc); // dies with us, killed with its own children
    QElapsedTimer clock;
    clock.start();
    proc.start(QIODevice::ReadWrite);
    if (!proc.waitForStarted(spec.startTimeoutMs)) {
        end.durationMs = double(clock.nsecsElapsed()) / 1e6;
        end.startError = proc.errorString();
        return end;
    }
    end.started = true;
    const ChildRegistration registered(proc.processId());
    const GroupKeeper keeper(proc.processId()); // its children go too, even after kill -9
    if (!spec.stdinData.isEmpty())
        proc.write(spec.stdinData);
    if (!spec.keepStdinOpen)
        proc.closeWriteChannel();
    supervise(proc, spec, clock, end);
    end.durationMs = double(clock.nsecsElapsed()) / 1e6;
    if (proc.exitStatus() == QProcess::CrashExit) {
        // On Unix, QProcess reports the terminating signal as the exit code of a crash.
        end.crashed = true;
        end.signal = proc.exitCode();
        end.signalName = signalName(end.signal);
    } else {
        end.exitCode = proc.exitCode();
    }
    return end;
}

} // namespace hd
