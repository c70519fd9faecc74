// Reports meant for public issues (docs/limits.md "Reports"): untrusted text cannot break the
// Markdown, a single huge line is cut to a byte cap, secrets known by their shape are taken
// out of every field, repeated findings are grouped with a count.

#include "model/session.h"
#include "report/report.h"
#include "verify/verifier.h"

#include <QRegularExpression>
#include <QTest>

using namespace hd;

namespace {

Session sessionWith(const QString &stdoutText, const QStringList &argv = {},
                    const QMap<QString, QString> &env = {}) {
    Session s;
    StepRecord st;
    st.step = 3;
    st.title = QStringLiteral("Your project");
    st.status = CheckStatus::Fail;
    CheckRecord c;
    c.id = QStringLiteral("as-is");
    c.title = QStringLiteral("Run the command as it is");
    c.status = CheckStatus::Fail;
    c.command = argv;
    c.stdoutText = stdoutText;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        c.env.insert(it.key(), it.value());
    st.checks << c;
    s.steps << st;
    return s;
}

} // namespace

class TestHostileReports : public QObject {
    Q_OBJECT

private slots:
    void hostNameIsEscapedInEveryFooter();
    void everyFieldIsCapped();
    void markdownEscapesUntrustedText();
    void hugeSingleLineIsCut();
    void tokensAreRedactedByShape_data();
    void tokensAreRedactedByShape();
    void secretVariableNames();
    void repeatedFindingsAreGrouped();
};

// "<" + rest where no backslash escapes the '<' (a tag a Markdown renderer would read).
static QRegularExpression unescapedTag(const QString &rest) {
    return QRegularExpression(QStringLiteral("(?<!\\\\)<") + QRegularExpression::escape(rest));
}

// The node's host name (its `uname -n`) is the node's to choose: escaped in both footers.
void TestHostileReports::hostNameIsEscapedInEveryFooter() {
    Session s = sessionWith(QStringLiteral("ok"));
    s.host = QStringLiteral("<img src=x onerror=alert(1)>\nnext");
    s.tool = QStringLiteral("<b>tool</b>");
    ReportOptions keep; // the name as it is, not "<host>"
    keep.keepPlaces = true;
    const QString md = markdownReport(s, keep);
    // A '<' that could open a tag is backslash-escaped in Markdown (CommonMark): text.
    QVERIFY2(!md.contains(unescapedTag(QStringLiteral("img"))), qPrintable(md.right(300)));
    QVERIFY(md.contains(QLatin1String("\\<img src=x onerror=alert(1)> next")));
    QVERIFY(!md.contains(unescapedTag(QStringLiteral("b>tool"))));
    const QString html = htmlReport(s, keep);
    QVERIFY(!html.contains(QLatin1String("<img")));
}

// A field of 32 MiB (within the session file's limit): the report stays small, says what was
// cut, and the log keeps its end.
void TestHostileReports::everyFieldIsCapped() {
    const QString huge(32 << 20, QLatin1Char('h'));
    Session s = sessionWith(QString(8 << 20, QLatin1Char('l')) + QStringLiteral("THE-END"));
    s.host = huge;
    s.steps[0].checks[0].summary = huge;
    for (const QString &report : {markdownReport(s, {}), htmlReport(s, {})}) {
        QVERIFY2(report.size() < (4 << 20), qPrintable(QString::number(report.size())));
        QVERIFY(report.contains(QLatin1String("characters of this field left out")));
        QVERIFY(report.contains(QLatin1String("THE-END")));
    }
}

void TestHostileReports::markdownEscapesUntrustedText() {
    Session s = sessionWith(QStringLiteral("ok\n"));
    Finding f;
    f.id = QStringLiteral("symbol.not-found");
    f.severity = Severity::Error;
    f.title = QStringLiteral("Kernel evil</details><img src=x onerror=alert(1)> is not found");
    f.detail = QStringLiteral("</details>\n# not a heading");
    f.evidence << Evidence{QStringLiteral("a.co"), QStringLiteral("</summary>"),
                           QStringLiteral("``</details>``")};
    f.fix << QStringLiteral("Look up `hipModuleGetFunction(&f, m, \"k</details>\")` instead");
    s.findings << f;
    s.steps[0].summary = QStringLiteral("</details><script>x</script>");
    const QString md = markdownReport(s);
    // Inside a code span the text stays as written (no HTML is read there).
    const QString fixSpan = QStringLiteral("`hipModuleGetFunction(&f, m, \"k</details>\")`");
    const QString evidenceSpan = QStringLiteral("``` ``</details>`` ```");
    QCOMPARE(md.count(fixSpan), 1);
    QCOMPARE(md.count(evidenceSpan), 1);
    // Every other "</details>" is one the report wrote itself: as many as it opened.
    QString outsideSpans = md;
    outsideSpans.remove(fixSpan).remove(evidenceSpan);
    QCOMPARE(outsideSpans.count(unescapedTag(QStringLiteral("/details>"))),
             outsideSpans.count(unescapedTag(QStringLiteral("details>"))));
    QVERIFY(md.contains(QLatin1String("evil\\</details>")));
    QVERIFY(!md.contains(unescapedTag(QStringLiteral("img"))));
    QVERIFY(!md.contains(unescapedTag(QStringLiteral("script>"))));
    QVERIFY(md.contains(QLatin1String("\\<img src=x")));
}

void TestHostileReports::hugeSingleLineIsCut() {
    const QString line = QString(1 << 20, QLatin1Char('x')) + QStringLiteral("THE-END");
    const Session s = sessionWith(line);
    ReportOptions o;
    const QString md = markdownReport(s, o);
    QVERIFY(md.size() < o.maxLogBytes + 64 * 1024);
    QVERIFY(md.contains(QLatin1String("THE-END")));
    QVERIFY(md.contains(QLatin1String("earlier bytes are in the session file")));
    const QString html = htmlReport(s, o);
    QVERIFY(html.size() < o.maxLogBytes + 64 * 1024);
    QVERIFY(html.contains(QLatin1String("THE-END")));
    // At the cap nothing is cut.
    ReportOptions exact;
    exact.maxLogBytes = line.size();
    QVERIFY(!markdownReport(s, exact).contains(QLatin1String("earlier bytes")));
}

void TestHostileReports::tokensAreRedactedByShape_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("secret");
    QTest::newRow("bearer") << QStringLiteral(
                                   "curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.x.y'")
                            << QStringLiteral("eyJhbGciOiJIUzI1NiJ9.x.y");
    QTest::newRow("bearer alone") << QStringLiteral("sent Bearer abcdefgh12345678 to the API")
                                  << QStringLiteral("abcdefgh12345678");
    QTest::newRow("hf") << QStringLiteral("login with hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123 ok")
                        << QStringLiteral("hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123");
    QTest::newRow("ghp") << QStringLiteral("token ghp_0123456789abcdefghijABCDEFGHIJ012345 x")
                         << QStringLiteral("ghp_0123456789abcdefghijABCDEFGHIJ012345");
    QTest::newRow("github_pat") << QStringLiteral("github_pat_11ABCDEFG0123456789_abcdefghijklmnop")
                                << QStringLiteral(
                                       "github_pat_11ABCDEFG0123456789_abcdefghijklmnop");
    QTest::newRow("slack") << QStringLiteral("hook xoxb-123456789012-abcdefghijkl done")
                           << QStringLiteral("xoxb-123456789012-abcdefghijkl");
    QTest::newRow("aws id") << QStringLiteral("key AKIAIOSFODNN7EXAMPLE used")
                            << QStringLiteral("AKIAIOSFODNN7EXAMPLE");
    QTest::newRow("aws secret next to the id")
        << QStringLiteral("AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
        << QStringLiteral("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
    QTest::newRow("aws config line")
        << QStringLiteral("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
        << QStringLiteral("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
    QTest::newRow("json password")
        << QStringLiteral("{\"password\": \"hunter2hunter2\"}") << QStringLiteral("hunter2hunter2");
    QTest::newRow("pem") << QStringLiteral(
                                "-----BEGIN OPENSSH PRIVATE "
                                "KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE "
                                "KEY-----\n")
                         << QStringLiteral("b3BlbnNzaC1rZXktdjEAAAAA");
}

void TestHostileReports::tokensAreRedactedByShape() {
    QFETCH(QString, text);
    QFETCH(QString, secret);
    // In program output and in argv alike.
    const Session s = sessionWith(text + QLatin1Char('\n'),
                                  {QStringLiteral("python"), QStringLiteral("train.py"), text});
    for (const QString &r : {markdownReport(s), htmlReport(s)}) {
        QVERIFY2(!r.contains(secret), qPrintable(text));
        QVERIFY(r.contains(QLatin1String(kRedacted)));
    }
    int n = 0;
    QVERIFY(!redactText(text, {}, &n).contains(secret));
    QVERIFY(n > 0);
}

void TestHostileReports::secretVariableNames() {
    for (const char *name : {"PASSWD", "DB_PASSWD", "GOOGLE_APPLICATION_CREDENTIALS",
                             "AWS_CREDENTIALS", "SSH_PASSPHRASE"}) {
        QVERIFY2(isSecretEnvName(QLatin1String(name)), name);
        const Session s = sessionWith(QStringLiteral("value is s3cr3t-v4lue\n"), {},
                                      {{QLatin1String(name), QStringLiteral("s3cr3t-v4lue")}});
        QVERIFY2(!markdownReport(s).contains(QLatin1String("s3cr3t-v4lue")), name);
    }
    // Ordinary text is left alone.
    int n = 0;
    const QString plain =
        QStringLiteral("token validation failed; monkey: 3; Bearer of bad news; key: F1");
    QCOMPARE(redactText(plain, {}, &n), plain);
    QCOMPARE(n, 0);
}

void TestHostileReports::repeatedFindingsAreGrouped() {
    VerifyResult r;
    StepRecord st;
    st.step = 2;
    Finding f;
    f.id = QStringLiteral("runtime.log-error");
    f.severity = Severity::Error;
    f.title = QStringLiteral("The runtime logged hipErrorNoBinaryForGpu");
    for (int i = 0; i < 100000; ++i)
        st.findings << f;
    r.steps << st;
    const QList<Finding> all = r.allFindings();
    QCOMPARE(all.size(), 1);
    QCOMPARE(all[0].occurrences, 100000);
    Session s;
    s.findings = st.findings; // a session written before grouping
    const QString md = markdownReport(s);
    // Once among the findings (and once more at the top, as the case verdict's answer).
    QCOMPARE(md.mid(md.indexOf(QLatin1String("## Findings")))
                 .count(QLatin1String("hipErrorNoBinaryForGpu")),
             1);
    QVERIFY(md.contains(QLatin1String("seen 100,000 times")));
}

QTEST_GUILESS_MAIN(TestHostileReports)
#include "tst_hostile_reports.moc"
