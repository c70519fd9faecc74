#include "probe/probe_client.h"

#include "common/capped_output.h"
#include "common/supervised_process.h"
#include "env/env_catalogue.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <csignal>

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

namespace {

// How the probe ended, from what the supervised run and its lines say: the outcome, the
// message, and the phase it died in.
void judgeEnd(const SupervisedEnd &end, const QString &probe, int timeoutMs, const QString &phase,
              const QString &api, ProbeResult &r) {
    const bool crashed = end.crashed, timedOut = end.timedOut, cancelled = end.cancelled;
    if (crashed) {
        r.signal = end.signal;
        r.signalName = end.signalName;
    } else {
        r.exitCode = end.exitCode;
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
                .arg(probe, QString::number(r.hello.protocol),
                     QString::number(kProbeProtocolVersion));
    } else if (cancelled) {
        r.outcome = ProbeOutcome::Cancelled;
        r.message = QStringLiteral("cancelled");
    } else if (timedOut) {
        r.outcome = ProbeOutcome::TimedOut;
        r.message = QStringLiteral("no answer after %1 ms; the probe was killed").arg(timeoutMs);
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
}

// The probe's stdout cut into lines for applyProbeLine. Its own lines are short: one longer
// than kMaxLine is cut there and the rest of it up to the newline dropped; after kMaxLines
// lines the rest are dropped too (docs/limits.md).
class ProbeLineReader {
public:
    explicit ProbeLineReader(ProbeResult &r) : m_r(r) {}

    void feed(const QByteArray &bytes) {
        m_pending += bytes;
        qsizetype from = 0, nl;
        while ((nl = m_pending.indexOf('\n', from)) >= 0) {
            if (!m_skipping)
                take(m_pending.mid(from, nl - from));
            m_skipping = false;
            from = nl + 1;
        }
        m_pending.remove(0, from);
        if (m_pending.size() > kMaxLine) {
            if (!m_skipping)
                take(m_pending.left(kMaxLine));
            m_skipping = true;
            m_pending.clear();
        }
    }
    // The last line, when the probe ended without its newline.
    void finish() {
        if (!m_pending.isEmpty() && !m_skipping)
            take(m_pending);
    }
    QString phase, api; // the call under way (a "begin" without its "phase" yet)

private:
    static constexpr qsizetype kMaxLine = qsizetype(1) << 20;
    static constexpr qsizetype kMaxLines = 100000;

    void take(const QByteArray &line) {
        if (m_r.stdoutLines.size() < kMaxLines)
            applyProbeLine(m_r, line, &phase, &api);
    }

    ProbeResult &m_r;
    QByteArray m_pending;
    bool m_skipping = false; // inside a line already cut
};

} // namespace

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

    // stderr (the runtime's log) is kept within a cap, head and tail (docs/limits.md).
    CappedOutput err;
    ProbeLineReader lines(r);
    SupervisedSpec sv;
    sv.program = launched ? m_options.launcher.first() : probe;
    sv.arguments = launched ? m_options.launcher.mid(1) : QStringList{};
    sv.keepStdinOpen = launched;
    // Under the reaper, as every child (this build's probe: `hipdoctor-probe --contain --
    // PROBE`, exec/process_run.h reaperProgram()); a launcher (ssh) is contained on the node
    // (docs/remote.md): here it must not be, its shared connection outlives the command.
    if (!launched)
        sv.reaper = findProbeBinary();
    sv.environment = env;
    sv.workingDirectory = m_options.workingDirectory;
    sv.stdinData = QJsonDocument(request.toJson()).toJson(QJsonDocument::Compact) + '\n';
    sv.startTimeoutMs = 10000;
    sv.timeoutMs = m_options.timeoutMs;
    sv.pollMs = 20;
    sv.cancelled = [this] {
        return (m_options.cancel && m_options.cancel->load()) || m_cancelled->load();
    };
    sv.onStderr = [&err](const QByteArray &b) { err.append(b); };
    sv.onStdout = [&lines](const QByteArray &b) { lines.feed(b); };
    const SupervisedEnd end = runSupervised(sv);
    if (!end.started) {
        r.outcome = ProbeOutcome::FailedToStart;
        r.message = QStringLiteral("cannot start %1: %2").arg(sv.program, end.startError);
        return r;
    }
    lines.finish();
    r.wallMs = end.durationMs;
    r.stderrText = err.text();
    r.amdLog = parseAmdLog(r.stderrText);
    judgeEnd(end, probe, m_options.timeoutMs, lines.phase, lines.api, r);
    return r;
}

ProbeResult probeDevices(const QString &backend, const ProbeOptions &options) {
    ProbeRequest rq;
    rq.kind = ProbeRequest::Kind::Devices;
    rq.backend = backend;
    return ProbeClient(options).run(rq);
}

} // namespace hd
