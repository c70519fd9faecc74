// Single rules of the registry (docs/findings.md, "Rules") on small inputs: each rule alone,
// through applyRule(), on the few lines it is about — and what it must leave alone.

#include "rules_p.h"

#include <QTemporaryDir>

#include <QTest>

using namespace hd;
using namespace hd::detail;

namespace {

// The ids one rule adds for one text.
QStringList runTextRule(const char *rule, const QString &text,
                        const QList<QPair<QString, QString>> &env = {}) {
    DiagnoseRequest req;
    req.env = env;
    Diagnosis result;
    Context c{req, result};
    TextInput t;
    t.path = QStringLiteral("report.txt");
    t.facts = readTextFacts(text);
    if (looksLikeAmdLog(text))
        t.amdLog = parseAmdLog(text);
    c.texts.append(t);
    const Rule *r = findRule(QLatin1String(rule));
    if (!r)
        return {QStringLiteral("no rule %1").arg(QLatin1String(rule))};
    applyRule(c, *r);
    QStringList ids;
    for (const Finding &f : c.findings) {
        if (!r->ids.contains(f.id))
            ids << QStringLiteral("undeclared ") + f.id;
        ids << f.id;
    }
    return ids;
}

} // namespace

class TstRules : public QObject {
    Q_OBJECT

private slots:
    void layers_data();
    void layers();
    void compileFailedNeedsCompilerLines_data();
    void compileFailedNeedsCompilerLines();
    void runtimeErrors();
    void libraryArch();
    void noDevice();
    void lookAlikes();
    void pythonQuotedSymbols();
    void deviceLink();
    void wrongCompilerAndLanguage();
    void invalidIsa();
    void unknownLayer();
    void windowsLibrary();
    void visibleDevicesStacked();
    void otherVersionNamedInText();
    void longTextKeepsItsEnd();
    void textSetsEnvironment();
};

void TstRules::layers_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("layer"); // "" = no layer
    QTest::newRow("hip check macro") << "error: 'hipErrorInvalidDevice'(101) at main.cpp:42"
                                     << "runtime";
    QTest::newRow("pytorch") << "RuntimeError: HIP error: invalid device function"
                             << "runtime";
    QTest::newRow("library") << "HIP error: invalid device function"
                             << "runtime";
    QTest::newRow("rocblas")
        << "rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: No such "
           "file or directory for GPU arch : gfx1031"
        << "runtime";
    QTest::newRow("clang") << "x.hip:3:5: error: use of undeclared identifier 'y'"
                           << "compiler";
    QTest::newRow("windows clang")
        << R"(C:\src\k.hip:12:3: error: no matching function for call to 'f')"
        << "compiler";
    QTest::newRow("nvcc") << "kernel.cu(12): error: identifier \"x\" is undefined"
                          << "compiler";
    QTest::newRow("driver") << "clang: error: unsupported option '--extended-lambda'"
                            << "compiler";
    QTest::newRow("lld") << "ld.lld: error: undefined symbol: foo()"
                         << "compiler";
    QTest::newRow("msvc") << "k.obj : error LNK2019: unresolved external symbol hipMalloc"
                          << "compiler";
    QTest::newRow("ninja") << "ninja: build stopped: subcommand failed."
                           << "compiler";
    QTest::newRow("import") << "ImportError: /x/_C.so: undefined symbol: _Z3fooi"
                            << "loader";
    QTest::newRow("dll") << "ImportError: DLL load failed while importing _C"
                         << "loader";
    QTest::newRow("kfd") << "Unable to open /dev/kfd read-write: Permission denied"
                         << "device";
    QTest::newRow("fault")
        << "Memory access fault by GPU node-1 (Agent handle: 0x55) on address 0x7f. Reason: Page "
           "not present or supervisor privilege."
        << "device";
    QTest::newRow("amd log") << ":1:hip_code_object.cpp      :507 : 1234 us: hipErrorNoBinaryForGpu"
                             << "runtime";
    QTest::newRow("triton") << "  File \"/x/triton/backends/amd/compiler.py\", line 300, in "
                               "make_hsaco"
                            << "triton";
    QTest::newRow("prose") << "I tried everything and it does not work"
                           << "";
}

void TstRules::layers() {
    QFETCH(QString, line);
    QFETCH(QString, layer);
    const auto c = classifyLine(line.trimmed());
    QCOMPARE(c ? textLayerName(c->layer) : QString(), layer);
}

void TstRules::compileFailedNeedsCompilerLines_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("compileFailed");
    QTest::newRow("runtime lines") << "HIP error: invalid device function\n"
                                      "RuntimeError: HIP error: invalid device function\n"
                                      "error: 'hipErrorInvalidDevice'(101) at main.cpp:42\n"
                                   << false;
    QTest::newRow("rocblas") << "rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/"
                                "TensileLibrary.dat: No such file or directory for GPU arch : "
                                "gfx1031\n"
                             << false;
    QTest::newRow("bare error") << "error: something went wrong\n" << false;
    QTest::newRow("clang") << "k.hip:1:1: error: unknown type name 'x'\n1 error generated.\n"
                           << true;
}

void TstRules::compileFailedNeedsCompilerLines() {
    QFETCH(QString, text);
    QFETCH(bool, compileFailed);
    QCOMPARE(
        runTextRule("text/compile-failed", text).contains(QStringLiteral("layer.compile-failed")),
        compileFailed);
}

void TstRules::runtimeErrors() {
    QCOMPARE(runTextRule("text/runtime-errors", "RuntimeError: HIP error: invalid device function"),
             QStringList{QStringLiteral("arch.no-compatible-code-object")});
    QCOMPARE(runTextRule("text/runtime-errors", "CUDA_ERROR_NO_BINARY_FOR_GPU"),
             QStringList{QStringLiteral("arch.no-compatible-code-object")});
    // no-device and the look-alikes have rules of their own
    QVERIFY(runTextRule("text/runtime-errors", "hipErrorNoDevice").isEmpty());
    QVERIFY(runTextRule("text/runtime-errors", "hipErrorOutOfMemory").isEmpty());
}

void TstRules::libraryArch() {
    const QStringList ids = runTextRule(
        "text/library-arch",
        "rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: No such file "
        "or directory for GPU arch : gfx1031\n");
    QCOMPARE(ids, QStringList{QStringLiteral("arch.no-compatible-code-object")});
    QCOMPARE(runTextRule("text/library-arch",
                         "hipBLASLt error: Cannot read /opt/rocm/lib/hipblaslt/library/"
                         "TensileLibrary_lazy_gfx1101.dat: No such file or directory\n"),
             QStringList{QStringLiteral("arch.no-compatible-code-object")});
    QVERIFY(runTextRule("text/library-arch", "rocBLAS info: loaded gfx90a kernels\n").isEmpty());
}

void TstRules::noDevice() {
    for (const char *line : {"hipErrorNoDevice", "error: 'hipErrorInvalidDevice'(101) at x.cpp:3",
                             "Unable to open /dev/kfd read-write: Permission denied",
                             "RuntimeError: No HIP GPUs are available"})
        QCOMPARE(runTextRule("text/no-device", QLatin1String(line)),
                 QStringList{QStringLiteral("runtime.no-device")});
    QVERIFY(runTextRule("text/no-device", "HIP error: invalid device function").isEmpty());
}

void TstRules::lookAlikes() {
    QCOMPARE(runTextRule("text/look-alikes",
                         "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB"),
             QStringList{QStringLiteral("runtime.out-of-memory")});
    QCOMPARE(runTextRule("text/look-alikes",
                         "Memory access fault by GPU node-1 (Agent handle: 0x1) on address "
                         "(nil). Reason: Page not present or supervisor privilege."),
             QStringList{QStringLiteral("runtime.memory-fault")});
    QCOMPARE(runTextRule("text/look-alikes", "HW Exception by GPU node-1 reason :GPU Hang"),
             QStringList{QStringLiteral("runtime.hang")});
    QVERIFY(runTextRule("text/look-alikes", "clang: error: unable to execute command: out of "
                                            "memory")
                .isEmpty());
}

void TstRules::pythonQuotedSymbols() {
    const TextFacts f = readTextFacts(
        QStringLiteral("ImportError('/x/_C.so: undefined symbol: _ZN3c104cuda9SetDeviceEi')"));
    QCOMPARE(f.undefinedSymbols.size(), 1);
    QCOMPARE(f.undefinedSymbols.first().symbol, QStringLiteral("_ZN3c104cuda9SetDeviceEi"));
    QCOMPARE(f.undefinedSymbols.first().demangled, QStringLiteral("c10::cuda::SetDevice(int)"));
    QCOMPARE(f.undefinedSymbols.first().file, QStringLiteral("/x/_C.so"));
}

void TstRules::deviceLink() {
    QCOMPARE(runTextRule("text/device-link",
                         "lld: error: undefined hidden symbol: helper(float)\n"
                         ">>> referenced by /tmp/a-hip-amdgcn-amd-amdhsa-gfx90a.o\n"
                         "clang: error: amdgcn-link command failed with exit code 1\n"),
             QStringList{QStringLiteral("build.rdc-link")});
    QVERIFY(runTextRule("text/device-link", "ld.lld: error: undefined symbol: main\n").isEmpty());
}

void TstRules::wrongCompilerAndLanguage() {
    QCOMPARE(runTextRule("text/wrong-compiler",
                         "g++: error: unrecognized command-line option '--offload-arch=gfx90a'"),
             QStringList{QStringLiteral("build.wrong-compiler")});
    QCOMPARE(runTextRule("text/wrong-compiler", "$ g++ -x hip -c k.cpp -o k.o\n"),
             QStringList{QStringLiteral("build.wrong-compiler")});
    QCOMPARE(runTextRule("text/source-language",
                         "clang: error: unsupported CUDA gpu architecture: gfx90a"),
             QStringList{QStringLiteral("build.source-language")});
    QCOMPARE(runTextRule("text/source-language",
                         "nvcc fatal   : Don't know what to do with 'kernel.hip'"),
             QStringList{QStringLiteral("build.source-language")});
    QVERIFY(
        runTextRule("text/wrong-compiler", "$ hipcc --offload-arch=gfx90a -c k.hip\n").isEmpty());
}

void TstRules::invalidIsa() {
    QCOMPARE(runTextRule("text/invalid-isa",
                         "export HSA_OVERRIDE_GFX_VERSION=9.4.2\n"
                         "hsa api call failure at: /src/rocminfo.cc:1143\n"
                         "Call returned HSA_STATUS_ERROR_INVALID_ISA: The instruction set "
                         "architecture is invalid.\n"),
             QStringList{QStringLiteral("env.hsa-override")});
}

void TstRules::unknownLayer() {
    QCOMPARE(runTextRule("text/unknown-layer", "Something failed badly.\n"),
             QStringList{QStringLiteral("layer.unknown")});
}

void TstRules::windowsLibrary() {
    const QString text = QStringLiteral(
        "OSError: [WinError 126] The specified module could not be found. Error loading "
        "\"C:\\Python312\\Lib\\site-packages\\torch\\lib\\amdhip64.dll\" or one of its "
        "dependencies.\n");
    QCOMPARE(runTextRule("text/missing-libraries", text),
             QStringList{QStringLiteral("runtime.library-not-found")});
    const TextFacts f = readTextFacts(text);
    QCOMPARE(f.missingLibraries.first().library, QStringLiteral("amdhip64.dll"));
    QVERIFY(f.windows);
    QVERIFY(f.compileErrors.isEmpty());
}

// A text over the size limit keeps its first and last halves: the failure at the end of a long
// log is still found, and the cut is a problem that says so.
void TstRules::longTextKeepsItsEnd() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("train.log"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    const QByteArray filler(79, 'x');
    for (int i = 0; i < 40000; ++i) // 3.2 MB of progress lines
        f.write(filler + '\n');
    f.write("RuntimeError: HIP error: invalid device function\n");
    f.close();
    DiagnoseRequest req;
    req.inputs = {path};
    req.textInputs = {path};
    req.maxTextBytes = 1 << 20; // the default is 16 MiB; the same code path, smaller
    const Diagnosis d = diagnose(req);
    QVERIFY(std::any_of(d.findings.cbegin(), d.findings.cend(), [](const Finding &x) {
        return x.id == QLatin1String("arch.no-compatible-code-object");
    }));
    QCOMPARE(d.problems.size(), 1);
    QVERIFY2(d.problems.first().message.contains(QLatin1String("the first and the last 0.5 MiB")),
             qPrintable(d.problems.first().message));
}

// Another version of a missing library, named by the text, is the failing machine's evidence:
// a soname mismatch whatever is installed where the diagnosis runs.
void TstRules::otherVersionNamedInText() {
    QCOMPARE(runTextRule("text/missing-libraries",
                         "ImportError: libcudart.so.9.0: cannot open shared object file: No such "
                         "file or directory\n"
                         "I tried a libcudart.so.9.0 symlink to the libcudart.so.9.2 file I had\n"),
             QStringList{QStringLiteral("runtime.soname-mismatch")});
    QCOMPARE(runTextRule("text/missing-libraries",
                         "OSError: libfoo_nonexistent.so.3: cannot open shared object file\n"),
             QStringList{QStringLiteral("runtime.library-not-found")});
}

// HIP_VISIBLE_DEVICES indexes the list ROCR_VISIBLE_DEVICES left, renumbered from 0.
void TstRules::visibleDevicesStacked() {
    using Env = QList<QPair<QString, QString>>;
    const Env both1{{QStringLiteral("ROCR_VISIBLE_DEVICES"), QStringLiteral("1")},
                    {QStringLiteral("HIP_VISIBLE_DEVICES"), QStringLiteral("1")}};
    QCOMPARE(runTextRule("env/visible-devices-stacked", QString(), both1),
             QStringList{QStringLiteral("env.visible-devices-empty")});
    const Env rebased{{QStringLiteral("ROCR_VISIBLE_DEVICES"), QStringLiteral("1,2")},
                      {QStringLiteral("HIP_VISIBLE_DEVICES"), QStringLiteral("1")}};
    QVERIFY(runTextRule("env/visible-devices-stacked", QString(), rebased).isEmpty());
}

// `export X=Y` and `X=Y cmd` lines of a pasted session are the failing run's environment.
void TstRules::textSetsEnvironment() {
    const TextFacts f =
        readTextFacts(QStringLiteral("$ export HIP_VISIBLE_DEVICES=1\n"
                                     "user@box:~$ ROCR_VISIBLE_DEVICES='' build/release/app --x\n"
                                     "$ HIP_PLATFORM=nvidia hipcc -c k.hip\n"
                                     ">>> torch.cuda.is_available()\n"
                                     "False\n"));
    using Pair = QPair<QString, QString>;
    QCOMPARE(f.envAssignments,
             (QList<Pair>{{QStringLiteral("HIP_VISIBLE_DEVICES"), QStringLiteral("1")},
                          {QStringLiteral("ROCR_VISIBLE_DEVICES"), QString()},
                          {QStringLiteral("HIP_PLATFORM"), QStringLiteral("nvidia")}}));
    QCOMPARE(f.commands.size(), 1); // hipcc, without the variable in front
    QCOMPARE(f.commands.last().tool, QStringLiteral("hipcc"));
    QCOMPARE(f.noDevice.size(), 1);
}

QTEST_GUILESS_MAIN(TstRules)
#include "tst_rules.moc"
