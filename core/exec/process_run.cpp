#include "exec/process_run.h"
#include "common/engine_text.h"

#include "common/capped_output.h"
#include "common/supervised_process.h"
#include "probe/probe_client.h"

#include <QDateTime>

namespace hd {

QString reaperProgram() {
    return findProbeBinary();
}

QString isoNow() {
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

namespace {

// How the child ended, as the check's status and summary.
void recordEnd(const ProcessSpec &spec, const SupervisedEnd &end, CheckRecord &check) {
    if (!end.started) {
        check.status = CheckStatus::Error;
        check.summary =
            HD_TEXT("hd::Verify", "could not start %1: %2").arg(spec.argv.first(), end.startError);
        check.stderrText = end.startError;
    } else if (end.cancelled) {
        check.status = CheckStatus::Cancelled;
        check.summary = QStringLiteral("cancelled");
    } else if (end.timedOut) {
        check.timedOut = true;
        check.status = CheckStatus::Error;
        check.summary =
            HD_TEXT("hd::Verify", "still running after %1 s: killed").arg(spec.timeoutMs / 1000.0);
    } else if (end.crashed) {
        check.signalName = end.signalName;
        check.status = CheckStatus::Fail;
        check.summary = HD_TEXT("hd::Verify", "killed by %1").arg(check.signalName);
    } else {
        check.exitCode = end.exitCode;
        check.status = check.exitCode == 0 ? CheckStatus::Pass : CheckStatus::Fail;
        check.summary = HD_TEXT("hd::Verify", "exit status %1").arg(check.exitCode);
    }
}

} // namespace

void runProcess(const ProcessSpec &spec, CheckRecord &check) {
    check.command = spec.argv;
    check.workingDirectory = spec.workingDirectory;
    for (auto it = spec.env.begin(); it != spec.env.end(); ++it)
        check.env.insert(it.key(), it.value());
    check.envRemoved = spec.unset;
    check.startedAt = isoNow();
    if (spec.argv.isEmpty()) {
        check.status = CheckStatus::Error;
        check.summary = HD_TEXT("hd::Verify", "no command given");
        return;
    }
    QProcessEnvironment env = spec.baseEnv;
    for (const QString &n : spec.unset)
        env.remove(n);
    for (auto it = spec.env.begin(); it != spec.env.end(); ++it)
        env.insert(it.key(), it.value());

    // Output is kept within a cap (head and tail, docs/limits.md): a child printing gigabytes
    // costs no more memory.
    CappedOutput out, err;
    SupervisedSpec sv;
    sv.program = spec.argv.first();
    sv.arguments = spec.argv.mid(1);
    sv.environment = env;
    sv.workingDirectory = spec.workingDirectory;
    sv.stdinData = spec.stdinData;
    sv.keepStdinOpen = spec.keepStdinOpen;
    if (spec.contain)
        sv.reaper = reaperProgram();
    sv.timeoutMs = spec.timeoutMs;
    sv.cancelled = [&spec] { return spec.cancel && spec.cancel->load(); };
    sv.onStdout = [&out](const QByteArray &b) { out.append(b); };
    sv.onStderr = [&err](const QByteArray &b) { err.append(b); };
    const SupervisedEnd end = runSupervised(sv);
    check.durationMs = end.durationMs;
    if (end.started) {
        check.stdoutText = out.text();
        check.stderrText = err.text();
    }
    recordEnd(spec, end, check);
}

} // namespace hd
