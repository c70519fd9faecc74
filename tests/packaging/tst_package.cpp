// The Debian package: built by CPack, dependencies computed by dpkg-shlibdeps, installable,
// and the installed programs work (issue "Packaging and user documentation").

#include "sample_session.h"
#include "testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QString &program, const QStringList &args, int timeoutMs = 300000) {
    QProcess p;
    p.start(program, args);
    Run r;
    if (!p.waitForStarted(10000)) {
        r.err = QStringLiteral("could not start %1").arg(program);
        return r;
    }
    p.waitForFinished(timeoutMs);
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
}

// readelf's answer about file: its build id ("" when none), whether it has a section.
QString buildId(const QString &file) {
    const Run r = run(QStringLiteral("readelf"), {QStringLiteral("-n"), file});
    return QRegularExpression(QStringLiteral("Build ID: ([0-9a-f]+)")).match(r.out).captured(1);
}
bool hasSection(const QString &file, const QString &section) {
    const Run r =
        run(QStringLiteral("readelf"), {QStringLiteral("-S"), QStringLiteral("-W"), file});
    return r.out.contains(QStringLiteral(" ") + section + QStringLiteral(" "));
}

// hipdoctor's own programs and libraries in an unpacked package (what dbgsym.cmake strips).
QStringList programsIn(const QString &root) {
    QStringList out;
    for (const char *dir : {"usr/bin", "usr/libexec", "usr/lib"}) {
        QDirIterator it(root + QLatin1Char('/') + QLatin1String(dir), QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString f = it.next();
            QFile file(f);
            if (!QFileInfo(f).isSymLink() && file.open(QIODevice::ReadOnly) &&
                file.read(4) == QByteArray("\x7f"
                                           "ELF"))
                out << f;
        }
    }
    out.sort();
    return out;
}

} // namespace

class TstPackage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void metadata();
    void contents();
    void desktopAndAppStream();
    void strippedWithDebugSymbolsApart();
    void demoUntouched();
    void installAndRun();
    void cleanupTestCase();

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_unpacked; // the main package, unpacked
    QString m_deb;
    QString m_dbgsym;
    bool m_installed = false;
};

void TstPackage::initTestCase() {
    QVERIFY(m_dir.isValid());
    const QString cpack = qEnvironmentVariable("HIPDOCTOR_CPACK", QStringLiteral("cpack"));
    const Run r = run(cpack, {QStringLiteral("--config"),
                              qEnvironmentVariable("HIPDOCTOR_CPACK_CONFIG"), QStringLiteral("-G"),
                              QStringLiteral("DEB"), QStringLiteral("-B"), m_dir.path()});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    const QStringList debs =
        QDir(m_dir.path()).entryList({QStringLiteral("hipdoctor_*.deb")}, QDir::Files);
    QCOMPARE(debs.size(), 1);
    m_deb = m_dir.filePath(debs.first());
    const QStringList dbgsym =
        QDir(m_dir.path()).entryList({QStringLiteral("hipdoctor-dbgsym_*.deb")}, QDir::Files);
    QCOMPARE(dbgsym.size(), 1);
    m_dbgsym = m_dir.filePath(dbgsym.first());
    QCOMPARE(
        run(QStringLiteral("dpkg-deb"), {QStringLiteral("-x"), m_deb, m_unpacked.path()}).exitCode,
        0);
}

void TstPackage::metadata() {
    const Run r = run(QStringLiteral("dpkg-deb"),
                      {QStringLiteral("--field"), m_deb, QStringLiteral("Package"),
                       QStringLiteral("Depends"), QStringLiteral("Recommends")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QLatin1String("Package: hipdoctor")), qPrintable(r.out));
    // Computed by dpkg-shlibdeps from the binaries, not written by hand.
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Depends:.*libqt6core6"))),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Depends:.*libc6"))),
             qPrintable(r.out));
    // The HIP runtime is a recommendation, never a hard dependency.
    const QString depends =
        r.out.section(QLatin1String("Depends:"), 1).section(QLatin1Char('\n'), 0, 0);
    QVERIFY2(!depends.contains(QLatin1String("amdhip")), qPrintable(depends));
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Recommends:.*libamdhip64"))),
             qPrintable(r.out));
}

void TstPackage::contents() {
    const Run r = run(QStringLiteral("dpkg-deb"), {QStringLiteral("--contents"), m_deb});
    QCOMPARE(r.exitCode, 0);
    for (const char *path :
         {"./usr/bin/hipdoctor", "./usr/bin/hipdoctor-cli",
          "./usr/libexec/hipdoctor/hipdoctor-probe",
          "./usr/share/applications/io.github.hipdoctor.hipdoctor.desktop",
          "./usr/share/metainfo/io.github.hipdoctor.hipdoctor.metainfo.xml",
          "./usr/share/icons/hicolor/scalable/apps/io.github.hipdoctor.hipdoctor.svg",
          // Generated from the option declarations (docs/cli.md, "Man pages and completions").
          "./usr/share/man/man1/hipdoctor-cli.1.gz", "./usr/share/man/man1/hipdoctor.1.gz",
          "./usr/share/bash-completion/completions/hipdoctor-cli",
          "./usr/share/zsh/vendor-completions/_hipdoctor-cli"})
        QVERIFY2(r.out.contains(QLatin1String(path) + QLatin1Char('\n')) ||
                     r.out.contains(QLatin1String(path) + QLatin1String(" ->")),
                 path);
    // The CLI's chart module, in the library directory (ui/charts/chart_module.h).
    QVERIFY2(r.out.contains(QRegularExpression(
                 QStringLiteral("\\./usr/lib/[^ \n]*hipdoctor/hipdoctor-charts\\.so\n"))),
             qPrintable(r.out));
}

void TstPackage::desktopAndAppStream() {
    QTemporaryDir x;
    QCOMPARE(run(QStringLiteral("dpkg-deb"), {QStringLiteral("-x"), m_deb, x.path()}).exitCode, 0);
    const Run as = run(QStringLiteral("appstreamcli"),
                       {QStringLiteral("validate"), QStringLiteral("--no-net"),
                        x.filePath(QStringLiteral(
                            "usr/share/metainfo/io.github.hipdoctor.hipdoctor.metainfo.xml"))});
    QVERIFY2(as.exitCode == 0, qPrintable(as.out + as.err));
    const Run de = run(QStringLiteral("desktop-file-validate"),
                       {x.filePath(QStringLiteral(
                           "usr/share/applications/io.github.hipdoctor.hipdoctor.desktop"))});
    QVERIFY2(de.exitCode == 0, qPrintable(de.out + de.err));
}

// The programs and libraries are stripped (the main package stays small), run, and their debug
// info is in hipdoctor-dbgsym under /usr/lib/debug/.build-id/, found by build id as Debian's
// dbgsym packages are (packaging/dbgsym.cmake.in).
void TstPackage::strippedWithDebugSymbolsApart() {
    const qint64 size = QFileInfo(m_deb).size();
    QVERIFY2(size <= 15 * 1000 * 1000, qPrintable(QStringLiteral("%1 bytes").arg(size)));

    const QStringList programs = programsIn(m_unpacked.path());
    QVERIFY2(programs.size() >= 3, qPrintable(programs.join(QLatin1Char(' '))));
    for (const char *rel : {"usr/bin/hipdoctor-cli", "usr/libexec/hipdoctor/hipdoctor-probe"}) {
        const Run r = run(m_unpacked.filePath(QLatin1String(rel)), {QStringLiteral("--version")});
        QVERIFY2(r.exitCode == 0 && r.out.contains(QLatin1String("hipdoctor")),
                 qPrintable(QLatin1String(rel) + QLatin1String(": ") + r.out + r.err));
    }

    const Run f = run(QStringLiteral("dpkg-deb"),
                      {QStringLiteral("--field"), m_dbgsym, QStringLiteral("Package"),
                       QStringLiteral("Depends"), QStringLiteral("Section"),
                       QStringLiteral("Build-Ids"), QStringLiteral("Version")});
    QCOMPARE(f.exitCode, 0);
    QVERIFY2(f.out.contains(QLatin1String("Package: hipdoctor-dbgsym\n")), qPrintable(f.out));
    QVERIFY2(f.out.contains(QLatin1String("Section: debug\n")), qPrintable(f.out));
    const QString version =
        QRegularExpression(QStringLiteral("Version: (\\S+)")).match(f.out).captured(1);
    QVERIFY2(f.out.contains(QStringLiteral("Depends: hipdoctor (= %1)").arg(version)),
             qPrintable(f.out));
    const QStringList ids = QRegularExpression(QStringLiteral("Build-Ids: ([^\n]*)"))
                                .match(f.out)
                                .captured(1)
                                .split(QLatin1Char(' '), Qt::SkipEmptyParts);

    QTemporaryDir dbg;
    QCOMPARE(run(QStringLiteral("dpkg-deb"), {QStringLiteral("-x"), m_dbgsym, dbg.path()}).exitCode,
             0);
    QStringList seen;
    for (const QString &p : programs) {
        QVERIFY2(!hasSection(p, QStringLiteral(".debug_info")), qPrintable(p));
        QVERIFY2(hasSection(p, QStringLiteral(".gnu_debuglink")), qPrintable(p));
        const QString id = buildId(p);
        QVERIFY2(id.size() > 2, qPrintable(p));
        const QString debug = dbg.filePath(
            QStringLiteral("usr/lib/debug/.build-id/%1/%2.debug").arg(id.left(2), id.mid(2)));
        QVERIFY2(QFileInfo::exists(debug), qPrintable(p + QLatin1String(" → ") + debug));
        QCOMPARE(buildId(debug), id);
        QVERIFY2(hasSection(debug, QStringLiteral(".debug_info")), qPrintable(debug));
        QVERIFY2(ids.contains(id), qPrintable(id));
        seen << id;
    }
    seen.sort();
    QStringList all = ids;
    all.sort();
    QCOMPARE(all, seen);
}

// The demo's files (code objects, libraries, host objects, logs) are installed byte for byte
// as the build made them: stripping must not touch the symbol tables the demo is about.
void TstPackage::demoUntouched() {
    const QString demo = m_unpacked.filePath(QStringLiteral("usr/share/hipdoctor/demo"));
    QDirIterator it(demo, QDir::Files, QDirIterator::Subdirectories);
    QStringList compared;
    int elf = 0;
    while (it.hasNext()) {
        const QString f = it.next();
        const QString rel = QDir(demo).relativeFilePath(f);
        QFile a(f), b(hdtest::kernelArtifact(rel));
        QVERIFY2(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly), qPrintable(rel));
        const QByteArray bytes = a.readAll();
        QVERIFY2(bytes == b.readAll(), qPrintable(rel));
        compared << rel;
        elf += bytes.startsWith("\x7f"
                                "ELF")
                   ? 1
                   : 0;
    }
    // The demo's device code objects and host binaries were among them.
    for (const char *rel : {"vector_add_gfx90a.hsaco", "scenarios/s01_mangled.co",
                            "scenarios/libs05_not_linked.so", "scenarios/s16_host.o"})
        QVERIFY2(compared.contains(QLatin1String(rel)), rel);
    QVERIFY2(elf >= 5,
             qPrintable(QStringLiteral("%1 files, %2 ELF").arg(compared.size()).arg(elf)));
}

void TstPackage::installAndRun() {
    if (geteuid() != 0)
        QSKIP("installing the package needs root (CI runs as root)");
    Run r = run(QStringLiteral("dpkg"), {QStringLiteral("-i"), m_deb});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    m_installed = true;

    r = run(QStringLiteral("/usr/bin/hipdoctor-cli"), {QStringLiteral("--version")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QRegularExpression(
                 QStringLiteral("^hipdoctor-cli \\d+\\.\\d+\\.\\d+ \\(git [0-9a-f]+|unknown\\)"))),
             qPrintable(r.out));

    const QString artifact = hdtest::kernelArtifact(QStringLiteral("vector_add_gfx90a.hsaco"));
    QVERIFY2(QFileInfo::exists(artifact), qPrintable(artifact));
    r = run(QStringLiteral("/usr/bin/hipdoctor-cli"),
            {QStringLiteral("inspect"), QStringLiteral("--json"), artifact});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QLatin1String("vector_add")) && r.out.contains(QLatin1String("gfx90a")),
             qPrintable(r.out));

    // The installed CLI finds its chart module: an HTML report with charts drawn.
    QTemporaryDir sessions;
    const QString session = sessions.filePath(QStringLiteral("s.json"));
    QString error;
    QVERIFY2(hd::saveSession(hdtest::sampleSession(), session, &error), qPrintable(error));
    r = run(QStringLiteral("/usr/bin/hipdoctor-cli"),
            {QStringLiteral("report"), session, QStringLiteral("--format"), QStringLiteral("html"),
             QStringLiteral("-o"), QStringLiteral("-")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("<img class=\"chart\"")), qPrintable(r.err));

    QTemporaryDir shots;
    const QString png = shots.filePath(QStringLiteral("window.png"));
    r = run(QStringLiteral("xvfb-run"),
            {QStringLiteral("-a"), QStringLiteral("-s"), QStringLiteral("-screen 0 1600x1000x24"),
             QStringLiteral("/usr/bin/hipdoctor"), QStringLiteral("--screenshot"), png});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(QFileInfo(png).size() > 10000, qPrintable(png));
}

void TstPackage::cleanupTestCase() {
    if (m_installed)
        run(QStringLiteral("dpkg"), {QStringLiteral("-r"), QStringLiteral("hipdoctor")});
}

QTEST_GUILESS_MAIN(TstPackage)
#include "tst_package.moc"
