// The formatting foundation (common/format.h) and the enum labels (model/labels.h): the exact
// text of each, at the boundaries where the form changes.

#include "common/format.h"
#include "model/labels.h"

#include <QLocale>
#include <QTest>

using namespace hd;

class TestFormat : public QObject {
    Q_OBJECT
private slots:
    void hexNumbers() {
        QCOMPARE(hex(0), QStringLiteral("0x0"));
        QCOMPARE(hex(0x1f40), QStringLiteral("0x1f40"));
        QCOMPARE(hex(0xBA55ED50), QStringLiteral("0xba55ed50"));
        QCOMPARE(hex(UINT64_MAX), QStringLiteral("0xffffffffffffffff"));
    }

    void durations() {
        QCOMPARE(formatDuration(0), QStringLiteral("0.00 ms"));
        QCOMPARE(formatDuration(3.254), QStringLiteral("3.25 ms"));
        QCOMPARE(formatDuration(9.999), QStringLiteral("10.00 ms")); // rounds, form of < 10
        QCOMPARE(formatDuration(10), QStringLiteral("10.0 ms"));
        QCOMPARE(formatDuration(412.54), QStringLiteral("412.5 ms"));
        QCOMPARE(formatDuration(999.9), QStringLiteral("999.9 ms"));
        QCOMPARE(formatDuration(1000), QStringLiteral("1.00 s"));
        QCOMPARE(formatDuration(1254), QStringLiteral("1.25 s"));
        QCOMPARE(formatDuration(125000), QStringLiteral("125.00 s"));
    }

    void millisecondFigures() {
        QCOMPARE(formatMsFigure(0.01234), QStringLiteral("0.0123"));
        QCOMPARE(formatMsFigure(1), QStringLiteral("1.000"));
        QCOMPARE(formatMsFigure(12.3456), QStringLiteral("12.346"));
        QCOMPARE(formatMsFigure(100), QStringLiteral("100.0"));
        QCOMPARE(formatMsFigure(1234.56), QStringLiteral("1234.6"));
    }

    void byteSizes() {
        QCOMPARE(formatBytes(0), QStringLiteral("0 bytes"));
        QCOMPARE(formatBytes(12), QStringLiteral("12 bytes"));
        QCOMPARE(formatBytes(1023), QStringLiteral("1023 bytes"));
        QCOMPARE(formatBytes(4096), QStringLiteral("4.0 KiB"));
        QCOMPARE(formatBytes(uint64_t(150) << 30), QStringLiteral("150.0 GiB"));
        // An H200's 143,771,533,312 bytes.
        QCOMPARE(formatBytes(143771533312ull), QStringLiteral("133.9 GiB"));
        // The GUI's locale sets the decimal separator.
        QCOMPARE(formatBytes(1536, QLocale(QLocale::German)), QStringLiteral("1,5 KiB"));
    }

    void statusAndSeverityLabels() {
        QCOMPARE(checkStatusMark(CheckStatus::Pass), QStringLiteral("PASS"));
        QCOMPARE(checkStatusMark(CheckStatus::Fail), QStringLiteral("FAIL"));
        QCOMPARE(checkStatusMark(CheckStatus::Skipped), QStringLiteral("skip"));
        QCOMPARE(checkStatusMark(CheckStatus::Error), QStringLiteral("ERR "));
        QCOMPARE(checkStatusMark(CheckStatus::Cancelled), QStringLiteral("stop"));
        for (CheckStatus s : {CheckStatus::Pass, CheckStatus::Fail, CheckStatus::Skipped,
                              CheckStatus::Error, CheckStatus::Cancelled}) {
            QCOMPARE(checkStatusMark(s).size(), 4); // listings stay aligned
            QVERIFY(!checkStatusIcon(s).isEmpty());
        }
        QCOMPARE(checkStatusIcon(CheckStatus::Pass), QStringLiteral("✅"));
        QCOMPARE(checkStatusIcon(CheckStatus::Fail), QStringLiteral("❌"));
        QCOMPARE(severityIcon(Severity::Error), QStringLiteral("❌"));
        QCOMPARE(severityIcon(Severity::Warning), QStringLiteral("⚠️"));
        QCOMPARE(severityIcon(Severity::Info), QStringLiteral("ℹ️"));
    }
};

QTEST_GUILESS_MAIN(TestFormat)
#include "tst_format.moc"
