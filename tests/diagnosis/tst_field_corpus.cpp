// The field corpus (tests/diagnosis/field/README.md): reports copied verbatim from public issue
// threads, each with a sidecar naming its source, the cause the thread established and the
// finding ids that must and must not be reported. One test row per report.

#include "diagnosis/diagnosis.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace hd;

namespace {

QString fieldDir() {
    return hdtest::sourceDir() + QStringLiteral("/tests/diagnosis/field");
}

// Qt only warns about a pattern it cannot compile; here that fails the test.
QStringList g_badPatterns;
void failOnBadPattern(QtMsgType type, const QMessageLogContext &, const QString &msg) {
    if (type == QtWarningMsg && msg.contains(QLatin1String("invalid QRegularExpression")))
        g_badPatterns << msg;
    fprintf(stderr, "%s\n", qPrintable(msg));
}

QStringList strings(const QJsonValue &v) {
    QStringList out;
    for (const QJsonValue &e : v.toArray())
        out << e.toString();
    return out;
}

} // namespace

class TstFieldCorpus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qInstallMessageHandler(failOnBadPattern); }
    void cleanup() { QVERIFY2(g_badPatterns.isEmpty(), qPrintable(g_badPatterns.join(u'\n'))); }
    void corpusIsComplete();
    void report_data();
    void report();
};

// Every report has its sidecar, with a source and at least one expected id; and there are
// enough of them to mean something.
void TstFieldCorpus::corpusIsComplete() {
    const QStringList texts = QDir(fieldDir()).entryList({QStringLiteral("*.txt")}, QDir::Files);
    QVERIFY2(texts.size() >= 40, qPrintable(QStringLiteral("%1 reports").arg(texts.size())));
    for (const QString &t : texts) {
        const QString side = fieldDir() + QLatin1Char('/') + QFileInfo(t).completeBaseName() +
                             QStringLiteral(".json");
        QFile f(side);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(side));
        QJsonParseError err;
        const QJsonObject o = QJsonDocument::fromJson(f.readAll(), &err).object();
        QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(side + err.errorString()));
        QVERIFY2(o.value(QStringLiteral("source"))
                     .toString()
                     .startsWith(QLatin1String("https://github.com/")),
                 qPrintable(side));
        QVERIFY2(!o.value(QStringLiteral("cause")).toString().isEmpty(), qPrintable(side));
        QVERIFY2(!strings(o.value(QStringLiteral("expect"))).isEmpty(), qPrintable(side));
    }
}

void TstFieldCorpus::report_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expect");
    QTest::addColumn<QStringList>("forbid");
    QTest::addColumn<QStringList>("targets");
    QTest::addColumn<QStringList>("env");  // NAME=VALUE the thread says the run had
    QTest::addColumn<QStringList>("gaps"); // expected ids the text cannot show
    QTest::addColumn<QString>("gapWhy");
    const QStringList texts = QDir(fieldDir()).entryList({QStringLiteral("*.txt")}, QDir::Files);
    for (const QString &t : texts) {
        const QString base = QFileInfo(t).completeBaseName();
        QFile f(fieldDir() + QLatin1Char('/') + base + QStringLiteral(".json"));
        if (!f.open(QIODevice::ReadOnly))
            continue; // corpusIsComplete() reports it
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        QStringList env;
        const QJsonObject e = o.value(QStringLiteral("env")).toObject();
        for (auto it = e.begin(); it != e.end(); ++it)
            env << it.key() + QLatin1Char('=') + it.value().toString();
        const QJsonObject gap = o.value(QStringLiteral("known_gap")).toObject();
        QTest::newRow(qPrintable(base))
            << fieldDir() + QLatin1Char('/') + t << strings(o.value(QStringLiteral("expect")))
            << strings(o.value(QStringLiteral("forbid")))
            << strings(o.value(QStringLiteral("targets"))) << env
            << strings(gap.value(QStringLiteral("ids")))
            << gap.value(QStringLiteral("why")).toString();
    }
}

void TstFieldCorpus::report() {
    QFETCH(QString, text);
    QFETCH(QStringList, expect);
    QFETCH(QStringList, forbid);
    QFETCH(QStringList, targets);
    QFETCH(QStringList, env);
    QFETCH(QStringList, gaps);
    QFETCH(QString, gapWhy);
    DiagnoseRequest req;
    for (const QString &kv : env)
        req.env.append({kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1)});
    req.inputs = {text};
    req.textInputs = {text}; // a pasted report is text, whatever bytes it holds
    req.targets = targets;
    // The diagnosing machine's runtime must not colour a report written elsewhere.
    req.runtimeLibraries = {QStringLiteral("/nonexistent/libamdhip64.so")};
    const Diagnosis d = diagnose(req);
    QStringList got;
    for (const Finding &f : d.findings)
        got << QStringLiteral("%1(%2)").arg(f.id, severityName(f.severity));
    const QString seen = got.join(QStringLiteral(", "));
    for (const QString &id : forbid) {
        const bool found = std::any_of(d.findings.cbegin(), d.findings.cend(),
                                       [&](const Finding &f) { return f.id == id; });
        QVERIFY2(!found, qPrintable(QStringLiteral("forbidden %1; got: %2").arg(id, seen)));
    }
    // Known gaps last: QEXPECT_FAIL ends the row at the expected failure, and an unexpected
    // pass (the gap closed) fails the row so that the sidecar is brought up to date.
    QStringList ordered = expect;
    for (const QString &g : gaps) {
        ordered.removeAll(g);
        ordered.append(g);
    }
    for (const QString &id : ordered) {
        if (gaps.contains(id))
            QEXPECT_FAIL("", qPrintable(gapWhy), Abort);
        const bool found = std::any_of(d.findings.cbegin(), d.findings.cend(),
                                       [&](const Finding &f) { return f.id == id; });
        QVERIFY2(found, qPrintable(QStringLiteral("expected %1; got: %2").arg(id, seen)));
    }
}

QTEST_GUILESS_MAIN(TstFieldCorpus)
#include "tst_field_corpus.moc"
