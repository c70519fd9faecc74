// hipdoctor-cli with --remote and --hosts against two real sshd instances on loopback ports
// (sshd_fixture.h), reached through host aliases of an ssh config given in
// HIPDOCTOR_SSH_COMMAND, as a user's ~/.ssh/config would name cluster nodes.

#include "sshd_fixture.h"
#include "testpaths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <gnu/libc-version.h>

class TstRemoteCli : public QObject {
    Q_OBJECT

private:
    hdtest::SshKeys m_keys;
    hdtest::Sshd m_a, m_b;
    QString m_user;
    QTemporaryDir m_tmp;

    struct Run {
        int exit = -1;
        QString out, err;
    };
    Run cli(const QStringList &args) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HIPDOCTOR_SSH_COMMAND"),
                   QStringLiteral("ssh -F ") + m_keys.path(QStringLiteral("ssh_config")));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_tmp.path());
        env.insert(QStringLiteral("XDG_CACHE_HOME"), m_tmp.path() + QStringLiteral("/cache"));
        p.setProcessEnvironment(env);
        p.start(hdtest::binary(QStringLiteral("hipdoctor-cli")), args);
        p.waitForFinished(600000);
        return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }

    QJsonObject m_localInventory;
    // This machine's inventory (`sysinfo --json`, no python), once.
    QJsonObject localInventory() {
        if (m_localInventory.isEmpty()) {
            const Run r = cli({QStringLiteral("sysinfo"), QStringLiteral("--json"),
                               QStringLiteral("--no-python")});
            m_localInventory = QJsonDocument::fromJson(r.out.toUtf8()).object();
        }
        return m_localInventory;
    }
    static QJsonObject fact(const QJsonObject &inv, const char *section, const char *name) {
        for (const QJsonValue &v : inv.value(QStringLiteral("facts")).toArray())
            if (v[QStringLiteral("section")].toString() == QLatin1String(section) &&
                v[QStringLiteral("name")].toString() == QLatin1String(name))
                return v.toObject();
        return {};
    }
    static QJsonArray facts(const QJsonObject &inv, const char *section) {
        QJsonArray out;
        for (const QJsonValue &v : inv.value(QStringLiteral("facts")).toArray())
            if (v[QStringLiteral("section")].toString() == QLatin1String(section)) {
                QJsonObject o = v.toObject();
                o.remove(QStringLiteral("source"));
                out.append(o);
            }
        return out;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        if (hdtest::sshdProgram().isEmpty())
            QSKIP("sshd is not installed here (apt-get install openssh-server; .ci/run does)");
        QString error;
        m_user = hdtest::remoteUser(&error);
        QVERIFY2(!m_user.isEmpty(), qPrintable(error));
        QVERIFY2(m_keys.setUp(&error), qPrintable(error));
        m_b.setSalt(7919);
        QVERIFY2(m_a.start(m_keys, m_user, QStringLiteral("host_key"), &error), qPrintable(error));
        QVERIFY2(m_b.start(m_keys, m_user, QStringLiteral("other_host_key"), &error),
                 qPrintable(error));
        QVERIFY(m_a.port() != m_b.port());
        const QString kh = m_keys.knownHosts(QStringLiteral("known_hosts"),
                                             {{m_a.port(), QStringLiteral("host_key")},
                                              {m_b.port(), QStringLiteral("other_host_key")}});
        QFile cfg(m_keys.path(QStringLiteral("ssh_config")));
        QVERIFY(cfg.open(QIODevice::WriteOnly));
        cfg.write((m_keys.configHost(QStringLiteral("node-a"), m_a.port(), m_user, kh) +
                   m_keys.configHost(QStringLiteral("node-b"), m_b.port(), m_user, kh) +
                   m_keys.configHost(QStringLiteral("node-down"), 1, m_user, kh))
                      .toUtf8());
    }

    void devicesRemote() {
        const Run r = cli({QStringLiteral("devices"), QStringLiteral("--remote"),
                           QStringLiteral("node-a"), QStringLiteral("--json")});
        // The runtime on the node (this machine) answers "no device": exit 1, the real answer.
        QCOMPARE(r.exit, 1);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("no-device"));
        const QString probe = o.value(QStringLiteral("command")).toArray().first().toString();
        QVERIFY2(probe.startsWith(hdtest::homeOf(m_user) + QStringLiteral("/.cache/hipdoctor/")),
                 qPrintable(probe));
        const Run down = cli(
            {QStringLiteral("devices"), QStringLiteral("--remote"), QStringLiteral("node-down")});
        QCOMPARE(down.exit, 3);
        QVERIFY2(down.out.contains(QLatin1String("host-unreachable")), qPrintable(down.out));
    }

    void verifyRemoteRecordsTheHost() {
        const QString co = hdtest::kernelArtifact(QStringLiteral("scenarios/s01_mangled.co"));
        const QString session = m_tmp.path() + QStringLiteral("/remote.session.json");
        const Run r =
            cli({QStringLiteral("verify"), QStringLiteral("--remote"), QStringLiteral("node-a"),
                 QStringLiteral("--step"), QStringLiteral("1,2"), QStringLiteral("--kernels-dir"),
                 hdtest::sourceDir() + QStringLiteral("/kernels"), QStringLiteral("--elements"),
                 QStringLiteral("4096"), QStringLiteral("--timeout"), QStringLiteral("300"),
                 QStringLiteral("--artifact"), co, QStringLiteral("--kernel"),
                 QStringLiteral("vecAdd"), QStringLiteral("--target"),
                 QStringLiteral("gfx90a:sramecc+:xnack-"), QStringLiteral("--session"), session});
        QCOMPARE(r.exit, 1); // findings: no device, the mangled name
        QFile f(session);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject s = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(s.value(QStringLiteral("remote")).toString(), QStringLiteral("node-a"));
        QCOMPARE(s.value(QStringLiteral("host")).toString(), QSysInfo::machineHostName());
        // The node's inventory, read there: the node's user (this machine's kernel, the node
        // being this machine).
        const QJsonObject inv = s.value(QStringLiteral("inventory")).toObject();
        QCOMPARE(fact(inv, "devices", "user").value(QStringLiteral("value")).toString(), m_user);
        QCOMPARE(fact(inv, "system", "glibc").value(QStringLiteral("source")).toString(),
                 QStringLiteral("getconf GNU_LIBC_VERSION"));
        QCOMPARE(fact(inv, "system", "kernel").value(QStringLiteral("value")),
                 fact(localInventory(), "system", "kernel").value(QStringLiteral("value")));
        QStringList findings;
        for (const QJsonValue &v : s.value(QStringLiteral("findings")).toArray())
            findings << v.toObject().value(QStringLiteral("id")).toString();
        QVERIFY2(findings.contains(QStringLiteral("symbol.mangled-name")),
                 qPrintable(findings.join(',')));
        QVERIFY2(findings.contains(QStringLiteral("runtime.no-device")),
                 qPrintable(findings.join(',')));
    }

    // sysinfo --remote: the node's inventory (docs/remote.md "The node's inventory"), compared
    // with this machine's where the node being this machine they must agree.
    void sysinfoRemote() {
        const QJsonObject here = localInventory();
        const Run r =
            cli({QStringLiteral("sysinfo"), QStringLiteral("--remote"), QStringLiteral("node-a"),
                 QStringLiteral("--json"), QStringLiteral("--no-python")});
        QCOMPARE(r.exit, 0);
        const QJsonObject there = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(there.value(QStringLiteral("schema")).toString(),
                 QStringLiteral("hipdoctor.sysinfo/1"));
        QCOMPARE(there.value(QStringLiteral("remote")).toString(), QStringLiteral("node-a"));
        QCOMPARE(there.value(QStringLiteral("host")).toString(), QSysInfo::machineHostName());
        for (const auto &[section, name] : {std::pair{"system", "os"},
                                            {"system", "os_id"},
                                            {"system", "kernel"},
                                            {"system", "machine"},
                                            {"system", "glibc"},
                                            {"driver", "amdgpu"},
                                            {"driver", "kfd"},
                                            {"devices", "/dev/kfd"}})
            QCOMPARE(fact(there, section, name).value(QStringLiteral("value")),
                     fact(here, section, name).value(QStringLiteral("value")));
        QCOMPARE(facts(there, "packages"), facts(here, "packages"));
        QCOMPARE(fact(there, "devices", "user").value(QStringLiteral("value")).toString(), m_user);
        // The text form names the node; a node that cannot be reached: exit 3, named.
        const Run text = cli({QStringLiteral("sysinfo"), QStringLiteral("--remote"),
                              QStringLiteral("node-a"), QStringLiteral("--no-python")});
        QCOMPARE(text.exit, 0);
        QVERIFY2(text.out.contains(QStringLiteral("collected on %1 (node-a, over ssh)")
                                       .arg(QSysInfo::machineHostName())),
                 qPrintable(text.out.right(300)));
        const Run down = cli(
            {QStringLiteral("sysinfo"), QStringLiteral("--remote"), QStringLiteral("node-down")});
        QCOMPARE(down.exit, 3);
        QVERIFY2(down.err.contains(QLatin1String("host-unreachable")), qPrintable(down.err));
    }

    void hostsMatrix() {
        const QString dir = m_tmp.path() + QStringLiteral("/sessions");
        QFile list(m_tmp.path() + QStringLiteral("/hosts.txt"));
        QVERIFY(list.open(QIODevice::WriteOnly));
        list.write("# the nodes of this test\nnode-a\nnode-b  # the second sshd\n\nnode-down\n");
        list.close();
        const Run r =
            cli({QStringLiteral("verify"), QStringLiteral("--hosts"), list.fileName(),
                 QStringLiteral("--jobs"), QStringLiteral("3"), QStringLiteral("--step"),
                 QStringLiteral("1"), QStringLiteral("--kernels-dir"),
                 hdtest::sourceDir() + QStringLiteral("/kernels"), QStringLiteral("--elements"),
                 QStringLiteral("4096"), QStringLiteral("--timeout"), QStringLiteral("300"),
                 QStringLiteral("--sessions-dir"), dir});
        QCOMPARE(r.exit, 3); // node-down cannot be reached
        QVERIFY2(r.err.contains(QLatin1String("node-down: host-unreachable")), qPrintable(r.err));
        // Each node is told as it answers, with how many have and when.
        QVERIFY2(r.err.contains(QRegularExpression(
                     QStringLiteral("\\[[1-3]/3, [0-9.]+ s\\] node-a: session "))),
                 qPrintable(r.err));
        // Each node's shared connection ended with its run: no master (a socket in the
        // control folder, ssh_connection.h) outlives the run by ControlPersist's minutes, so
        // no more ssh processes are alive than nodes running (docs/remote.md "Many nodes").
        const QStringList sockets =
            QDir(m_tmp.path() + QStringLiteral("/hipdoctor-ssh")).entryList(QDir::System);
        QVERIFY2(sockets.isEmpty(), qPrintable(sockets.join(QLatin1Char(' '))));
        const QStringList lines = r.out.split(QLatin1Char('\n'));
        QVERIFY2(lines.value(0).contains(QLatin1String("node-a")) &&
                     lines.value(0).contains(QLatin1String("node-b")) &&
                     lines.value(0).contains(QLatin1String("node-down")),
                 qPrintable(r.out));
        auto row = [&](const QString &label) {
            for (const QString &l : lines)
                if (l.mid(2).startsWith(label + QLatin1Char(' ')))
                    return l;
            return QString();
        };
        // The connection differs (node-down); node-a and node-b agree with each other.
        QVERIFY2(row(QStringLiteral("connection")).startsWith(QLatin1Char('*')), qPrintable(r.out));
        QVERIFY2(row(QStringLiteral("connection")).contains(QLatin1String("host-unreachable")),
                 qPrintable(r.out));
        QVERIFY2(row(QStringLiteral("  compile-program")).contains(QLatin1String("pass  ")),
                 qPrintable(r.out));
        QVERIFY(row(QStringLiteral("step 1")).contains(QLatin1String("fail")));
        // One session per reached node, each naming its node.
        for (const QString &n : {QStringLiteral("node-a"), QStringLiteral("node-b")}) {
            QFile f(dir + QLatin1Char('/') + n + QStringLiteral(".session.json"));
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
            const QJsonObject s = QJsonDocument::fromJson(f.readAll()).object();
            QCOMPARE(s.value(QStringLiteral("remote")).toString(), n);
            QCOMPARE(s.value(QStringLiteral("schema")).toString(),
                     QStringLiteral("hipdoctor.session/2"));
        }
        QVERIFY(!QFileInfo::exists(dir + QStringLiteral("/node-down.session.json")));
        // The same matrix from the saved sessions (how sessions written on the nodes merge):
        // the two reached nodes (this machine twice) agree on every row.
        const Run m = cli({QStringLiteral("verify"), QStringLiteral("--compare-sessions"), dir});
        QCOMPARE(m.exit, 0);
        QVERIFY2(m.out.section(QLatin1Char('\n'), 0, 0).contains(QLatin1String("node-a")) &&
                     m.out.section(QLatin1Char('\n'), 0, 0).contains(QLatin1String("node-b")),
                 qPrintable(m.out));
        QVERIFY2(m.out.contains(QLatin1String("the nodes agree on every row")), qPrintable(m.out));
        // The rows from the nodes' inventories: each node's glibc, read there.
        const QString glibc = QString::fromLatin1(gnu_get_libc_version());
        QVERIFY2(row(QStringLiteral("glibc")).count(glibc) == 2, qPrintable(r.out));
        QVERIFY2(m.out.contains(QRegularExpression(
                     QStringLiteral("\n  glibc +%1 +%1\n").arg(QRegularExpression::escape(glibc)))),
                 qPrintable(m.out));
    }
};

QTEST_GUILESS_MAIN(TstRemoteCli)
#include "tst_remote_cli.moc"
