#include "common/supervised_process.h"

#include "common/child_process.h"
#include "common/signals.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <optional>
#include <utility>

namespace hd {

namespace {

constexpr qint64 kStdinChunk = qint64(1) << 20;

class Supervisor {
public:
    Supervisor(QProcess &proc, const SupervisedSpec &spec) : m_proc(proc), m_spec(spec) {
        m_inputDone = !spec.stdinSource;
        // Handed over as each piece arrives: QProcess's waitFor* read the pipes into its own
        // buffer for as long as they wait, so a child flooding a channel (a node's 192 MiB on
        // stderr) would pile up there a whole poll's worth, hundreds of MB on a fast pipe,
        // before the callbacks could cap it.
        const auto arrived = [this] { m_arrived = drain() || m_arrived; };
        m_outConn = QObject::connect(&proc, &QProcess::readyReadStandardOutput, arrived);
        m_errConn = QObject::connect(&proc, &QProcess::readyReadStandardError, arrived);
    }
    ~Supervisor() {
        QObject::disconnect(m_outConn);
        QObject::disconnect(m_errConn);
    }
    Supervisor(const Supervisor &) = delete;
    Supervisor &operator=(const Supervisor &) = delete;

    // Polls until the child ends, is cancelled or passes a deadline; kills it then.
    void run(const QElapsedTimer &clock, SupervisedEnd &end) {
        QElapsedTimer idle;
        idle.start();
        while (m_proc.state() != QProcess::NotRunning) {
            m_proc.waitForFinished(m_spec.pollMs);
            if (pump())
                idle.restart();
            if (m_proc.state() == QProcess::NotRunning)
                break;
            if (m_spec.cancelled && m_spec.cancelled()) {
                end.cancelled = true;
                break;
            }
            if (m_spec.timeoutMs > 0 && clock.elapsed() > m_spec.timeoutMs) {
                end.timedOut = true;
                break;
            }
            if (m_spec.idleTimeoutMs > 0 && idle.elapsed() > m_spec.idleTimeoutMs) {
                end.timedOut = end.idle = true;
                break;
            }
        }
        if (end.cancelled || end.timedOut)
            killChildGroup(m_proc);
        drain();
    }

private:
    bool drain() {
        const QByteArray out = m_proc.readAllStandardOutput();
        const QByteArray err = m_proc.readAllStandardError();
        if (!out.isEmpty() && m_spec.onStdout)
            m_spec.onStdout(out);
        if (!err.isEmpty() && m_spec.onStderr)
            m_spec.onStderr(err);
        return !out.isEmpty() || !err.isEmpty();
    }

    // Output drained, more stdin given; true when a byte moved either way.
    bool pump() {
        bool moved = drain() || std::exchange(m_arrived, false);
        const qint64 pending = m_proc.bytesToWrite();
        if (pending < m_lastPending)
            moved = true;
        if (!m_inputDone && pending < kStdinChunk) {
            const QByteArray chunk = m_spec.stdinSource(kStdinChunk);
            if (chunk.isEmpty()) {
                m_inputDone = true;
                if (!m_spec.keepStdinOpen)
                    m_proc.closeWriteChannel();
            } else {
                m_proc.write(chunk);
                moved = true;
            }
        }
        m_lastPending = m_proc.bytesToWrite();
        return moved;
    }

    QProcess &m_proc;
    const SupervisedSpec &m_spec;
    bool m_inputDone = true;
    qint64 m_lastPending = 0;
    QMetaObject::Connection m_outConn, m_errConn;
    bool m_arrived = false; // the handlers above took output since the last pump()
};

// The program and its arguments, run through the reaper when the child is contained. False
// (end.startError said) when a contained program is not there to start.
bool setCommand(QProcess &proc, const SupervisedSpec &spec, SupervisedEnd &end) {
    const bool contained = !spec.reaper.isEmpty();
    if (contained) {
        // Found as QProcess would find it (this process's PATH), so that a program that is not
        // there does not start, with or without the reaper.
        const QString program = spec.program.contains(QLatin1Char('/'))
                                    ? spec.program
                                    : QStandardPaths::findExecutable(spec.program);
        const QFileInfo fi(program);
        if (program.isEmpty() || !fi.exists()) {
            end.startError = QStringLiteral("%1: No such file or directory").arg(spec.program);
            return false;
        }
        if (!fi.isFile() || !fi.isExecutable()) {
            end.startError = QStringLiteral("%1: Permission denied").arg(spec.program);
            return false;
        }
        proc.setProgram(spec.reaper);
        proc.setArguments(QStringList{QStringLiteral("--contain"), QStringLiteral("--"), program} +
                          spec.arguments);
    } else {
        proc.setProgram(spec.program);
        proc.setArguments(spec.arguments);
    }
    return true;
}

} // namespace

SupervisedEnd runSupervised(const SupervisedSpec &spec) {
    SupervisedEnd end;
    QProcess proc;
    const bool contained = !spec.reaper.isEmpty();
    if (!setCommand(proc, spec, end))
        return end;
    proc.setProcessEnvironment(spec.environment);
    if (!spec.workingDirectory.isEmpty())
        proc.setWorkingDirectory(spec.workingDirectory);
    guardChildProcess(proc, contained); // dies with us, and what it started with it
    QElapsedTimer clock;
    clock.start();
    proc.start(QIODevice::ReadWrite);
    if (!proc.waitForStarted(spec.startTimeoutMs)) {
        end.durationMs = double(clock.nsecsElapsed()) / 1e6;
        end.startError = proc.errorString();
        if (proc.state() != QProcess::NotRunning)
            killChildGroup(proc);
        return end;
    }
    end.started = true;
    const ChildRegistration registered(proc.processId(), contained);
    // A contained child's reaper handles hipdoctor's death itself; another child's group
    // needs a keeper to go after a kill -9.
    std::optional<GroupKeeper> keeper;
    if (!contained)
        keeper.emplace(proc.processId());
    if (!spec.stdinData.isEmpty())
        proc.write(spec.stdinData);
    if (!spec.keepStdinOpen && !spec.stdinSource)
        proc.closeWriteChannel();
    Supervisor(proc, spec).run(clock, end);
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
