// The one supervised child (common/supervised_process.h) with real processes: exit codes,
// stdin, output drained as it arrives, a crash signal, the timeout and cancellation killing
// the whole group, and a program that does not start.
#include "common/supervised_process.h"

#include <QTest>

#include <atomic>
#include <csignal>

using namespace hd;

namespace {

SupervisedSpec shell(const QString &script) {
    SupervisedSpec s;
    s.program = QStringLiteral("/bin/sh");
    s.arguments = {QStringLiteral("-c"), script};
    s.environment = QProcessEnvironment::systemEnvironment();
    return s;
}

} // namespace

class TestSupervisedProcess : public QObject {
    Q_OBJECT
private slots:
    void exitCodeStdinAndOutput() {
        SupervisedSpec s = shell(QStringLiteral("cat; echo err >&2; exit 3"));
        s.stdinData = "hello\n";
        QByteArray out, err;
        s.onStdout = [&](const QByteArray &b) { out += b; };
        s.onStderr = [&](const QByteArray &b) { err += b; };
        const SupervisedEnd e = runSupervised(s);
        QVERIFY(e.started);
        QVERIFY(!e.crashed && !e.cancelled && !e.timedOut);
        QCOMPARE(e.exitCode, 3);
        QCOMPARE(out, QByteArray("hello\n"));
        QCOMPARE(err, QByteArray("err\n"));
    }

    // Output is handed over in pieces while the child runs: 64 MiB never sit in one buffer.
    void floodIsDrainedAsItComes() {
        SupervisedSpec s = shell(QStringLiteral("head -c 67108864 /dev/zero"));
        qint64 total = 0;
        qsizetype largest = 0;
        s.onStdout = [&](const QByteArray &b) {
            total += b.size();
            largest = std::max(largest, b.size());
        };
        const SupervisedEnd e = runSupervised(s);
        QCOMPARE(e.exitCode, 0);
        QCOMPARE(total, qint64(64) << 20);
        QVERIFY2(largest < (qsizetype(64) << 20), qPrintable(QString::number(largest)));
    }

    void crashSignal() {
        const SupervisedEnd e = runSupervised(shell(QStringLiteral("kill -SEGV $$")));
        QVERIFY(e.started);
        QVERIFY(e.crashed);
        QCOMPARE(e.signal, SIGSEGV);
        QCOMPARE(e.signalName, QStringLiteral("SIGSEGV"));
    }

    // The timeout kills the child and its own children (the group): the grandchild holding
    // stdout open does not keep the run alive (a hang here ends in the test's timeout).
    void timeoutKillsTheGroup() {
        SupervisedSpec s = shell(QStringLiteral("sleep 600 & sleep 600"));
        s.timeoutMs = 300;
        const SupervisedEnd e = runSupervised(s);
        QVERIFY(e.timedOut);
        QVERIFY(!e.cancelled);
        QVERIFY(e.crashed); // SIGKILL
        QCOMPARE(e.signal, SIGKILL);
    }

    void cancel() {
        SupervisedSpec s = shell(QStringLiteral("echo started; sleep 600"));
        std::atomic_bool flag{false};
        s.cancelled = [&] { return flag.load(); };
        s.onStdout = [&](const QByteArray &) { flag = true; }; // cancel once it has started
        const SupervisedEnd e = runSupervised(s);
        QVERIFY(e.cancelled);
        QVERIFY(!e.timedOut);
    }

    void doesNotStart() {
        SupervisedSpec s;
        s.program = QStringLiteral("/nonexistent/program");
        const SupervisedEnd e = runSupervised(s);
        QVERIFY(!e.started);
        QVERIFY(!e.startError.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSupervisedProcess)
#include "tst_supervised_process.moc"
