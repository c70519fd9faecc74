// The Debian package: built by CPack, dependencies computed by dpkg-shlibdeps, installable,
// and the installed programs work (issue "Packaging and user documentation").

#include "sample_session.h"
#include "testpaths.h"

#include <QDir>
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

} // namespace

class TstPackage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void metadata();
    void contents();
    void desktopAndAppStream();
    void installAndRun();
    void cleanupTestCase();

private:
    QTemporaryDir m_dir;
    QString m_deb;
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
