// The one supervised child (common/supervised_process.h) with real processes: exit codes,
// stdin, output drained as it arrives, a crash signal, the timeout and cancellation killing
// the whole group, and a program that does not start.
#include "common/supervised_process.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
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

    // Output is handed over while the child runs, not when it ends: the child writes its second
    // 32 MiB only after the first has reached the callback (a flag file the callback creates),
    // so the run ends only if the first part was handed over on its own.
    void floodIsDrainedAsItComes() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString flag = dir.filePath(QStringLiteral("first-part-seen"));
        SupervisedSpec s = shell(QStringLiteral("head -c 33554432 /dev/zero; "
                                                "while [ ! -e '%1' ]; do sleep 0.01; done; "
                                                "head -c 33554432 /dev/zero")
                                     .arg(flag));
        s.timeoutMs = 120000; // a failure here ends as a timeout, not a hang
        qint64 total = 0;
        int pieces = 0;
        qint64 largest = 0;
        s.onStdout = [&](const QByteArray &b) {
            total += b.size();
            largest = std::max<qint64>(largest, b.size());
            ++pieces;
            if (total >= (qint64(32) << 20) && !QFileInfo::exists(flag))
                QFile(flag).open(QIODevice::WriteOnly);
        };
        const SupervisedEnd e = runSupervised(s);
        QVERIFY(!e.timedOut);
        QCOMPARE(e.exitCode, 0);
        QCOMPARE(total, qint64(64) << 20);
        QVERIFY(pieces >= 2);
        QVERIFY2(largest <= (qint64(32) << 20), qPrintable(QString::number(largest)));
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
