#include "check_support_p.h"
#include "common/engine_text.h"

#include "logs/amd_log.h"
#include "model/finding_catalog.h"
#include "model/runtime_errors.h"
#include "verify/verifier.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QStandardPaths>

namespace hd {

QString defaultCompileCacheDir() {
    QString base = qEnvironmentVariable("XDG_CACHE_HOME");
    if (base.isEmpty())
        base = QDir::homePath() + QStringLiteral("/.cache");
    return base + QStringLiteral("/hipdoctor/compile");
}

CompilerInfo detectCompiler(const QProcessEnvironment &env, const QString &explicitPath,
                            bool preferNvcc) {
    CompilerInfo c;
    const auto tryPath = [&](const QString &path, const QString &via) {
        c.searched << path;
        const QFileInfo fi(path);
        if (fi.isFile() && fi.isExecutable()) {
            c.path = fi.absoluteFilePath();
            c.via = via;
            c.kind = fi.fileName().startsWith(QLatin1String("nvcc")) ? QStringLiteral("nvcc")
                                                                     : QStringLiteral("hipcc");
            return true;
        }
        return false;
    };
    if (!explicitPath.isEmpty()) {
        if (tryPath(explicitPath, QStringLiteral("option")))
            return c;
        const QString onPath = QStandardPaths::findExecutable(explicitPath);
        if (!onPath.isEmpty() && tryPath(onPath, QStringLiteral("option")))
            return c;
        return c;
    }
    const QStringList pathDirs =
        env.value(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    const auto findHipcc = [&] {
        const QString hip = env.value(QStringLiteral("HIP_PATH"));
        if (!hip.isEmpty() &&
            tryPath(hip + QStringLiteral("/bin/hipcc"), QStringLiteral("HIP_PATH")))
            return true;
        const QString rocm = env.value(QStringLiteral("ROCM_PATH"));
        if (!rocm.isEmpty() &&
            tryPath(rocm + QStringLiteral("/bin/hipcc"), QStringLiteral("ROCM_PATH")))
            return true;
        for (const QString &d : pathDirs)
            if (tryPath(d + QStringLiteral("/hipcc"), QStringLiteral("PATH")))
                return true;
        return false;
    };
    const auto findNvcc = [&] {
        const QString cuda = env.value(QStringLiteral("CUDA_PATH"));
        if (!cuda.isEmpty() &&
            tryPath(cuda + QStringLiteral("/bin/nvcc"), QStringLiteral("CUDA_PATH")))
            return true;
        for (const QString &d : pathDirs)
            if (tryPath(d + QStringLiteral("/nvcc"), QStringLiteral("PATH")))
                return true;
        return false;
    };
    if (preferNvcc) {
        if (!findNvcc())
            findHipcc();
    } else if (!findHipcc()) {
        findNvcc();
    }
    return c;
}

Direction directionOfError(const QString &name) {
    const RuntimeErrorMeaning *m = runtimeErrorMeaningByName(name);
    return m ? m->direction : Direction::None;
}

namespace {

// A probe run: its protocol lines are not error text; the failing call is structured.
void probeSignature(const ProbeResult &r, FailureSignature &s) {
    if (r.firstError) {
        if (!r.firstError->errorName.isEmpty())
            s.hipErrors << r.firstError->errorName;
        s.firstError = QStringLiteral("%1 returned %2 %3: %4")
                           .arg(r.firstError->api, QString::number(r.firstError->errorCode),
                                r.firstError->errorName, r.firstError->errorString);
    } else if (!r.ok()) {
        s.firstError = r.message;
    }
    for (const QString &e : parseAmdLog(r.stderrText).errorsReturned)
        if (!s.hipErrors.contains(e))
            s.hipErrors << e;
}

// A command: the error names in its output and runtime log, the first line that reads like
// an error.
void commandSignature(const CheckRecord &run, const FailingLineReader &reader,
                      FailureSignature &s) {
    const QString text =
        run.stderrText + QLatin1Char('\n') + run.logText + QLatin1Char('\n') + run.stdoutText;
    static const QRegularExpression errName(
        QStringLiteral("\\b(hipError[A-Za-z]+|CUDA_ERROR_[A-Z_]+|cudaError[A-Za-z]+)\\b"));
    auto it = errName.globalMatch(text);
    while (it.hasNext()) {
        const QString n = it.next().captured(1);
        if (n != QLatin1String("hipErrorNoError") && !s.hipErrors.contains(n))
            s.hipErrors << n;
    }
    const AmdLog log = parseAmdLog(run.stderrText + QLatin1Char('\n') + run.logText);
    for (const QString &e : log.errorsReturned)
        if (!s.hipErrors.contains(e))
            s.hipErrors << e;
    if (reader) {
        s.firstError = reader(run.stderrText + QLatin1Char('\n') + run.stdoutText).left(300);
        if (!s.firstError.isEmpty())
            return;
    }
    static const QRegularExpression errLine(
        QStringLiteral("(error|failed|fail:|exception|cannot|undefined symbol|abort|"
                       "no such file|not found|traceback)"),
        QRegularExpression::CaseInsensitiveOption);
    for (const QString &src : {run.stderrText, run.stdoutText}) {
        for (const QString &line : src.split(QLatin1Char('\n'))) {
            const QString t = line.trimmed();
            if (t.isEmpty())
                continue;
            // A runtime log line at info/debug level is not the program's error.
            if (t.startsWith(QLatin1String(":3:")) || t.startsWith(QLatin1String(":4:")))
                continue;
            if (errLine.match(t).hasMatch()) {
                s.firstError = t.left(300);
                return;
            }
        }
    }
}

} // namespace

FailureSignature signatureOf(const CheckRecord &run, const FailingLineReader &reader) {
    FailureSignature s;
    s.durationMs = run.durationMs;
    s.exitCode = run.exitCode;
    s.signalName = run.signalName;
    s.timedOut = run.timedOut;
    s.passed = run.status == CheckStatus::Pass;
    if (run.data.value(QStringLiteral("probe")).isObject())
        probeSignature(probeResultOf(run), s);
    else
        commandSignature(run, reader, s);
    return s;
}

Finding catalogFinding(const QString &id, Direction dir, const Text &title, const Text &detail,
                       QList<Evidence> ev, QList<Text> fix, const QString &layer) {
    Finding f = hd::makeFinding(id, title, detail);
    if (dir != Direction::None)
        f.direction = dir;
    f.evidence = std::move(ev);
    f.fix = std::move(fix);
    if (!layer.isEmpty())
        f.layer = layer;
    return f;
}

QString firstLines(const QString &text, int n) {
    QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.size() > n)
        lines = lines.mid(0, n);
    return lines.join(QLatin1Char('\n'));
}

// A probe result as a check record.
void fillFromProbe(const ProbeResult &r, const QMap<QString, QString> &env, CheckRecord &c) {
    c.command = r.command;
    c.env = env;
    c.stdoutText = r.stdoutLines.join(QLatin1Char('\n'));
    c.stderrText = r.stderrText;
    c.exitCode = r.exitCode;
    c.signalName = r.signalName;
    c.durationMs = r.wallMs;
    c.timedOut = r.outcome == ProbeOutcome::TimedOut;
    double at = 0;
    for (const PhaseEvent &p : r.phases) {
        c.phases.append(
            {p.name, at, p.ms, p.status,
             p.errorName.isEmpty() ? p.api : p.api + QStringLiteral(": ") + p.errorName});
        at += p.ms;
        if (p.repeat >= 0 && p.name == QLatin1String(phase::Launch))
            c.launchSamplesMs << p.ms;
    }
    c.data = QJsonObject{{QStringLiteral("probe"), r.toJson()}};
    switch (r.outcome) {
    case ProbeOutcome::Completed:
        c.status = r.ok() ? CheckStatus::Pass : CheckStatus::Fail;
        break;
    case ProbeOutcome::Crashed:
    case ProbeOutcome::Aborted:
    case ProbeOutcome::NoResult:
        c.status = CheckStatus::Fail;
        break;
    case ProbeOutcome::Cancelled:
        c.status = CheckStatus::Cancelled;
        break;
    case ProbeOutcome::TimedOut:
    case ProbeOutcome::ProtocolMismatch:
    case ProbeOutcome::FailedToStart:
        c.status = CheckStatus::Error;
        break;
    }
    c.summary = r.summaryText();
    if (!r.diedInPhase.isEmpty())
        c.summary += HD_TEXT("hd::Verify", " (died in phase %1)").arg(r.diedInPhase);
}

bool probeSaysNoDevice(const ProbeResult &r) {
    if (r.status == QLatin1String("no-device"))
        return true;
    for (const PhaseEvent &p : r.phases)
        if (p.errorName == QLatin1String("hipErrorNoDevice") ||
            p.errorName == QLatin1String("CUDA_ERROR_NO_DEVICE"))
            return true;
    return false;
}

Finding noDeviceFinding(const QList<Evidence> &ev) {
    return catalogFinding(
        QStringLiteral("runtime.no-device"), Direction::RuntimeLink,
        HD_TEXT("hd::Verify", "The runtime loads but sees no GPU"),
        HD_TEXT("hd::Verify",
                "The HIP runtime was found and initialised, and answered that there is no "
                "device. Nothing can be loaded or launched on this machine as it is."),
        ev,
        {HD_TEXT("hd::Verify",
                 "Run on a machine with a supported GPU and its kernel driver (amdgpu / "
                 "/dev/kfd for AMD, the NVIDIA driver for CUDA)"),
         HD_TEXT("hd::Verify", "Check that HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES / "
                               "CUDA_VISIBLE_DEVICES do not hide every GPU"),
         HD_TEXT("hd::Verify",
                 "Check that the user may open /dev/kfd and /dev/dri/renderD* (groups "
                 "render and video)")},
        QStringLiteral("load"));
}

ProbeResult probeResultOf(const CheckRecord &c) {
    return ProbeResult::fromJson(c.data.value(QStringLiteral("probe")).toObject());
}

QStringList stringsOf(const QJsonValue &v) {
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out << x.toString();
    return out;
}

} // namespace hd
