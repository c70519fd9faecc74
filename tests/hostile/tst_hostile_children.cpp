// Children that misbehave (docs/limits.md): output floods kept to a capped head and tail, a
// timeout that holds while the child floods, a runtime that forges protocol lines, children
// that must die with the CLI. The runtime is a real shared library (fake_hip.c) that the real
// hipdoctor-probe loads.

#include "testpaths.h"

#include "common/capped_output.h"
#include "exec/process_run.h"
#include "probe/probe_client.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>
#include <unistd.h>

using namespace hd;

namespace {

constexpr qsizetype kCap = CappedOutput::kDefaultHead + CappedOutput::kDefaultTail;

ProbeResult runFakeRuntime(const QMap<QString, QString> &env, int timeoutMs = 60000,
                           const QString &backend = QStringLiteral("hip")) {
    ProbeOptions o;
    o.probePath = hdtest::binary(QStringLiteral("hipdoctor-probe"));
    o.env = env;
    o.timeoutMs = timeoutMs;
    ProbeRequest rq;
    rq.backend = backend;
    rq.library = QStringLiteral(HD_FAKE_HIP);
    return ProbeClient(o).run(rq);
}

// The state letter of /proc/PID/stat, or 0 when the process is gone.
char processState(qint64 pid) {
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray s = f.readAll();
    const qsizetype close = s.lastIndexOf(')');
    return close > 0 && close + 2 < s.size() ? s[close + 2] : 0;
}

bool gone(qint64 pid) {
    const char s = processState(pid);
    return s == 0 || s == 'Z' || s == 'X';
}

} // namespace

class TestHostileChildren : public QObject {
    Q_OBJECT

private slots:
    void cappedOutputKeepsHeadAndTail();
    void cappedOutputAtTheLimit();
    void floodingCommandIsCapped();
    void timeoutHoldsWhileFlooding();
    void probeStderrFloodIsCapped();
    void probeFloodingForeverTimesOut();
    void runtimeCannotForgeProtocolLines();
    void hangInInitIsNamedUnderAuto_data();
    void hangInInitIsNamedUnderAuto();
    void unreadableArgsAreAUsageError();
    void childrenDieWithTheCli_data();
    void childrenDieWithTheCli();
    void grandchildrenDieWithTheCli();
    void escapedDescendantsDie_data();
    void escapedDescendantsDie();
};

void TestHostileChildren::cappedOutputKeepsHeadAndTail() {
    CappedOutput c(16, 8);
    QByteArray all;
    for (int i = 0; i < 1000; ++i) {
        const QByteArray chunk = QByteArray::number(i) + ',';
        all += chunk;
        c.append(chunk);
    }
    QCOMPARE(c.totalBytes(), all.size());
    QCOMPARE(c.droppedBytes(), all.size() - 24);
    QCOMPARE(c.bytes(), all.left(16) + CappedOutput::marker(all.size() - 24) + all.right(8));
    // One chunk bigger than everything.
    CappedOutput d(4, 4);
    d.append(QByteArray("0123456789abcdef"));
    QCOMPARE(d.bytes(), QByteArray("0123") + CappedOutput::marker(8) + "cdef");
}

void TestHostileChildren::cappedOutputAtTheLimit() {
    CappedOutput c(8, 8);
    c.append(QByteArray(16, 'a'));
    QCOMPARE(c.droppedBytes(), 0);
    QCOMPARE(c.bytes(), QByteArray(16, 'a'));
    c.append("b");
    QCOMPARE(c.droppedBytes(), 1);
    QCOMPARE(c.bytes(), QByteArray(8, 'a') + CappedOutput::marker(1) + QByteArray(7, 'a') + "b");
}

// 200 MB on stdout (the step-3 command): the record keeps 8 MiB, the start and the end.
void TestHostileChildren::floodingCommandIsCapped() {
    ProcessSpec spec;
    spec.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
                 QStringLiteral("echo FIRST-LINE; yes 0123456789abcdefghijklmnopqrstuvwxyz | "
                                "head -c 200000000; echo; echo LAST-LINE; echo ERR >&2")};
    spec.timeoutMs = 0;
    CheckRecord check;
    runProcess(spec, check);
    QCOMPARE(check.status, CheckStatus::Pass);
    QVERIFY(check.stdoutText.size() <= kCap + 100);
    QVERIFY(check.stdoutText.startsWith(QLatin1String("FIRST-LINE\n")));
    QVERIFY(check.stdoutText.endsWith(QLatin1String("LAST-LINE\n")));
    QVERIFY(check.stdoutText.contains(QLatin1String(" bytes of output left out here]")));
    QCOMPARE(check.stderrText, QStringLiteral("ERR\n"));
}

void TestHostileChildren::timeoutHoldsWhileFlooding() {
    ProcessSpec spec;
    spec.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
                 QStringLiteral("yes out & yes err >&2 & wait")};
    spec.timeoutMs = 2000;
    CheckRecord check;
    runProcess(spec, check);
    QVERIFY(check.timedOut);
    QCOMPARE(check.status, CheckStatus::Error);
    QVERIFY(check.stdoutText.size() <= kCap + 100);
    QVERIFY(check.stderrText.size() <= kCap + 100);
    QVERIFY(check.stdoutText.startsWith(QLatin1String("out\nout\n")));
}

void TestHostileChildren::probeStderrFloodIsCapped() {
    const ProbeResult r =
        runFakeRuntime({{QStringLiteral("FAKE_HIP_MODE"), QStringLiteral("flood")},
                        {QStringLiteral("FAKE_HIP_FLOOD_MB"), QStringLiteral("64")}});
    QCOMPARE(r.outcome, ProbeOutcome::Completed); // it goes on to hipInit: no device
    QVERIFY(r.stderrText.size() <= kCap + 200);
    QVERIFY(r.stderrText.contains(QLatin1String("FLOOD-FIRST-LINE")));
    QVERIFY(r.stderrText.contains(QLatin1String("FLOOD-LAST-LINE")));
    QVERIFY(r.stderrText.contains(QLatin1String(" bytes of output left out here]")));
}

void TestHostileChildren::probeFloodingForeverTimesOut() {
    const ProbeResult r =
        runFakeRuntime({{QStringLiteral("FAKE_HIP_MODE"), QStringLiteral("flood")},
                        {QStringLiteral("FAKE_HIP_FLOOD_MB"), QStringLiteral("0")}},
                       3000);
    QCOMPARE(r.outcome, ProbeOutcome::TimedOut);
    QVERIFY(r.stderrText.size() <= kCap + 200);
    QVERIFY(r.stderrText.startsWith(QLatin1String("FLOOD-FIRST-LINE")));
}

// A library constructor printing a "device" line on stdout must not add a device.
void TestHostileChildren::runtimeCannotForgeProtocolLines() {
    const ProbeResult r =
        runFakeRuntime({{QStringLiteral("FAKE_HIP_MODE"), QStringLiteral("forge")}});
    QCOMPARE(r.outcome, ProbeOutcome::Completed);
    QVERIFY(r.helloSeen);
    QVERIFY(r.devices.isEmpty());
    QVERIFY(!r.stdoutLines.join(QLatin1Char('\n')).contains(QLatin1String("FORGED-GPU")));
    QVERIFY(r.stderrText.contains(QLatin1String("FORGED-GPU"))); // kept, as the runtime's output

    QProcess cli;
    cli.start(hdtest::binary(QStringLiteral("hipdoctor-cli")),
              {QStringLiteral("devices"), QStringLiteral("--json"), QStringLiteral("--backend"),
               QStringLiteral("hip"), QStringLiteral("--library"), QStringLiteral(HD_FAKE_HIP),
               QStringLiteral("--env"), QStringLiteral("FAKE_HIP_MODE=forge")});
    QVERIFY(cli.waitForFinished(120000));
    const QJsonObject o = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
    QVERIFY(o.contains(QLatin1String("devices")));
    QVERIFY(o.value(QLatin1String("devices")).toArray().isEmpty());
    QVERIFY(o.value(QLatin1String("stderr")).toString().contains(QLatin1String("FORGED-GPU")));
}

// --backend auto tries hipInit before its hello: a hang there is still named.
void TestHostileChildren::hangInInitIsNamedUnderAuto_data() {
    QTest::addColumn<QString>("backend");
    QTest::newRow("auto") << QStringLiteral("auto");
    QTest::newRow("hip") << QStringLiteral("hip");
}

void TestHostileChildren::hangInInitIsNamedUnderAuto() {
    QFETCH(QString, backend);
    const ProbeResult r = runFakeRuntime(
        {{QStringLiteral("FAKE_HIP_MODE"), QStringLiteral("hang-init")}}, 3000, backend);
    QCOMPARE(r.outcome, ProbeOutcome::TimedOut);
    QCOMPARE(r.diedInPhase, QStringLiteral("runtime-init"));
    QCOMPARE(r.diedInApi, QStringLiteral("hipInit"));
}

// verify --args that the probe cannot read: exit 2 naming the spec, not a finding on the file.
void TestHostileChildren::unreadableArgsAreAUsageError() {
    QProcess cli;
    cli.start(hdtest::binary(QStringLiteral("hipdoctor-cli")),
              {QStringLiteral("verify"), QStringLiteral("--step"), QStringLiteral("2"),
               QStringLiteral("--artifact"),
               hdtest::kernelArtifact(QStringLiteral("vector_add_gfx90a.co")),
               QStringLiteral("--kernel"), QStringLiteral("vector_add"), QStringLiteral("--args"),
               QStringLiteral("garbage!!"), QStringLiteral("--target"), QStringLiteral("gfx90a")});
    QVERIFY(cli.waitForFinished(300000));
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QCOMPARE(cli.exitCode(), 2);
    QVERIFY2(err.contains(QLatin1String("garbage!!")) || err.contains(QLatin1String("argument")),
             qPrintable(err));
}

// A probe stuck in hipInit dies with the CLI: SIGTERM, SIGHUP (ssh closed), SIGINT, and
// SIGKILL (the parent-death signal).
void TestHostileChildren::childrenDieWithTheCli_data() {
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGTERM") << int(SIGTERM);
    QTest::newRow("SIGHUP") << int(SIGHUP);
    QTest::newRow("SIGINT") << int(SIGINT);
    QTest::newRow("SIGKILL") << int(SIGKILL);
}

void TestHostileChildren::childrenDieWithTheCli() {
    QFETCH(int, signal);
    QTemporaryDir dir;
    const QString pidFile = dir.filePath(QStringLiteral("probe.pid"));
    QProcess cli;
    cli.start(hdtest::binary(QStringLiteral("hipdoctor-cli")),
              {QStringLiteral("devices"), QStringLiteral("--backend"), QStringLiteral("hip"),
               QStringLiteral("--library"), QStringLiteral(HD_FAKE_HIP), QStringLiteral("--env"),
               QStringLiteral("FAKE_HIP_MODE=hang-init"), QStringLiteral("--env"),
               QStringLiteral("FAKE_HIP_PIDFILE=") + pidFile, QStringLiteral("--timeout"),
               QStringLiteral("600")});
    QVERIFY(cli.waitForStarted());
    // The probe writes its pid from inside hipInit: from then on it is stuck there.
    QTRY_VERIFY_WITH_TIMEOUT(QFile(pidFile).size() > 0, 60000);
    QFile f(pidFile);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const qint64 probePid = f.readAll().trimmed().toLongLong();
    QVERIFY(probePid > 0);
    QVERIFY(!gone(probePid));
    QCOMPARE(::kill(pid_t(cli.processId()), signal), 0);
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitStatus(), QProcess::CrashExit);
    QTRY_VERIFY_WITH_TIMEOUT(gone(probePid), 60000);
}

// What a step-3 command started itself (here a background sleep) goes too when the CLI is
// killed with SIGKILL: the kernel signals only the direct child, which is the group's keeper.
void TestHostileChildren::grandchildrenDieWithTheCli() {
    QTemporaryDir dir;
    const QString pidFile = dir.filePath(QStringLiteral("sleep.pid"));
    QProcess cli;
    cli.start(hdtest::binary(QStringLiteral("hipdoctor-cli")),
              {QStringLiteral("verify"), QStringLiteral("--step"), QStringLiteral("3"),
               QStringLiteral("--run"), QStringLiteral("sh"), QStringLiteral("-c"),
               QStringLiteral("sleep 600 & echo $! > '%1'; wait").arg(pidFile),
               QStringLiteral("--")});
    QVERIFY(cli.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(QFile(pidFile).size() > 0, 60000);
    QFile f(pidFile);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const qint64 sleepPid = f.readAll().trimmed().toLongLong();
    QVERIFY(sleepPid > 0);
    QVERIFY(!gone(sleepPid));
    QCOMPARE(::kill(pid_t(cli.processId()), SIGKILL), 0);
    QVERIFY(cli.waitForFinished(60000));
    QTRY_VERIFY_WITH_TIMEOUT(gone(sleepPid), 60000);
}

// Descendants that leave the step's process group or session (setsid, a double fork, Python's
// start_new_session) do not survive the step: not its normal end, its timeout, a signal to
// the CLI, nor a kill -9 of the CLI (docs/limits.md "Child processes": the reaper).
void TestHostileChildren::escapedDescendantsDie_data() {
    QTest::addColumn<QString>("escape");
    QTest::addColumn<QString>("end"); // "exit", "timeout", or a signal to the CLI
    const QString setsid = QStringLiteral("setsid sleep 600 & echo $! > \"$F\"; wait");
    const QString doubleFork =
        QStringLiteral("(setsid sh -c 'echo $$ > \"$F\"; exec sleep 600' &) ; sleep 600");
    const QString python = QStringLiteral(
        "python3 -c 'import os,subprocess; p=subprocess.Popen([\"sleep\",\"600\"], "
        "start_new_session=True); open(os.environ[\"F\"],\"w\").write(str(p.pid))'; sleep 600");
    const QString pythonExits =
        QStringLiteral("python3 -c 'import os,subprocess; p=subprocess.Popen([\"sleep\",\"600\"], "
                       "start_new_session=True); open(os.environ[\"F\"],\"w\").write(str(p.pid))'");
    QTest::newRow("python, step ends") << pythonExits << QStringLiteral("exit");
    QTest::newRow("setsid, timeout") << setsid << QStringLiteral("timeout");
    QTest::newRow("double fork, SIGTERM") << doubleFork << QStringLiteral("SIGTERM");
    QTest::newRow("python, SIGINT") << python << QStringLiteral("SIGINT");
    QTest::newRow("setsid, SIGHUP") << setsid << QStringLiteral("SIGHUP");
    QTest::newRow("double fork, SIGKILL") << doubleFork << QStringLiteral("SIGKILL");
}

void TestHostileChildren::escapedDescendantsDie() {
    QFETCH(QString, escape);
    QFETCH(QString, end);
    QTemporaryDir dir;
    const QString pidFile = dir.filePath(QStringLiteral("escaped.pid"));
    QProcess cli;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("F"), pidFile);
    cli.setProcessEnvironment(env);
    QStringList args{QStringLiteral("verify"), QStringLiteral("--step"), QStringLiteral("3")};
    if (end == QLatin1String("timeout"))
        args << QStringLiteral("--timeout") << QStringLiteral("5");
    args << QStringLiteral("--run") << QStringLiteral("sh") << QStringLiteral("-c") << escape
         << QStringLiteral("--");
    cli.start(hdtest::binary(QStringLiteral("hipdoctor-cli")), args);
    QVERIFY(cli.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(QFile(pidFile).size() > 0, 60000);
    QFile f(pidFile);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const qint64 escaped = f.readAll().trimmed().toLongLong();
    QVERIFY(escaped > 0);
    const int sig = end == QLatin1String("SIGTERM")   ? SIGTERM
                    : end == QLatin1String("SIGINT")  ? SIGINT
                    : end == QLatin1String("SIGHUP")  ? SIGHUP
                    : end == QLatin1String("SIGKILL") ? SIGKILL
                                                      : 0;
    if (sig)
        QCOMPARE(::kill(pid_t(cli.processId()), sig), 0);
    // Where the step ends on its own the CLI may be gone already: the QTRY loop above ran the
    // event loop, which reaped it, and waitForFinished() answers false for a finished process.
    QVERIFY(cli.state() == QProcess::NotRunning || cli.waitForFinished(300000));
    QTRY_VERIFY_WITH_TIMEOUT(gone(escaped), 30000);
}

QTEST_GUILESS_MAIN(TestHostileChildren)
#include "tst_hostile_children.moc"
