// The field corpus (tests/diagnosis/field/README.md): reports copied verbatim from public issue
// threads, each with a sidecar naming its source, the cause the thread established and the
// finding ids that must and must not be reported. One test row per development report; the
// held-out half is scored as a whole against a floor, printing only ids (never its text).
// Every finding of both halves whose severity is not its id's catalog severity says why.

#include "diagnosis/diagnosis.h"
#include "model/finding_catalog.h"
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

// The held-out half must score at least this (percent of its reports right, known gaps
// aside); tests/diagnosis/field/README.md, "Score", says how it was set.
constexpr int kHeldOutFloorPercent = 75;

// The reports of a folder: every .txt with a sidecar (the split's lists are .txt too).
QStringList reportsIn(const QString &dir) {
    QStringList out;
    for (const QString &t : QDir(dir).entryList({QStringLiteral("*.txt")}, QDir::Files))
        if (QFileInfo::exists(dir + QLatin1Char('/') + QFileInfo(t).completeBaseName() +
                              QStringLiteral(".json")))
            out << t;
    return out;
}

struct Sidecar {
    QStringList expect, forbid, targets, env, gaps, gapReported;
    QString gapWhy, gapContradiction;
};

Sidecar readSidecar(const QString &path) {
    Sidecar s;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return s;
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    const auto strings = [](const QJsonValue &v) {
        QStringList out;
        for (const QJsonValue &e : v.toArray())
            out << e.toString();
        return out;
    };
    const QJsonObject e = o.value(QStringLiteral("env")).toObject();
    for (auto it = e.begin(); it != e.end(); ++it)
        s.env << it.key() + QLatin1Char('=') + it.value().toString();
    const QJsonObject gap = o.value(QStringLiteral("known_gap")).toObject();
    s.expect = strings(o.value(QStringLiteral("expect")));
    s.forbid = strings(o.value(QStringLiteral("forbid")));
    s.targets = strings(o.value(QStringLiteral("targets")));
    s.gaps = strings(gap.value(QStringLiteral("ids")));
    s.gapReported = strings(gap.value(QStringLiteral("reported")));
    s.gapWhy = gap.value(QStringLiteral("why")).toString();
    s.gapContradiction = gap.value(QStringLiteral("contradiction")).toString();
    return s;
}

// The report diagnosed as `hipdoctor-cli diagnose FILE.txt` would, with the sidecar's context.
Diagnosis diagnoseReport(const QString &text, const QStringList &targets, const QStringList &env) {
    DiagnoseRequest req;
    for (const QString &kv : env)
        req.env.append({kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1)});
    req.inputs = {text};
    req.textInputs = {text}; // a pasted report is text, whatever bytes it holds
    req.targets = targets;
    // The diagnosing machine's runtime must not colour a report written elsewhere.
    req.runtimeLibraries = {QStringLiteral("/nonexistent/libamdhip64.so")};
    return diagnose(req);
}

bool reported(const Diagnosis &d, const QString &id) {
    return std::any_of(d.findings.cbegin(), d.findings.cend(),
                       [&](const Finding &f) { return f.id == id; });
}

// Two findings of one run that cannot both hold: the code ran (a look-alike) and the build or
// the load failed (an error of those layers); or "no layer recognised" beside any other.
QString contradiction(const Diagnosis &d) {
    const Finding *ran = nullptr, *failed = nullptr;
    for (const Finding &f : d.findings) {
        if (f.layer == QLatin1String("run"))
            ran = &f;
        if (f.severity == Severity::Error &&
            (f.layer == QLatin1String("compile") || f.layer == QLatin1String("build") ||
             f.layer == QLatin1String("load")))
            failed = &f;
    }
    if (ran && failed)
        return ran->id + QStringLiteral(" beside ") + failed->id;
    if (reported(d, QStringLiteral("layer.unknown")) && d.findings.size() > 1)
        return QStringLiteral("layer.unknown beside other findings");
    return {};
}

// Findings whose severity is not their id's catalog severity and that do not say why
// (docs/findings.md, "Severity"): "id (warning, catalog error)", ids only.
QStringList unexplainedSeverities(const Diagnosis &d) {
    QStringList out;
    for (const Finding &f : d.findings)
        if (!severityExplained(f))
            out << QStringLiteral("%1 (%2, catalog %3)")
                       .arg(f.id, severityName(f.severity), severityName(catalogSeverity(f.id)));
    return out;
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

QStringList ids(const Diagnosis &d) {
    QStringList out;
    for (const Finding &f : d.findings)
        if (!out.contains(f.id))
            out << f.id;
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
    void heldOut();
};

// Every report has its sidecar, with a source and at least one expected id; and there are
// enough of them to mean something.
void TstFieldCorpus::corpusIsComplete() {
    const QStringList texts = reportsIn(fieldDir());
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
    // forbidden ids the text cannot rule out (the error alone reads that way first)
    QTest::addColumn<QStringList>("gapReported");
    QTest::addColumn<QString>("gapWhy");
    // a contradiction the diagnosis is known to make on this report (a known gap of the rules)
    QTest::addColumn<QString>("gapContradiction");
    const QStringList texts = reportsIn(fieldDir());
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
            << strings(gap.value(QStringLiteral("reported")))
            << gap.value(QStringLiteral("why")).toString()
            << gap.value(QStringLiteral("contradiction")).toString();
    }
}

void TstFieldCorpus::report() {
    QFETCH(QString, text);
    QFETCH(QStringList, expect);
    QFETCH(QStringList, forbid);
    QFETCH(QStringList, targets);
    QFETCH(QStringList, env);
    QFETCH(QStringList, gaps);
    QFETCH(QStringList, gapReported);
    QFETCH(QString, gapWhy);
    QFETCH(QString, gapContradiction);
    const Diagnosis d = diagnoseReport(text, targets, env);
    QStringList got;
    for (const Finding &f : d.findings)
        got << QStringLiteral("%1(%2)").arg(f.id, severityName(f.severity));
    const QString seen = got.join(QStringLiteral(", "));
    const QString contra = contradiction(d);
    if (!gapContradiction.isEmpty())
        QEXPECT_FAIL("", qPrintable(gapWhy), Abort); // passes again once the gap closes
    QVERIFY2(contra.isEmpty(),
             qPrintable(QStringLiteral("contradiction: %1; got: %2").arg(contra, seen)));
    const QStringList unexplained = unexplainedSeverities(d);
    QVERIFY2(unexplained.isEmpty(),
             qPrintable(QStringLiteral("severity changed without a reason: %1")
                            .arg(unexplained.join(QStringLiteral(", ")))));
    for (const QString &id : forbid) {
        if (gapReported.contains(id))
            continue; // checked last, as a known gap
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
    for (const QString &id : gapReported) {
        QEXPECT_FAIL("", qPrintable(gapWhy), Abort);
        QVERIFY2(!reported(d, id),
                 qPrintable(QStringLiteral("forbidden %1 (a known gap)").arg(id)));
    }
    for (const QString &id : ordered) {
        if (gaps.contains(id))
            QEXPECT_FAIL("", qPrintable(gapWhy), Abort);
        const bool found = std::any_of(d.findings.cbegin(), d.findings.cend(),
                                       [&](const Finding &f) { return f.id == id; });
        QVERIFY2(found, qPrintable(QStringLiteral("expected %1; got: %2").arg(id, seen)));
    }
}

// The held-out half: reports no rule was written from. Scored as a whole; each row prints only
// its name and the expected and reported ids, never the report's text.
void TstFieldCorpus::heldOut() {
    const QString dir = fieldDir() + QStringLiteral("/heldout");
    const QStringList texts = reportsIn(dir);
    if (texts.isEmpty())
        QSKIP("no held-out reports");
    int right = 0;
    QStringList unexplained;
    for (const QString &t : texts) {
        const QString base = QFileInfo(t).completeBaseName();
        const Sidecar s = readSidecar(dir + QLatin1Char('/') + base + QStringLiteral(".json"));
        const Diagnosis d = diagnoseReport(dir + QLatin1Char('/') + t, s.targets, s.env);
        const QStringList got = ids(d);
        for (const QString &u : unexplainedSeverities(d))
            unexplained << base + QStringLiteral(": ") + u;
        QStringList missing, forbidden;
        for (const QString &id : s.expect)
            if (!got.contains(id) && !s.gaps.contains(id))
                missing << id;
        for (const QString &id : s.forbid)
            if (got.contains(id) && !s.gapReported.contains(id))
                forbidden << id;
        const bool ok = missing.isEmpty() && forbidden.isEmpty() && contradiction(d).isEmpty();
        right += ok;
        qInfo().noquote() << (ok ? "held-out pass" : "held-out FAIL") << base
                          << "expected:" << s.expect.join(QLatin1Char(' '))
                          << "forbidden:" << s.forbid.join(QLatin1Char(' '))
                          << "reported:" << got.join(QLatin1Char(' '));
    }
    const int percent = int(100 * right / texts.size());
    qInfo().noquote() << QStringLiteral("held-out score: %1 of %2 (%3 %)")
                             .arg(right)
                             .arg(texts.size())
                             .arg(percent);
    QVERIFY2(unexplained.isEmpty(),
             qPrintable(QStringLiteral("severity changed without a reason: %1")
                            .arg(unexplained.join(QStringLiteral("; ")))));
    QVERIFY2(percent >= kHeldOutFloorPercent,
             qPrintable(QStringLiteral("held-out %1 %% is under the floor of %2 %%")
                            .arg(percent)
                            .arg(kHeldOutFloorPercent)));
}

QTEST_GUILESS_MAIN(TstFieldCorpus)
#include "tst_field_corpus.moc"
