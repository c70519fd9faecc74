// The Triton cache reader on real Triton 3.6 caches (tests/fixtures/triton).

#include "testpaths.h"
#include "triton/triton_cache.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace hd;

class TstTritonCache : public QObject {
    Q_OBJECT

private slots:
    void wholeCache_data();
    void wholeCache();
    void failedEntry();
    void singleEntryFolder();
    void tracebackStage();
    void tracebackStageNvidia();
    void launcherAndJunk();
    void badPaths();
};

void TstTritonCache::wholeCache_data() {
    QTest::addColumn<QString>("hash");
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("target");
    QTest::addColumn<int>("warp");
    QTest::addColumn<QString>("binary");
    QTest::newRow("sm90") << "BETOPII3HQKDKJ3EIXTBQX6RVDYPWB4HY5KWUMJR7LMW46VC7NAA"
                          << "cuda"
                          << "90"
                          << "sm_90" << 32 << ".cubin";
    QTest::newRow("gfx90a") << "DXWZLDK3CPYMFDHW27Z3K44AZMZ5D3S7RI66FKAQHLW5CI3YQVVA"
                            << "hip"
                            << "gfx90a"
                            << "gfx90a" << 64 << ".hsaco";
    QTest::newRow("gfx942") << "DFUE7KRJ5BQG2N5MBPFWFFRHVSCGWNO76CB27G3AYISRRM4KJ7YA"
                            << "hip"
                            << "gfx942"
                            << "gfx942" << 64 << ".hsaco";
    QTest::newRow("gfx1100") << "PHWDQXURXODXTYI52A3RQAEWJGXPKA4VP3EOVIEIUJQX3DLTBIGQ"
                             << "hip"
                             << "gfx1100"
                             << "gfx1100" << 32 << ".hsaco";
}

void TstTritonCache::wholeCache() {
    QFETCH(QString, hash);
    QFETCH(QString, backend);
    QFETCH(QString, arch);
    QFETCH(QString, target);
    QFETCH(int, warp);
    QFETCH(QString, binary);
    const QString root = hdtest::fixture(QStringLiteral("triton/cache-ok"));
    QVERIFY(looksLikeTritonCache(root));
    QVERIFY(!looksLikeTritonEntry(root));
    const TritonCache c = readTritonCache(root);
    QVERIFY(!c.singleEntry);
    QCOMPARE(c.entries.size(), 4);
    QVERIFY(c.problems.isEmpty());
    const auto it = std::find_if(c.entries.cbegin(), c.entries.cend(),
                                 [&](const TritonEntry &e) { return e.hash == hash; });
    QVERIFY(it != c.entries.cend());
    const TritonEntry &e = *it;
    QCOMPARE(e.kernelName, QStringLiteral("add_kernel"));
    QCOMPARE(e.backend, backend);
    QCOMPARE(e.arch, arch);
    QCOMPARE(e.archSource, QStringLiteral(".json"));
    QCOMPARE(e.warpSize, warp);
    QCOMPARE(e.numWarps, 4);
    QCOMPARE(e.tritonVersion, QStringLiteral("3.6.0"));
    QVERIFY(e.hasMetadata);
    QVERIFY(e.hasGroup);
    QVERIFY(e.complete());
    QVERIFY(e.missingStage.isEmpty());
    QCOMPARE(e.lastStage, binary);
    QCOMPARE(e.stagesPresent.constLast(), binary);
    QVERIFY(e.binaryPath.endsWith(QStringLiteral("add_kernel") + binary));
    QVERIFY(e.target().has_value());
    QCOMPARE(e.target()->toString(), target);
    // x, y, o, n in Python; Triton appends two scratch pointers.
    QCOMPARE(e.sourceArgCount, 4);
    QCOMPARE(e.llirArgCount, 6);
    QVERIFY(e.problems.isEmpty());
}

void TstTritonCache::failedEntry() {
    const TritonCache c =
        readTritonCache(hdtest::fixture(QStringLiteral("triton/cache-failed-hsaco")));
    QCOMPARE(c.entries.size(), 1);
    const TritonEntry &e = c.entries.first();
    QCOMPARE(e.kernelName, QStringLiteral("bad_asm_kernel"));
    QVERIFY(!e.hasMetadata);
    QVERIFY(!e.hasGroup);
    QVERIFY(!e.complete());
    QCOMPARE(e.stagesPresent, (QStringList{QStringLiteral(".source"), QStringLiteral(".ttir"),
                                           QStringLiteral(".ttgir"), QStringLiteral(".llir"),
                                           QStringLiteral(".amdgcn")}));
    QCOMPARE(e.lastStage, QStringLiteral(".amdgcn"));
    QCOMPARE(e.missingStage, QStringLiteral(".hsaco"));
    // No metadata: the target comes from the assembly's .amdgcn_target.
    QCOMPARE(e.backend, QStringLiteral("hip"));
    QCOMPARE(e.arch, QStringLiteral("gfx90a"));
    QCOMPARE(e.archSource, QStringLiteral(".amdgcn"));
    QCOMPARE(e.warpSize, 64); // ttgir threads-per-warp
    QVERIFY(e.binaryPath.isEmpty());
    QCOMPARE(e.sourceArgCount, 3);
    QCOMPARE(e.llirArgCount, 5);
}

void TstTritonCache::singleEntryFolder() {
    const QString dir = hdtest::fixture(
        QStringLiteral("triton/cache-ok/PHWDQXURXODXTYI52A3RQAEWJGXPKA4VP3EOVIEIUJQX3DLTBIGQ"));
    QVERIFY(looksLikeTritonEntry(dir));
    const TritonCache c = readTritonCache(dir);
    QVERIFY(c.singleEntry);
    QCOMPARE(c.entries.size(), 1);
    QCOMPARE(c.entries.first().arch, QStringLiteral("gfx1100"));
}

void TstTritonCache::tracebackStage() {
    QFile f(hdtest::fixture(QStringLiteral("triton/cache-failed-hsaco.traceback.txt")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto s = tritonStageFromTraceback(QString::fromUtf8(f.readAll()));
    QVERIFY(s.has_value());
    QCOMPARE(s->stage, QStringLiteral("hsaco"));
    QCOMPARE(s->suffix, QStringLiteral(".hsaco"));
    QCOMPARE(s->backend, QStringLiteral("hip"));
    QCOMPARE(s->lineNumber, 11); // "... line 476, in make_hsaco"
    QVERIFY(s->errorLine.startsWith(QStringLiteral("RuntimeError: LLD failed to link hsaco")));
    QCOMPARE(s->errorLineNumber, 13);
}

void TstTritonCache::tracebackStageNvidia() {
    const QString tb = QStringLiteral(
        "Traceback (most recent call last):\n"
        "  File \"/w/t.py\", line 9, in <module>\n"
        "    k = triton.compile(src, target=tgt)\n"
        "  File \"/v/lib/python3.11/site-packages/triton/compiler/compiler.py\", line 300, in "
        "compile\n"
        "    next_module = compile_ir(module, metadata)\n"
        "  File \"/v/lib/python3.11/site-packages/triton/backends/nvidia/compiler.py\", line 412, "
        "in <lambda>\n"
        "    stages[\"cubin\"] = lambda src, metadata: self.make_cubin(src, metadata, options, "
        "self.target.arch)\n"
        "  File \"/v/lib/python3.11/site-packages/triton/backends/nvidia/compiler.py\", line 390, "
        "in make_cubin\n"
        "    raise PTXASError(f\"{error}\\n\")\n"
        "triton.runtime.errors.PTXASError: PTXAS error: Internal Triton PTX codegen error\n");
    const auto s = tritonStageFromTraceback(tb);
    QVERIFY(s.has_value());
    QCOMPARE(s->stage, QStringLiteral("cubin"));
    QCOMPARE(s->backend, QStringLiteral("cuda"));
    QCOMPARE(s->lineNumber, 8);
    QVERIFY(s->errorLine.startsWith(QStringLiteral("triton.runtime.errors.PTXASError")));
    QVERIFY(!tritonStageFromTraceback(QStringLiteral("ImportError: no module named x\n")));
}

void TstTritonCache::launcherAndJunk() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QDir root(tmp.path());
    QVERIFY(root.mkpath(QStringLiteral("LAUNCH")));
    QVERIFY(root.mkpath(QStringLiteral("K1")));
    QFile so(tmp.filePath(QStringLiteral("LAUNCH/__triton_launcher.so")));
    QVERIFY(so.open(QIODevice::WriteOnly));
    so.write("\x7f"
             "ELF");
    so.close();
    QFile ttir(tmp.filePath(QStringLiteral("K1/k.ttir")));
    QVERIFY(ttir.open(QIODevice::WriteOnly));
    ttir.write("module {\n  tt.func public @k(%a: !tt.ptr<f32>) {\n");
    ttir.close();
    const TritonCache c = readTritonCache(tmp.path());
    QCOMPARE(c.launcherFolders, 1);
    QCOMPARE(c.entries.size(), 1);
    const TritonEntry &e = c.entries.first();
    QCOMPARE(e.kernelName, QStringLiteral("k"));
    QCOMPARE(e.lastStage, QStringLiteral(".ttir"));
    QCOMPARE(e.missingStage, QStringLiteral(".ttgir"));
    QCOMPARE(e.sourceArgCount, 1);
    QVERIFY(e.arch.isEmpty());
    QVERIFY(!e.target().has_value());
}

void TstTritonCache::badPaths() {
    const TritonCache missing = readTritonCache(QStringLiteral("/nonexistent/triton"));
    QCOMPARE(missing.problems.size(), 1);
    QVERIFY(missing.problems.first().fatal);
    QVERIFY(missing.problems.first().message.contains(QStringLiteral("no such")));
    QTemporaryDir tmp;
    const TritonCache empty = readTritonCache(tmp.path());
    QVERIFY(empty.entries.isEmpty());
    QCOMPARE(empty.problems.size(), 1);
    QVERIFY(!looksLikeTritonCache(tmp.path()));
    const TritonCache file =
        readTritonCache(hdtest::fixture(QStringLiteral("triton/cache-failed-hsaco.traceback.txt")));
    QVERIFY(file.problems.first().message.contains(QStringLiteral("not a directory")));
}

QTEST_GUILESS_MAIN(TstTritonCache)
#include "tst_triton_cache.moc"
