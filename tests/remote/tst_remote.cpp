// SshConnection and SshHost against a real OpenSSH server on a loopback port (sshd_fixture.h):
// devices through ssh, probe deployment and redeployment, hostile paths / names / values round
// trips, a connection killed mid-step, cancel, and every named failure ssh can give here
// (unknown and changed host key, refused key, unreachable port, missing program).

#include "remote/ssh_connection.h"
#include "remote/ssh_host.h"

#include "common/shell.h"
#include "hooks/diagnosis_hooks.h"
#include "probe/probe_client.h"
#include "sshd_fixture.h"
#include "sysinfo/system_inventory.h"
#include "testpaths.h"
#include "verify/verifier.h"

#include <QCryptographicHash>
#include <QtConcurrent/QtConcurrentRun>
#include <QtTest>

using namespace hd;

namespace {

const QString kHostile = QStringLiteral("it's a \"dir\" ; $(touch pwned) `id` \\ *\nline two");

} // namespace

class TstRemote : public QObject {
    Q_OBJECT

private:
    hdtest::SshKeys m_keys;
    hdtest::Sshd m_sshd;
    QString m_user, m_home, m_knownHosts;
    QTemporaryDir m_tmp;
    QString m_version = QStringLiteral("test-%1").arg(QCoreApplication::applicationPid());

    SshHostOptions options(const QString &version = {}) const {
        SshHostOptions o;
        o.ssh.destination = QStringLiteral("127.0.0.1");
        o.ssh.client = m_keys.client(m_user, m_knownHosts);
        o.ssh.client << QStringLiteral("-p") << QString::number(m_sshd.port());
        o.ssh.controlDirectory = m_tmp.path() + QStringLiteral("/ctl");
        o.localProbe = hdtest::binary(QStringLiteral("hipdoctor-probe"));
        o.version = version.isEmpty() ? m_version : version;
        o.localCache = m_tmp.path() + QStringLiteral("/cache");
        return o;
    }
    CheckRecord run(SshHost &host, const QStringList &argv, const QString &cwd = {},
                    const QMap<QString, QString> &env = {}, const QByteArray &in = {}) {
        ProcessSpec spec;
        spec.argv = argv;
        spec.workingDirectory = cwd;
        spec.env = env;
        spec.stdinData = in;
        spec.timeoutMs = 60000;
        CheckRecord c;
        host.runProcess(spec, c);
        return c;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        QString error;
        if (hdtest::sshdProgram().isEmpty())
            QSKIP("sshd is not installed here (apt-get install openssh-server; .ci/run does)");
        m_user = hdtest::remoteUser(&error);
        QVERIFY2(!m_user.isEmpty(), qPrintable(error));
        m_home = hdtest::homeOf(m_user);
        QVERIFY2(!m_home.isEmpty(), qPrintable(m_user));
        QVERIFY2(m_keys.setUp(&error), qPrintable(error));
        QVERIFY2(m_sshd.start(m_keys, m_user, QStringLiteral("host_key"), &error),
                 qPrintable(error));
        m_knownHosts = m_keys.knownHosts(QStringLiteral("known_hosts"),
                                         {{m_sshd.port(), QStringLiteral("host_key")}});
    }

    void cleanupTestCase() {
        // The shared connections end with the test; the deployed probes with their version.
        if (!m_user.isEmpty() && m_sshd.port()) {
            SshHost host(options());
            host.connection().runScript(QStringLiteral("rm -rf -- \"$HOME/.cache/hipdoctor/$1\" "
                                                       "\"$HOME/.cache/hipdoctor/$1-b\""),
                                        {m_version});
            host.connection().close();
        }
    }

    void openReadsTheNode() {
        SshHost host(options());
        QVERIFY2(host.connection().open(), qPrintable(host.connection().lastMessage()));
        QCOMPARE(host.connection().home(), m_home);
        QVERIFY2(host.connection().system().startsWith(QLatin1String("Linux")),
                 qPrintable(host.connection().system()));
        // The socket folder is private.
        const QFileInfo ctl(m_tmp.path() + QStringLiteral("/ctl"));
        QVERIFY(ctl.isDir());
        QCOMPARE(int(ctl.permissions() & (QFile::ReadOther | QFile::WriteOther | QFile::ExeOther |
                                          QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup)),
                 0);
        const CheckRecord who = run(host, {QStringLiteral("id"), QStringLiteral("-un")});
        QCOMPARE(who.status, CheckStatus::Pass);
        QCOMPARE(who.stdoutText.trimmed(), m_user);
        QCOMPARE(who.command, QStringList({QStringLiteral("id"), QStringLiteral("-un")}));
        QCOMPARE(who.data.value(QStringLiteral("host")).toString(), QStringLiteral("127.0.0.1"));
    }

    void sshCommandFromEnvironment() {
        // HIPDOCTOR_SSH_COMMAND is split like GIT_SSH_COMMAND.
        qputenv("HIPDOCTOR_SSH_COMMAND", "ssh -o 'ConnectTimeout=7' -i \"/tmp/a key\" -p 2222");
        QCOMPARE(sshClientCommand(),
                 QStringList({QStringLiteral("ssh"), QStringLiteral("-o"),
                              QStringLiteral("ConnectTimeout=7"), QStringLiteral("-i"),
                              QStringLiteral("/tmp/a key"), QStringLiteral("-p"),
                              QStringLiteral("2222")}));
        qunsetenv("HIPDOCTOR_SSH_COMMAND");
        QCOMPARE(sshClientCommand(), QStringList{QStringLiteral("ssh")});
        // Through the real server: the command comes from the variable.
        QStringList words = m_keys.client(m_user, m_knownHosts);
        words << QStringLiteral("-p") << QString::number(m_sshd.port());
        qputenv("HIPDOCTOR_SSH_COMMAND", shellJoin(words).toUtf8());
        SshHostOptions o = options();
        o.ssh.client.clear();
        SshHost host(o);
        qunsetenv("HIPDOCTOR_SSH_COMMAND");
        const CheckRecord c = run(host, {QStringLiteral("true")});
        QVERIFY2(c.status == CheckStatus::Pass, qPrintable(c.summary));
    }

    void devicesThroughSsh() {
        SshHost host(options());
        ProbeRequest rq;
        rq.kind = ProbeRequest::Kind::Devices;
        rq.backend = QStringLiteral("auto");
        ProbeOptions po;
        po.env.insert(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("1"));
        const ProbeResult remote = host.runProbe(rq, po);
        // The same request here: the node is this machine, so the answers must agree (the
        // Debian runtime without a GPU answers "no device": that is the real answer).
        ProbeOptions lo;
        lo.probePath = hdtest::binary(QStringLiteral("hipdoctor-probe"));
        lo.env = po.env;
        const ProbeResult local = ProbeClient(lo).run(rq);
        QVERIFY2(remote.outcome == ProbeOutcome::Completed, qPrintable(remote.message));
        QCOMPARE(remote.status, local.status);
        QCOMPARE(remote.devices.size(), local.devices.size());
        QCOMPARE(remote.hello.runtimeVersion, local.hello.runtimeVersion);
        QCOMPARE(remote.message, local.message);
        QCOMPARE(remote.command, QStringList{m_home + QStringLiteral("/.cache/hipdoctor/") +
                                             m_version + QStringLiteral("/hipdoctor-probe")});
        QVERIFY(remote.environment.contains(QStringLiteral("AMD_LOG_LEVEL=1")));
    }

    // Steps 1 and 2 through ssh: the same checks as here, run on the node (this machine, as
    // another user): hipcc compiles there, the runtime there answers "no device", the step 2
    // code object is copied there and its mangled kernel name is found.
    void verifyStep1And2ThroughSsh() {
        const QString co = hdtest::kernelArtifact(QStringLiteral("scenarios/s01_mangled.co"));
        if (!QFileInfo::exists(co))
            QSKIP("kernels/scenarios not built");
        VerifyOptions o;
        o.step1.sourceDir = hdtest::sourceDir() + QStringLiteral("/kernels");
        o.step1.cacheDir = m_tmp.path() + QStringLiteral("/compile-cache");
        o.step1.elements = 4096;
        o.timeoutMs = 300000; // hipcc on a loaded machine
        o.step2.mode = Step2Options::Mode::Artifact;
        o.step2.file = co;
        o.step2.kernel = QStringLiteral("vecAdd");
        o.step2.targets = {QStringLiteral("gfx90a:sramecc+:xnack-")};
        auto host = std::make_shared<SshHost>(options());
        const auto remote = makeVerifier(o);
        remote->setExecutionHost(host);
        const VerifyResult r = remote->run({1, 2});
        o.probePath = hdtest::binary(QStringLiteral("hipdoctor-probe"));
        const auto local = makeVerifier(o);
        const VerifyResult l = local->run({1, 2});
        QCOMPARE(r.steps.size(), 2);
        QCOMPARE(l.steps.size(), 2);
        for (int i = 0; i < 2; ++i) {
            const StepRecord &rs = r.steps.at(i), &ls = l.steps.at(i);
            QStringList rids, lids;
            for (const CheckRecord &c : rs.checks)
                rids << c.id;
            for (const CheckRecord &c : ls.checks)
                lids << c.id;
            QCOMPARE(rids, lids);
            for (const CheckRecord &c : rs.checks) {
                const CheckRecord *lc = ls.check(c.id);
                if (c.id == QLatin1String("runtime-dependency")) {
                    // The loader path is the node's; the run shows it.
                    QCOMPARE(c.status, CheckStatus::Skipped);
                    continue;
                }
                QVERIFY2(c.status == lc->status,
                         qPrintable(c.id + QStringLiteral(": ") + c.summary +
                                    QStringLiteral(" / here: ") + lc->summary));
            }
            QStringList rf, lf;
            for (const Finding &f : rs.findings)
                rf << f.id;
            for (const Finding &f : ls.findings)
                lf << f.id;
            QCOMPARE(rf, lf);
        }
        // The program's run on the node stands for the loader-path check: step 1 reads as here.
        QCOMPARE(r.steps.at(0).status, l.steps.at(0).status);
        QCOMPARE(r.steps.at(0).summary, l.steps.at(0).summary);
        const StepRecord &s1 = r.steps.at(0);
        // The children ran on the node: the compile wrote there, as the remote user.
        const CheckRecord *prog = s1.check(QStringLiteral("compile-program"));
        QVERIFY(prog);
        QVERIFY2(prog->status == CheckStatus::Pass, qPrintable(prog->summary + prog->stderrText));
        QCOMPARE(prog->data.value(QStringLiteral("host")).toString(), QStringLiteral("127.0.0.1"));
        const QString built = prog->artifacts.value(0);
        QVERIFY2(QFileInfo(built).ownerId() == hdtest::uidOf(m_user), qPrintable(built));
        QVERIFY(
            prog->command.last().startsWith(m_home + QStringLiteral("/.cache/hipdoctor/staged/")));
        const CheckRecord *run = s1.check(QStringLiteral("run-program"));
        QVERIFY(run && run->stderrText.contains(QLatin1String("hipErrorNoDevice")));
        QVERIFY(r.steps.at(1).findings.size() > 0);
        QCOMPARE(r.steps.at(1).findings.first().id, QStringLiteral("symbol.mangled-name"));
        // fetchFromHost brings the node's program back for the inspector.
        QString error;
        const QString copy = host->fetchFromHost(QStringLiteral("127.0.0.1:") + built, &error);
        QVERIFY2(!copy.isEmpty(), qPrintable(error));
        QCOMPARE(contentHash(copy), contentHash(built));
    }

    // The node's inventory (docs/remote.md "The node's inventory"): the node being this machine,
    // what describes the machine must agree with the local collection fact by fact (OS,
    // kernel, glibc, driver, packages, device nodes); what describes the login (user, groups,
    // environment) is the remote user's.
    void inventoryOfTheNode() {
        InventoryOptions o;
        o.python = true;
        QElapsedTimer clock;
        clock.start();
        const SystemInventory here = collectSystemInventory(o);
        const qint64 localMs = clock.restart();
        SshHost host(options());
        QVERIFY2(host.connection().open(), qPrintable(host.connection().lastMessage()));
        clock.restart();
        const SystemInventory there = collectSystemInventory(host, o);
        const qint64 remoteMs = clock.elapsed();
        qInfo("inventory: local %lld ms, through ssh (connection open) %lld ms, %lld facts",
              localMs, remoteMs, qint64(there.facts.size()));
        auto facts = [](const SystemInventory &inv, const QString &section) {
            QStringList out;
            for (const InventoryFact &f : inv.section(section))
                out << QStringLiteral("%1 = %2%3")
                           .arg(f.name, f.value,
                                f.available()
                                    ? QString()
                                    : QStringLiteral("(n/a: ") + f.unavailable + QLatin1Char(')'));
            return out.join(QLatin1Char('\n'));
        };
        for (const char *section : {"system", "driver", "packages"})
            QCOMPARE(facts(there, QLatin1String(section)), facts(here, QLatin1String(section)));
        QVERIFY(there.find(QStringLiteral("system"), QStringLiteral("glibc"))->available());
        QVERIFY(!facts(there, QStringLiteral("packages")).isEmpty());
        // Device nodes: mode, owner and group agree; access is the remote user's.
        const QList<InventoryFact> dh = here.section(QStringLiteral("devices")),
                                   dt = there.section(QStringLiteral("devices"));
        QCOMPARE(dt.size(), dh.size());
        for (qsizetype i = 0; i < dh.size(); ++i) {
            QCOMPARE(dt[i].name, dh[i].name);
            if (dh[i].name.startsWith(QLatin1String("/dev/")))
                QCOMPARE(dt[i].value.section(QStringLiteral(", this user"), 0, 0),
                         dh[i].value.section(QStringLiteral(", this user"), 0, 0));
        }
        QCOMPARE(there.find(QStringLiteral("devices"), QStringLiteral("user"))->value, m_user);
        // The node's login environment: its PATH, not this process's.
        const CheckRecord path = run(host, {QStringLiteral("printenv"), QStringLiteral("PATH")});
        QCOMPARE(there.find(QStringLiteral("environment"), QStringLiteral("PATH"))->value,
                 path.stdoutText.trimmed());
        // A tool on both PATHs (same file) gives the same answer there.
        for (const char *tool : {"hipcc", "clang", "rocminfo"}) {
            const InventoryFact *a = here.find(QStringLiteral("toolchain"), QLatin1String(tool));
            if (!a)
                a = here.find(QStringLiteral("gpus"), QLatin1String(tool));
            const InventoryFact *b = there.find(a ? a->section : QString(), QLatin1String(tool));
            QVERIFY(a && b);
            if (a->available() && b->available() && a->value.endsWith(QLatin1Char(')')) &&
                a->value.section(QLatin1Char('('), -1) == b->value.section(QLatin1Char('('), -1))
                QCOMPARE(b->value, a->value);
            else if (a->section == QLatin1String("gpus"))
                QCOMPARE(b->unavailable.isEmpty(), a->unavailable.isEmpty());
        }
        // Python ran there (a python3 is on every PATH here).
        const InventoryFact *py = there.find(QStringLiteral("python"), QStringLiteral("python"));
        QVERIFY2(py && py->available(), py ? qPrintable(py->unavailable) : "no fact");
        // The hip runtime the node's loader finds: the same file when neither side sets
        // LD_LIBRARY_PATH.
        if (!here.find(QStringLiteral("environment"), QStringLiteral("LD_LIBRARY_PATH")) &&
            !there.find(QStringLiteral("environment"), QStringLiteral("LD_LIBRARY_PATH")))
            QCOMPARE(there.find(QStringLiteral("toolchain"), QStringLiteral("hip runtime"))->value,
                     here.find(QStringLiteral("toolchain"), QStringLiteral("hip runtime"))->value);
    }

    void probeDeployment() {
        const QString version = m_version + QStringLiteral("-b");
        QString error;
        bool deployed = false;
        {
            SshHost host(options(version));
            const QString path = host.ensureProbe(&error, &deployed);
            QVERIFY2(!path.isEmpty(), qPrintable(error));
            QVERIFY(deployed); // a new version: copied
            QCOMPARE(path, m_home + QStringLiteral("/.cache/hipdoctor/") + version +
                               QStringLiteral("/hipdoctor-probe"));
            QVERIFY(QFileInfo(path).isExecutable());
            QFile a(path), b(hdtest::binary(QStringLiteral("hipdoctor-probe")));
            QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
            QVERIFY(a.readAll() == b.readAll());
        }
        {
            SshHost host(options(version)); // the same build again: the copy is kept
            QVERIFY(!host.ensureProbe(&error, &deployed).isEmpty());
            QVERIFY(!deployed);
        }
        {
            // A copy that differs (another build with the same version, a damaged file).
            SshHost host(options(version));
            QVERIFY(host.connection().open());
            // Through a plain script: a step's child runs under the deployed probe (its reaper),
            // which cannot be written while it runs.
            const RemoteRun c = host.connection().runScript(
                QStringLiteral("printf broken > \"$1\""), {host.remoteProbePath()});
            QVERIFY2(c.ok(), qPrintable(c.message + c.err));
            QVERIFY(!host.ensureProbe(&error, &deployed).isEmpty());
            QVERIFY(deployed);
            ProbeRequest rq;
            rq.kind = ProbeRequest::Kind::Devices;
            QCOMPARE(host.runProbe(rq, {}).outcome, ProbeOutcome::Completed);
        }
        {
            // Another version goes to its own folder; the older one stays.
            SshHost host(options(m_version));
            QVERIFY(!host.ensureProbe(&error, &deployed).isEmpty());
            QVERIFY(QFileInfo(m_home + QStringLiteral("/.cache/hipdoctor/") + version +
                              QStringLiteral("/hipdoctor-probe"))
                        .exists());
        }
    }

    void probeNotRunnable() {
        // A "probe" that cannot run on the node (here: not an executable format).
        QFile bogus(m_tmp.path() + QStringLiteral("/bogus-probe"));
        QVERIFY(bogus.open(QIODevice::WriteOnly));
        bogus.write("\x7f"
                    "ELF not really");
        bogus.close();
        bogus.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                             QFile::ReadOther | QFile::ExeOther);
        SshHostOptions o = options(m_version + QStringLiteral("-bogus"));
        o.localProbe = bogus.fileName();
        SshHost host(o);
        ProbeRequest rq;
        rq.kind = ProbeRequest::Kind::Devices;
        const ProbeResult r = host.runProbe(rq, {});
        QCOMPARE(r.outcome, ProbeOutcome::FailedToStart);
        QVERIFY2(r.message.startsWith(QLatin1String("probe-not-runnable:")), qPrintable(r.message));
        host.connection().runScript(QStringLiteral("rm -rf -- \"$HOME/.cache/hipdoctor/$1\""),
                                    {o.version});
    }

    void hostileValuesRoundTrip() {
        SshHost host(options());
        const QStringList args{kHostile,
                               QStringLiteral("'"),
                               QStringLiteral("\""),
                               QStringLiteral("a;b"),
                               QStringLiteral("$(echo no)"),
                               QStringLiteral("-x"),
                               QString(),
                               QStringLiteral("ünïcødé")};
        QStringList argv{QStringLiteral("printf"), QStringLiteral("%s\\0")};
        argv << args;
        const CheckRecord c = run(host, argv);
        QCOMPARE(c.status, CheckStatus::Pass);
        QStringList back = c.stdoutText.split(QChar(0));
        QCOMPARE(back.takeLast(), QString());
        QCOMPARE(back, args);

        // A working directory, an environment value and stdin bytes with the same characters.
        const QString base =
            QStringLiteral("/tmp/hd-remote-%1").arg(QCoreApplication::applicationPid());
        const QString dir = base + QLatin1Char('/') + kHostile;
        QCOMPARE(run(host, {QStringLiteral("mkdir"), QStringLiteral("-p"), dir}).status,
                 CheckStatus::Pass);
        const CheckRecord pwd = run(host, {QStringLiteral("pwd")}, dir);
        QCOMPARE(pwd.status, CheckStatus::Pass);
        QCOMPARE(pwd.stdoutText, dir + QLatin1Char('\n'));
        const CheckRecord env = run(host, {QStringLiteral("printenv"), QStringLiteral("HD_VALUE")},
                                    {}, {{QStringLiteral("HD_VALUE"), kHostile}});
        QCOMPARE(env.stdoutText, kHostile + QLatin1Char('\n'));
        QCOMPARE(env.env.value(QStringLiteral("HD_VALUE")), kHostile);
        // A kernel name travels in the probe's JSON on stdin, never on a command line.
        const QByteArray kernel = "_Z6kernelPf; $(touch pwned) 'q' \"dq\"\n\x01\xc3\xa9";
        const CheckRecord cat = run(host, {QStringLiteral("cat")}, dir, {}, kernel);
        QCOMPARE(cat.stdoutText.toUtf8(), kernel);
        QVERIFY(!QFileInfo::exists(dir + QStringLiteral("/pwned")));
        QVERIFY(!QFileInfo::exists(m_home + QStringLiteral("/pwned")));

        // Files with that name cross both ways and keep their bytes.
        const QString localDir = m_tmp.path() + QLatin1Char('/') + kHostile;
        QVERIFY(QDir().mkpath(localDir));
        QFile f(localDir + QStringLiteral("/code ob'ject;$(x).co"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        QByteArray bytes;
        for (int i = 0; i < 300000; ++i)
            bytes.append(char(i * 7 % 256));
        f.write(bytes);
        f.close();
        QString error;
        const QString staged = host.stageToHost(f.fileName(), &error);
        QVERIFY2(!staged.isEmpty(), qPrintable(error));
        QVERIFY(staged.endsWith(QStringLiteral("/code ob'ject;$(x).co")));
        const CheckRecord size =
            run(host, {QStringLiteral("stat"), QStringLiteral("-c"), QStringLiteral("%s"), staged});
        QCOMPARE(size.stdoutText.trimmed(), QString::number(bytes.size()));
        QCOMPARE(host.stageToHost(f.fileName(), &error), staged); // cached by hash
        // A folder.
        const QString staggedDir = host.stageToHost(localDir, &error);
        QVERIFY2(!staggedDir.isEmpty(), qPrintable(error));
        const CheckRecord ls = run(host, {QStringLiteral("ls"), staggedDir});
        QCOMPARE(ls.stdoutText, QStringLiteral("code ob'ject;$(x).co\n"));

        const QString fetched = host.fetchFromHost(QStringLiteral("127.0.0.1:") + staged, &error);
        QVERIFY2(!fetched.isEmpty(), qPrintable(error));
        QVERIFY(fetched.startsWith(m_tmp.path() + QStringLiteral("/cache/")));
        QFile back2(fetched);
        QVERIFY(back2.open(QIODevice::ReadOnly));
        QVERIFY(back2.readAll() == bytes);
        QCOMPARE(fetched.section(QLatin1Char('/'), -2, -2),
                 QString::fromLatin1(
                     QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
        QVERIFY(host.fetchFromHost(staged + QStringLiteral(".missing"), &error).isEmpty());
        QVERIFY2(error.contains(QLatin1String("not a regular file")), qPrintable(error));
        run(host, {QStringLiteral("rm"), QStringLiteral("-rf"), base});
    }

    void parsesRemotePaths() {
        const auto p = parseRemotePath(QStringLiteral("user@node-1:/scratch/a b.co"));
        QVERIFY(p.has_value());
        QCOMPARE(p->host, QStringLiteral("user@node-1"));
        QCOMPARE(p->path, QStringLiteral("/scratch/a b.co"));
        QVERIFY(parseRemotePath(QStringLiteral("node:~/x.co")).has_value());
        QVERIFY(!parseRemotePath(QStringLiteral("/local/a:b")).has_value());
        QVERIFY(!parseRemotePath(QStringLiteral("a:b")).has_value());
        QVERIFY(!parseRemotePath(QStringLiteral("./x:/y")).has_value());
    }

    void exitStatusAndSignals() {
        SshHost host(options());
        const CheckRecord three = run(host, {QStringLiteral("sh"), QStringLiteral("-c"),
                                             QStringLiteral("echo out; echo err >&2; exit 3")});
        QCOMPARE(three.status, CheckStatus::Fail);
        QCOMPARE(three.exitCode, 3);
        QCOMPARE(three.stdoutText, QStringLiteral("out\n"));
        QCOMPARE(three.stderrText, QStringLiteral("err\n"));
        // A remote exit status of 255 is the program's, not ssh's, once connected.
        const CheckRecord ff =
            run(host, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("exit 255")});
        QCOMPARE(ff.exitCode, 255);
        QVERIFY(!ff.data.contains(QStringLiteral("remoteFailure")));
        const CheckRecord segv = run(
            host, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("kill -SEGV $$")});
        QCOMPARE(segv.status, CheckStatus::Fail);
        QCOMPARE(segv.signalName, QStringLiteral("SIGSEGV"));
    }

    void programMissing() {
        SshHost host(options());
        CheckRecord c = run(host, {QStringLiteral("hipcc"), QStringLiteral("--version")}, {},
                            {{QStringLiteral("PATH"), QStringLiteral("/nonexistent")}});
        QCOMPARE(c.status, CheckStatus::Error);
        QCOMPARE(c.data.value(QStringLiteral("remoteFailure")).toString(),
                 QStringLiteral("program-missing"));
        QVERIFY2(c.summary.contains(QLatin1String("no hipcc on 127.0.0.1")), qPrintable(c.summary));
        c = run(host, {QStringLiteral("pwd")}, QStringLiteral("/nonexistent/dir"));
        QCOMPARE(c.status, CheckStatus::Fail);
        QVERIFY2(c.stderrText.contains(QLatin1String("cannot enter directory /nonexistent/dir")),
                 qPrintable(c.stderrText));
    }

    void connectionKilledMidStep() {
        SshHost host(options());
        QVERIFY2(host.connection().open(), qPrintable(host.connection().lastMessage()));
        const QStringList sleeper{QStringLiteral("sleep"), QStringLiteral("314.159")};
        QFuture<CheckRecord> f = QtConcurrent::run([&] { return run(host, sleeper); });
        QTRY_VERIFY_WITH_TIMEOUT(!hdtest::processesRunning(sleeper).isEmpty(), 20000);
        // Kill the server side of the connection (sshd's per-connection processes).
        const QList<qint64> conns = m_sshd.connectionPids();
        QVERIFY(!conns.isEmpty());
        for (qint64 pid : conns)
            ::kill(pid_t(pid), SIGKILL);
        f.waitForFinished();
        const CheckRecord c = f.result();
        QVERIFY2(c.status == CheckStatus::Error, qPrintable(QStringLiteral("%1 / exit %2 / %3")
                                                                .arg(c.summary.english())
                                                                .arg(c.exitCode)
                                                                .arg(c.stderrText)));
        QVERIFY2(c.data.value(QStringLiteral("remoteFailure")).toString() ==
                     QLatin1String("connection-lost"),
                 qPrintable(c.summary + QStringLiteral(" / ") + c.stderrText));
        QVERIFY(!c.timedOut);
        // The step's child on the node died with its connection.
        QTRY_VERIFY_WITH_TIMEOUT(hdtest::processesRunning(sleeper).isEmpty(), 20000);
        // The next command opens a new connection.
        SshHost again(options());
        QCOMPARE(run(again, {QStringLiteral("true")}).status, CheckStatus::Pass);
    }

    void cancelKillsTheRemoteChild() {
        SshHost host(options());
        const QStringList sleeper{QStringLiteral("sleep"), QStringLiteral("271.828")};
        std::atomic_bool cancel{false};
        QFuture<CheckRecord> f = QtConcurrent::run([&] {
            ProcessSpec spec;
            spec.argv = sleeper;
            spec.cancel = &cancel;
            CheckRecord c;
            host.runProcess(spec, c);
            return c;
        });
        QTRY_VERIFY_WITH_TIMEOUT(!hdtest::processesRunning(sleeper).isEmpty(), 20000);
        cancel.store(true);
        f.waitForFinished();
        QCOMPARE(f.result().status, CheckStatus::Cancelled);
        QTRY_VERIFY_WITH_TIMEOUT(hdtest::processesRunning(sleeper).isEmpty(), 20000);
    }

    // What the step started and set free (setsid, a double fork) goes too, through the real
    // sshd: the deployed probe contains the command there (docs/limits.md "Child processes").
    void escapedDescendantsDieOnTheNode_data() {
        QTest::addColumn<QString>("end");
        QTest::newRow("cancel") << QStringLiteral("cancel");
        QTest::newRow("connection lost") << QStringLiteral("connection lost");
        QTest::newRow("step ends") << QStringLiteral("exit");
    }
    void escapedDescendantsDieOnTheNode() {
        QFETCH(QString, end);
        SshHost host(options());
        QVERIFY2(host.connection().open(), qPrintable(host.connection().lastMessage()));
        const QStringList escaped{QStringLiteral("sleep"), QStringLiteral("161.803")};
        const QString script = end == QLatin1String("exit")
                                   ? QStringLiteral("(setsid sleep 161.803 &); sleep 1")
                                   : QStringLiteral("setsid sleep 161.803 & wait");
        std::atomic_bool cancel{false};
        QFuture<CheckRecord> f = QtConcurrent::run([&] {
            ProcessSpec spec;
            spec.argv = {QStringLiteral("sh"), QStringLiteral("-c"), script};
            spec.cancel = &cancel;
            CheckRecord c;
            host.runProcess(spec, c);
            return c;
        });
        QTRY_VERIFY_WITH_TIMEOUT(!hdtest::processesRunning(escaped).isEmpty(), 20000);
        if (end == QLatin1String("cancel"))
            cancel.store(true);
        else if (end == QLatin1String("connection lost"))
            for (qint64 pid : m_sshd.connectionPids())
                ::kill(pid_t(pid), SIGKILL);
        f.waitForFinished();
        QVERIFY(!f.result().data.contains(QStringLiteral("containment")));
        QTRY_VERIFY_WITH_TIMEOUT(hdtest::processesRunning(escaped).isEmpty(), 20000);
    }

    void unknownHostKeyRefused() {
        const QString empty = m_keys.knownHosts(QStringLiteral("known_hosts_empty"), {});
        SshHostOptions o = options();
        o.ssh.client = m_keys.client(m_user, empty);
        o.ssh.client << QStringLiteral("-p") << QString::number(m_sshd.port());
        o.ssh.controlDirectory = m_tmp.path() + QStringLiteral("/ctl-unknown");
        SshHost host(o);
        const CheckRecord c = run(host, {QStringLiteral("true")});
        QCOMPARE(c.status, CheckStatus::Error);
        QCOMPARE(c.data.value(QStringLiteral("remoteFailure")).toString(),
                 QStringLiteral("host-key-unknown"));
        QFile kh(empty);
        QVERIFY(kh.open(QIODevice::ReadOnly));
        QVERIFY(kh.readAll().isEmpty()); // nothing was accepted

        const QString other =
            m_keys.knownHosts(QStringLiteral("known_hosts_other"),
                              {{m_sshd.port(), QStringLiteral("other_host_key")}});
        o.ssh.client = m_keys.client(m_user, other);
        o.ssh.client << QStringLiteral("-p") << QString::number(m_sshd.port());
        SshHost changed(o);
        QVERIFY(!changed.connection().open());
        QCOMPARE(changed.connection().lastFailure(), RemoteFailure::HostKeyChanged);
    }

    void authRefusedAndUnreachable() {
        SshHostOptions o = options();
        o.ssh.client = m_keys.client(m_user, m_knownHosts, QStringLiteral("stranger_key"));
        o.ssh.client << QStringLiteral("-p") << QString::number(m_sshd.port());
        o.ssh.controlDirectory = m_tmp.path() + QStringLiteral("/ctl-stranger");
        SshHost stranger(o);
        ProbeRequest rq;
        rq.kind = ProbeRequest::Kind::Devices;
        const ProbeResult r = stranger.runProbe(rq, {});
        QCOMPARE(r.outcome, ProbeOutcome::FailedToStart);
        QVERIFY2(r.message.startsWith(QLatin1String("auth-refused:")), qPrintable(r.message));

        // A port nothing listens on (sshd's own port after it was taken away is not safe to
        // guess; port 1 needs root to listen on and nothing does here).
        o = options();
        o.ssh.client = m_keys.client(m_user, m_knownHosts);
        o.ssh.client << QStringLiteral("-p") << QStringLiteral("1");
        SshHost nowhere(o);
        QString error;
        QVERIFY(
            nowhere.stageToHost(m_keys.path(QStringLiteral("client_key.pub")), &error).isEmpty());
        QVERIFY2(error.startsWith(QLatin1String("host-unreachable:")), qPrintable(error));
    }

    void classifiesSshMessages() {
        // ssh's own words (OpenSSH 9) → names; another exit status is the command's own.
        QCOMPARE(classifySshFailure(255,
                                    QStringLiteral("ssh: Could not resolve hostname nosuch: Name "
                                                   "or service not known"),
                                    false),
                 RemoteFailure::Unreachable);
        QCOMPARE(classifySshFailure(
                     255, QStringLiteral("Connection to node closed by remote host."), true),
                 RemoteFailure::ConnectionLost);
        QCOMPARE(classifySshFailure(1, QStringLiteral("Permission denied"), true),
                 RemoteFailure::None);
        QCOMPARE(classifySshFailure(1, QStringLiteral("cat: write error: No space left on device"),
                                    true),
                 RemoteFailure::NoSpace);
        // The words are quoted after one "ssh:": the client's own line already has it.
        SshOptions o;
        o.destination = QStringLiteral("nosuch");
        const SshConnection c(o);
        QCOMPARE(c.describe(RemoteFailure::Unreachable,
                            QStringLiteral("ssh: Could not resolve hostname nosuch: Name or "
                                           "service not known\n")),
                 QStringLiteral("host-unreachable: nosuch cannot be reached (ssh: Could not "
                                "resolve hostname nosuch: Name or service not known)"));
        QCOMPARE(c.describe(RemoteFailure::AuthRefused,
                            QStringLiteral("someone@nosuch: Permission denied (publickey).")),
                 QStringLiteral("auth-refused: nosuch refused every key offered (add yours with "
                                "ssh-copy-id, or load it into the agent) (ssh: someone@nosuch: "
                                "Permission denied (publickey).)"));
    }
};

QTEST_GUILESS_MAIN(TstRemote)
#include "tst_remote.moc"
