#include "probe/probe_client.h"

#include "common/capped_output.h"
#include "common/child_process.h"
#include "common/signals.h"
#include "env/env_catalogue.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <csignal>
#include <cstring>

namespace hd {

QString findProbeBinary(QStringList *searched) {
    QStringList candidates;
    const QString env = qEnvironmentVariable("HIPDOCTOR_PROBE");
    if (!env.isEmpty())
        candidates << env;
    QString exeDir =
        QCoreApplication::instance() ? QCoreApplication::applicationDirPath() : QString();
    if (exeDir.isEmpty())
        exeDir = QFileInfo(QStringLiteral("/proc/self/exe"))
                     .canonicalFilePath()
                     .section(QLatin1Char('/'), 0, -2);
    if (!exeDir.isEmpty()) {
        candidates << exeDir + QStringLiteral("/hipdoctor-probe");
        candidates << QDir::cleanPath(exeDir +
                                      QStringLiteral("/../libexec/hipdoctor/hipdoctor-probe"));
        // Build trees: tests live in build/tests, binaries in build/bin.
        candidates << QDir::cleanPath(exeDir + QStringLiteral("/../bin/hipdoctor-probe"));
    }
    if (searched)
        *searched = candidates;
    for (const QString &c : candidates) {
        QFileInfo fi(c);
        if (fi.isFile() && fi.isExecutable())
            return fi.absoluteFilePath();
    }
    return {};
}

QProcessEnvironment cleanProbeBaseEnvironment() {
    QProcessEnvironment base = QProcessEnvironment::systemEnvironment();
    clearRuntimeVariables(base, EnvChild::Probe);
    return base;
}

ProbeClient::ProbeClient(ProbeOptions options) : m_options(std::move(options)) {}

void ProbeClient::cancel() {
    m_cancelled->store(true);
}

QFuture<ProbeResult> ProbeClient::runAsync(const ProbeRequest &request) const {
    ProbeClient copy = *this; // shares the cancel flag
    return QtConcurrent::run([copy, request] { return copy.run(request); });
}

ProbeResult ProbeClient::run(const ProbeRequest &request) const {
    ProbeResult r;
    r.request = request;
    QStringList searched;
    const bool launched = !m_options.launcher.isEmpty();
    const QString probe = m_options.probePath.isEmpty() && !launched ? findProbeBinary(&searched)
                                                                     : m_options.probePath;
    r.command = QStringList{probe};
    QProcessEnvironment env = m_options.baseEnv;
    for (auto it = m_options.env.cbegin(); it != m_options.env.cend(); ++it) {
        env.insert(it.key(), it.value());
        r.environment << it.key() + QLatin1Char('=') + it.value();
    }
    for (const QString &u : m_options.unset)
        env.remove(u);
    if (probe.isEmpty() && !launched) {
        r.outcome = ProbeOutcome::FailedToStart;
        r.message = QStringLiteral("hipdoctor-probe not found (looked at %1; set HIPDOCTOR_PROBE)")
                        .arg(searched.join(QStringLiteral(", ")));
        return r;
    }

    QProcess proc;
    proc.setProcessEnvironment(env);
    proc.setProgram(launched ? m_options.launcher.first() : probe);
    proc.setArguments(launched ? m_options.launcher.mid(1) : QStringList{});
    if (!m_options.workingDirectory.isEmpty())
        proc.setWorkingDirectory(m_options.workingDirectory);
    guardChildProcess(proc); // dies with us (docs/limits.md)
    QElapsedTimer clock;
    clock.start();
    proc.start(QIODevice::ReadWrite);
    if (!proc.waitForStarted(10000)) {
        r.outcome = ProbeOutcome::FailedToStart;
        r.message = QStringLiteral("cannot start %1: %2").arg(proc.program(), proc.errorString());
        return r;
    }
    const ChildRegistration registered(proc.processId());
    proc.write(QJsonDocument(request.toJson()).toJson(QJsonDocument::Compact));
    proc.write("\n");
    if (!launched)
        proc.closeWriteChannel();

    // stderr (the runtime's log) is kept within a cap, head and tail (docs/limits.md). The
    // probe's own lines are short: one longer than kMaxProbeLine is cut there and the rest of
    // it up to the newline dropped; after kMaxProbeLines lines the rest are dropped too.
    constexpr qsizetype kMaxProbeLine = qsizetype(1) << 20;
    constexpr qsizetype kMaxProbeLines = 100000;
    QByteArray pending;
    bool skipping = false; // inside a line already cut
    CappedOutput err;
    QString phase, api;
    auto take = [&](const QByteArray &line) {
        if (r.stdoutLines.size() < kMaxProbeLines)
            applyProbeLine(r, line, &phase, &api);
    };
    auto drain = [&] {
        pending += proc.readAllStandardOutput();
        err.append(proc.readAllStandardError());
        qsizetype from = 0, nl;
        while ((nl = pending.indexOf('\n', from)) >= 0) {
            if (!skipping)
                take(pending.mid(from, nl - from));
            skipping = false;
            from = nl + 1;
        }
        pending.remove(0, from);
        if (pending.size() > kMaxProbeLine) {
            if (!skipping)
                take(pending.left(kMaxProbeLine));
            skipping = true;
            pending.clear();
        }
    };
    bool timedOut = false, cancelled = false;
    while (proc.state() != QProcess::NotRunning) {
        proc.waitForFinished(20);
        drain();
        if ((m_options.cancel && m_options.cancel->load()) || m_cancelled->load()) {
            cancelled = true;
            killChildGroup(proc);
            break;
        }
        if (m_options.timeoutMs > 0 && clock.elapsed() > m_options.timeoutMs) {
            timedOut = true;
            killChildGroup(proc);
            break;
        }
    }
    drain();
    if (!pending.isEmpty() && !skipping)
        take(pending);
    r.wallMs = double(clock.nsecsElapsed()) / 1e6;
    r.stderrText = err.text();
    r.amdLog = parseAmdLog(r.stderrText);

    const bool crashed = proc.exitStatus() == QProcess::CrashExit;
    if (crashed) {
        r.signal = proc.exitCode(); // Qt reports WTERMSIG as the exit code of a crashed child
        r.signalName = signalName(r.signal);
    } else {
        r.exitCode = proc.exitCode();
    }
    const bool completed = r.outcome == ProbeOutcome::Completed;
    if (!completed || crashed || timedOut || cancelled) {
        r.diedInPhase =
            phase.isEmpty() && !r.helloSeen ? QString::fromLatin1(phase::LibraryLoad) : phase;
        r.diedInApi = api;
    }
    if (r.protocolMismatch) {
        r.outcome = ProbeOutcome::ProtocolMismatch;
        r.message =
            QStringLiteral(
                "probe %1 speaks protocol %2, this hipdoctor speaks %3: install matching versions")
                .arg(probe)
                .arg(r.hello.protocol)
                .arg(kProbeProtocolVersion);
    } else if (cancelled) {
        r.outcome = ProbeOutcome::Cancelled;
        r.message = QStringLiteral("cancelled");
    } else if (timedOut) {
        r.outcome = ProbeOutcome::TimedOut;
        r.message =
            QStringLiteral("no answer after %1 ms; the probe was killed").arg(m_options.timeoutMs);
    } else if (crashed && !completed) {
        r.outcome = r.signal == SIGABRT ? ProbeOutcome::Aborted : ProbeOutcome::Crashed;
        QString last = r.stderrText.trimmed().section(QLatin1Char('\n'), -1);
        r.message = QStringLiteral("the probe was killed by %1").arg(r.signalName);
        if (!last.isEmpty())
            r.message += QStringLiteral("; last stderr line: ") + last;
    } else if (crashed && completed) {
        // A runtime that crashes in its exit handlers after the answer: keep the answer, say so.
        r.message +=
            QStringLiteral(" (then the probe was killed by %1 while exiting)").arg(r.signalName);
    } else if (!completed) {
        // "begin" lines alone come before the hello under --backend auto (protocol.md).
        const bool beginsOnly =
            std::all_of(r.stdoutLines.cbegin(), r.stdoutLines.cend(), [](const QString &l) {
                return l.contains(QLatin1String("\"event\":\"begin\""));
            });
        r.outcome =
            r.helloSeen || beginsOnly ? ProbeOutcome::NoResult : ProbeOutcome::ProtocolMismatch;
        if (r.outcome == ProbeOutcome::ProtocolMismatch) {
            r.protocolMismatch = true;
            r.message = QStringLiteral(
                            "%1 wrote no hello line: not a hipdoctor probe, or an incompatible one")
                            .arg(probe);
        } else {
            r.message =
                QStringLiteral("the probe exited with code %1 without a result").arg(r.exitCode);
        }
    }
    return r;
}

ProbeResult probeDevices(const QString &backend, const ProbeOptions &options) {
    ProbeRequest rq;
    rq.kind = ProbeRequest::Kind::Devices;
    rq.backend = backend;
    return ProbeClient(options).run(rq);
}

} // namespace hd
