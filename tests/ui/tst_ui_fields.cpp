// The verify panel's typed fields read by the CLI's parsers (core/common/value_parsers.h,
// core/common/shell.h): a bad launch size is shown on its field and stops the run instead of
// becoming 1; a step 3 command is split like a shell line and written back the same way.

#include "testpaths.h"

#include "controllers/workspace.h"
#include "widgets/main_window.h"
#include "widgets/verify_panel.h"

#include <QApplication>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace hd;
using namespace hd::ui;

class TstUiFields : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        qputenv("HIPDOCTOR_PROBE", hdtest::binary(QStringLiteral("hipdoctor-probe")).toUtf8());
    }

    void launchSizes() {
        MainWindow w;
        VerifyPanel *v = w.verifyPanel();
        auto *grid = v->findChild<QLineEdit *>(QStringLiteral("step2Grid"));
        auto *block = v->findChild<QLineEdit *>(QStringLiteral("step2Block"));
        QVERIFY(grid && block);
        v->step2FileEdit()->setText(QStringLiteral("/nonexistent/k.co"));
        grid->setText(QStringLiteral("64,2"));
        block->setText(QStringLiteral("256"));
        QVERIFY(v->applyInputs());
        QCOMPARE(w.workspace()->verification()->verifyOptions().step2.grid,
                 (std::array<unsigned, 3>{64, 2, 1}));
        QVERIFY(grid->toolTip().isEmpty());
        // Bad input: said on the field, the options keep the last good value, no run.
        for (const char *bad : {"0", "64,x", "", "1,2,3,4"}) {
            grid->setText(QLatin1String(bad));
            QVERIFY2(grid->toolTip().contains(QLatin1String("X[,Y,Z]")), bad); // as typed
            QVERIFY(!grid->styleSheet().isEmpty());
            QVERIFY2(!v->applyInputs(), bad);
            QCOMPARE(w.workspace()->verification()->verifyOptions().step2.grid,
                     (std::array<unsigned, 3>{64, 2, 1}));
        }
        QTest::mouseClick(v->card(2)->runButton(), Qt::LeftButton);
        QVERIFY(!w.workspace()->verification()->isVerifying());
        grid->setText(QStringLiteral("4096"));
        QVERIFY(grid->toolTip().isEmpty() && grid->styleSheet().isEmpty());
        QVERIFY(v->applyInputs());
        QCOMPARE(w.workspace()->verification()->verifyOptions().step2.grid,
                 (std::array<unsigned, 3>{4096, 1, 1}));
        // Without a step 2 input the launch size does not matter: nothing to refuse.
        v->step2FileEdit()->clear();
        grid->setText(QStringLiteral("0"));
        QVERIFY(v->applyInputs());
    }

    void step3CommandIsAShellLine() {
        MainWindow w;
        VerifyPanel *v = w.verifyPanel();
        auto *command = v->findChild<QLineEdit *>(QStringLiteral("step3Command"));
        QVERIFY(command);
        command->setText(QStringLiteral("python3 -c 'print(\"a b\")' it\\'s"));
        v->applyInputs();
        const QStringList argv{QStringLiteral("python3"), QStringLiteral("-c"),
                               QStringLiteral("print(\"a b\")"), QStringLiteral("it's")};
        QCOMPARE(w.workspace()->verification()->verifyOptions().step3.argv, argv);
        // Written back (an opened session) and read again: the same argv.
        emit w.workspace()->verification()->verifyOptionsChanged();
        v->applyInputs();
        QCOMPARE(w.workspace()->verification()->verifyOptions().step3.argv, argv);
    }
};

QTEST_MAIN(TstUiFields)
#include "tst_ui_fields.moc"
