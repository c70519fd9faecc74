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

QTEST_GUILESS_MAIN(TstTextNormalize)
#include "tst_text_normalize.moc"
