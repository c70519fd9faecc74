// The events of a text (docs/findings.md, "Events of a text"): kinds, producers, layers and
// fields read from development reports of the field corpus and from real tools' output.

#include "diagnosis/text_facts.h"
#include "testpaths.h"

#include <QFile>
#include <QProcess>
#include <QTest>

using namespace hd;

namespace {

QString report(const char *name) {
    QFile f(hdtest::sourceDir() + QStringLiteral("/tests/diagnosis/field/") + QLatin1String(name) +
            QStringLiteral(".txt"));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QList<TextEvent> ofKind(const QList<TextEvent> &events, EventKind kind) {
    QList<TextEvent> out;
    for (const TextEvent &e : events)
        if (e.kind == kind)
            out << e;
    return out;
}

// A real tool's dump of a real file.
QString dump(const QString &tool, const QStringList &args) {
    QProcess p;
    p.start(tool, args);
    return p.waitForFinished(20000) ? QString::fromLatin1(p.readAllStandardOutput()) : QString();
}

} // namespace

class TstTextEvents : public QObject {
    Q_OBJECT

private slots:
    void tritonTraceback();
    void chainedTraceback();
    void ptxasUnderTriton();
    void tritonShortPastes_data();
    void tritonShortPastes();
    void ptxasSharedData();
    void buildLayer_data();
    void buildLayer();
    void driverEntryPoint();
    void runtimeResults_data();
    void runtimeResults();
    void boilerplateIsNoEvidence();
    void symbolVersionNeed();
    void hexdumps();
    void failingEvent();
    void bounded();
};

// A traceback pasted from its first frame (Windows paths): Triton's, at make_ttgir, and the
// MLIR failure under it is Triton's too.
void TstTextEvents::tritonTraceback() {
    const QList<TextEvent> ev = readEvents(report("triton-lang-triton-windows-24"));
    const QList<TextEvent> tb = ofKind(ev, EventKind::Traceback);
    QCOMPARE(tb.size(), 1);
    QCOMPARE(tb.first().producer, QStringLiteral("triton"));
    QCOMPARE(tb.first().field(QStringLiteral("stage")), QStringLiteral("ttgir"));
    QVERIFY(tb.first().speaksFor(TextLayer::Triton));
    const QList<TextEvent> mlir = ofKind(ev, EventKind::MlirDiagnostic);
    QVERIFY(!mlir.isEmpty());
    QVERIFY(mlir.first().speaksFor(TextLayer::Triton));
    QCOMPARE(mlir.first().field(QStringLiteral("stage")), QStringLiteral("ttgir"));
}

// "The above exception was the direct cause of the following exception": both parts kept.
void TstTextEvents::chainedTraceback() {
    const QList<TextEvent> tb =
        ofKind(readEvents(report("woct0rdho-triton-windows-30")), EventKind::Traceback);
    QVERIFY(tb.size() >= 2);
    QCOMPARE(tb.first().field(QStringLiteral("exception")), QStringLiteral("AssertionError"));
    QCOMPARE(tb.first().producer, QStringLiteral("triton"));
    QCOMPARE(tb.at(1).field(QStringLiteral("chained")), QStringLiteral("cause"));
    QVERIFY(tb.at(1).notes.contains(QStringLiteral("torch")));
}

// ptxas' "FILE, line N; error" form; Triton's temporary PTX makes it a Triton stage.
void TstTextEvents::ptxasUnderTriton() {
    const QList<TextEvent> diags =
        ofKind(readEvents(report("facebookresearch-chameleon-39")), EventKind::CompilerDiagnostic);
    QVERIFY(!diags.isEmpty());
    const TextEvent &e = diags.first();
    QCOMPARE(e.producer, QStringLiteral("ptxas"));
    QCOMPARE(e.field(QStringLiteral("line")), QStringLiteral("521"));
    QVERIFY(e.speaksFor(TextLayer::Triton));
    QCOMPARE(e.field(QStringLiteral("stage")), QStringLiteral("cubin"));
}

void TstTextEvents::tritonShortPastes_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("triton");
    QTest::addColumn<QString>("stage");
    // Fresh development reports: one line each, no traceback.
    QTest::newRow("front end: a removed module attribute (bitsandbytes-909)")
        << report("bitsandbytes-foundation-bitsandbytes-909") << true << "ttir";
    QTest::newRow("front end: a type check printed as repr (triton-2302)")
        << report("triton-lang-triton-2302") << true << "ttir";
    QTest::newRow("front end: tl.* named")
        << "ValueError: Unsupported float type bf16 for tl.dot" << true << "ttir";
    QTest::newRow("front end: Triton's fp8 types")
        << "AssertionError: Both operands must be same dtype. Got fp8e4nv and bf16" << true
        << "ttir";
    QTest::newRow("MLIR op with the severity first")
        << "error: 'tt.fp_to_fp' op Rounding mode is required for FP downcast" << true << "";
    QTest::newRow("LLVM ERROR naming TritonGPU")
        << "LLVM ERROR: Failed to translate TritonGPU to LLVM IR." << true << "";
    QTest::newRow("Triton's PassManager::run failed")
        << "RuntimeError: PassManager::run failed" << true << "";
    QTest::newRow("ptxas run by Triton")
        << "RuntimeError: `ptxas` failed with error code 255" << true << "";
    QTest::newRow("ld.lld run by Triton")
        << "subprocess.CalledProcessError: Command '['/opt/rocm/llvm/bin/ld.lld', '-flavor', "
           "'gnu', '-shared', '/tmp/tmpx/kernel.o', '-o', '/tmp/tmpx/kernel.hsaco']' returned "
           "non-zero exit status 1."
        << true << "hsaco";
    QTest::newRow("Inductor's backend naming Triton")
        << "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised: RuntimeError: "
           "Triton compile failed"
        << true << "";
    // Not Triton's compile: Triton missing, a type error of another framework.
    QTest::newRow("Triton not installed")
        << "ModuleNotFoundError: No module named 'triton'" << false << "";
    QTest::newRow("another framework's dtype error")
        << "RuntimeError: expected scalar type BFloat16 but found Float" << false << "";
}

// A Triton compile failure pasted as one line is still Triton's, told by its producer's own
// modules, types, dialects and passes.
void TstTextEvents::tritonShortPastes() {
    QFETCH(QString, text);
    QFETCH(bool, triton);
    QFETCH(QString, stage);
    const QList<TextEvent> ev = readEvents(text);
    const TextEvent *failed = nullptr;
    for (const TextEvent &e : ev)
        if (e.error && e.speaksFor(TextLayer::Triton))
            failed = &e;
    QCOMPARE(failed != nullptr, triton);
    if (failed && !stage.isEmpty())
        QCOMPARE(failed->field(QStringLiteral("stage")), stage);
}

void TstTextEvents::buildLayer_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("build"); // an error event of the compile layer
    QTest::addColumn<QString>("producer");
    // Development reports of the fresh2 batch.
    QTest::newRow("LLVM's backend inside clang (antirez-ds4-521)")
        << report("antirez-ds4-521") << true << "llvm";
    QTest::newRow("a diagnostic under Jenkins' clock (rocm-hip-1977)")
        << report("rocm-hip-1977") << true << "compiler";
    // pip's and PyTorch's extension builder's own words (hand-made in their shapes).
    QTest::newRow("pip: the wheel's build step") << "  × Building wheel for flash-attn (setup.py) "
                                                    "did not run successfully.\n  │ exit code: 1"
                                                 << true << "pip";
    QTest::newRow("pip: Failed building wheel")
        << "ERROR: Failed building wheel for flash-attn" << true << "pip";
    QTest::newRow("pip: Could not build wheels")
        << "ERROR: Could not build wheels for flash-attn, which is required to install "
           "pyproject.toml-based projects"
        << true << "pip";
    QTest::newRow("torch's builder: objects")
        << "RuntimeError: Error compiling objects for extension" << true << "torch";
    QTest::newRow("torch's builder: CUDA_HOME")
        << "OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA "
           "install root."
        << true << "torch";
    QTest::newRow("a traceback raised in torch's builder")
        << "Traceback (most recent call last):\n"
           "  File \"/usr/lib/python3/site-packages/torch/utils/cpp_extension.py\", line 2100, "
           "in _run_ninja_build\n"
           "    raise RuntimeError(message) from e\n"
           "RuntimeError: something the builder says in words of a new release"
        << true << "torch";
    // Before the build: requirements and metadata are not the compile.
    QTest::newRow("pip: requirements step")
        << "  × Getting requirements to build wheel did not run successfully.\n  │ exit code: 1"
        << false << "";
    QTest::newRow("pip: egg_info")
        << "  × python setup.py egg_info did not run successfully." << false << "";
    QTest::newRow("pip: subprocess alone") << "error: subprocess-exited-with-error" << false << "";
    // A runtime's "failed to build" is not a build (TensorRT builds engines at run time).
    QTest::newRow("TensorRT engine") << "Failed to build engine" << false << "";
}

// The compile layer is told by who stopped: a compiler, pip's build step, PyTorch's extension
// builder; a step before the build or a runtime's words are not it.
void TstTextEvents::buildLayer() {
    QFETCH(QString, text);
    QFETCH(bool, build);
    QFETCH(QString, producer);
    const QList<TextEvent> ev = readEvents(text);
    const TextEvent *failed = nullptr;
    for (const TextEvent &e : ev)
        if (e.error && e.speaksFor(TextLayer::Compiler) && !failed)
            failed = &e;
    QCOMPARE(failed != nullptr, build);
    if (failed)
        QCOMPARE(failed->producer, producer);
}

// A CUDA driver entry point a program looks up and misses (taichi-dev-taichi-7826) is a loader
// message with the symbol; a symbol of the program's own is not a driver's.
void TstTextEvents::driverEntryPoint() {
    const QList<TextEvent> loader =
        ofKind(readEvents(report("taichi-dev-taichi-7826")), EventKind::LoaderMessage);
    QVERIFY(!loader.isEmpty());
    QCOMPARE(loader.first().field(QStringLiteral("symbol")),
             QStringLiteral("cuDeviceGetDefaultMemPool"));
    QCOMPARE(loader.first().field(QStringLiteral("driver-entry-point")), QStringLiteral("1"));
    const QList<TextEvent> windows = ofKind(
        readEvents(QStringLiteral("The procedure entry point cuCtxCreate_v4 could not be located "
                                  "in the dynamic link library nvcuda.dll")),
        EventKind::LoaderMessage);
    QCOMPARE(windows.size(), 1);
    QCOMPARE(windows.first().field(QStringLiteral("symbol")), QStringLiteral("cuCtxCreate_v4"));
    QVERIFY(
        ofKind(readEvents(QStringLiteral("Function my_kernel not found")), EventKind::LoaderMessage)
            .isEmpty());
}

// ptxas' shared memory over the limit, in hex: the same fact as the AMDGPU backend's LDS.
void TstTextEvents::ptxasSharedData() {
    const TextFacts f = readTextFacts(QStringLiteral(
        "ptxas error   : Entry function '_Z6kernelPf' uses too much shared data (0x10000 bytes, "
        "0xc000 max)"));
    QCOMPARE(f.ldsOverLimit.size(), 1);
    QCOMPARE(f.ldsOverLimit.first().used, qint64(65536));
    QCOMPARE(f.ldsOverLimit.first().limit, qint64(49152));
    QCOMPARE(f.ldsOverLimit.first().function, QStringLiteral("_Z6kernelPf"));
}

void TstTextEvents::runtimeResults_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("api");
    QTest::newRow("call returned N (nvidia-nvidia-docker-24)")
        << report("nvidia-nvidia-docker-24") << "cudaErrorInsufficientDriver"
        << "35"
        << "cudaGetDeviceCount";
    QTest::newRow("a name in a trace line (rocm-hip-1837)")
        << report("rocm-hip-1837") << "hipErrorInvalidSymbol"
        << "13"
        << "";
    QTest::newRow("assertion macro") << "main.cpp:12: Check failed: (209 == 0) hipMalloc"
                                     << "hipErrorNoBinaryForGpu"
                                     << "209"
                                     << "";
    QTest::newRow("code=N(name)")
        << "CUDA error at vectorAdd.cu:42 code=209(cudaErrorNoKernelImageForDevice) \"cudaLaunch\""
        << "cudaErrorNoKernelImageForDevice"
        << "209"
        << "";
    QTest::newRow("HSA status") << "hsa api call failure: HSA_STATUS_ERROR_OUT_OF_RESOURCES"
                                << "HSA_STATUS_ERROR_OUT_OF_RESOURCES"
                                << "100"
                                << "";
}

// Every shape goes through the one runtime-error table.
void TstTextEvents::runtimeResults() {
    QFETCH(QString, text);
    QFETCH(QString, name);
    QFETCH(QString, code);
    QFETCH(QString, api);
    const QList<TextEvent> rr = ofKind(readEvents(text), EventKind::RuntimeResult);
    QVERIFY2(!rr.isEmpty(), qPrintable(text.left(200)));
    QCOMPARE(rr.first().field(QStringLiteral("name")), name);
    QCOMPARE(rr.first().field(QStringLiteral("code")), code);
    if (!api.isEmpty())
        QCOMPARE(rr.first().field(QStringLiteral("api")), api);
    QVERIFY(rr.first().speaksFor(TextLayer::Runtime));
}

// PyTorch's DSA footer is boilerplate: an event without a layer, and no fact reads it.
void TstTextEvents::boilerplateIsNoEvidence() {
    const QString text = report("pytorch-pytorch-164346");
    QVERIFY(text.contains(QLatin1String("TORCH_USE_HIP_DSA")));
    const TextFacts f = readTextFacts(text);
    const QList<TextEvent> bp = ofKind(f.events, EventKind::Boilerplate);
    QVERIFY(!bp.isEmpty());
    QVERIFY(!bp.first().layer);
    QVERIFY(f.memoryFaults.isEmpty()); // "device-side assertions" in the footer is not a fault
}

void TstTextEvents::symbolVersionNeed() {
    const QList<TextEvent> ev = readEvents(QStringLiteral(
        "ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.32' not found "
        "(required by /opt/venv/lib/python3.12/site-packages/torch/lib/libtorch_cpu.so)"));
    const QList<TextEvent> l = ofKind(ev, EventKind::LoaderMessage);
    QCOMPARE(l.size(), 1);
    QCOMPARE(l.first().field(QStringLiteral("version")), QStringLiteral("GLIBCXX_3.4.32"));
    QCOMPARE(l.first().field(QStringLiteral("library")),
             QStringLiteral("/lib/x86_64-linux-gnu/libstdc++.so.6"));
    QVERIFY(
        l.first().field(QStringLiteral("requester")).endsWith(QLatin1String("libtorch_cpu.so")));
    QVERIFY(l.first().speaksFor(TextLayer::Loader));
}

// xxd and `hexdump` of a real offload bundle and xxd of a real ELF: the magic numbers in both
// byte orders.
void TstTextEvents::hexdumps() {
    const QString bundle = hdtest::kernelArtifact(QStringLiteral("scenarios/s02_gfx1030.co"));
    const QString xxd =
        dump(QStringLiteral("xxd"), {QStringLiteral("-l"), QStringLiteral("64"), bundle});
    if (xxd.isEmpty())
        QSKIP("xxd or the built bundle is missing");
    QList<TextEvent> hd = ofKind(readEvents(xxd), EventKind::Hexdump);
    QCOMPARE(hd.size(), 1);
    QVERIFY(hd.first()
                .field(QStringLiteral("magic"))
                .contains(QLatin1String("__CLANG_OFFLOAD_BUNDLE__")));
    // `hexdump` prints little-endian 16-bit words: the same magic with each byte pair swapped.
    const QString words =
        dump(QStringLiteral("hexdump"), {QStringLiteral("-n"), QStringLiteral("64"), bundle});
    QVERIFY(!words.isEmpty());
    hd = ofKind(readEvents(words), EventKind::Hexdump);
    QCOMPARE(hd.size(), 1);
    QVERIFY(hd.first()
                .field(QStringLiteral("magic"))
                .contains(QLatin1String("__CLANG_OFFLOAD_BUNDLE__")));
    const QString elf =
        dump(QStringLiteral("xxd"), {QStringLiteral("-l"), QStringLiteral("32"),
                                     hdtest::kernelArtifact(QStringLiteral("libvector_add.so"))});
    hd = ofKind(readEvents(elf), EventKind::Hexdump);
    QCOMPARE(hd.size(), 1);
    QCOMPARE(hd.first().field(QStringLiteral("magic")), QStringLiteral("ELF"));
}

void TstTextEvents::failingEvent() {
    const QList<TextEvent> ev = readEvents(report("kijai-comfyui-wanvideowrapper-2007"));
    const TextEvent *e = hd::failingEvent(ev);
    QVERIFY(e);
    QCOMPARE(e->kind, EventKind::MlirDiagnostic);
    QCOMPARE(e->field(QStringLiteral("op")), QStringLiteral("tt.load"));
    QVERIFY(!hd::failingEvent(readEvents(QStringLiteral("hello\nworld\n"))));
}

// A huge text still gives a bounded list.
void TstTextEvents::bounded() {
    QString text;
    for (int i = 0; i < 20000; ++i)
        text += QStringLiteral("x.cpp:%1:1: error: boom\n").arg(i);
    QCOMPARE(readEvents(text).size(), 5000);
}

QTEST_GUILESS_MAIN(TstTextEvents)
#include "tst_text_events.moc"
