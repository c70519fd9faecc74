// The pass that turns a paste into the lines the event reader sees (text_normalize.h,
// docs/findings.md "Pastes as people post them"): one test per shape, each with a control
// that the shape is what the pass reacted to; and evidence that quotes the original line.

#include "diagnosis/diagnosis.h"
#include "diagnosis/text_facts.h"
#include "diagnosis/text_normalize.h"

#include <QTest>

using namespace hd;

namespace {

// The first error event's text, after normalizing `paste`.
QString failing(const QString &paste) {
    const QList<TextEvent> events = readEvents(normalizeText(paste).text());
    const TextEvent *e = failingEvent(events);
    return e ? e->text : QString();
}

const Finding *findingOf(const Diagnosis &d, const QString &id) {
    for (const Finding &f : d.findings)
        if (f.id == id)
            return &f;
    return nullptr;
}

Diagnosis diagnoseText(const QString &text) {
    DiagnoseRequest r;
    r.texts.append({QStringLiteral("paste"), text});
    return diagnose(r);
}

} // namespace

class TstTextNormalize : public QObject {
    Q_OBJECT

private slots:
    void lineShapes_data();
    void lineShapes();
    void fences();
    void composeServices();
    void wrappedTokens_data();
    void wrappedTokens();
    void notJoined_data();
    void notJoined();
    void lineMap();
    void evidenceQuotesOriginal();
    void wrappedMessageFound();
    void bounded();
    void wrapperClasses_data();
    void wrapperClasses();
};

// Each shape as it reaches the reader, and what is left of it.
void TstTextNormalize::lineShapes_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("expected");
    const QString msg = QStringLiteral("RuntimeError: HIP error: invalid device function");
    QTest::newRow("crlf") << msg + QStringLiteral("\r") << msg;
    QTest::newRow("ansi") << QStringLiteral("\x1b[0;31m") + msg + QStringLiteral("\x1b[0m") << msg;
    QTest::newRow("literal ESC[") << QStringLiteral("ESC[0;31m") + msg + QStringLiteral("ESC[0m")
                                  << msg;
    QTest::newRow("literal \\x1b")
        << QStringLiteral("\\x1b[31m") + msg + QStringLiteral("\\x1b[0m") << msg;
    QTest::newRow("literal \\033") << QStringLiteral("\\033[1;31m") + msg << msg;
    QTest::newRow("caret") << QStringLiteral("^[[31m") + msg + QStringLiteral("^[[0m") << msg;
    QTest::newRow("bare [0m") << QStringLiteral("[1;31m") + msg + QStringLiteral("[0m") << msg;
    QTest::newRow("quote") << QStringLiteral("> ") + msg << msg;
    QTest::newRow("nested quote") << QStringLiteral("> > ") + msg << msg;
    QTest::newRow("list dash") << QStringLiteral("- ") + msg << msg;
    QTest::newRow("list number") << QStringLiteral("2. ") + msg << msg;
    QTest::newRow("quoted list") << QStringLiteral("> * ") + msg << msg;
    QTest::newRow("python logging") << QStringLiteral("ERROR:root:") + msg << msg;
    QTest::newRow("python logging format")
        << QStringLiteral("2024-05-01 12:00:00,123 - vllm.worker - ERROR - ") + msg << msg;
    QTest::newRow("stamp level file")
        << QStringLiteral("[2024-05-01T12:00:00Z] [ERROR] [model_runner.py:123] ") + msg << msg;
    QTest::newRow("vllm") << QStringLiteral("ERROR 05-01 12:00:00 [engine.py:123] ") + msg << msg;
    QTest::newRow("vllm worker")
        << QStringLiteral("(VllmWorker pid=123) INFO 05-01 12:00:00 model_runner.py:12] ") + msg
        << msg;
    QTest::newRow("glog") << QStringLiteral("E0501 12:00:00.123456  4242 hip_module.cc:88] ") + msg
                          << msg;
    QTest::newRow("level file") << QStringLiteral("ERROR [worker.py:77] ") + msg << msg;
    QTest::newRow("journal") << QStringLiteral("May 01 12:00:00 myhost ollama[1234]: ") + msg
                             << msg;
    QTest::newRow("journal kernel")
        << QStringLiteral("Dec 07 04:00:01 box kernel: amdgpu 0000:03:00.0: amdgpu: GPU reset")
        << QStringLiteral("amdgpu 0000:03:00.0: amdgpu: GPU reset");
    QTest::newRow("slog") << QStringLiteral(
                                 R"(time=2024-05-01T12:00:00.000Z level=ERROR source=sched.go:443 )"
                                 R"(msg="error loading llama server" error="llama runner")")
                          << QStringLiteral(R"(error loading llama server error="llama runner")");
    QTest::newRow("windows repr")
        << QStringLiteral(R"(OSError: [WinError 126] 'C:\\Users\\me\\torch\\lib\\c10.dll')")
        << QStringLiteral(R"(OSError: [WinError 126] 'C:\Users\me\torch\lib\c10.dll')");
    // Controls: lines that look close to a shape and are left alone.
    QTest::newRow("python prompt")
        << QStringLiteral(">>> import torch") << QStringLiteral(">>> import torch");
    QTest::newRow("indented dash") << QStringLiteral("  - gfx90a") << QStringLiteral("  - gfx90a");
    QTest::newRow("bare error") << QStringLiteral("ERROR: Failed building wheel")
                                << QStringLiteral("ERROR: Failed building wheel");
    QTest::newRow("index") << QStringLiteral("x[m] = y[1]") << QStringLiteral("x[m] = y[1]");
    QTest::newRow("posix path") << QStringLiteral("/opt/rocm/lib/libamdhip64.so")
                                << QStringLiteral("/opt/rocm/lib/libamdhip64.so");
}

void TstTextNormalize::lineShapes() {
    QFETCH(QString, line);
    QFETCH(QString, expected);
    QCOMPARE(normalizeLine(line), expected);
    QCOMPARE(normalizeText(line).lines, QStringList{expected});
}

void TstTextNormalize::fences() {
    const NormalizedText n = normalizeText(
        QStringLiteral("```console\n$ python x.py\n> ```\n~~~\nplain\n```suffix text"));
    QCOMPARE(n.lines, QStringList({QString(), QStringLiteral("$ python x.py"), QString(), QString(),
                                   QStringLiteral("plain"), QStringLiteral("```suffix text")}));
    bool fence = false;
    normalizeLine(QStringLiteral("```python"), &fence);
    QVERIFY(fence);
    normalizeLine(QStringLiteral("text ``` inline"), &fence);
    QVERIFY(!fence);
    // A tracker's collapsible block around a paste.
    QCOMPARE(normalizeLine(QStringLiteral("<details><summary>Full log</summary>")), QString());
    QCOMPARE(normalizeLine(QStringLiteral("</details>")), QString());
}

// Docker compose's "service | ": a name seen on two lines, or with a replica number; a single
// "word | text" line is left alone.
void TstTextNormalize::composeServices() {
    const NormalizedText n =
        normalizeText(QStringLiteral("ollama  | first\nollama  | second\nweb-1 | third\nA | B"));
    QCOMPARE(n.lines, QStringList({QStringLiteral("first"), QStringLiteral("second"),
                                   QStringLiteral("third"), QStringLiteral("A | B")}));
}

void TstTextNormalize::wrappedTokens_data() {
    QTest::addColumn<QString>("paste");
    QTest::addColumn<QString>("joined");
    QTest::newRow("isa") << QStringLiteral("Device gfx10\n30 is not supported")
                         << QStringLiteral("Device gfx1030 is not supported");
    QTest::newRow("isa at g") << QStringLiteral("arch g\nfx90a:xnack-")
                              << QStringLiteral("arch gfx90a:xnack-");
    QTest::newRow("sm") << QStringLiteral("ptxas error: Feature not supported on sm_8\n6")
                        << QStringLiteral("ptxas error: Feature not supported on sm_86");
    QTest::newRow("sm three digits")
        << QStringLiteral("compiled for sm_10\n0a") << QStringLiteral("compiled for sm_100a");
    QTest::newRow("path")
        << QStringLiteral("OSError: libamdhip64.so: cannot open /opt/rocm/li\nb/libamdhip64.so")
        << QStringLiteral("OSError: libamdhip64.so: cannot open /opt/rocm/lib/libamdhip64.so");
    QTest::newRow("path at separator")
        << QStringLiteral("File /home/u/.venv/lib/python3.10/site-packages/triton/\ncompiler.py")
        << QStringLiteral("File /home/u/.venv/lib/python3.10/site-packages/triton/compiler.py");
    QTest::newRow("symbol") << QStringLiteral("undefined symbol: _Z10vector_a\nddPfS_i")
                            << QStringLiteral("undefined symbol: _Z10vector_addPfS_i");
    QTest::newRow("message at space")
        << QStringLiteral("hipErrorNoBinaryForGpu: Unable to find code\nobject for all current "
                          "devices!")
        << QStringLiteral(
               "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!");
    QTest::newRow("message mid-word")
        << QStringLiteral("CUDA error: no kernel image is available for exec\nution on the device")
        << QStringLiteral("CUDA error: no kernel image is available for execution on the device");
    QTest::newRow("catalogued message")
        << QStringLiteral("rocBLAS error: Could not initialize Tensile ho\nst: No devices found")
        << QStringLiteral("rocBLAS error: Could not initialize Tensile host: No devices found");
}

void TstTextNormalize::wrappedTokens() {
    QFETCH(QString, paste);
    QFETCH(QString, joined);
    const NormalizedText n = normalizeText(paste);
    QCOMPARE(n.lines, QStringList{joined});
    QCOMPARE(n.origin, QList<int>{0});
    QCOMPARE(n.originEnd, QList<int>{1});
}

// Two lines that each stand whole are not joined.
void TstTextNormalize::notJoined_data() {
    QTest::addColumn<QString>("paste");
    QTest::newRow("whole isa") << QStringLiteral("gfx90a\n30 seconds");
    QTest::newRow("whole sm") << QStringLiteral("sm_86\n0 errors");
    QTest::newRow("whole path") << QStringLiteral("/opt/rocm/lib/libamdhip64.so\nloaded.so");
    QTest::newRow("indented") << QStringLiteral("Device gfx10\n  30 is not supported");
    QTest::newRow("message whole") << QStringLiteral(
        "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!\nAborted");
    QTest::newRow("symbol whole") << QStringLiteral("_Z10vector_addPfS_i\nfoo");
    QTest::newRow("prose") << QStringLiteral("the kernel\nfailed to load");
}

void TstTextNormalize::notJoined() {
    QFETCH(QString, paste);
    QCOMPARE(normalizeText(paste).lines.size(), 2);
}

void TstTextNormalize::lineMap() {
    const NormalizedText n = normalizeText(QStringLiteral(
        "```\nfirst\n> Unable to find code\n> object for all current devices!\nlast\r\n```"));
    QCOMPARE(n.lines.size(), 5);
    QCOMPARE(n.lines.at(2), QStringLiteral("Unable to find code object for all current devices!"));
    QCOMPARE(n.originalNumber(3), 3);
    QCOMPARE(n.originalLastNumber(3), 4);
    QCOMPARE(n.originalNumber(4), 5);
    QCOMPARE(n.originalQuote(3),
             QStringLiteral("> Unable to find code\n> object for all current devices!"));
    QCOMPARE(n.originalQuote(4), QStringLiteral("last"));
    QVERIFY(n.changed);
    QVERIFY(!normalizeText(QStringLiteral("a\nb")).changed);
}

// The finding's evidence names the original line, as it was pasted, with its number.
void TstTextNormalize::evidenceQuotesOriginal() {
    const QString paste =
        QStringLiteral("Here is my log:\n```\n> 2024-05-01 12:00:00,000 - app - ERROR - "
                       "\x1b[31mRuntimeError: HIP error: invalid device \nfunction\x1b[0m\n```\n");
    const Diagnosis d = diagnoseText(paste);
    const Finding *f = nullptr;
    for (const Finding &x : d.findings)
        if (!x.evidence.isEmpty() && x.evidence.first().source == QLatin1String("paste"))
            f = &x;
    QVERIFY(f);
    const Evidence &e = f->evidence.first();
    QCOMPARE(e.location.english(), QStringLiteral("line 3"));
    QVERIFY2(e.text.contains(QStringLiteral("\x1b[31mRuntimeError")), qPrintable(e.text.english()));
    QVERIFY(e.text.contains(QStringLiteral("\nfunction")));
    // Control: the same error on one clean line is quoted as it is.
    const Diagnosis plain =
        diagnoseText(QStringLiteral("RuntimeError: HIP error: invalid device function"));
    QVERIFY(!plain.findings.isEmpty());
    QCOMPARE(plain.findings.first().evidence.first().text.english(),
             QStringLiteral("RuntimeError: HIP error: invalid device function"));
}

// A runtime message a terminal wrapped mid-token is found; without the join it is not.
void TstTextNormalize::wrappedMessageFound() {
    const QString paste = QStringLiteral(
        ":1:hip_code_object.cpp      :624 : 2185700473 us: 2123 : [tid:0x7f2b] "
        "hipErrorNoBinaryForGpu: Unable to find co\nde object for all current devices!");
    QVERIFY(failing(paste).contains(QStringLiteral("Unable to find code object")));
    const Diagnosis d = diagnoseText(paste);
    QVERIFY(findingOf(d, QStringLiteral("arch.no-compatible-code-object")));
    QVERIFY(!findingOf(d, QStringLiteral("layer.unknown")));
    // Control: read without the pass, the broken words name nothing.
    QVERIFY(!readEvents(paste).isEmpty());
    QVERIFY(!failing(paste).isEmpty());
    bool whole = false;
    for (const TextEvent &e : readEvents(paste))
        whole = whole || e.text.contains(QStringLiteral("Unable to find code object"));
    QVERIFY(!whole);
}

void TstTextNormalize::bounded() {
    // Lines over 64 KiB are read at their start; joins never chain past three lines.
    const QString huge(200 * 1024, QLatin1Char('x'));
    QCOMPARE(normalizeText(huge).lines.first().size(), 64 * 1024);
    const NormalizedText n = normalizeText(QStringLiteral("at g\nfx90\na\nb"));
    QVERIFY(n.lines.size() >= 2);
    for (qsizetype i = 0; i < n.lines.size(); ++i)
        QVERIFY(n.originEnd.at(i) - n.origin.at(i) < 3);
}

// The classes of issue 42 written from the sampled batch's development reports (their lines,
// shortened): each reads as its finding; the control beside it (the same words without what
// the rule reads) does not.
void TstTextNormalize::wrapperClasses_data() {
    QTest::addColumn<QString>("paste");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("control");
    QTest::newRow("HIP SDK no agent")
        << QStringLiteral("ROCm: no agent was found\nRuntimeError: Found no NVIDIA driver")
        << QStringLiteral("runtime.no-device") << QStringLiteral("ROCm: agents=['gfx1032']");
    QTest::newRow("container banner")
        << QStringLiteral("WARNING: The NVIDIA Driver was not detected.  GPU functionality will "
                          "not be available.")
        << QStringLiteral("runtime.no-device") << QStringLiteral("WARNING: The NVIDIA Driver");
    QTest::newRow("container toolkit")
        << QStringLiteral("nvidia-container-cli: initialization error: nvml error: driver not "
                          "loaded: unknown")
        << QStringLiteral("runtime.no-device") << QStringLiteral("nvidia-container-cli: list");
    QTest::newRow("docker no kfd")
        << QStringLiteral("Error response from daemon: error gathering device information while "
                          "adding custom device \"/dev/kfd\": no such file or directory")
        << QStringLiteral("runtime.no-device")
        << QStringLiteral("Error response from daemon: pull access denied");
    QTest::newRow("webui launch check")
        << QStringLiteral("Traceback (most recent call last):\n  File \"launch.py\", line 3, in "
                          "<module>\n    run_python(\"import torch; assert "
                          "torch.cuda.is_available(), 'Torch is not able to use GPU'\")\n"
                          "RuntimeError: Error running command.")
        << QStringLiteral("runtime.no-device")
        << QStringLiteral("Traceback (most recent call last):\n  File \"launch.py\", line 3, in "
                          "<module>\n    run_python(\"import torch\")\nRuntimeError: Error "
                          "running command.");
    QTest::newRow("amdgpu init")
        << QStringLiteral("[   71.836341] amdgpu 0000:e3:00.0: amdgpu: Fatal error during GPU init")
        << QStringLiteral("runtime.no-device")
        << QStringLiteral(
               "[   51.829903] amdgpu 0000:e3:00.0: amdgpu: Fetched VBIOS from platform");
    QTest::newRow("ctranslate2 library")
        << QStringLiteral("RuntimeError: Library cublas64_11.dll is not found or cannot be loaded")
        << QStringLiteral("runtime.library-not-found")
        << QStringLiteral("RuntimeError: Library cublas64_11.dll is loaded");
    QTest::newRow("onnxruntime provider wrapped")
        << QStringLiteral(
               "[W:onnxruntime:Default, onnxruntime_pybind_state.cc:965 "
               "CreateExecutionProviderInstance] Failed to create CUDAE\nxecutionProvider."
               " Require cuDNN 9.* and CUDA 12.*")
        << QStringLiteral("runtime.library-not-found")
        << QStringLiteral("Available providers: CUDAExecutionProvider, CPUExecutionProvider");
    QTest::newRow("torch nvrtc")
        << QStringLiteral("ValueError: libnvrtc.so.*[0-9].*[0-9] not found in the system path")
        << QStringLiteral("runtime.library-not-found")
        << QStringLiteral("ValueError: libnvrtc.so.12 found in the system path");
    QTest::newRow("xla symbol lookup")
        << QStringLiteral("XlaRuntimeError: INTERNAL: operation cudaGetLastError() failed: "
                          "cudaGetErrorString symbol not found.")
        << QStringLiteral("runtime.undefined-symbol")
        << QStringLiteral("XlaRuntimeError: INTERNAL: operation cudaGetLastError() failed.");
    QTest::newRow("zluda function")
        << QStringLiteral("Failed to load ZLUDA: function 'zluda_get_nightly_flag' not found")
        << QStringLiteral("runtime.undefined-symbol") << QStringLiteral("Failed to load ZLUDA");
    QTest::newRow("cycles ptx")
        << QStringLiteral("Failed to load CUDA kernel from '/b/cycles/lib/kernel_compute_75.ptx' "
                          "(Unsupported PTX version)")
        << QStringLiteral("runtime.driver-too-old")
        << QStringLiteral("Failed to load CUDA kernel from '/b/cycles/lib/kernel_compute_75.ptx' "
                          "(file not found)");
    QTest::newRow("hcc no compatible kernel")
        << QStringLiteral("HCC RUNTIME ERROR: Fail to find compatible kernel at file:mcwamp.cpp "
                          "line:346")
        << QStringLiteral("arch.no-compatible-code-object")
        << QStringLiteral("HCC RUNTIME ERROR: at file:mcwamp.cpp line:346");
    QTest::newRow("override in prose, no unknown layer")
        << QStringLiteral("I also tried with `export HSA_OVERRIDE_GFX_VERSION=9.0.a`. Result was:\n"
                          "it hangs")
        << QStringLiteral("env.hsa-override") << QStringLiteral("I also tried. Result was:");
}

void TstTextNormalize::wrapperClasses() {
    QFETCH(QString, paste);
    QFETCH(QString, id);
    QFETCH(QString, control);
    const Diagnosis d = diagnoseText(paste);
    QStringList ids;
    for (const Finding &f : d.findings)
        ids << f.id;
    QVERIFY2(ids.contains(id), qPrintable(ids.join(QLatin1Char(' '))));
    QVERIFY2(!ids.contains(QStringLiteral("layer.unknown")),
             qPrintable(ids.join(QLatin1Char(' '))));
    const Diagnosis c = diagnoseText(control);
    for (const Finding &f : c.findings)
        QVERIFY2(f.id != id, qPrintable(control));
}

QTEST_GUILESS_MAIN(TstTextNormalize)
#include "tst_text_normalize.moc"
