// SymbolName: a symbol's name shared by every symbol of that name, demangled on first use.
// The demangled forms are checked against llvm-cxxfilt (or c++filt) on the same names.

#include "artifact_test_util.h"

#include "artifacts/inspector.h"
#include "model/artifact_report.h"

#include <QSet>
#include <QtTest>

#include <thread>
#include <vector>

using namespace hd;

class TestSymbolNames : public QObject {
    Q_OBJECT
private slots:
    void demangledOnFirstUse_data();
    void demangledOnFirstUse();
    void givenDemangledIsKept();
    void nullNameIsEmpty();
    void copiesShareOneName();
    void demangledFromManyThreads();
    void inspectionSharesNamesAcrossCodeObjects();
    void demangledSymbolsMatchCxxfilt();
};

namespace {

QString cxxfilt() {
    return arttest::tool({QStringLiteral("llvm-cxxfilt-15"), QStringLiteral("llvm-cxxfilt"),
                          QStringLiteral("c++filt")});
}

// What the reference demangler makes of each name, one per line in and out.
QStringList referenceDemangle(const QStringList &names) {
    const QString tool = cxxfilt();
    if (tool.isEmpty())
        return {};
    QProcess p;
    p.start(tool, {});
    if (!p.waitForStarted(30000))
        return {};
    p.write(names.join(QLatin1Char('\n')).toUtf8() + '\n');
    p.closeWriteChannel();
    if (!p.waitForFinished(60000))
        return {};
    QStringList out = QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'));
    if (!out.isEmpty() && out.last().isEmpty())
        out.removeLast();
    return out;
}

} // namespace

void TestSymbolNames::demangledOnFirstUse_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("demangled");
    QTest::newRow("plain C") << QStringLiteral("vector_add") << QStringLiteral("vector_add");
    QTest::newRow("descriptor") << QStringLiteral("vector_add.kd")
                                << QStringLiteral("vector_add.kd");
    QTest::newRow("mangled") << QStringLiteral("_Z6vecAddPKfS0_Pfi")
                             << QStringLiteral("vecAdd(float const*, float const*, float*, int)");
    QTest::newRow("template") << QStringLiteral("_Z5scaleIfEvPT_S0_i")
                              << QStringLiteral("void scale<float>(float*, float, int)");
    // Not a valid mangling: shown as it is.
    QTest::newRow("bad mangling") << QStringLiteral("_Zxyz") << QStringLiteral("_Zxyz");
}

void TestSymbolNames::demangledOnFirstUse() {
    QFETCH(QString, name);
    QFETCH(QString, demangled);
    const SymbolName n(name);
    QCOMPARE(n.name(), name);
    QCOMPARE(n.demangled(), demangled);
    QCOMPARE(n.demangled(), demangled); // the second call answers from the stored form
    Symbol s;
    s.names = n;
    QCOMPARE(s.name(), name);
    QCOMPARE(s.demangled(), demangled);
}

void TestSymbolNames::givenDemangledIsKept() {
    const SymbolName n(QStringLiteral(".text"), QStringLiteral("section .text"));
    QCOMPARE(n.name(), QStringLiteral(".text"));
    QCOMPARE(n.demangled(), QStringLiteral("section .text"));
}

void TestSymbolNames::nullNameIsEmpty() {
    const SymbolName n;
    QVERIFY(n.name().isEmpty());
    QVERIFY(n.demangled().isEmpty());
    const Symbol s;
    QVERIFY(s.name().isEmpty());
    QVERIFY(s.demangled().isEmpty());
}

void TestSymbolNames::copiesShareOneName() {
    const SymbolName a(QStringLiteral("_Z6vecAddPKfS0_Pfi"));
    SymbolName b = a;
    const SymbolName c = std::move(b);
    // One stored name and one demangled form for every copy.
    QCOMPARE(&c.name(), &a.name());
    QCOMPARE(&c.demangled(), &a.demangled());
    b = c;
    QCOMPARE(&b.demangled(), &a.demangled());
}

void TestSymbolNames::demangledFromManyThreads() {
    // The first use may come from several threads at once (the GUI builds rows on a worker
    // while the diagnosis runs): one of them demangles, all see the same result.
    for (int round = 0; round < 50; ++round) {
        const SymbolName shared(QStringLiteral("_Z5scaleIfEvPT_S0_i"));
        std::vector<const QString *> seen(8, nullptr);
        std::vector<std::thread> threads;
        for (size_t t = 0; t < seen.size(); ++t)
            threads.emplace_back([&, t] {
                const SymbolName mine = shared;
                seen[t] = &mine.demangled();
            });
        for (std::thread &t : threads)
            t.join();
        for (const QString *s : seen)
            QCOMPARE(s, seen[0]);
        QCOMPARE(*seen[0], QStringLiteral("void scale<float>(float*, float, int)"));
    }
}

void TestSymbolNames::inspectionSharesNamesAcrossCodeObjects() {
    // Every target's code object of vector_add has the same symbols: one stored name each.
    const ArtifactReport r =
        inspectFile(hdtest::kernelArtifact(QStringLiteral("vector_add_multi.hsaco")));
    QVERIFY(r.codeObjects.size() >= 2);
    QHash<QString, const QString *> first;
    int shared = 0;
    for (const CodeObject &co : r.codeObjects)
        for (const Symbol &s : co.symbols) {
            const auto it = first.constFind(s.name());
            if (it == first.cend()) {
                first.insert(s.name(), &s.name());
                continue;
            }
            QCOMPARE(&s.name(), it.value());
            ++shared;
        }
    QVERIFY2(shared > 0, "expected symbols repeated across code objects");
}

void TestSymbolNames::demangledSymbolsMatchCxxfilt() {
    if (cxxfilt().isEmpty())
        QSKIP("neither llvm-cxxfilt nor c++filt installed");
    // Device symbols of a mangled kernel, and a host executable's dynamic symbols (libstdc++
    // and HIP runtime names).
    QStringList names;
    QStringList ours;
    for (const QString &rel :
         {QStringLiteral("scenarios/s01_mangled.co"), QStringLiteral("vector_add_main")}) {
        const ArtifactReport r = inspectFile(hdtest::kernelArtifact(rel));
        QVERIFY2(r.problems.isEmpty(), qPrintable(rel));
        auto add = [&](const Symbol &s) {
            names.append(s.name());
            ours.append(s.demangled());
        };
        for (const CodeObject &co : r.codeObjects)
            for (const Symbol &s : co.symbols)
                add(s);
        if (r.host)
            for (const Symbol &s : r.host->undefinedDynamic)
                add(s);
    }
    QVERIFY(names.size() > 5);
    QVERIFY(names.filter(QRegularExpression(QStringLiteral("^_Z"))).size() >= 2);
    const QStringList reference = referenceDemangle(names);
    QCOMPARE(reference.size(), names.size());
    for (qsizetype i = 0; i < names.size(); ++i)
        QVERIFY2(
            ours[i] == reference[i],
            qPrintable(
                QStringLiteral("%1: ours %2, reference %3").arg(names[i], ours[i], reference[i])));
}

QTEST_GUILESS_MAIN(TestSymbolNames)
#include "tst_symbol_names.moc"
