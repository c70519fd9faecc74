// `hipdoctor --screenshot` under Xvfb (xvfb-run): the PNG has the window's size (or the
// panel's) and is not blank.

#include "testpaths.h"

#include <QImage>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class TstUiScreenshot : public QObject {
    Q_OBJECT
private slots:
    void screenshot_data();
    void screenshot();
};

void TstUiScreenshot::screenshot_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QSize>("expectedSize"); // invalid: smaller than the window
    const QString kernels = hdtest::buildDir() + QStringLiteral("/kernels");
    QTest::newRow("window") << QStringList{QStringLiteral("--open"), kernels} << QSize(1440, 900);
    QTest::newRow("window, other size")
        << QStringList{QStringLiteral("--size"), QStringLiteral("1024x700")} << QSize(1024, 700);
    QTest::newRow("panel") << QStringList{QStringLiteral("--open"),
                                          kernels,
                                          QStringLiteral("--panel"),
                                          QStringLiteral("devices"),
                                          QStringLiteral("--target"),
                                          QStringLiteral("gfx90a:sramecc+:xnack-")}
                           << QSize();
    QTest::newRow("zh_CN") << QStringList{QStringLiteral("--lang"), QStringLiteral("zh_CN")}
                           << QSize(1440, 900);
    // Contents that arrive after the window is shown (inspection, probe, diagnosis) in the
    // longer-or-shorter Chinese texts, at a small size: the window keeps the size asked for.
    QTest::newRow("zh_CN, other size, artifacts")
        << QStringList{QStringLiteral("--lang"), QStringLiteral("zh_CN"),
                       QStringLiteral("--size"), QStringLiteral("1024x700"),
                       QStringLiteral("--open"), kernels}
        << QSize(1024, 700);
}

void TstUiScreenshot::screenshot() {
    QFETCH(QStringList, args);
    QFETCH(QSize, expectedSize);
    const QString xvfb = QStandardPaths::findExecutable(QStringLiteral("xvfb-run"));
    if (xvfb.isEmpty())
        QSKIP("xvfb-run is not installed");
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));             // the real xcb platform on Xvfb
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path()); // no saved layout
    p.setProcessEnvironment(env);
    p.start(xvfb, QStringList{QStringLiteral("-a"), QStringLiteral("-s"),
                              QStringLiteral("-screen 0 1920x1200x24"),
                              hdtest::binary(QStringLiteral("hipdoctor")),
                              QStringLiteral("--screenshot"), png} +
                      args);
    QVERIFY(p.waitForFinished(300000));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
             p.readAllStandardError().constData());
    QImage img(png);
    QVERIFY(!img.isNull());
    if (expectedSize.isValid()) {
        QCOMPARE(img.size(), expectedSize);
    } else {
        QVERIFY(img.width() < 1440 || img.height() < 900);
        QVERIFY(img.width() > 200 && img.height() > 200);
    }
    // Not blank: text, icons and frames give many colours; one colour would be an empty grab.
    QSet<QRgb> colors;
    for (int y = 0; y < img.height(); y += 2)
        for (int x = 0; x < img.width(); x += 2)
            colors.insert(img.pixel(x, y));
    QVERIFY2(colors.size() > 30, qPrintable(QString::number(colors.size())));
}

QTEST_GUILESS_MAIN(TstUiScreenshot)
#include "tst_ui_screenshot.moc"
