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
    void languageFollowsTheLocale();

private:
    // Renders a panel with these options and LANG; the PNG's image (null on failure).
    QImage shot(const QStringList &args, const QString &lang);
    QTemporaryDir m_dir;
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

QImage TstUiScreenshot::shot(const QStringList &args, const QString &lang) {
    static int n = 0;
    const QString png = m_dir.filePath(QStringLiteral("lang-%1.png").arg(++n));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.remove(QStringLiteral("LC_ALL"));
    env.remove(QStringLiteral("LC_MESSAGES"));
    env.remove(QStringLiteral("LANGUAGE"));
    env.insert(QStringLiteral("LANG"), lang);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.path()); // no language chosen before
    p.setProcessEnvironment(env);
    p.start(QStandardPaths::findExecutable(QStringLiteral("xvfb-run")),
            QStringList{QStringLiteral("-a"), QStringLiteral("-s"),
                        QStringLiteral("-screen 0 1920x1200x24"),
                        hdtest::binary(QStringLiteral("hipdoctor")), QStringLiteral("--screenshot"),
                        png, QStringLiteral("--panel"), QStringLiteral("environment")} +
                args);
    if (!p.waitForFinished(300000) || p.exitCode() != 0)
        return {};
    return QImage(png);
}

// LANG=zh_CN.UTF-8 starts in Chinese, as --lang zh_CN does.
void TstUiScreenshot::languageFollowsTheLocale() {
    if (QStandardPaths::findExecutable(QStringLiteral("xvfb-run")).isEmpty())
        QSKIP("xvfb-run is not installed");
    QVERIFY(m_dir.isValid());
    const QImage byLocale = shot({}, QStringLiteral("zh_CN.UTF-8"));
    const QImage byOption =
        shot({QStringLiteral("--lang"), QStringLiteral("zh_CN")}, QStringLiteral("C.UTF-8"));
    const QImage english = shot({}, QStringLiteral("C.UTF-8"));
    QVERIFY(!byLocale.isNull() && !byOption.isNull() && !english.isNull());
    // Pixels that differ: the same language renders alike (the locale may pick other fonts
    // for the same text), the other language not.
    const auto differing = [](const QImage &a, const QImage &b) {
        if (a.size() != b.size())
            return a.width() * a.height();
        int n = 0;
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x)
                n += a.pixel(x, y) != b.pixel(x, y);
        return n;
    };
    const int languages = differing(byLocale, english);
    QVERIFY2(
        differing(byLocale, byOption) * 2 < languages,
        qPrintable(QStringLiteral("%1 vs %2").arg(differing(byLocale, byOption)).arg(languages)));
}

QTEST_GUILESS_MAIN(TstUiScreenshot)
#include "tst_ui_screenshot.moc"
