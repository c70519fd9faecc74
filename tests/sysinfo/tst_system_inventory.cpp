// The system inventory on this machine (real /etc/os-release, dpkg, hipcc, uname), every
// source's "not available" path, the child-process timeout (a python3 that hangs), the JSON
// round trip and `hipdoctor-cli sysinfo` with its redaction.

#include "exec/execution_host.h"
#include "sysinfo/system_inventory.h"

#include "testpaths.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <gnu/libc-version.h>
#include <sys/utsname.h>

using namespace hd;

namespace {

// This machine seen as a node: every source goes through runProcess and fetchFromHost, as on a
// GPU node over ssh (a LocalHost itself takes the local fast path).
class ThisMachineAsANode final : public ExecutionHost {
public:
    QString hostName() const override { return QStringLiteral("this-machine"); }
    QString nodeName() const override { return m_local.nodeName(); }
    void runProcess(const ProcessSpec &spec, CheckRecord &check) override {
        m_local.runProcess(spec, check);
    }
    ProbeResult runProbe(const ProbeRequest &request, const ProbeOptions &options) override {
        return m_local.runProbe(request, options);
    }
    QString stageToHost(const QString &path, QString *error) override {
        return m_local.stageToHost(path, error);
    }
    QString fetchFromHost(const QString &path, QString *error) override {
        return m_local.fetchFromHost(path, error);
    }

private:
    LocalHost m_local;
};

QString value(const SystemInventory &inv, const char *section, const char *name) {
    const InventoryFact *f = inv.find(QLatin1String(section), QLatin1String(name));
    return f ? f->value : QStringLiteral("<no fact>");
}

QString reason(const SystemInventory &inv, const char *section, const char *name) {
    const InventoryFact *f = inv.find(QLatin1String(section), QLatin1String(name));
    return f ? f->unavailable : QStringLiteral("<no fact>");
}

// A folder for PATH holding one executable script.
void script(const QTemporaryDir &dir, const QString &name, const QByteArray &body) {
    QFile f(dir.filePath(name));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\n" + body + "\n");
    f.close();
    QVERIFY(f.setPermissions(f.permissions() | QFileDevice::ExeOwner));
}

} // namespace

class TestSystemInventory : public QObject {
    Q_OBJECT

private slots:
    void thisMachine() {
        InventoryOptions o;
        o.python = false;
        const SystemInventory inv = collectSystemInventory(o);
        QVERIFY(!inv.collectedAt.isEmpty());
        // /etc/os-release as os-release(5) gives it.
        QFile osr(QStringLiteral("/etc/os-release"));
        QVERIFY(osr.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(osr.readAll());
        const QString os = value(inv, "system", "os");
        QVERIFY2(text.contains(QStringLiteral("PRETTY_NAME=\"%1\"").arg(os)), qPrintable(os));
        struct utsname u {};
        QCOMPARE(uname(&u), 0);
        QVERIFY(value(inv, "system", "kernel").contains(QString::fromUtf8(u.release)));
        QCOMPARE(value(inv, "system", "glibc"), QString::fromLatin1(gnu_get_libc_version()));
        // dpkg's own answer for a package every HIP build machine here has.
        const QString hipcc = QStandardPaths::findExecutable(QStringLiteral("hipcc"));
        if (hipcc.isEmpty())
            QSKIP("no hipcc on this machine");
        QProcess dpkg;
        dpkg.start(
            QStringLiteral("dpkg-query"),
            {QStringLiteral("-W"), QStringLiteral("-f=${Version}"), QStringLiteral("hipcc")});
        QVERIFY(dpkg.waitForFinished(30000));
        QCOMPARE(value(inv, "packages", "hipcc"), QString::fromUtf8(dpkg.readAllStandardOutput()));
        // hipcc --version: the HIP version line and the path.
        const QString hipccFact = value(inv, "toolchain", "hipcc");
        QVERIFY2(hipccFact.contains(QLatin1String("HIP version:")), qPrintable(hipccFact));
        QVERIFY2(hipccFact.contains(hipcc), qPrintable(hipccFact));
        // The runtime library the loader finds, with the version from its file name.
        QVERIFY2(value(inv, "toolchain", "hip runtime").contains(QLatin1String("libamdhip64.so")),
                 qPrintable(value(inv, "toolchain", "hip runtime")));
        // No GPU here: the driver facts say why they are missing, never empty.
        for (const InventoryFact &f : inv.facts) {
            QVERIFY2(!f.section.isEmpty() && !f.name.isEmpty() && !f.source.isEmpty(),
                     qPrintable(f.name));
            if (!f.available())
                QVERIFY2(f.value.isEmpty(), qPrintable(f.name));
        }
        if (!QFile::exists(QStringLiteral("/dev/kfd")))
            QCOMPARE(reason(inv, "devices", "/dev/kfd"), QStringLiteral("/dev/kfd does not exist"));
        QVERIFY(!value(inv, "devices", "groups").isEmpty());
    }

    // The node's path (docs/remote.md "The node's inventory") through an ExecutionHost that is
    // this machine: every source read with cat, grep, find, uname, getconf, id and env -0 and
    // every tool run by argv gives the fact the local calls give, in the same order; only the
    // sources of uname, glibc, the device nodes and the identity are named differently.
    void throughAHostAgreesWithTheLocalCalls() {
        InventoryOptions o;
        o.python = false;
        const SystemInventory here = collectSystemInventory(o);
        ThisMachineAsANode host;
        const SystemInventory there = collectSystemInventory(host, o);
        QStringList a, b;
        for (const InventoryFact &f : here.facts)
            a << QStringLiteral("%1 | %2 | %3 | %4").arg(f.section, f.name, f.value, f.unavailable);
        for (const InventoryFact &f : there.facts)
            b << QStringLiteral("%1 | %2 | %3 | %4").arg(f.section, f.name, f.value, f.unavailable);
        QCOMPARE(b.join(QLatin1Char('\n')), a.join(QLatin1Char('\n')));
        QCOMPARE(value(there, "devices", "/dev/kfd").isEmpty(), !QFile::exists("/dev/kfd"));
        QCOMPARE(there.find(QStringLiteral("system"), QStringLiteral("glibc"))->source,
                 QStringLiteral("getconf GNU_LIBC_VERSION"));
    }

    // A host where nothing can be run (its PATH holds no program, not even cat or find):
    // every source becomes a fact with the reason, as docs/schema-sysinfo.md promises.
    void throughAHostNothingRuns() {
        QTemporaryDir empty;
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", QFile::encodeName(empty.path())); // the node's: the process's own
        InventoryOptions o;
        o.python = false;
        ThisMachineAsANode host;
        const SystemInventory inv = collectSystemInventory(host, o);
        qputenv("PATH", path);
        QVERIFY2(reason(inv, "system", "os").contains(QLatin1String("could not start cat")),
                 qPrintable(reason(inv, "system", "os")));
        QVERIFY(reason(inv, "system", "kernel").contains(QLatin1String("uname")));
        QVERIFY(reason(inv, "system", "glibc").contains(QLatin1String("getconf")));
        QVERIFY(reason(inv, "devices", "user").contains(QLatin1String("could not start id")));
        QCOMPARE(reason(inv, "packages", "package manager"),
                 QStringLiteral("neither dpkg-query nor rpm is on PATH"));
        QCOMPARE(reason(inv, "toolchain", "hipcc"), QStringLiteral("hipcc is not on PATH"));
        QVERIFY(reason(inv, "environment", "variables").contains(QLatin1String("env")));
        for (const InventoryFact &f : inv.facts)
            QVERIFY2(f.available() ? !f.source.isEmpty() : f.value.isEmpty(), qPrintable(f.name));
    }

    void missingToolsAreReported() {
        QTemporaryDir empty;
        InventoryOptions o;
        o.environment = QProcessEnvironment();
        o.environment.insert(QStringLiteral("PATH"), empty.path());
        const SystemInventory inv = collectSystemInventory(o);
        QCOMPARE(reason(inv, "packages", "package manager"),
                 QStringLiteral("neither dpkg-query nor rpm is on PATH"));
        QCOMPARE(reason(inv, "toolchain", "hipcc"), QStringLiteral("hipcc is not on PATH"));
        QCOMPARE(reason(inv, "gpus", "rocminfo"), QStringLiteral("rocminfo is not on PATH"));
        QCOMPARE(reason(inv, "python", "python"), QStringLiteral("python3 is not on PATH"));
        // PATH is the one variable set, and it is reported.
        QCOMPARE(value(inv, "environment", "PATH"), empty.path());
        QCOMPARE(inv.section(QStringLiteral("environment")).size(), 1);
    }

    void hangingPythonIsKilled() {
        QTemporaryDir dir;
        script(dir, QStringLiteral("python3"), "exec /bin/sleep 60");
        InventoryOptions o;
        o.environment = QProcessEnvironment();
        o.environment.insert(QStringLiteral("PATH"), dir.path());
        o.timeoutMs = 1000;
        QElapsedTimer t;
        t.start();
        const SystemInventory inv = collectSystemInventory(o);
        QVERIFY2(t.elapsed() < 10000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(reason(inv, "python", "python"),
                 QStringLiteral("python3 did not answer within 1 s (killed)"));
    }

    // A tool's --version the caller has (verify: step 1's, through the compile cache) is used
    // instead of running the tool again; the others still run.
    void knownVersionIsUsed() {
        QTemporaryDir dir;
        script(dir, QStringLiteral("hipcc"), "echo ran >&2; exit 3");
        script(dir, QStringLiteral("hipconfig"), "echo 5.2.21153-0");
        InventoryOptions o;
        o.environment = QProcessEnvironment();
        o.environment.insert(QStringLiteral("PATH"), dir.path());
        o.python = false;
        QStringList asked;
        o.knownVersion = [&](const QString &tool) -> std::optional<QString> {
            asked << QFileInfo(tool).fileName();
            if (tool == dir.filePath(QStringLiteral("hipcc")))
                return QStringLiteral("HIP version: 5.2.21153-0\nDebian clang version 15.0.6\n"
                                      "Target: x86_64-pc-linux-gnu");
            return std::nullopt;
        };
        const SystemInventory inv = collectSystemInventory(o);
        QCOMPARE(value(inv, "toolchain", "hipcc"),
                 QStringLiteral("HIP version: 5.2.21153-0; Debian clang version 15.0.6 (%1)")
                     .arg(dir.filePath(QStringLiteral("hipcc"))));
        QCOMPARE(value(inv, "toolchain", "hipconfig"),
                 QStringLiteral("5.2.21153-0 (%1)").arg(dir.filePath(QStringLiteral("hipconfig"))));
        QCOMPARE(asked, QStringList({"hipcc", "hipconfig"}));
        for (const InventoryFact &f : inv.facts)
            if (f.section == QLatin1String("toolchain") && f.name == QLatin1String("hipcc"))
                QVERIFY2(f.source.contains(QLatin1String("compile cache")), qPrintable(f.source));
    }

    void pythonAnswers() {
        // A stand-in python3 that prints what the real script prints: torch missing.
        QTemporaryDir dir;
        script(dir, QStringLiteral("python3"),
               // echo is the shell's own: PATH holds only this folder.
               "echo \"{\\\"python\\\": \\\"3.11.2 (/usr/bin/python3)\\\", "
               "\\\"triton\\\": \\\"2.1.0\\\", \\\"torch\\\": "
               "\\\"!ModuleNotFoundError: No module named 'torch'\\\"}\"");
        InventoryOptions o;
        o.environment = QProcessEnvironment();
        o.environment.insert(QStringLiteral("PATH"), dir.path());
        o.environment.insert(QStringLiteral("HIP_VISIBLE_DEVICES"), QStringLiteral("0"));
        const SystemInventory inv = collectSystemInventory(o);
        QCOMPARE(value(inv, "python", "python"), QStringLiteral("3.11.2 (/usr/bin/python3)"));
        QCOMPARE(reason(inv, "python", "torch"),
                 QStringLiteral("not importable: ModuleNotFoundError: No module named 'torch'"));
        QCOMPARE(value(inv, "python", "triton"), QStringLiteral("2.1.0"));
        QCOMPARE(value(inv, "environment", "HIP_VISIBLE_DEVICES"), QStringLiteral("0"));
    }

    void realPython() {
        if (QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty())
            QSKIP("no python3");
        const SystemInventory inv = collectSystemInventory();
        QVERIFY2(value(inv, "python", "python").startsWith(QLatin1Char('3')),
                 qPrintable(value(inv, "python", "python")));
        // torch is either there or "not importable" with Python's reason.
        const InventoryFact *torch = inv.find(QStringLiteral("python"), QStringLiteral("torch"));
        QVERIFY(torch);
        QVERIFY(torch->available() ||
                torch->unavailable.startsWith(QLatin1String("not importable")));
    }

    void pythonFromPackageFiles() {
        // Without imports (verify's steps 1-2) torch's and triton's versions come from their
        // package files: torch/version.py as a torch wheel writes it, triton's __init__.py.
        // Both packages raise when imported, which only the importing script meets.
        if (QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty())
            QSKIP("no python3");
        QTemporaryDir site;
        const auto write = [&](const QString &rel, const QByteArray &text) {
            QVERIFY(QDir(site.path()).mkpath(QFileInfo(rel).path()));
            QFile f(site.filePath(rel));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write(QStringLiteral("torch/__init__.py"), "raise RuntimeError('torch was imported')\n");
        write(QStringLiteral("torch/version.py"),
              "from typing import Optional\n\n"
              "__all__ = ['__version__', 'debug', 'cuda', 'git_version', 'hip', 'xpu']\n"
              "__version__ = '2.11.0+cu130'\ndebug = False\ncuda: Optional[str] = '13.0'\n"
              "git_version = '0123456789abcdef'\nhip: Optional[str] = None\n"
              "xpu: Optional[str] = None\n");
        write(QStringLiteral("triton/__init__.py"),
              "__version__ = '3.6.0'\nraise RuntimeError('triton was imported')\n");
        InventoryOptions o;
        o.environment.insert(QStringLiteral("PYTHONPATH"), site.path());
        o.pythonImports = false;
        const SystemInventory files = collectSystemInventory(o);
        QCOMPARE(value(files, "python", "torch"), QStringLiteral("2.11.0+cu130"));
        QCOMPARE(value(files, "python", "torch.version.cuda"), QStringLiteral("13.0"));
        QCOMPARE(value(files, "python", "torch.version.hip"), QStringLiteral("None"));
        QVERIFY2(reason(files, "python", "torch.cuda.get_arch_list()")
                     .startsWith(QLatin1String("not asked")),
                 qPrintable(reason(files, "python", "torch.cuda.get_arch_list()")));
        QCOMPARE(value(files, "python", "triton"), QStringLiteral("3.6.0"));
        o.pythonImports = true;
        const SystemInventory imported = collectSystemInventory(o);
        QCOMPARE(reason(imported, "python", "torch"),
                 QStringLiteral("not importable: RuntimeError: torch was imported"));
        QCOMPARE(reason(imported, "python", "triton"),
                 QStringLiteral("not importable: RuntimeError: triton was imported"));
    }

    void jsonRoundTrip() {
        InventoryOptions o;
        o.python = false;
        const SystemInventory inv = collectSystemInventory(o);
        const QJsonObject j = inv.toJson();
        QCOMPARE(j.value(QStringLiteral("schema")).toString(), QLatin1String(kSysinfoSchema));
        QCOMPARE(SystemInventory::fromJson(j), inv);
    }

    void cliRedacts() {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HF_TOKEN"), QStringLiteral("hf_secret123"));
        env.insert(QStringLiteral("TRITON_CACHE_DIR"), QStringLiteral("/tmp/hf_secret123/cache"));
        p.setProcessEnvironment(env);
        p.start(
            hdtest::binary(QStringLiteral("hipdoctor-cli")),
            {QStringLiteral("sysinfo"), QStringLiteral("--json"), QStringLiteral("--no-python")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray out = p.readAllStandardOutput();
        QVERIFY(!out.contains("hf_secret123"));
        const SystemInventory inv =
            SystemInventory::fromJson(QJsonDocument::fromJson(out).object());
        QVERIFY(!inv.isEmpty());
        QCOMPARE(value(inv, "system", "glibc"), QString::fromLatin1(gnu_get_libc_version()));
        QCOMPARE(value(inv, "environment", "TRITON_CACHE_DIR"),
                 QStringLiteral("/tmp/[redacted]/cache"));
    }
};

QTEST_GUILESS_MAIN(TestSystemInventory)
#include "tst_system_inventory.moc"
