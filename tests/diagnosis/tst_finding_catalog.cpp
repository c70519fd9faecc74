// The finding catalog is complete (docs/findings.md, "Findings"): every id the code can emit
// is in the catalog and documented, every rule declares catalog ids, findings are built only
// through makeFinding(), and the runtime-error table names only catalog ids.

#include "model/finding_catalog.h"
#include "model/runtime_errors.h"
#include "probe/protocol.h"
#include "rules_p.h"
#include "testpaths.h"
#include "verify/import_records.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace hd;

namespace {

QString readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Every engine and front-end source file.
QStringList sources() {
    QStringList out;
    for (const char *dir : {"core", "app", "ui"}) {
        QDirIterator it(hdtest::sourceDir() + QLatin1Char('/') + QLatin1String(dir),
                        {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            out << it.next();
    }
    return out;
}

QSet<QString> catalogIds() {
    QSet<QString> ids;
    for (const FindingKind &k : findingCatalog())
        ids.insert(QString::fromLatin1(k.id));
    return ids;
}

} // namespace

class TstFindingCatalog : public QObject {
    Q_OBJECT

private slots:
    void everyEmittedIdIsCatalogued();
    void everyCatalogIdIsDocumented();
    void rulesDeclareCatalogIds();
    void findingsOnlyThroughTheCatalog();
    void runtimeErrorTableNamesCatalogIds();
    void runtimeErrorLookups();
    void probeCausesRefutedOnceInspected();
    void repositoryStandsAlone();
    void everyRuleIdHasAReport();
    void everyIdHasItsSeverity();
    void severityChangesSayWhy();
    void runtimeErrorSeverities();
};

// Ids appear in the code as string literals of a known group ("arch.…"); each must be in the
// catalog. The scan finds ids in rules, the verifier, the probe and the front ends alike.
void TstFindingCatalog::everyEmittedIdIsCatalogued() {
    static const QRegularExpression idLiteral(QStringLiteral(
        R"re("((?:layer|build|runtime|symbol|arch|cov|bundle|module|env|context|launch|triton|verify)\.[a-z][a-z-]+)")re"));
    const QSet<QString> ids = catalogIds();
    int seen = 0;
    for (const QString &file : sources()) {
        auto it = idLiteral.globalMatch(readAll(file));
        while (it.hasNext()) {
            const QString id = it.next().captured(1);
            ++seen;
            QVERIFY2(ids.contains(id), qPrintable(QStringLiteral("%1 in %2").arg(id, file)));
        }
    }
    QVERIFY2(seen > 100, "the scan found the ids in the code");
    // and the runtime-error table's ids, which are written space-separated
    for (const RuntimeErrorMeaning &m : runtimeErrorMeanings())
        for (const QString &id : findingIdsOf(m))
            QVERIFY2(ids.contains(id), qPrintable(id));
}

void TstFindingCatalog::everyCatalogIdIsDocumented() {
    const QString doc = readAll(hdtest::sourceDir() + QStringLiteral("/docs/findings.md"));
    QVERIFY(!doc.isEmpty());
    for (const FindingKind &k : findingCatalog()) {
        const QString heading = QStringLiteral("### `%1`").arg(QLatin1String(k.id));
        QVERIFY2(doc.contains(heading), qPrintable(heading));
    }
}

void TstFindingCatalog::rulesDeclareCatalogIds() {
    const QSet<QString> ids = catalogIds();
    QSet<QString> names;
    QVERIFY(detail::ruleRegistry().size() >= 30);
    for (const detail::Rule &r : detail::ruleRegistry()) {
        QVERIFY2(!names.contains(QLatin1String(r.name)), r.name);
        names.insert(QLatin1String(r.name));
        QVERIFY2(!r.ids.isEmpty(), r.name);
        QVERIFY2(r.apply, r.name);
        for (const QString &id : r.ids)
            QVERIFY2(ids.contains(id), qPrintable(QStringLiteral("%1 in %2").arg(id, r.name)));
    }
    QVERIFY(detail::findRule(QStringLiteral("text/compile-failed")));
    // docs/findings.md lists every rule with its scope
    const QString doc = readAll(hdtest::sourceDir() + QStringLiteral("/docs/findings.md"));
    for (const detail::Rule &r : detail::ruleRegistry()) {
        const QString row = QStringLiteral("| `%1` | %2 |")
                                .arg(QLatin1String(r.name), detail::ruleScopeName(r.scope));
        QVERIFY2(doc.contains(row), qPrintable(row));
    }
    // text/unknown-layer reads what the other text rules found, so it runs after all of them
    QString lastText;
    for (const detail::Rule &r : detail::ruleRegistry())
        if (r.scope == detail::RuleScope::Text)
            lastText = QLatin1String(r.name);
    QCOMPARE(lastText, QStringLiteral("text/unknown-layer"));
}

// Every id a rule can emit is expected by a development report of the field corpus, or
// tests/diagnosis/field/README.md ("Ids without a development report") says why no public
// thread shows it.
void TstFindingCatalog::everyRuleIdHasAReport() {
    const QString field = hdtest::sourceDir() + QStringLiteral("/tests/diagnosis/field");
    QSet<QString> expected;
    for (const QFileInfo &fi : QDir(field).entryInfoList({QStringLiteral("*.json")}, QDir::Files)) {
        const QJsonObject o = QJsonDocument::fromJson(readAll(fi.filePath()).toUtf8()).object();
        for (const QJsonValue &v : o.value(QStringLiteral("expect")).toArray())
            expected.insert(v.toString());
    }
    QVERIFY2(expected.size() > 10, "the development reports were read");
    const QString readme = readAll(field + QStringLiteral("/README.md"));
    const qsizetype section = readme.indexOf(QLatin1String("## Ids without a development report"));
    QVERIFY2(section >= 0, "the README lists the ids without a report");
    const QString reasons = readme.mid(section);
    for (const detail::Rule &r : detail::ruleRegistry())
        for (const QString &id : r.ids) {
            if (expected.contains(id))
                continue;
            static const QRegularExpression reason(QStringLiteral(R"(^- `([a-z.-]+)`: \S.{20,})"),
                                                   QRegularExpression::MultilineOption);
            bool documented = false;
            auto it = reason.globalMatch(reasons);
            while (it.hasNext() && !documented)
                documented = it.next().captured(1) == id;
            QVERIFY2(documented, qPrintable(QStringLiteral("%1 (rule %2): no development report "
                                                           "expects it and the README gives no "
                                                           "reason")
                                                .arg(id, QLatin1String(r.name))));
        }
}

// A finding starts in makeFinding() (or is read back by Finding::fromJson); no other place
// default-constructs one and fills it in.
void TstFindingCatalog::findingsOnlyThroughTheCatalog() {
    static const QRegularExpression bare(QStringLiteral(R"(\bFinding\s+\w+\s*;|\bFinding\s*\{)"));
    for (const QString &file : sources()) {
        if (file.endsWith(QLatin1String("model/finding.cpp")) ||
            file.endsWith(QLatin1String("model/finding.h")) ||
            file.endsWith(QLatin1String("model/finding_catalog.cpp")))
            continue;
        const auto m = bare.match(readAll(file));
        QVERIFY2(!m.hasMatch(), qPrintable(QStringLiteral("%1: %2").arg(file, m.captured(0))));
    }
    // and makeFinding fills severity, direction and layer from the catalog
    const Finding f = makeFinding(QStringLiteral("symbol.mangled-name"), QStringLiteral("t"));
    QCOMPARE(f.severity, Severity::Error);
    QVERIFY(f.severityReason.isEmpty());
    QCOMPARE(f.direction, Direction::Symbols);
    QCOMPARE(f.layer, QStringLiteral("load"));
}

void TstFindingCatalog::runtimeErrorTableNamesCatalogIds() {
    QSet<int> codes;
    for (const RuntimeErrorMeaning &m : runtimeErrorMeanings()) {
        QVERIFY2(!codes.contains(m.code), qPrintable(QString::number(m.code)));
        codes.insert(m.code);
        QVERIFY(m.title && *m.title);
        QVERIFY(m.explanation && *m.explanation);
        QVERIFY(m.fix && *m.fix);
        QVERIFY(!findingIdsOf(m).isEmpty());
        // the names agree with the code tables
        if (m.hipName)
            QCOMPARE(hipErrorCode(QString::fromLatin1(m.hipName)), m.code);
        if (m.cudaName && m.code != 35)
            QCOMPARE(cudaErrorCode(QString::fromLatin1(m.cudaName)), m.code);
    }
}

void TstFindingCatalog::runtimeErrorLookups() {
    QString matched;
    const RuntimeErrorMeaning *m = runtimeErrorMeaningInText(
        QStringLiteral("RuntimeError: HIP error: invalid device function"), &matched);
    QVERIFY(m);
    QCOMPARE(m->code, 98);
    QCOMPARE(matched, QStringLiteral("invalid device function"));
    m = runtimeErrorMeaningInText(
        QStringLiteral("error: 'hipErrorInvalidDevice'(101) at main.cpp:42"), &matched);
    QVERIFY(m);
    QCOMPARE(m->code, 101);
    QCOMPARE(matched, QStringLiteral("hipErrorInvalidDevice"));
    QCOMPARE(runtimeErrorMeaningByName(QStringLiteral("cudaErrorNoKernelImageForDevice"))->code,
             209);
    QCOMPARE(runtimeErrorMeaningByName(QStringLiteral("CUDA_ERROR_NO_BINARY_FOR_GPU"))->code, 209);
    QVERIFY(!runtimeErrorMeaningInText(QStringLiteral("all good"), nullptr));
    // CUDA never yields the AMD-only causes of 209; HIP lists them as possible
    QCOMPARE(cudaErrorInfo(209).findingIds,
             QStringList{QStringLiteral("arch.no-compatible-code-object")});
    QVERIFY(hipErrorInfo(209).findingIds.contains(QStringLiteral("bundle.compressed")));
}

// A HIP 209 from the probe allows four causes; with the artifact inspected, the static
// diagnosis has checked three of them, so only the decisive one is reported. A CUDA 209 never
// yields the AMD-only causes at all.
void TstFindingCatalog::probeCausesRefutedOnceInspected() {
    ProbeResult r;
    r.outcome = ProbeOutcome::Completed;
    r.hello.backend = QStringLiteral("hip");
    PhaseEvent e;
    e.name = QStringLiteral("module-load");
    e.api = QStringLiteral("hipModuleLoad");
    e.status = QStringLiteral("error");
    e.errorCode = 209;
    e.errorName = QStringLiteral("hipErrorNoBinaryForGpu");
    r.phases << e;
    r.firstError = e;
    r.failedCall = e;
    auto ids = [](const QList<Finding> &fs) {
        QStringList out;
        for (const Finding &f : fs)
            out << f.id + QLatin1Char(':') + severityName(f.severity);
        return out;
    };
    const QList<Finding> found = findingsFromProbe(r, QStringLiteral("probe-load"), false);
    const QStringList open = ids(found);
    // The warnings among them say why they are not errors (docs/findings.md, "Severity").
    for (const Finding &f : found)
        QVERIFY2(severityExplained(f), qPrintable(f.id));
    QCOMPARE(open.first(), QStringLiteral("arch.no-compatible-code-object:error"));
    QVERIFY(open.contains(QStringLiteral("bundle.compressed:warning")));
    QCOMPARE(ids(findingsFromProbe(r, QStringLiteral("probe-load"), true)),
             QStringList{QStringLiteral("arch.no-compatible-code-object:error")});
    r.hello.backend = QStringLiteral("cuda");
    r.phases.first().errorName = QStringLiteral("CUDA_ERROR_NO_BINARY_FOR_GPU");
    r.firstError = r.failedCall = r.phases.first();
    QCOMPARE(ids(findingsFromProbe(r, QStringLiteral("probe-load"), false)),
             QStringList{QStringLiteral("arch.no-compatible-code-object:error")});
}

// Comments and docs point into the repository (docs/design.md, docs/formats.md,
// docs/scenarios.md), never to design files outside it.
void TstFindingCatalog::repositoryStandsAlone() {
    static const QRegularExpression outside(
        QStringLiteral(R"((?<![/\w])(?:DESIGN|REFERENCE|SCENARIOS|STYLE)\.md|\.\./shared/)"));
    QStringList files = sources();
    for (const char *dir : {"docs", "tests", "scripts", "bench", "kernels", "fuzz", "packaging"}) {
        QDirIterator it(hdtest::sourceDir() + QLatin1Char('/') + QLatin1String(dir),
                        {QStringLiteral("*.cpp"), QStringLiteral("*.h"), QStringLiteral("*.md"),
                         QStringLiteral("*.sh"), QStringLiteral("*.py"),
                         QStringLiteral("CMakeLists.txt")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString f = it.next();
            if (!f.contains(QLatin1String("/tests/diagnosis/field/")) &&
                !f.endsWith(QLatin1String("tst_finding_catalog.cpp")))
                files << f;
        }
    }
    QVERIFY(files.size() > 200);
    for (const QString &f : files) {
        const auto m = outside.match(readAll(f));
        QVERIFY2(!m.hasMatch(), qPrintable(QStringLiteral("%1: %2").arg(f, m.captured(0))));
    }
}

// Every id has a severity, and docs/findings.md's "Severity" lists and its "(warning)" /
// "(info)" headings say the catalog's.
void TstFindingCatalog::everyIdHasItsSeverity() {
    const QString doc = readAll(hdtest::sourceDir() + QStringLiteral("/docs/findings.md"));
    const qsizetype from = doc.indexOf(QLatin1String("\n## Severity\n"));
    QVERIFY(from >= 0);
    const QString section = doc.mid(from, doc.indexOf(QLatin1String("\n## "), from + 1) - from);
    // The ids of each "- **severity**: ..." item, which may wrap onto indented lines.
    QHash<QString, QString> listed;
    static const QRegularExpression item(QStringLiteral(R"(\n- \*\*(\w+)\*\*: ((?:[^\n]|\n  )*))"));
    static const QRegularExpression code(QStringLiteral("`([a-z]+\\.[a-z-]+)`"));
    for (auto it = item.globalMatch(section); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        for (auto c = code.globalMatch(m.captured(2)); c.hasNext();) {
            const QString id = c.next().captured(1);
            QVERIFY2(!listed.contains(id), qPrintable(id));
            listed.insert(id, m.captured(1));
        }
    }
    QCOMPARE(listed.size(), findingCatalog().size());
    for (const FindingKind &k : findingCatalog()) {
        const QString id = QLatin1String(k.id);
        QVERIFY(k.severity == Severity::Error || k.severity == Severity::Warning ||
                k.severity == Severity::Info);
        QCOMPARE(catalogSeverity(id), k.severity);
        QVERIFY2(listed.value(id) == severityName(k.severity),
                 qPrintable(QStringLiteral("%1: listed %2, catalog %3")
                                .arg(id, listed.value(id), severityName(k.severity))));
    }
    static const QRegularExpression heading(
        QStringLiteral(R"(\n### `([a-z.-]+)` \((error|warning|info)\))"));
    int headings = 0;
    for (auto it = heading.globalMatch(doc); it.hasNext(); ++headings) {
        const QRegularExpressionMatch m = it.next();
        QCOMPARE(severityName(catalogSeverity(m.captured(1))), m.captured(2));
    }
    QVERIFY(headings >= 10);
    QCOMPARE(catalogSeverity(QStringLiteral("no.such-id")), Severity::Info);
}

// makeFinding() gives the catalog's severity; another one needs a reason, which is kept only
// where the severity differs. The control: a severity changed by hand, without a reason, is
// caught by severityExplained() (the check tst_field_corpus and tst_ui_trust run on every
// finding of the field corpus and the demo).
void TstFindingCatalog::severityChangesSayWhy() {
    const QString id = QStringLiteral("bundle.compressed");
    const Text why = HD_TEXT("hd::Diagnosis", "the runtime version is not known");
    Finding f = makeFinding(id, QStringLiteral("t"));
    QCOMPARE(f.severity, Severity::Error);
    QVERIFY(f.severityReason.isEmpty());
    QVERIFY(severityExplained(f));
    f = makeFinding(id, SeverityChange(Severity::Warning, why), QStringLiteral("t"));
    QCOMPARE(f.severity, Severity::Warning);
    QCOMPARE(f.severityReason, why);
    QVERIFY(severityExplained(f));
    // The JSON has the reason only when there is one, and reads it back.
    QCOMPARE(f.toJson().value(QStringLiteral("severity_reason")).toString(), why.english());
    QCOMPARE(Finding::fromJson(f.toJson()), f);
    QVERIFY(
        !makeFinding(id, QStringLiteral("t")).toJson().contains(QStringLiteral("severity_reason")));
    // The catalog's own severity passed as a change keeps no reason.
    f = makeFinding(id, SeverityChange(Severity::Error, why), QStringLiteral("t"));
    QVERIFY(f.severityReason.isEmpty());
    changeSeverity(f, SeverityChange(Severity::Info, why));
    QCOMPARE(f.severity, Severity::Info);
    QCOMPARE(f.severityReason, why);
    // Not part of the key: the same cause with and without the reason is one finding, and the
    // merge keeps the reason with the severity it shows.
    const Finding plain = makeFinding(id, QStringLiteral("t"));
    QCOMPARE(f.key(), plain.key());
    // Sightings with other titles: the most severe one's severity comes with its own reason.
    const Text milder = HD_TEXT("hd::Diagnosis", "a build-time variable: set for the run it does "
                                                 "no harm");
    const QString noDevice = QStringLiteral("runtime.no-device"); // one key whatever the title
    QList<Finding> merged = mergeDuplicateFindings(
        {makeFinding(noDevice, SeverityChange(Severity::Warning, why), QStringLiteral("a")),
         makeFinding(noDevice, QStringLiteral("b"))});
    QCOMPARE(merged.size(), 1);
    QCOMPARE(merged.first().severity, Severity::Error);
    QVERIFY(merged.first().severityReason.isEmpty());
    merged = mergeDuplicateFindings(
        {makeFinding(noDevice, SeverityChange(Severity::Info, milder), QStringLiteral("a")),
         makeFinding(noDevice, SeverityChange(Severity::Warning, why), QStringLiteral("b"))});
    QCOMPARE(merged.first().severity, Severity::Warning);
    QCOMPARE(merged.first().severityReason, why);
    QCOMPARE(merged.first().title, Text(QStringLiteral("b")));
    // The same title: the first sighting is kept, its reason with it.
    merged = mergeDuplicateFindings(
        {makeFinding(id, SeverityChange(Severity::Warning, why), QStringLiteral("u")),
         makeFinding(id, QStringLiteral("u"))});
    QCOMPARE(merged.size(), 1);
    QCOMPARE(merged.first().severity, Severity::Warning);
    QCOMPARE(merged.first().severityReason, why);
    // Control: a severity changed without a reason is caught.
    Finding silent = makeFinding(id, QStringLiteral("t"));
    silent.severity = Severity::Warning;
    QVERIFY(!severityExplained(silent));
    silent.severityReason = why;
    QVERIFY(severityExplained(silent));
}

// The runtime-error table's severity is that of its first candidate id when the error is seen
// alone; it is never above the id's catalog severity, so the reason given for it ("the
// runtime's error alone does not prove this cause") is true.
void TstFindingCatalog::runtimeErrorSeverities() {
    int lowered = 0;
    for (const RuntimeErrorMeaning &m : runtimeErrorMeanings()) {
        const QString id = findingIdsOf(m).first();
        QVERIFY2(
            int(m.severity) <= int(catalogSeverity(id)),
            qPrintable(QStringLiteral("%1: %2 above %3's %4")
                           .arg(m.code)
                           .arg(severityName(m.severity), id, severityName(catalogSeverity(id)))));
        const Finding f = makeFinding(id, runtimeErrorSeverity(m), QStringLiteral("t"));
        QCOMPARE(f.severity, m.severity);
        QVERIFY(severityExplained(f));
        lowered += !f.severityReason.isEmpty();
    }
    QVERIFY(lowered >= 3); // 98, 500, 9 ...
}

QTEST_GUILESS_MAIN(TstFindingCatalog)
#include "tst_finding_catalog.moc"
