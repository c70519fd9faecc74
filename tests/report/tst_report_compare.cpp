// hipdoctor-cli report with several sessions (docs/cli.md "report", docs/remote.md "Many
// nodes"): sessions written by the real CLI on this machine (verify --step 1, once as is and
// once with another environment and --target), one damaged file; the comparison report in
// Markdown and HTML, and the same matrix as verify --compare-sessions prints.
#include "model/session.h"
#include "report/node_matrix.h"
#include "testpaths.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace hd;

namespace {

struct Run {
    int code = -1;
    QString out, err;
};

Run cli(const QStringList &args) {
    QProcess p;
    p.start(hdtest::binary(QStringLiteral("hipdoctor-cli")), args);
    p.waitForFinished(600000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString readText(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The labels of the rows marked as differing in verify's text matrix ('*' first).
QStringList differingInText(const QString &text) {
    QStringList labels;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &l : lines.mid(1))
        if (l.startsWith(QLatin1String("* ")) && !l.contains(QLatin1String("differ between")))
            labels << l.mid(2).section(QStringLiteral("  "), 0, 0).trimmed();
    return labels;
}

} // namespace

class TestReportCompare : public QObject {
    Q_OBJECT
    QTemporaryDir dir;
    QString plain, other, damaged;

private slots:
    void initTestCase() {
        QVERIFY(dir.isValid());
        plain = dir.filePath(QStringLiteral("plain.session.json"));
        other = dir.filePath(QStringLiteral("other.session.json"));
        damaged = dir.filePath(QStringLiteral("damaged.session.json"));
        // Exit 0 or 1 (no GPU here: step 1 says so with a finding); the session is what counts.
        Run r = cli({QStringLiteral("verify"), QStringLiteral("--step"), QStringLiteral("1"),
                     QStringLiteral("--session"), plain});
        QVERIFY2(r.code == 0 || r.code == 1, qPrintable(r.err));
        r = cli({QStringLiteral("verify"), QStringLiteral("--step"), QStringLiteral("1"),
                 QStringLiteral("--target"), QStringLiteral("gfx90a"), QStringLiteral("--env"),
                 QStringLiteral("HF_TOKEN=hf_compare_secret_7"), QStringLiteral("--env"),
                 QStringLiteral("AMD_LOG_LEVEL=3"), QStringLiteral("--session"), other});
        QVERIFY2(r.code == 0 || r.code == 1, qPrintable(r.err));
        // A session cut in the middle, as a node that died while writing it leaves it.
        const QByteArray bytes = readText(plain).toUtf8();
        QFile f(damaged);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes.left(bytes.size() / 2));
    }

    void matrixIsShared() {
        // The engine's matrix of the two sessions is what verify --compare-sessions prints.
        const QList<NodeSession> nodes = loadNodeSessions({plain, other});
        QCOMPARE(nodes.size(), 2);
        QVERIFY(nodes[0].ran && nodes[1].ran);
        // Same host: the columns take the file names.
        QCOMPARE(nodes[0].name, QStringLiteral("plain"));
        QCOMPARE(nodes[1].name, QStringLiteral("other"));
        const NodeMatrix m = nodeMatrix(nodes);
        const Run v =
            cli({QStringLiteral("verify"), QStringLiteral("--compare-sessions"), plain, other});
        QCOMPARE(v.code, 0);
        QCOMPARE(v.out, nodeMatrixText(m));
        QStringList differing;
        for (const NodeMatrixRow &r : m.rows)
            if (r.differs)
                differing << r.label;
        QCOMPARE(differingInText(v.out), differing);
        // The environment differs (and the matrix shows it), the node does not count.
        QVERIFY2(differing.contains(QStringLiteral("environment")), qPrintable(v.out));
        QVERIFY(!differing.contains(QStringLiteral("node")));
    }

    void markdown() {
        const QString md = dir.filePath(QStringLiteral("nodes.md"));
        const Run r =
            cli({QStringLiteral("report"), plain, other, damaged, QStringLiteral("-o"), md});
        // The damaged file is named, the report of the other two is still written.
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(damaged), qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("wrote ")), qPrintable(r.err));
        const QString t = readText(md);
        QVERIFY(t.startsWith(QLatin1String("# hipdoctor comparison of 3 sessions")));
        // The matrix first: a column per file, differing rows marked.
        const qsizetype matrix = t.indexOf(QStringLiteral("## Node × check"));
        QVERIFY(matrix > 0);
        QVERIFY(t.contains(QLatin1String("| plain | other | damaged |")));
        QVERIFY2(
            t.contains(QRegularExpression(QStringLiteral("\\| ≠ \\| \\*\\*environment\\*\\* \\|"))),
            qPrintable(t.left(3000)));
        QVERIFY(t.contains(QRegularExpression(QStringLiteral("\\| ≠ \\| \\*\\*connection\\*\\* \\| "
                                                             "ok \\| ok \\| unreadable \\|"))));
        // The damaged column differs in its connection only, not in every row.
        QVERIFY2(t.contains(QLatin1String("|  | runtime | ")), qPrintable(t.left(3000)));
        QVERIFY(t.contains(QLatin1String("**Could not be read**")));
        // Then each readable session's report, its headings one level down.
        const qsizetype first = t.indexOf(QLatin1String("\n## plain\n"));
        const qsizetype second = t.indexOf(QLatin1String("\n## other\n"));
        QVERIFY(first > matrix && second > first);
        QVERIFY(!t.contains(QLatin1String("\n## damaged")));
        QCOMPARE(t.count(QLatin1String("\n### Findings\n")), 2);
        QCOMPARE(t.count(QLatin1String("\n## Findings\n")), 0);
        QVERIFY(t.contains(QStringLiteral("\n### Step 1 — ")));
        // Redacted as a single report is, the matrix's environment row too.
        QVERIFY(!t.contains(QLatin1String("hf_compare_secret_7")));
        QVERIFY(t.contains(QLatin1String("HF_TOKEN=[redacted]")));
        QCOMPARE(t.count(QLatin1String("<details>")), t.count(QLatin1String("</details>")));
    }

    void html() {
        const QString html = dir.filePath(QStringLiteral("nodes.html"));
        const Run r = cli({QStringLiteral("report"), plain, other, QStringLiteral("-o"), html});
        QCOMPARE(r.code, 0);
        const QString t = readText(html);
        QVERIFY(t.startsWith(QLatin1String("<!DOCTYPE html>")));
        QVERIFY(t.contains(QLatin1String("<table class=\"matrix\">")));
        QVERIFY(t.contains(QLatin1String("<tr class=\"differs\">")));
        QCOMPARE(t.count(QLatin1String("<details class=\"node\">")), 2);
        QVERIFY(t.indexOf(QLatin1String("<table class=\"matrix\">")) <
                t.indexOf(QLatin1String("<details class=\"node\">")));
        QVERIFY(!t.contains(QLatin1String("hf_compare_secret_7")));
        QVERIFY(t.trimmed().endsWith(QLatin1String("</html>")));
        QCOMPARE(t.count(QLatin1String("<details")), t.count(QLatin1String("</details>")));
    }

    void singleSessionStaysASingleReport() {
        const Run r = cli({QStringLiteral("report"), plain});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith(QLatin1String("# hipdoctor verification report")));
        QVERIFY(!r.out.contains(QStringLiteral("node × check")));
    }

    void nothingReadable() {
        const QString out = dir.filePath(QStringLiteral("none.md"));
        const QString missing = dir.filePath(QStringLiteral("missing.session.json"));
        const Run r = cli({QStringLiteral("report"), damaged, missing, QStringLiteral("-o"), out});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(damaged) && r.err.contains(missing), qPrintable(r.err));
        QVERIFY(r.err.contains(QLatin1String("no session could be read")));
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestReportCompare)
#include "tst_report_compare.moc"
