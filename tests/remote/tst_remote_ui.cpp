// The app on a GPU node (docs/remote.md "In the app") against a real sshd on a loopback port
// (sshd_fixture.h), reached through an alias of an ssh config given in HIPDOCTOR_SSH_COMMAND:
// "Connect to GPU node…" lists the config's hosts, names a failed connection, connects; the
// workspace then asks the node for its devices and inventory, and the window says where.

#include "sshd_fixture.h"
#include "testpaths.h"

#include "controllers/workspace.h"
#include "remote/ssh_host.h"
#include "widgets/connect_dialog.h"
#include "widgets/devices_panel.h"
#include "widgets/main_window.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <sys/stat.h>

using namespace hd;
using namespace hd::ui;

class TstRemoteUi : public QObject {
    Q_OBJECT

private:
    hdtest::SshKeys m_keys;
    hdtest::Sshd m_sshd;
    QString m_user;
    QTemporaryDir m_tmp;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // QSettings away from the user's
        QVERIFY(m_tmp.isValid());
        if (hdtest::sshdProgram().isEmpty())
            QSKIP("sshd is not installed here (apt-get install openssh-server; .ci/run does)");
        QString error;
        m_user = hdtest::remoteUser(&error);
        QVERIFY2(!m_user.isEmpty(), qPrintable(error));
        QVERIFY2(m_keys.setUp(&error), qPrintable(error));
        QVERIFY2(m_sshd.start(m_keys, m_user, QStringLiteral("host_key"), &error),
                 qPrintable(error));
        const QString kh = m_keys.knownHosts(QStringLiteral("known_hosts"),
                                             {{m_sshd.port(), QStringLiteral("host_key")}});
        QFile cfg(m_keys.path(QStringLiteral("ssh_config")));
        QVERIFY(cfg.open(QIODevice::WriteOnly));
        cfg.write((m_keys.configHost(QStringLiteral("node-a"), m_sshd.port(), m_user, kh) +
                   m_keys.configHost(QStringLiteral("node-down"), 1, m_user, kh) +
                   QStringLiteral("Host *.cluster gpu? !bastion\n  User nobody\n"))
                      .toUtf8());
        cfg.close();
        qputenv("HIPDOCTOR_SSH_COMMAND", "ssh -F " + QFile::encodeName(cfg.fileName()));
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(m_tmp.path()));
        qputenv("XDG_CACHE_HOME", QFile::encodeName(m_tmp.path() + QStringLiteral("/cache")));
        // The probe to deploy lives in bin/, the tests in tests/.
        qputenv("HIPDOCTOR_PROBE", hdtest::binary(QStringLiteral("hipdoctor-probe")).toUtf8());
    }

    void hostsOfAnSshConfig() {
        const QStringList hosts =
            TargetsController::sshConfigHosts(m_keys.path(QStringLiteral("ssh_config")));
        // The aliases a user types; the patterns are left out.
        QCOMPARE(hosts, QStringList({QStringLiteral("node-a"), QStringLiteral("node-down")}));
        QFile extra(m_tmp.path() + QStringLiteral("/config2"));
        QVERIFY(extra.open(QIODevice::WriteOnly));
        extra.write("# Host commented\nHOST=eq-host\n  host  two  three # trailing\n");
        extra.close();
        QCOMPARE(TargetsController::sshConfigHosts(extra.fileName()),
                 QStringList(
                     {QStringLiteral("eq-host"), QStringLiteral("two"), QStringLiteral("three")}));
        QVERIFY(
            TargetsController::sshConfigHosts(m_tmp.path() + QStringLiteral("/none")).isEmpty());
        // A FIFO there (no writer ever comes) is not waited on: opened as every input is.
        const QByteArray fifo = QFile::encodeName(m_tmp.path() + QStringLiteral("/config-fifo"));
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        QVERIFY(TargetsController::sshConfigHosts(QFile::decodeName(fifo)).isEmpty());
    }

    void connectAndQueryTheNode() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        Workspace *ws = w.workspace();
        auto *hostLabel = w.findChild<QLabel *>(QStringLiteral("executionHost"));
        auto *panelHost = w.devicesPanel()->findChild<QLabel *>(QStringLiteral("devicesHost"));
        QVERIFY(hostLabel && panelHost);
        QCOMPARE(hostLabel->text(), QStringLiteral("Runs on: this machine"));

        {
            // A node that cannot be reached: the dialog names the failure and stays open.
            ConnectDialog d(ws->targets(), &w);
            QSignalSpy done(&d, &ConnectDialog::connectFinished);
            d.destinationBox()->setEditText(QStringLiteral("node-down"));
            d.connectNow();
            QVERIFY(done.wait(90000));
            QCOMPARE(done.first().first().toBool(), false);
            QVERIFY2(d.stateLabel()->text().contains(QLatin1String("host-unreachable")),
                     qPrintable(d.stateLabel()->text()));
            QVERIFY(!ws->targets()->executionHost());
        }
        // The controller opens the connection and makes the node the host; the dialog shows it.
        QSignalSpy devices(ws->targets(), &TargetsController::devicesChanged);
        QSignalSpy inventory(ws->targets(), &TargetsController::inventoryChanged);
        ConnectDialog d(ws->targets(), &w);
        QSignalSpy done(&d, &ConnectDialog::connectFinished);
        d.destinationBox()->setEditText(QStringLiteral("node-a"));
        d.connectNow();
        QVERIFY(done.wait(90000));
        QVERIFY2(done.first().first().toBool(), qPrintable(d.stateLabel()->text()));
        const std::shared_ptr<ExecutionHost> host = ws->targets()->executionHost();
        QVERIFY(host);
        // Remembered (a failed one is not), and offered first next time.
        const QStringList recent =
            QSettings().value(QStringLiteral("remote/recent")).toStringList();
        QCOMPARE(recent.value(0), QStringLiteral("node-a"));
        QVERIFY(!recent.contains(QStringLiteral("node-down")));
        QCOMPARE(ConnectDialog(ws->targets(), &w).destinationBox()->itemText(0),
                 QStringLiteral("node-a"));

        QCOMPARE(hostLabel->text(), QStringLiteral("Runs on: node-a (ssh)"));
        QVERIFY2(panelHost->text().contains(QLatin1String("node-a")),
                 qPrintable(panelHost->text()));
        if (devices.isEmpty())
            QVERIFY(devices.wait(120000));
        // The probe deployed and run on the node: the runtime there (this machine's Debian
        // HIP, no GPU) answers as it does here.
        const ProbeResult &probe = ws->targets()->lastProbe();
        QVERIFY2(probe.command.value(0).startsWith(hdtest::homeOf(m_user) +
                                                   QStringLiteral("/.cache/hipdoctor/")),
                 qPrintable(probe.command.join(' ')));
        QVERIFY2(probe.status == QLatin1String("no-device") || probe.status == QLatin1String("ok"),
                 qPrintable(probe.status + probe.message));
        if (inventory.isEmpty())
            QVERIFY(inventory.wait(120000));
        const InventoryFact *user =
            ws->targets()->inventory().find(QStringLiteral("devices"), QStringLiteral("user"));
        QVERIFY(user);
        QCOMPARE(user->value, m_user); // the node's login, not this process's
        // A session made now records the node.
        const Session s = ws->verification()->makeSession();
        QCOMPARE(s.remote, QStringLiteral("node-a"));
        QCOMPARE(s.host, QSysInfo::machineHostName());

        const QString shot = qEnvironmentVariable("HD_SCREENSHOT_DIR", m_tmp.path()) +
                             QStringLiteral("/remote-node.png");
        // The Devices panel in front: the node, its devices' answer and its inventory.
        if (auto *dock = qobject_cast<QDockWidget *>(w.devicesPanel()->parentWidget()))
            dock->raise();
        QTest::qWait(200);
        QVERIFY(w.grab().save(shot));

        devices.clear();
        ws->setExecutionHost(nullptr);
        QCOMPARE(hostLabel->text(), QStringLiteral("Runs on: this machine"));
        QVERIFY(devices.wait(120000));
        static_cast<SshHost *>(host.get())->connection().close();
    }
};

QTEST_MAIN(TstRemoteUi)
#include "tst_remote_ui.moc"
