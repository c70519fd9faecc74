// Text parsers of the diagnosis: command lines, symbols, nvcc flags, rocminfo, and their
// behaviour on hostile text (a short fuzz pass: random and mutated inputs never crash).

#include "common/shell.h"
#include "diagnosis/text_facts.h"

#include <QRandomGenerator>
#include <QTest>

using namespace hd;

class TstTextFacts : public QObject {
    Q_OBJECT

private slots:
    void splitCommandLine_data();
    void splitCommandLine();
    void baseName_data();
    void baseName();
    void nvccFlags_data();
    void nvccFlags();
    void commandLines();
    void undefinedAndMissing();
    void rocminfo();
    void fuzz();
};

void TstTextFacts::splitCommandLine_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("args");
    QTest::newRow("plain") << "hipcc -c a.hip -o a.o"
                           << QStringList{"hipcc", "-c", "a.hip", "-o", "a.o"};
    QTest::newRow("-### quoting") << R"( "/usr/bin/clang" "-cc1" "-target-cpu" "gfx803")"
                                  << QStringList{"/usr/bin/clang", "-cc1", "-target-cpu", "gfx803"};
    QTest::newRow("mixed") << R"(clang++ -isystem "/a b/inc" -DX='1 2' c\ d.cpp)"
                           << QStringList{"clang++", "-isystem", "/a b/inc", "-DX=1 2", "c d.cpp"};
    QTest::newRow("unterminated") << "hipcc \"-c" << QStringList{"hipcc", "-c"};
}

void TstTextFacts::splitCommandLine() {
    QFETCH(QString, line);
    QFETCH(QStringList, args);
    QCOMPARE(hd::shellSplit(line), args);
}

void TstTextFacts::baseName_data() {
    QTest::addColumn<QString>("symbol");
    QTest::addColumn<QString>("base");
    QTest::newRow("plain") << "vector_add"
                           << "vector_add";
    QTest::newRow("mangled") << "_Z6vecAddPKfS0_Pfi"
                             << "vecAdd";
    QTest::newRow("namespace") << "_ZN4blas5saxpyEfPKfPfi"
                               << "saxpy";
    QTest::newRow("template") << "_Z10scaleArrayIfEvPT_S0_i"
                              << "scaleArray";
    QTest::newRow("anonymous") << "_ZN12_GLOBAL__N_110anonKernelEPf"
                               << "anonKernel";
    QTest::newRow("static") << "_ZL12staticKernelPf"
                            << "staticKernel";
    QTest::newRow("demangled text") << "void ns::Cls<int>::run<float, 4>(float*, int)"
                                    << "run";
    QTest::newRow("with params") << "vecAdd(float*, int)"
                                 << "vecAdd";
}

void TstTextFacts::baseName() {
    QFETCH(QString, symbol);
    QFETCH(QString, base);
    QCOMPARE(symbolBaseName(symbol), base);
}

void TstTextFacts::nvccFlags_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("flags");
    QTest::newRow("scenario 15") << QStringList{"--extended-lambda",
                                                "-gencode",
                                                "arch=compute_80,code=sm_80",
                                                "-O3",
                                                "--offload-arch=gfx90a",
                                                "-Xcompiler",
                                                "-fPIC"}
                                 << QStringList{"--extended-lambda",
                                                "-gencode arch=compute_80,code=sm_80",
                                                "-Xcompiler -fPIC"};
    QTest::newRow("arch forms") << QStringList{"-arch=sm_86", "-arch", "compute_70", "-arch=x86_64"}
                                << QStringList{"-arch=sm_86", "-arch compute_70"};
    QTest::newRow("clang flags are fine")
        << QStringList{"-fgpu-rdc", "--hip-link", "-ffast-math", "-std=c++17", "-Xlinker", "-v"}
        << QStringList{};
}

void TstTextFacts::nvccFlags() {
    QFETCH(QStringList, args);
    QFETCH(QStringList, flags);
    QCOMPARE(nvccOnlyFlags(args), flags);
}

void TstTextFacts::commandLines() {
    const TextFacts f =
        readTextFacts(QStringLiteral("$ hipcc --offload-arch=gfx90a -c a.hip -o a.o\n"
                                     "user@host:~/p$ g++ -shared a.o -o liba.so\n"
                                     "hipcc-cmd: /usr/bin/clang++-15 -x hip k.hip -o k\n"
                                     "clang: error: unsupported option '--extended-lambda'\n"
                                     " \"/usr/lib/llvm-15/bin/clang\" \"-cc1\" \"-triple\" "
                                     "\"amdgcn-amd-amdhsa\" \"-target-cpu\" \"gfx906\"\n"));
    QCOMPARE(f.commands.size(), 4);
    QCOMPARE(f.commands[0].tool, QStringLiteral("hipcc"));
    QCOMPARE(f.commands[0].offloadArchs(), QStringList{QStringLiteral("gfx90a")});
    QVERIFY(f.commands[0].compilesOnly());
    QVERIFY(f.commands[0].hasHipSource());
    QCOMPARE(f.commands[1].tool, QStringLiteral("g++"));
    QCOMPARE(f.commands[1].lineNumber, 2);
    QCOMPARE(f.commands[2].tool, QStringLiteral("clang++"));
    QVERIFY(f.commands[2].fromVerbose);
    QVERIFY(f.commands[2].offloadArchs().isEmpty());
    QVERIFY(f.commands[3].isCc1);
    QCOMPARE(f.commands[3].value(QStringLiteral("-target-cpu")), QStringLiteral("gfx906"));
    QCOMPARE(f.unsupportedFlags.size(), 1);
    QCOMPARE(f.unsupportedFlags.first().flag, QStringLiteral("--extended-lambda"));
    QCOMPARE(f.unsupportedFlags.first().line.number, 4);
}

void TstTextFacts::undefinedAndMissing() {
    const TextFacts f = readTextFacts(QStringLiteral(
        "ImportError: /x/_C.so: undefined symbol: _ZN2at6TensorC1Ev\n"
        "./app: symbol lookup error: ./app: undefined symbol: hipFoo, version hip_6.0\n"
        "/usr/bin/ld: a.o: in function `main':\n"
        "a.hip:(.text+0x6f): undefined reference to `hipMalloc'\n"
        "/usr/bin/ld: cannot find -lamdhip64: No such file or directory\n"
        "./app: error while loading shared libraries: libamdhip64.so.6: cannot open shared object "
        "file: No such file or directory\n"));
    QCOMPARE(f.undefinedSymbols.size(), 3);
    QCOMPARE(f.undefinedSymbols[0].symbol, QStringLiteral("_ZN2at6TensorC1Ev"));
    QCOMPARE(f.undefinedSymbols[0].demangled, QStringLiteral("at::Tensor::Tensor()"));
    QCOMPARE(f.undefinedSymbols[0].file, QStringLiteral("/x/_C.so"));
    QCOMPARE(f.undefinedSymbols[1].symbol, QStringLiteral("hipFoo"));
    QCOMPARE(f.undefinedSymbols[2].symbol, QStringLiteral("hipMalloc"));
    QVERIFY(f.undefinedSymbols[2].linkTime);
    QCOMPARE(f.missingLibraries.size(), 2);
    QCOMPARE(f.missingLibraries[0].library, QStringLiteral("libamdhip64.so"));
    QVERIFY(f.missingLibraries[0].linkTime);
    QCOMPARE(f.missingLibraries[1].library, QStringLiteral("libamdhip64.so.6"));
    QCOMPARE(f.missingLibraries[1].requester, QStringLiteral("./app"));
    QCOMPARE(f.missingLibraries[1].line.number, 6);
}

void TstTextFacts::rocminfo() {
    const QString text = QStringLiteral(
        "HSA Agents\n*******\nAgent 1\n*******\n  Name:  AMD Ryzen\n  Device Type:  CPU\n"
        "*******\nAgent 2\n*******\n  Name:                    gfx1100\n"
        "  Marketing Name:          Radeon RX 7900 XTX\n  Device Type:             GPU\n"
        "  Compute Unit:            96\n  Wavefront Size:          32(0x20)\n"
        "  ISA Info:\n    ISA 1\n      Name:                    amdgcn-amd-amdhsa--gfx1100\n"
        "*******\nAgent 3\n*******\n  Name:                    gfx942\n  Device Type:             "
        "GPU\n");
    QVERIFY(looksLikeRocminfo(text));
    const QList<DeviceInfo> devs = parseRocminfo(text);
    QCOMPARE(devs.size(), 2);
    QCOMPARE(devs[0].target.toString(), QStringLiteral("gfx1100"));
    QCOMPARE(devs[0].name, QStringLiteral("Radeon RX 7900 XTX"));
    QCOMPARE(devs[0].wavefrontSize, 32);
    QCOMPARE(devs[0].computeUnits, 96);
    QCOMPARE(devs[1].target.processor, QStringLiteral("gfx942"));
    QCOMPARE(devs[1].index, 1);
    QVERIFY(!looksLikeRocminfo(QStringLiteral("Traceback (most recent call last):\n")));
}

void TstTextFacts::fuzz() {
    // Random bytes and mutations of real lines: every parser returns, bounded.
    const QStringList seeds{
        QStringLiteral("ImportError: /x/_C.so: undefined symbol: _ZN2at6TensorC1Ev"),
        QStringLiteral(" \"/usr/bin/clang\" \"-cc1\" \"-triple\" \"amdgcn-amd-amdhsa\""),
        QStringLiteral("error: local memory (80000) exceeds limit (65536) in function 'big'"),
        QStringLiteral("Agent 2\n  Name: gfx90a\n  Device Type: GPU\n  ISA Info:\n    Name: x"),
        QStringLiteral("clang: error: unsupported option '--extended-lambda'"),
        QStringLiteral("_ZN1aIJLi1ELi2EEE1bIJRKS0_EEEvDpOT_")};
    QRandomGenerator rng(12345);
    for (int round = 0; round < 3000; ++round) {
        QString s = seeds.at(round % seeds.size());
        const int edits = int(rng.bounded(8));
        for (int e = 0; e < edits && !s.isEmpty(); ++e) {
            const int at = int(rng.bounded(quint32(s.size())));
            switch (rng.bounded(3)) {
            case 0:
                s.remove(at, int(rng.bounded(4)) + 1);
                break;
            case 1:
                s.insert(at, QChar(ushort(rng.bounded(1, 0x7f))));
                break;
            default:
                s.insert(at, s.mid(0, at));
            }
        }
        if (round % 7 == 0) {
            QByteArray raw(int(rng.bounded(512)), '\0');
            for (char &c : raw)
                c = char(rng.bounded(256));
            s = QString::fromLatin1(raw);
        }
        const TextFacts f = readTextFacts(s);
        QVERIFY(f.commands.size() <= 200);
        (void)parseRocminfo(s);
        (void)symbolBaseName(s);
        (void)demangleSymbol(s);
        (void)hd::shellSplit(s);
        (void)nvccOnlyFlags(hd::shellSplit(s));
    }
}

QTEST_GUILESS_MAIN(TstTextFacts)
#include "tst_text_facts.moc"
