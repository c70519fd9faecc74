#include "targets/compatibility.h"
#include "targets/processors.h"
#include "targets/target_id.h"

#include <QTest>

using namespace hd;

class TstTargets : public QObject {
    Q_OBJECT
private slots:
    void parse_data();
    void parse();
    void parseRejects_data();
    void parseRejects();
    void fromElf_data();
    void fromElf();
    void compatibility_data();
    void compatibility();
    void genericCoverage();
};

void TstTargets::parse_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");
    QTest::addColumn<bool>("nvidia");
    QTest::newRow("plain") << "gfx90a"
                           << "gfx90a" << false;
    QTest::newRow("features") << "gfx90a:xnack-:sramecc+"
                              << "gfx90a:sramecc+:xnack-" << false;
    QTest::newRow("triple") << "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"
                            << "gfx90a:sramecc+:xnack-" << false;
    QTest::newRow("generic") << "gfx9-4-generic"
                             << "gfx9-4-generic" << false;
    QTest::newRow("gfx1201") << "gfx1201"
                             << "gfx1201" << false;
    QTest::newRow("sm") << "sm_90"
                        << "sm_90" << true;
    QTest::newRow("sm a") << "sm_90a"
                          << "sm_90a" << true;
    QTest::newRow("bare number") << "80"
                                 << "sm_80" << true;
    QTest::newRow("compute") << "compute_80"
                             << "sm_80" << true;
}

void TstTargets::parse() {
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    QFETCH(bool, nvidia);
    QString error;
    const auto id = TargetId::parse(text, &error);
    QVERIFY2(id.has_value(), qPrintable(error));
    QCOMPARE(id->toString(), canonical);
    QCOMPARE(id->isNvidia(), nvidia);
}

void TstTargets::parseRejects_data() {
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << "";
    QTest::newRow("word") << "radeon";
    QTest::newRow("bad feature") << "gfx90a:xnack";
    QTest::newRow("unknown feature") << "gfx90a:wavefrontsize64+";
}

void TstTargets::parseRejects() {
    QFETCH(QString, text);
    QString error;
    QVERIFY(!TargetId::parse(text, &error).has_value());
    QVERIFY(!error.isEmpty());
}

void TstTargets::fromElf_data() {
    QTest::addColumn<uint>("flags");
    QTest::addColumn<int>("version");
    QTest::addColumn<QString>("expected");
    // e_flags values seen in real code objects (docs/formats.md).
    QTest::newRow("gfx90a default") << 0x53Fu << 4 << "gfx90a";
    QTest::newRow("gfx90a sramecc+ xnack-") << 0xE3Fu << 4 << "gfx90a:sramecc+:xnack-";
    QTest::newRow("gfx1030") << 0x036u << 4 << "gfx1030";
    QTest::newRow("triton gfx942") << 0x54Cu << 5 << "gfx942";
    QTest::newRow("v3 xnack on") << 0x13Fu << 3 << "gfx90a:xnack+";
}

void TstTargets::fromElf() {
    QFETCH(uint, flags);
    QFETCH(int, version);
    QFETCH(QString, expected);
    QCOMPARE(TargetId::fromAmdgpuElf(flags, version).toString(), expected);
}

void TstTargets::compatibility_data() {
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("device");
    QTest::addColumn<bool>("ptx");
    QTest::addColumn<QString>("kind");
    QTest::newRow("exact") << "gfx90a"
                           << "gfx90a:sramecc+:xnack-" << false << "exact";
    QTest::newRow("wrong gpu") << "gfx1030"
                               << "gfx90a:sramecc+:xnack-" << false << "processor-mismatch";
    QTest::newRow("xnack differs") << "gfx90a:xnack+"
                                   << "gfx90a:sramecc+:xnack-" << false << "feature-mismatch";
    QTest::newRow("sramecc differs") << "gfx90a:sramecc-"
                                     << "gfx90a:sramecc+:xnack-" << false << "feature-mismatch";
    QTest::newRow("pinned same") << "gfx90a:sramecc+:xnack-"
                                 << "gfx90a:sramecc+:xnack-" << false << "exact";
    QTest::newRow("generic") << "gfx9-4-generic"
                             << "gfx942:sramecc+:xnack-" << false << "via-generic";
    QTest::newRow("generic other family") << "gfx9-generic"
                                          << "gfx942" << false << "processor-mismatch";
    QTest::newRow("sm80 on sm90") << "sm_80"
                                  << "sm_90" << false << "processor-mismatch";
    QTest::newRow("sm80 on sm86") << "sm_80"
                                  << "sm_86" << false << "exact";
    QTest::newRow("sm90a on sm90") << "sm_90a"
                                   << "sm_90" << false << "exact";
    QTest::newRow("ptx80 on sm90") << "sm_80"
                                   << "sm_90" << true << "via-ptx-jit";
    QTest::newRow("ptx90 on sm80") << "sm_90"
                                   << "sm_80" << true << "processor-mismatch";
    QTest::newRow("amd on nvidia") << "gfx90a"
                                   << "sm_90" << false << "processor-mismatch";
}

void TstTargets::compatibility() {
    QFETCH(QString, code);
    QFETCH(QString, device);
    QFETCH(bool, ptx);
    QFETCH(QString, kind);
    MatchOptions opt;
    opt.isPtx = ptx;
    const Compatibility c =
        checkCompatibility(*TargetId::parse(code), *TargetId::parse(device), opt);
    QCOMPARE(compatibilityKindName(c.kind), kind);
    QVERIFY(!c.reason.isEmpty());
}

void TstTargets::genericCoverage() {
    QVERIFY(
        processorsCoveredBy(QStringLiteral("gfx9-4-generic")).contains(QStringLiteral("gfx942")));
    QVERIFY(
        !processorsCoveredBy(QStringLiteral("gfx9-generic")).contains(QStringLiteral("gfx90a")));
    QCOMPARE(processorByMach(0x4c)->name, "gfx942");
    QVERIFY(processorByMach(0xee) == nullptr);
    MatchOptions old;
    old.runtimeKnowsGeneric = false;
    const auto c = checkCompatibility(*TargetId::parse(QStringLiteral("gfx11-generic")),
                                      *TargetId::parse(QStringLiteral("gfx1100")), old);
    QCOMPARE(c.kind, Compatibility::Kind::GenericNeedsNewerRuntime);
}

QTEST_GUILESS_MAIN(TstTargets)
#include "tst_targets.moc"
