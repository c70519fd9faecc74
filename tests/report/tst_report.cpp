// Reports: the Markdown against a golden file, its GitHub-issue structure, redaction (on by
// default, listed, switchable), and the self-contained HTML with and without a chart renderer.
#include "report/report.h"
#include "sample_session.h"
#include "testpaths.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace hd;

namespace {
QString golden(const QString &name) {
    return hdtest::sourceDir() + QStringLiteral("/tests/report/golden/") + name;
}
} // namespace

class TestReport : public QObject {
    Q_OBJECT
private slots:
    // Regenerate with HIPDOCTOR_UPDATE_GOLDEN=1 after an intended change, and review the diff.
    void markdownMatchesGolden() {
        const QString md = markdownReport(hdtest::sampleSession());
        const QString path = golden(QStringLiteral("sample-session.md"));
        if (qEnvironmentVariableIsSet("HIPDOCTOR_UPDATE_GOLDEN")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(md.toUtf8());
        }
        QFile f(path);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
        const QString expected = QString::fromUtf8(f.readAll());
        if (md != expected) {
            const QStringList a = md.split(QLatin1Char('\n')),
                              b = expected.split(QLatin1Char('\n'));
            for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i)
                if (a.value(i) != b.value(i))
                    QFAIL(qPrintable(QStringLiteral("line %1 differs:\n got: %2\nwant: %3")
                                         .arg(i + 1)
                                         .arg(a.value(i), b.value(i))));
        }
    }

    void markdownStructure() {
        const QString md = markdownReport(hdtest::sampleSession());
        // Summary and findings come before any command or log.
        const qsizetype verdict = md.indexOf(QLatin1String("**Verdict:**"));
        const qsizetype findings = md.indexOf(QLatin1String("## Findings"));
        const qsizetype firstDetails = md.indexOf(QLatin1String("<details>"));
        const qsizetype firstCommand = md.indexOf(QLatin1String("**Command**"));
        QVERIFY(verdict >= 0 && findings > verdict);
        QVERIFY(firstDetails > findings);
        QVERIFY(firstCommand > firstDetails);
        QVERIFY(md.contains(QLatin1String("`context.triton-state`")));
        QVERIFY(md.contains(QLatin1String("## Timings")));
        QVERIFY(md.contains(QLatin1String("| Step | Check | Status | Duration | Cached |")));
        // Every <details> is closed, and GitHub needs a blank line after </summary>.
        QCOMPARE(md.count(QLatin1String("<details>")), md.count(QLatin1String("</details>")));
        QVERIFY(!md.contains(QRegularExpression(QStringLiteral("</summary>\n[^\n]"))));
        // A log holding ``` cannot close its fence early: it gets a longer fence.
        QVERIFY(md.contains(QLatin1String("````text\nTraceback")));
        // Commands are shell-quoted so they can be pasted back.
        QVERIFY(md.contains(QLatin1String("python3 train.py")));
        QVERIFY(md.contains(QLatin1String("--name 'a b'")));
        // Fences balance: every code block is closed.
        const QStringList lines = md.split(QLatin1Char('\n'));
        QString open;
        for (const QString &l : lines) {
            const QString t = l.trimmed();
            if (open.isEmpty()) {
                static const QRegularExpression fence(QStringLiteral("^(`{3,})"));
                const auto m = fence.match(t);
                if (m.hasMatch())
                    open = m.captured(1);
            } else if (t == open) {
                open.clear();
            }
        }
        QVERIFY2(open.isEmpty(), "a code fence is never closed");
    }

    void redactionByDefault() {
        const Session s = hdtest::sampleSession();
        const QString md = markdownReport(s);
        const QString html = htmlReport(s);
        for (const QString &out : {md, html}) {
            QVERIFY(
                !out.contains(QLatin1String("hf_abcdef123456"))); // HF_TOKEN's value, everywhere
            QVERIFY(!out.contains(QLatin1String("s3cr3tpass")));  // URL credentials
            QVERIFY(!out.contains(QLatin1String("alice:")));
            QVERIFY(!out.contains(QLatin1String("sk-live-999"))); // --api-key=
            QVERIFY(out.contains(QLatin1String("https://[redacted]@example.com/model.bin")));
            QVERIFY(out.contains(QLatin1String("Redactions")));
        }
        QVERIFY(md.contains(QStringLiteral("- env HF_TOKEN — ")));
        QVERIFY(md.contains(QStringLiteral("URL credentials — ")));
        QVERIFY(md.contains(QStringLiteral("secret option or assignment — ")));
        // Ordinary values are left alone.
        QVERIFY(md.contains(QLatin1String("`AMD_LOG_LEVEL=4`")));
    }

    void redactionOff() {
        ReportOptions o;
        o.redact = false;
        const QString md = markdownReport(hdtest::sampleSession(), o);
        QVERIFY(md.contains(QLatin1String("hf_abcdef123456")));
        QVERIFY(md.contains(QLatin1String("s3cr3tpass")));
        QVERIFY(md.contains(QLatin1String("Redaction was turned off")));
    }

    void redactText_data() {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::addColumn<int>("count");
        QTest::newRow("url") << "git clone https://bob:pw@github.com/x.git"
                             << "git clone https://[redacted]@github.com/x.git" << 1;
        QTest::newRow("token url") << "https://ghp_token123@github.com/x"
                                   << "https://[redacted]@github.com/x" << 1;
        QTest::newRow("plain url") << "see https://github.com/x/y"
                                   << "see https://github.com/x/y" << 0;
        QTest::newRow("option") << "--password=hunter22 --x"
                                << "--password=[redacted] --x" << 1;
        QTest::newRow("option space") << "--auth-token abc.def"
                                      << "--auth-token [redacted]" << 1;
        QTest::newRow("assignment") << "export AWS_SECRET_ACCESS_KEY=AKIA999 && run"
                                    << "export AWS_SECRET_ACCESS_KEY=[redacted] && run" << 1;
        QTest::newRow("known value") << "key is topsecretvalue."
                                     << "key is [redacted]." << 1;
        QTest::newRow("monkey business") << "HIP_VISIBLE_DEVICES=0"
                                         << "HIP_VISIBLE_DEVICES=0" << 0;
    }
    void redactText() {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QFETCH(int, count);
        int n = -1;
        QCOMPARE(hd::redactText(in, {QStringLiteral("topsecretvalue")}, &n), out);
        QCOMPARE(n, count);
    }

    void secretNames_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("secret");
        QTest::newRow("GITHUB_TOKEN") << "GITHUB_TOKEN" << true;
        QTest::newRow("hf_token") << "hf_token" << true;
        QTest::newRow("DB_PASSWORD") << "DB_PASSWORD" << true;
        QTest::newRow("AWS_SECRET_ACCESS_KEY") << "AWS_SECRET_ACCESS_KEY" << true;
        QTest::newRow("OPENAI_API_KEY") << "OPENAI_API_KEY" << true;
        QTest::newRow("AMD_LOG_LEVEL") << "AMD_LOG_LEVEL" << false;
        QTest::newRow("PATH") << "PATH" << false;
    }
    void secretNames() {
        QFETCH(QString, name);
        QFETCH(bool, secret);
        QCOMPARE(isSecretEnvName(name), secret);
    }

    void htmlWithCharts() {
        // A real 1x1 PNG, standing in for the QCustomPlot renderer of the desktop build.
        static const QByteArray png =
            QByteArray::fromBase64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+"
                                   "M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");
        QList<ChartSpec> asked;
        ReportOptions o;
        o.chartRenderer = [&](const ChartSpec &c, QSize size) {
            asked << c;
            return size.isValid() ? png : QByteArray();
        };
        const QString html = htmlReport(hdtest::sampleSession(), o);
        QVERIFY(html.startsWith(QLatin1String("<!DOCTYPE html>")));
        QVERIFY(html.contains(QLatin1String("<style>")));
        QCOMPARE(html.count(QLatin1String("<img class=\"chart\"")), asked.size());
        QVERIFY(html.contains(QLatin1String("src=\"data:image/png;base64,") +
                              QString::fromLatin1(png.toBase64())));
        // Self-contained: nothing is fetched from elsewhere.
        QVERIFY(!html.contains(QLatin1String("<link")));
        QVERIFY(!html.contains(QLatin1String("<script")));
        QVERIFY(!html.contains(QRegularExpression(QStringLiteral("src=\"(?!data:)"))));
        // The charts asked for: a timeline, phase bars and the launch-latency histogram.
        QStringList kinds;
        for (const ChartSpec &c : asked)
            kinds << chartKindName(c.kind);
        QCOMPARE(kinds, (QStringList{QStringLiteral("timeline"), QStringLiteral("bars"),
                                     QStringLiteral("histogram")}));
        QCOMPARE(asked[2].series[0].values.size(), 5);
        QCOMPARE(asked[1].categories,
                 (QStringList{QStringLiteral("runtime-init"), QStringLiteral("module-load"),
                              QStringLiteral("launch")}));
        QCOMPARE(asked[1].series.size(), 2); // step 1 probe-launch vs step 2 probe-load
    }

    void htmlWithoutRendererFallsBackToTables() {
        const QString html = htmlReport(hdtest::sampleSession());
        QVERIFY(!html.contains(QLatin1String("<img")));
        QVERIFY(html.contains(QLatin1String("<h2>Timings</h2>")));
        QVERIFY(html.contains(QLatin1String("<td>probe-launch</td>")));
        QVERIFY(html.contains(QLatin1String("Charts need the chart renderer")));
        // Logs are escaped, not interpreted.
        QVERIFY(html.contains(QLatin1String("File &quot;train.py&quot;")));
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
