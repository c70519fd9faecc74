// The events of a text (text_events.h, docs/findings.md "Events of a text"): one pass over the
// lines, each recogniser taking the lines of one event, then a pass that gives the events of a
// Triton compile, and the bare "error:" lines of a compile, their producer.

#include "diagnosis/text_events.h"

#include "diagnosis/text_facts.h"
#include "text_facts_p.h"

#include "diagnosis/producer_catalog.h"
#include "logs/amd_log.h"
#include "model/runtime_errors.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>

namespace hd {

using namespace detail;

namespace detail {

std::optional<PreparedLine> prepareLine(const QStringList &lines, int i) {
    QString line = lines.at(i);
    if (line.endsWith(QLatin1Char('\r')))
        line.chop(1);
    if (line.size() > 64 * 1024)
        line = line.left(64 * 1024); // a single giant line: look at its start only
    // Prefixes that tools put before the real output: docker BuildKit ("#9 24.95 "), CI
    // timestamps, make/cmake progress ("[ 50%] ").
    // A CI's wall clock ("13:06:25  " from Jenkins' timestamper, "[2024-01-02 13:06:25] ")
    // goes too; a runtime log line (":3:...") never starts with digits.
    static const QRegularExpression prefix(QStringLiteral(
        R"(^\s*(?:#\d+ \d+(?:\.\d+)? |\d{4}-\d\d-\d\dT[\d:.]+Z? |\[?\d{4}-\d\d-\d\d [\d:.,]+\]? +|\[?\d{1,2}:\d\d:\d\d(?:[.,]\d+)?\]? +|\[\s*\d+%\]\s+|(?:>>\s+)?\d+\s{3,}))"));
    if (const auto pm = prefix.match(line); pm.hasMatch())
        line = line.mid(pm.capturedLength());
    // A component's tag before its output: "[hipBLASLt] ", "[rank0]: ".
    static const QRegularExpression tag(QStringLiteral(R"(^\[[A-Za-z][\w .-]{0,40}\]:?\s+(?=\S))"));
    if (const auto tm = tag.match(line); tm.hasMatch())
        line = line.mid(tm.capturedLength());
    // Box drawing of rich tracebacks and pytest's "E   " / ">   " columns.
    static const QRegularExpression column(QStringLiteral(R"(^\s*(?:[│┃|]\s?)?(?:[E>]\s{3,})?)"));
    if (const auto cm = column.match(line); cm.hasMatch() && cm.capturedLength() > 0 &&
                                            (line.trimmed().startsWith(QChar(0x2502)) ||
                                             line.trimmed().startsWith(QLatin1String("E   ")) ||
                                             line.trimmed().startsWith(QLatin1String(">   "))))
        line = line.mid(cm.capturedLength());
    // docker compose prefixes each line with its service: "web-1  | ".
    static const QRegularExpression compose(QStringLiteral(R"(^[\w.-]+-\d+\s+\| )"));
    if (const auto cm = compose.match(line); cm.hasMatch())
        line = line.mid(cm.capturedLength());
    // A paste quoted in Markdown: "> RuntimeError: ...", "`RuntimeError: ...`".
    static const QRegularExpression quote(QStringLiteral(R"(^(?:> ?(?=[^>\s])|`+(?=[^`\s]))+)"));
    if (const auto qm = quote.match(line); qm.hasMatch()) {
        line = line.mid(qm.capturedLength());
        while (line.endsWith(QLatin1Char('`')))
            line.chop(1);
    }
    const QString trimmed = line.trimmed();
    if (trimmed.isEmpty())
        return std::nullopt;
    return PreparedLine{i, i + 1, line, trimmed};
}

} // namespace detail

QString eventKindName(EventKind kind) {
    switch (kind) {
    case EventKind::Traceback:
        return QStringLiteral("traceback");
    case EventKind::Exception:
        return QStringLiteral("exception");
    case EventKind::CompilerDiagnostic:
        return QStringLiteral("compiler-diagnostic");
    case EventKind::BuildFailure:
        return QStringLiteral("build-failure");
    case EventKind::MlirDiagnostic:
        return QStringLiteral("mlir-diagnostic");
    case EventKind::LlvmError:
        return QStringLiteral("llvm-error");
    case EventKind::RuntimeResult:
        return QStringLiteral("runtime-result");
    case EventKind::LoaderMessage:
        return QStringLiteral("loader-message");
    case EventKind::RuntimeLog:
        return QStringLiteral("runtime-log");
    case EventKind::KernelLog:
        return QStringLiteral("kernel-log");
    case EventKind::Hexdump:
        return QStringLiteral("hexdump");
    case EventKind::ToolDump:
        return QStringLiteral("tool-dump");
    case EventKind::Command:
        return QStringLiteral("command");
    case EventKind::Boilerplate:
        return QStringLiteral("boilerplate");
    case EventKind::Message:
        return QStringLiteral("message");
    }
    return {};
}

QString eventLocation(const TextEvent &e) {
    QString loc = e.field(QStringLiteral("file"));
    if (!loc.isEmpty() && !e.field(QStringLiteral("line")).isEmpty())
        loc += QLatin1Char(':') + e.field(QStringLiteral("line"));
    if (!loc.isEmpty() && !e.field(QStringLiteral("column")).isEmpty())
        loc += QLatin1Char(':') + e.field(QStringLiteral("column"));
    return loc;
}

namespace {

constexpr int kMaxEvents = 5000;

// ---- who a path, a tool or an API belongs to -----------------------------------------------

// The package a traceback frame's file belongs to: "triton", "torch", "NAME" for
// site-packages/NAME, "python" for the standard library, "user" otherwise.
QString framePackage(const QString &path) {
    static const QRegularExpression site(
        QStringLiteral(R"([/\\](?:site|dist)-packages[/\\]([A-Za-z_][\w]*))"));
    if (const auto m = site.match(path); m.hasMatch())
        return m.captured(1);
    static const QRegularExpression known(QStringLiteral(
        R"([/\\](triton|torch|vllm|xformers|flash_attn|bitsandbytes|jax|cupy|pycuda|tensorflow)[/\\])"));
    if (const auto m = known.match(path); m.hasMatch())
        return m.captured(1);
    static const QRegularExpression stdlib(QStringLiteral(R"([/\\]lib[/\\]python\d\.\d+[/\\])"));
    if (stdlib.match(path).hasMatch())
        return QStringLiteral("python");
    return QStringLiteral("user");
}

// A frame of a Python build tool: PyTorch's extension builder (and its hipify), setuptools,
// distutils.
bool isBuildToolFrame(const QString &path) {
    static const QRegularExpression re(QStringLiteral(
        R"([/\\](?:torch[/\\]utils[/\\](?:cpp_extension\.py|hipify[/\\])|setuptools[/\\]|_distutils[/\\]|distutils[/\\]))"));
    return re.match(path).hasMatch();
}

// A compile tool's canonical name from how a diagnostic names it.
QString toolProducer(QString tool) {
    tool = tool.section(QLatin1Char('/'), -1).section(QLatin1Char('\\'), -1);
    static const QRegularExpression suffix(QStringLiteral(R"((?:\.exe)?(?:-\d+(?:\.\d+)*)?$)"),
                                           QRegularExpression::CaseInsensitiveOption);
    tool.remove(suffix);
    static const QRegularExpression triple(QStringLiteral(R"(^\w+-\w+-[\w-]+-(?=g\+\+|gcc|ld))"));
    tool.remove(triple);
    return tool.toLower();
}

// The API family a function name belongs to: hipMalloc -> hip, cuModuleLoad -> cuda-driver.
QString apiOfFunction(const QString &fn) {
    if (fn.startsWith(QLatin1String("hipblasLt")))
        return QStringLiteral("hipblaslt");
    if (fn.startsWith(QLatin1String("hipblas")))
        return QStringLiteral("hipblas");
    if (fn.startsWith(QLatin1String("hip")))
        return QStringLiteral("hip");
    if (fn.startsWith(QLatin1String("cublas")))
        return QStringLiteral("cublas");
    if (fn.startsWith(QLatin1String("cuda")))
        return QStringLiteral("cuda-runtime");
    if (fn.startsWith(QLatin1String("cu")))
        return QStringLiteral("cuda-driver");
    if (fn.startsWith(QLatin1String("hsa_")))
        return QStringLiteral("hsa");
    if (fn.startsWith(QLatin1String("rocblas_")))
        return QStringLiteral("rocblas");
    if (fn.startsWith(QLatin1String("miopen")))
        return QStringLiteral("miopen");
    return {};
}

// The producer a layer stands for, for lines only the layer classification places.
QString layerProducer(TextLayer l) {
    switch (l) {
    case TextLayer::Compiler:
        return QStringLiteral("compiler");
    case TextLayer::Runtime:
        return QStringLiteral("runtime");
    case TextLayer::Loader:
        return QStringLiteral("loader");
    case TextLayer::Triton:
        return QStringLiteral("triton");
    case TextLayer::Device:
        return QStringLiteral("device");
    }
    return {};
}

bool isTritonDialect(const QString &dialect) {
    static const QStringList d{QStringLiteral("tt"),
                               QStringLiteral("ttg"),
                               QStringLiteral("ttng"),
                               QStringLiteral("triton_gpu"),
                               QStringLiteral("triton_nvidia_gpu"),
                               QStringLiteral("tta"),
                               QStringLiteral("amdgpu"),
                               QStringLiteral("ttig"),
                               QStringLiteral("triton")};
    return d.contains(dialect);
}

// The Triton stage an MLIR pass or a failing dialect points at.
QString stageOfPass(const QString &pass) {
    const QString p = pass.toLower();
    if (p.contains(QLatin1String("tollvm")) || p.contains(QLatin1String("to-llvm")) ||
        p.contains(QLatin1String("llvmir")))
        return QStringLiteral("llir");
    if (p.contains(QLatin1String("tritongpu")) || p.contains(QLatin1String("triton-gpu")) ||
        p.contains(QLatin1String("tritonamdgpu")) || p.contains(QLatin1String("tritonnvidiagpu")) ||
        p.contains(QLatin1String("ttg")) || p.contains(QLatin1String("pipeline")) ||
        p.contains(QLatin1String("coalesce")) || p.contains(QLatin1String("accelerate")))
        return QStringLiteral("ttgir");
    if (p.contains(QLatin1String("triton")))
        return QStringLiteral("ttir");
    return {};
}

// ---- the reader ------------------------------------------------------------------------------

struct Reader {
    QStringList raw;
    QList<std::optional<PreparedLine>> lines;
    QList<TextEvent> out;

    int count() const { return int(lines.size()); }
    const PreparedLine *at(int i) const {
        return i >= 0 && i < count() && lines.at(i) ? &*lines.at(i) : nullptr;
    }
    TextEvent &add(EventKind kind, const QString &producer, std::optional<TextLayer> layer,
                   int first, int last, bool error, const QString &text) {
        TextEvent e;
        e.kind = kind;
        e.producer = producer;
        e.layer = layer;
        e.firstLine = first + 1;
        e.lastLine = last + 1;
        e.error = error;
        e.text = makeLine(first + 1, text).text;
        out.append(e);
        return out.last();
    }
};

// Lines a framework prints with every error: hints, not evidence.
bool boilerplate(Reader &r, int i) {
    static const QRegularExpression re(
        QStringLiteral(
            R"(^(?:Compile with `?TORCH_USE_(?:HIP|CUDA)_DSA`? to enable device-side assertions)"
            R"(|(?:HIP|CUDA) kernel errors might be asynchronously reported)"
            R"(|For debugging consider passing (?:HIP|CUDA|AMD)_\w+=)"
            R"(|Device-side assertion tracking was not enabled by user)"
            R"(|Set the environment variable HYDRA_FULL_ERROR=1)"
            R"(|note: This error originates from a subprocess, and is likely not a problem with pip)"
            R"(|PLEASE submit a bug report to\b|PLEASE append the compiler options)"
            R"(|Stack dump without symbol names|Please include the crash backtrace)"
            R"(|To execute this test, run the following from the base repo dir)"
            R"(|This message can be suppressed by setting PYTORCH_PRINT_REPRO_ON_FAILURE=0))"),
        QRegularExpression::CaseInsensitiveOption);
    const PreparedLine *l = r.at(i);
    QString t = l->trimmed;
    // PyTorch repeats the hint inside the exception's message: "RuntimeError: ... Compile with".
    if (!re.match(t).hasMatch())
        return false;
    r.add(EventKind::Boilerplate, QString(), std::nullopt, i, i, false, t);
    return true;
}

// A traceback's frame line, and the exception line it ends in.
const QRegularExpression &frameRe() {
    static const QRegularExpression re(
        QStringLiteral(R"re(^\s*File "([^"]+)", line (\d+),? in (\S+))re"));
    return re;
}
const QRegularExpression &tracebackExceptionRe() {
    static const QRegularExpression re(QStringLiteral(
        R"(^([A-Za-z_][\w.]*(?:Error|Exception|Failure|Interrupt|Exit|Warning))(?::\s*(.*))?$)"));
    return re;
}
qsizetype indentOf(const QString &t) {
    qsizetype k = 0;
    while (k < t.size() && (t[k] == QLatin1Char(' ') || t[k] == QLatin1Char('\t')))
        ++k;
    return k;
}

// The frames of a traceback from line i (the first frame when headless): the packages they
// pass through, the innermost one, Triton's stage, and where the exception line is.
struct FrameWalk {
    QStringList packages;
    QString innermost, innermostFile, stage, tritonDir;
    int frames = 0;
    int end = -1; // the exception line, -1 when the traceback was cut
    int next = 0; // the line after the walk
};

FrameWalk walkFrames(Reader &r, int i, bool headless, qsizetype base) {
    const QRegularExpression &frame = frameRe();
    const QRegularExpression &exception = tracebackExceptionRe();
    FrameWalk w;
    QStringList &packages = w.packages;
    QString &innermost = w.innermost, &innermostFile = w.innermostFile, &stage = w.stage,
            &tritonDir = w.tritonDir;
    int &frames = w.frames, &end = w.end;
    static const QRegularExpression stageFrame(
        QStringLiteral(R"re(^make_(ttir|ttgir|llir|amdgcn|hsaco|ptx|cubin)$)re"));
    static const QRegularExpression stageLambda(QStringLiteral(R"re(stages\["(\w+)"\])re"));
    int j = headless ? i : i + 1;
    for (; j < r.count() && j < i + 2000; ++j) {
        const PreparedLine *f = r.at(j);
        if (!f)
            continue;
        if (const auto fm = frame.match(f->text); fm.hasMatch()) {
            ++frames;
            innermostFile = fm.captured(1);
            innermost = framePackage(innermostFile);
            if (!packages.contains(innermost))
                packages << innermost;
            if (innermost == QLatin1String("triton")) {
                static const QRegularExpression dir(
                    QStringLiteral(R"([/\\]triton[/\\](\w+)[/\\])"));
                tritonDir = dir.match(innermostFile).captured(1);
            }
            if (const auto sm = stageFrame.match(fm.captured(3)); sm.hasMatch())
                stage = sm.captured(1);
            else if (fm.captured(3) == QLatin1String("<lambda>") &&
                     innermost == QLatin1String("triton"))
                if (const PreparedLine *code = r.at(j + 1))
                    if (const auto lm = stageLambda.match(code->trimmed); lm.hasMatch())
                        stage = lm.captured(1);
            continue;
        }
        // Code lines under a frame are indented; the exception is not.
        if (indentOf(f->text) > base || f->trimmed.startsWith(QLatin1Char('^')) ||
            f->trimmed.startsWith(QLatin1Char('~')))
            continue;
        if (exception.match(f->trimmed).hasMatch()) {
            end = j;
            break;
        }
        if (f->trimmed == QLatin1String("...") ||
            f->trimmed.startsWith(QLatin1String("[Previous line")))
            continue;
        break; // something else: the traceback was cut
    }
    w.next = j;
    return w;
}

// "cause" or "context" when the traceback at line i is the second part of a chained one.
QString chainedHow(Reader &r, int i) {
    for (int k = i - 1; k >= 0 && k >= i - 3; --k) {
        const PreparedLine *p = r.at(k);
        if (!p)
            continue;
        if (p->trimmed.startsWith(QLatin1String("The above exception was the direct cause")))
            return QStringLiteral("cause");
        if (p->trimmed.startsWith(QLatin1String("During handling of the above exception")))
            return QStringLiteral("context");
        return {};
    }
    return {};
}

// Raised while Triton compiled a kernel: by the exception's type, by where the innermost frame
// is (triton's compiler, backends, language; not an out-of-resources launch), or by a stage the
// frames name.
bool isTritonCompileError(const QString &type, const FrameWalk &w) {
    return type.contains(QLatin1String("CompilationError")) ||
           type.endsWith(QLatin1String("PTXASError")) ||
           type.contains(QLatin1String("MLIRCompilationError")) ||
           (w.innermost == QLatin1String("triton") &&
            (w.tritonDir == QLatin1String("compiler") || w.tritonDir == QLatin1String("backends") ||
             w.tritonDir == QLatin1String("language")) &&
            !type.contains(QLatin1String("OutOfResources"))) ||
           !w.stage.isEmpty();
}

// "Traceback (most recent call last):" ... frames ... "XError: message".
int traceback(Reader &r, int i) {
    const PreparedLine *l = r.at(i);
    const QRegularExpression &frame = frameRe();
    // A paste often starts inside the traceback, at a frame.
    const bool headless = frame.match(l->text).hasMatch() &&
                          (i == 0 || !r.at(i - 1) || !frame.match(r.at(i - 1)->text).hasMatch());
    // Python's faulthandler ("Current thread 0x... (most recent call first):") lists frames too.
    const bool faulthandler = l->trimmed.startsWith(QLatin1String("Current thread 0x")) ||
                              l->trimmed.startsWith(QLatin1String("Thread 0x"));
    if (!l->trimmed.startsWith(QLatin1String("Traceback (most recent call last)")) && !headless &&
        !faulthandler)
        return 0;
    // The exception is at the traceback's own indentation (a paste can indent it all).
    const qsizetype base =
        headless ? std::max<qsizetype>(0, indentOf(l->text) - 2) : indentOf(l->text);
    const FrameWalk w = walkFrames(r, i, headless, base);
    const QStringList &packages = w.packages;
    const QString &innermost = w.innermost, &innermostFile = w.innermostFile, &stage = w.stage;
    const int frames = w.frames, end = w.end, j = w.next;
    const int last = end >= 0 ? end : j - 1;
    QString excLine = end >= 0 ? r.at(end)->trimmed : QString();
    const auto em = tracebackExceptionRe().match(excLine);
    const QString type = em.captured(1);
    const QString message = em.captured(2);
    const bool tritonCompile = isTritonCompileError(type, w);
    std::optional<TextLayer> layer;
    if (tritonCompile)
        layer = TextLayer::Triton;
    else if (!excLine.isEmpty())
        if (const auto cls = classifyLine(excLine))
            layer = cls->layer;
    // Raised by a build tool (PyTorch's extension builder, setuptools, distutils): the build of
    // an extension stopped, whatever the words ("CUDA_HOME environment variable is not set").
    if (!layer && !excLine.isEmpty() && isBuildToolFrame(innermostFile))
        layer = TextLayer::Compiler;
    const QString producer = tritonCompile ? QStringLiteral("triton") : innermost;
    TextEvent &e = r.add(EventKind::Traceback, producer, layer, i, last, !excLine.isEmpty(),
                         excLine.isEmpty() ? l->trimmed : excLine);
    e.fields.insert(QStringLiteral("exception"), type);
    e.fields.insert(QStringLiteral("message"), message.left(1000));
    e.fields.insert(QStringLiteral("frames"), QString::number(frames));
    e.fields.insert(QStringLiteral("innermost"), innermost);
    if (!innermostFile.isEmpty())
        e.fields.insert(QStringLiteral("innermost-file"), innermostFile);
    if (!stage.isEmpty())
        e.fields.insert(QStringLiteral("stage"), stage);
    if (end >= 0)
        e.fields.insert(QStringLiteral("exception-line"), QString::number(end + 1));
    e.notes = packages;
    // A chained traceback keeps the one before it.
    if (const QString how = chainedHow(r, i); !how.isEmpty())
        e.fields.insert(QStringLiteral("chained"), how);
    // The exception line itself is read again below as what it says (a loader message, a
    // runtime result), so the traceback ends before it.
    return std::max(1, (end >= 0 ? end : last + 1) - i);
}

// xxd / hexdump -C / od lines; the dump is one event with the magic numbers it shows.
int hexdump(Reader &r, int i) {
    static const QRegularExpression hexLine(QStringLiteral(
        R"(^(?:0x)?[0-9a-fA-F]{6,16}:?\s+(?:[0-9a-fA-F]{2,8}\s+){3,}[0-9a-fA-F]{0,8}(?:\s+\|?.*)?$)"));
    int j = i;
    QString hex, ascii;
    while (j < r.count() && j < i + 4000) {
        const PreparedLine *l = r.at(j);
        if (!l || !hexLine.match(l->trimmed).hasMatch())
            break;
        const QStringList parts = l->trimmed.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        for (int k = 1; k < parts.size(); ++k) {
            static const QRegularExpression group(QStringLiteral(R"(^[0-9a-fA-F]{2,8}$)"));
            if (group.match(parts[k]).hasMatch() && parts[k].size() % 2 == 0)
                hex += parts[k].toLower();
            else {
                ascii += parts.mid(k).join(QLatin1Char(' '));
                break;
            }
        }
        ++j;
    }
    if (j - i < 1 || hex.size() < 16)
        return 0;
    // Byte order: xxd and hexdump -C print bytes in order; `hexdump` / `od -x` print 16-bit
    // little-endian words, so the magic also appears with each byte pair swapped.
    QString swapped = hex;
    for (qsizetype k = 0; k + 3 < swapped.size(); k += 4) {
        const QString a = swapped.mid(k, 2), b = swapped.mid(k + 2, 2);
        swapped.replace(k, 4, b + a);
    }
    QStringList magics;
    auto has = [&](const char *h) {
        return hex.contains(QLatin1String(h)) || swapped.contains(QLatin1String(h));
    };
    if (has("43434f42") || ascii.contains(QLatin1String("CCOB")))
        magics << QStringLiteral("CCOB");
    if (has("5f5f434c414e475f4f46464c4f41445f42554e444c455f5f") ||
        ascii.contains(QLatin1String("__CLANG_OFFLOAD_BUN")))
        magics << QStringLiteral("__CLANG_OFFLOAD_BUNDLE__");
    if (has("7f454c46") || ascii.contains(QLatin1String(".ELF")))
        magics << QStringLiteral("ELF");
    if (magics.isEmpty())
        return 0;
    TextEvent &e = r.add(EventKind::Hexdump, QStringLiteral("hexdump"), std::nullopt, i, j - 1,
                         false, r.at(i)->trimmed);
    e.fields.insert(QStringLiteral("magic"), magics.join(QLatin1Char(' ')));
    return j - i;
}

// Python's own "XError: message" when no traceback came with it.
bool exceptionLine(Reader &r, int i) {
    // "XError: message", or its repr as Python prints an exception object: "XError('message')".
    static const QRegularExpression exception(QStringLiteral(
        R"re(^((?:[a-z_][\w]*\.)*[A-Z]\w*(?:Error|Exception|CompilerFailed))(?::\s*(.*)|\((['"])(.*)\3\))$)re"));
    const PreparedLine *l = r.at(i);
    if (l->text.startsWith(QLatin1Char(' ')))
        return false;
    const auto m = exception.match(l->trimmed);
    if (!m.hasMatch())
        return false;
    const QString type = m.captured(1);
    const QString message = m.hasCaptured(4) ? m.captured(4) : m.captured(2);
    // A runtime, loader or compiler message inside the exception is read as that instead.
    const auto cls = classifyLine(l->trimmed);
    static const QRegularExpression tritonSays(QStringLiteral(
        R"(`ptxas` failed with error code|backend='inductor' raised:.*\b[Tt]riton\b|\bTriton (?:only supports?|requires|does not support|doesn't support)|\bTriton\b.*\b(?:not supported|unsupported)\b)"));
    // Triton's front end, which turns the kernel's Python into Triton IR, speaks of its own
    // modules ("module 'triton.language' has no attribute 'libdevice'": the kernel uses an API
    // this Triton removed) and its own types ("element type(bf16)", "<[16, 16], fp32>"); an
    // import of Triton that failed is the loader's, not the front end's.
    static const QRegularExpression frontEnd(QStringLiteral(
        R"re(\bmodule '(?:triton\.language|triton\.language\.\w+|tl)' has no attribute|\btl\.[a-z_]\w*\b|\bfp8e[45]\w*|\btype\((?:fp8\w*|fp16|bf16|fp32|fp64|i1|i8|i16|i32|i64|u8|u16|u32|u64)\)|<\[\d+(?:, ?\d+)*\], (?:fp8\w*|fp16|bf16|fp32|fp64|i1|i8|i16|i32|i64)>)re"));
    const bool importing = type.endsWith(QLatin1String("ImportError")) ||
                           type.endsWith(QLatin1String("ModuleNotFoundError"));
    const bool triton =
        type.startsWith(QLatin1String("triton.")) || type.endsWith(QLatin1String("PTXASError")) ||
        type.endsWith(QLatin1String("CompilationError")) || tritonSays.match(message).hasMatch() ||
        (!importing && frontEnd.match(message).hasMatch());
    // The front end's own words: the kernel failed on its way to Triton IR (make_ttir).
    const bool inFrontEnd = triton && !importing && !type.startsWith(QLatin1String("triton.")) &&
                            !type.endsWith(QLatin1String("PTXASError")) &&
                            frontEnd.match(message).hasMatch();
    // PyTorch's extension builder stopping before or during the compile, in its own words.
    static const QRegularExpression builderSays(QStringLiteral(
        R"(\bCUDA_HOME environment variable is not set|\bROCM_HOME environment variable is not set|The detected CUDA version \([\d.]+\) mismatches the version that was used to compile|Ninja is required to load C\+\+ extensions|Error (?:building extension|compiling objects for extension)\b)"));
    const bool builder = !triton && builderSays.match(l->trimmed).hasMatch();
    if (cls && !triton && !builder && cls->layer != TextLayer::Triton)
        return false;
    QString producer =
        type.contains(QLatin1Char('.')) ? type.section(QLatin1Char('.'), 0, 0) : QString();
    if (triton)
        producer = QStringLiteral("triton");
    if (builder)
        producer = QStringLiteral("torch");
    TextEvent &e = r.add(EventKind::Exception, producer,
                         triton    ? std::optional<TextLayer>(TextLayer::Triton)
                         : builder ? std::optional<TextLayer>(TextLayer::Compiler)
                                   : (cls ? std::optional<TextLayer>(cls->layer) : std::nullopt),
                         i, i, true, l->trimmed);
    e.fields.insert(QStringLiteral("exception"), type);
    e.fields.insert(QStringLiteral("message"), message.left(1000));
    if (inFrontEnd)
        e.fields.insert(QStringLiteral("stage"), QStringLiteral("ttir"));
    return true;
}

// The toolchain project that asserted or failed (triton, mlir, clang, llvm), from the source
// path; empty when none is named (a program's own assert). The asserting function or the error
// names its project when the path does not ("mlir::triton::", "Failed to translate TritonGPU
// to LLVM IR").
QString toolchainAsserter(const QString &path, const QString &message) {
    const QString p = QDir::fromNativeSeparators(path).toLower();
    QString asserter;
    if (p.contains(QLatin1String("triton")) || p.contains(QLatin1String("third_party/amd")) ||
        p.contains(QLatin1String("third_party/nvidia")))
        asserter = QStringLiteral("triton");
    else if (p.contains(QLatin1String("mlir")))
        asserter = QStringLiteral("mlir");
    else if (p.contains(QLatin1String("/clang/")))
        asserter = QStringLiteral("clang");
    else if (p.isEmpty() || p.contains(QLatin1String("llvm")) ||
             p.contains(QLatin1String("/lib/target/")) ||
             p.contains(QLatin1String("/lib/codegen/")))
        asserter = QStringLiteral("llvm");
    static const QRegularExpression tritonNamed(
        QStringLiteral(R"(\bTriton(?:GPU|AMDGPU|NVIDIAGPU)?\b|\bttg?ir\b)"));
    if (asserter.isEmpty() || asserter == QLatin1String("llvm")) {
        if (message.contains(QLatin1String("triton::")) || tritonNamed.match(message).hasMatch())
            asserter = QStringLiteral("triton");
        else if (message.contains(QLatin1String("mlir::")) && asserter.isEmpty())
            asserter = QStringLiteral("mlir");
    }
    return asserter;
}

// LLVM's fatal errors and assertion failures, with who asserted (from the source path).
bool llvmError(Reader &r, int i) {
    const PreparedLine *l = r.at(i);
    static const QRegularExpression fatal(QStringLiteral(R"(^LLVM ERROR:\s*(.*)$)"));
    static const QRegularExpression assertion(QStringLiteral(
        R"((?:^|[\s\]])(?:(\S+):\s+)?((?:[A-Za-z]:)?[^\s:]+\.(?:cpp|h|hpp|cc|c|td|inc)):(\d+):\s*(.*?):?\s*Assertion [`'](.*)' failed\.?$)"));
    static const QRegularExpression unreachable(QStringLiteral(
        R"(UNREACHABLE executed at ((?:[A-Za-z]:)?[^\s:]+\.(?:cpp|h|hpp|cc|c|inc)):(\d+))"));
    static const QRegularExpression winAssertion(
        QStringLiteral(R"(^Assertion failed:\s*(.*), file (\S+), line (\d+))"));
    QString path, message;
    if (const auto m = fatal.match(l->trimmed); m.hasMatch()) {
        message = m.captured(1);
    } else if (const auto a = assertion.match(l->trimmed); a.hasMatch()) {
        path = a.captured(2);
        message = QStringLiteral("Assertion `%1' failed in %2").arg(a.captured(5), a.captured(4));
    } else if (const auto un = unreachable.match(l->trimmed); un.hasMatch()) {
        path = un.captured(1);
        message = l->trimmed;
    } else if (const auto w = winAssertion.match(l->trimmed); w.hasMatch()) {
        path = w.captured(2);
        message = QStringLiteral("Assertion failed: %1").arg(w.captured(1));
    } else {
        return false;
    }
    QString asserter = toolchainAsserter(path, message);
    // A program's own assert() is the program's: it places nothing by itself.
    const bool toolchain = !asserter.isEmpty();
    if (!toolchain)
        asserter = assertion.match(l->trimmed).captured(1).section(QLatin1Char(' '), -1);
    TextEvent &e =
        r.add(EventKind::LlvmError, toolchain ? asserter : QStringLiteral("program"),
              asserter == QLatin1String("triton") ? std::optional<TextLayer>(TextLayer::Triton)
              : toolchain                         ? std::optional<TextLayer>(TextLayer::Compiler)
                                                  : std::nullopt,
              i, i, true, l->trimmed);
    if (!toolchain && !asserter.isEmpty())
        e.fields.insert(QStringLiteral("program"), asserter);
    e.fields.insert(QStringLiteral("message"), message.left(1000));
    if (!path.isEmpty())
        e.fields.insert(QStringLiteral("file"), path);
    e.fields.insert(QStringLiteral("assertion"),
                    path.isEmpty() ? QStringLiteral("0") : QStringLiteral("1"));
    return true;
}

// What one MLIR diagnostic line says.
struct MlirLine {
    QString severity, message, where, pass, dialect, opName;
};

// The event of an MLIR diagnostic at line i; an error places the failure in the compiler.
void addMlirDiagnostic(Reader &r, int i, const MlirLine &d) {
    const bool error = d.severity == QLatin1String("error");
    TextEvent &e = r.add(EventKind::MlirDiagnostic, QStringLiteral("mlir"),
                         error ? std::optional<TextLayer>(TextLayer::Compiler) : std::nullopt, i, i,
                         error, r.at(i)->trimmed);
    e.fields.insert(QStringLiteral("severity"), d.severity);
    e.fields.insert(QStringLiteral("message"), d.message.left(1000));
    if (!d.where.isEmpty())
        e.fields.insert(QStringLiteral("location"), d.where);
    if (!d.opName.isEmpty()) {
        e.fields.insert(QStringLiteral("op"), d.opName);
        e.fields.insert(QStringLiteral("dialect"), d.dialect);
    }
    if (!d.pass.isEmpty())
        e.fields.insert(QStringLiteral("pass"), d.pass);
}

// MLIR: an operation's diagnostic ("loc(...): error: 'ttg.convert_layout' op ..."), a pass
// pipeline that failed, the reproducer note naming the pass.
bool mlir(Reader &r, int i) {
    const PreparedLine *l = r.at(i);
    const QString &t = l->trimmed;
    static const QRegularExpression op(QStringLiteral(
        R"re((?:'|"|operation ')([a-z_][a-z_0-9]*)\.([a-z_][\w.]*)(?:'|")\s*(?:op\b|that was|\()?)re"));
    static const QRegularExpression diag(QStringLiteral(
        R"(^(loc\(.*?\)|(?:[A-Za-z]:)?[^\s:]*\.(?:py|mlir|ttir|ttgir|llir)(?::\d+){1,2}|<unknown>|within split at \S+)\s*:\s*(error|warning|note|remark)\s*:\s*(.*)$)"));
    // "'tt.fp_to_fp' op ...", also with the severity before it ("error: 'tt.dot' op ...").
    static const QRegularExpression opFirst(QStringLiteral(
        R"re(^(?:(error|warning|note|remark):\s*)?'([a-z_][a-z_0-9]*)\.[a-z_][\w.]*' op (.*)$)re"));
    static const QRegularExpression pipelineNote(QStringLiteral(
        R"(Pipeline failed while executing \[`?([\w:-]+)`?(?: on '([\w.]+)' operation)?)"));
    static const QRegularExpression irDump(
        QStringLiteral(R"(IR Dump (?:Before|After) (\w+)(?: \(([\w-]+)\))?)"));
    static const QRegularExpression passFailed(QStringLiteral(
        R"(PassManager::run failed|Failures have been detected while processing an MLIR pass pipeline|failed to legalize operation|failed to materialize conversion|MLIRCompilationError|cannot be converted to LLVM IR: missing `?LLVMTranslationDialectInterface)"));
    QString severity, message, where, pass, dialect, opName;
    if (const auto d = diag.match(t); d.hasMatch()) {
        where = d.captured(1);
        severity = d.captured(2);
        message = d.captured(3);
    } else if (const auto of = opFirst.match(t); of.hasMatch()) {
        severity = of.captured(1).isEmpty() ? QStringLiteral("error") : of.captured(1);
        message = t;
    } else if (const auto p = pipelineNote.match(t); p.hasMatch()) {
        severity = QStringLiteral("note");
        message = t;
        pass = p.captured(1);
    } else if (const auto dm = irDump.match(t);
               dm.hasMatch() && t.startsWith(QLatin1String("//"))) {
        TextEvent &e =
            r.add(EventKind::MlirDiagnostic, QStringLiteral("mlir"), std::nullopt, i, i, false, t);
        e.fields.insert(QStringLiteral("pass"), dm.captured(1));
        e.fields.insert(QStringLiteral("severity"), QStringLiteral("dump"));
        return true;
    } else if (passFailed.match(t).hasMatch()) {
        severity = QStringLiteral("error");
        message = t;
    } else {
        return false;
    }
    if (const auto o = op.match(message.isEmpty() ? t : message); o.hasMatch()) {
        dialect = o.captured(1);
        opName = o.captured(1) + QLatin1Char('.') + o.captured(2);
    }
    // A .py location without an MLIR operation or pass is Python's, not MLIR's.
    if (where.endsWith(QLatin1String(".py")) || where.contains(QLatin1String(".py:")))
        if (opName.isEmpty() && !passFailed.match(t).hasMatch())
            return false;
    if (where.isEmpty() && opName.isEmpty() && pass.isEmpty() && !passFailed.match(t).hasMatch())
        return false;
    addMlirDiagnostic(r, i, {severity, message, where, pass, dialect, opName});
    return true;
}

// Compiler, assembler and linker diagnostics, with the notes that follow them.
// How a compiler, assembler or linker diagnostic starts: who says it, where, how severe.
struct DiagHead {
    QString producer, file, line, column, severity, message;
};

const QRegularExpression &locatedRe() {
    static const QRegularExpression re(QStringLiteral(
        R"(^((?:[A-Za-z]:)?[^\s:()]*[^\s:()/\\]\.[A-Za-z0-9+]+|<inline asm>|<instantiation>|<unknown>|<stdin>|<built-in>|<command line>)(?::(\d+))?(?::(\d+))?:\s*(fatal error|error|warning|note|remark)\s*:\s*(.*)$)"));
    return re;
}

// A compiler, linker or binary tool's own diagnostic: "nvcc fatal : ...", "ld.lld: error: ...".
const QRegularExpression &toolRe() {
    static const QRegularExpression re(QStringLiteral(
        R"(^((?:\S*[/\\])?(?:clang|clang\+\+|clang-\d+|clang\+\+-\d+|clang-cl|amdclang|amdclang\+\+|hipcc|hipcc\.pl|hipcc\.bin|nvcc|gcc|g\+\+|cc|c\+\+|cc1|cc1plus|gfortran|flang|flang-new|ld|ld\.lld|ld\.bfd|ld\.gold|lld|lld-link|collect2|ptxas|nvlink|fatbinary|nvdisasm|cuobjdump|llvm-link|llc|opt|llvm-mc|llvm-objcopy|clang-offload-bundler|clang-offload-wrapper|clang-linker-wrapper|amdgcn-link|x86_64-linux-gnu-g\+\+(?:-\d+)?|x86_64-linux-gnu-gcc(?:-\d+)?|cl|link|LINK|hipconfig|hip-clang)(?:\.exe)?(?:-\d+(?:\.\d+)*)?)\s*:?\s*(?:\w+\s+)?(fatal error|fatal|error|warning|note|info)\s*:?\s*(.*)$)"));
    return re;
}

// A diagnostic quoted inside a sentence ("I got 'nvcc fatal : Unsupported gpu ...'"): the
// diagnostic without its quotes; else the line as it is.
QString unquotedDiagnostic(const QString &t) {
    static const QRegularExpression embedded(QStringLiteral(
        R"((?:^|[\s'"`_(])((?:nvcc|ptxas) fatal\s*:.*|(?:clang\+\+|clang|hipcc|nvcc|ld\.lld|lld|ld): (?:fatal )?error: .*)$)"));
    QString u = t;
    if (const auto em = embedded.match(t); em.hasMatch() && em.capturedStart(1) > 0 &&
                                           !toolRe().match(t).hasMatch() &&
                                           !locatedRe().match(t).hasMatch()) {
        u = em.captured(1);
        while (u.endsWith(QLatin1Char('\'')) || u.endsWith(QLatin1Char('_')) ||
               u.endsWith(QLatin1Char('`')) || u.endsWith(QLatin1Char('"')))
            u.chop(1);
    }
    return u;
}

// Who says a located diagnostic, by the file it names: the assembler for inline assembly and
// assembly files, else the compiler.
QString locatedProducer(const QString &file) {
    return file == QLatin1String("<inline asm>") || file == QLatin1String("<unknown>") ||
                   file == QLatin1String("<instantiation>") || file.endsWith(QLatin1String(".s")) ||
                   file.endsWith(QLatin1String(".S"))
               ? QStringLiteral("assembler")
               : QStringLiteral("compiler");
}

std::optional<DiagHead> diagnosticHead(const QString &t) {
    const QRegularExpression &located = locatedRe();
    static const QRegularExpression nvccLocated(QStringLiteral(
        R"(^((?:[A-Za-z]:)?[^\s:()]+\.[A-Za-z0-9+]+)\((\d+)\)(?:\s*:)?\s*(fatal error|error|warning|note|catastrophic error)\b\s*:?\s*(?:[A-Z]\d{4}\s*:\s*)?(.*)$)"));
    static const QRegularExpression msvc(
        QStringLiteral(R"(\b(fatal error|error) (LNK\d{4}|C\d{4})\s*:\s*(.*)$)"));
    static const QRegularExpression ldLine(QStringLiteral(R"(^((?:\S*/)?ld(?:\.\w+)?):\s+(.*)$)"));
    static const QRegularExpression ptxasLine(
        QStringLiteral(R"(^(ptxas)\s+(\S+), line (\d+); (error|warning|fatal)\s*:\s*(.*)$)"));
    DiagHead h;
    const QString u = unquotedDiagnostic(t);
    if (const auto px = ptxasLine.match(t); px.hasMatch()) {
        h.producer = QStringLiteral("ptxas");
        h.file = px.captured(2);
        h.line = px.captured(3);
        h.severity = px.captured(4);
        h.message = px.captured(5);
    } else if (const auto m = located.match(t); m.hasMatch()) {
        h.file = m.captured(1);
        h.line = m.captured(2);
        h.column = m.captured(3);
        h.severity = m.captured(4);
        h.message = m.captured(5);
        h.producer = locatedProducer(h.file);
    } else if (const auto n = nvccLocated.match(t); n.hasMatch()) {
        h.file = n.captured(1);
        h.line = n.captured(2);
        h.severity = n.captured(3);
        h.message = n.captured(4);
        h.producer = QStringLiteral("compiler");
    } else if (const auto k = toolRe().match(u);
               k.hasMatch() && !u.startsWith(QLatin1String("ld "))) {
        h.producer = toolProducer(k.captured(1));
        h.severity = k.captured(2);
        h.message = k.captured(3);
    } else if (const auto v = msvc.match(t); v.hasMatch()) {
        h.producer = v.captured(2).startsWith(QLatin1String("LNK")) ? QStringLiteral("link")
                                                                    : QStringLiteral("cl");
        h.severity = v.captured(1);
        h.message = v.captured(2) + QStringLiteral(": ") + v.captured(3);
    } else if (const auto d = ldLine.match(t);
               d.hasMatch() &&
               (t.contains(QLatin1String("undefined reference")) ||
                t.contains(QLatin1String("cannot find")) || t.contains(QLatin1String("error")) ||
                t.contains(QLatin1String("in function")))) {
        h.producer = toolProducer(d.captured(1));
        h.severity = t.contains(QLatin1String("in function")) ? QStringLiteral("note")
                                                              : QStringLiteral("error");
        h.message = d.captured(2);
    } else if (t.contains(QLatin1String("undefined reference to"))) {
        h.producer = QStringLiteral("ld");
        h.severity = QStringLiteral("error");
        h.message = t;
    } else {
        return std::nullopt;
    }
    return h;
}

int compilerDiagnostic(Reader &r, int i) {
    const PreparedLine *l = r.at(i);
    const QString &t = l->trimmed;
    const std::optional<DiagHead> head = diagnosticHead(t);
    if (!head)
        return 0;
    const QString &producer = head->producer, &file = head->file, &line = head->line,
                  &column = head->column, &severity = head->severity, &message = head->message;
    const QRegularExpression &located = locatedRe();
    // A program's check macro shaped like a diagnostic names a runtime error: that is a
    // runtime result, read below.
    // (By a name only: "clang: error: unable to execute command: out of memory" is clang's.)
    QString runtimeName;
    if (runtimeErrorMeaningInText(t, &runtimeName) && !runtimeStatusApi(runtimeName).isEmpty() &&
        !producer.startsWith(QLatin1String("ld")) && producer != QLatin1String("ptxas"))
        return 0;
    const bool isNote = severity == QLatin1String("note") || severity == QLatin1String("remark") ||
                        severity == QLatin1String("info");
    if (isNote && !r.out.isEmpty() && r.out.last().kind == EventKind::CompilerDiagnostic &&
        r.out.last().lastLine >= i - 3) {
        r.out.last().notes << makeLine(i + 1, t).text;
        r.out.last().lastLine = i + 1;
        return 1;
    }
    const bool error = severity.contains(QLatin1String("error")) ||
                       severity == QLatin1String("fatal") ||
                       severity == QLatin1String("catastrophic error");
    TextEvent &e = r.add(EventKind::CompilerDiagnostic, producer,
                         error || severity == QLatin1String("warning")
                             ? std::optional<TextLayer>(TextLayer::Compiler)
                             : std::nullopt,
                         i, i, error, t);
    e.fields.insert(QStringLiteral("severity"), severity);
    e.fields.insert(QStringLiteral("message"), message.left(1000));
    if (!file.isEmpty())
        e.fields.insert(QStringLiteral("file"), file);
    if (!line.isEmpty())
        e.fields.insert(QStringLiteral("line"), line);
    if (!column.isEmpty())
        e.fields.insert(QStringLiteral("column"), column);
    // Source line, caret and macro / include notes belong to it.
    int j = i + 1;
    for (; j < r.count() && j < i + 12; ++j) {
        const PreparedLine *n = r.at(j);
        if (!n)
            break;
        static const QRegularExpression attached(QStringLiteral(
            R"(^(?:\s*[\^~]+\s*$|\s+\d+ \||\s+\||In file included from|\s+from\s|>>> |In instantiation of|\s*required from|.*: note: |.*: In function|.*: in function))"));
        if (!attached.match(n->text).hasMatch() && !n->text.startsWith(QLatin1String("    ")))
            break;
        if (located.match(n->trimmed).hasMatch() && !n->trimmed.contains(QLatin1String(": note:")))
            break;
        e.notes << makeLine(j + 1, n->trimmed).text;
    }
    e.lastLine = j; // 1-based of line j-1 + 1
    return 1;       // the attached lines are read again on their own (facts need them)
}

// A compiler a runtime or library runs while the program runs (hipRTC, NVRTC, comgr, MIOpen's
// kernel build): its failure is a compile failure, whoever called it.
bool runtimeCompile(Reader &r, int i) {
    const QString &t = r.at(i)->trimmed;
    static const QRegularExpression re(
        QStringLiteral(
            R"((HIPRTC_ERROR_(?!SUCCESS)\w+|NVRTC_ERROR_(?!SUCCESS)\w+|AMD_COMGR_STATUS_ERROR\w*|comgr status = (?!SUCCESS|AMD_COMGR_STATUS_SUCCESS)\w+|Code object build failed|\[Build(?:Hip|Ocl|Asm)\]|(?:hiprtc|nvrtc)CompileProgram\w*\b.*\b(?:fail|error)|amd_comgr_do_action\b.*\bfail))"),
        QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(t);
    if (!m.hasMatch())
        return false;
    const QString what = m.captured(1).toLower();
    const QString producer = what.contains(QLatin1String("nvrtc"))    ? QStringLiteral("nvrtc")
                             : what.contains(QLatin1String("comgr"))  ? QStringLiteral("comgr")
                             : what.contains(QLatin1String("hiprtc")) ? QStringLiteral("hiprtc")
                             : t.contains(QLatin1String("MIOpen"), Qt::CaseInsensitive)
                                 ? QStringLiteral("miopen")
                                 : QStringLiteral("hiprtc");
    TextEvent &e =
        r.add(EventKind::CompilerDiagnostic, producer, TextLayer::Compiler, i, i, true, t);
    e.fields.insert(QStringLiteral("severity"), QStringLiteral("error"));
    e.fields.insert(QStringLiteral("message"), t.left(1000));
    e.fields.insert(QStringLiteral("runtime-compile"), QStringLiteral("1"));
    return true;
}

// A compiler's refusal of an instruction or data type the target lacks, in the words of
// Triton's frontend and of the backends ("type fp8e4nv not supported in this architecture").
bool unsupportedFeature(Reader &r, int i) {
    const QString &t = r.at(i)->trimmed;
    static const QRegularExpression re(
        QStringLiteral(
            R"(not supported in this architecture|(?:fp8\w*|bf16|bfloat16|fp16|float8\w*|tf32|wgmma|mfma|wmma)\b[^.]{0,40}\bnot supported (?:on|in|by|for) (?:this|the current|your) (?:GPU|architecture|target|device)|instruction not supported on this GPU|requires (?:compute capability|CUDA capability) (?:>= ?)?[\d.]+ or (?:higher|newer|above)|not supported on (?:CUDA |HIP |ROCm )?(?:arch(?:itecture)?|sm|compute capability)\s*(?:<|below|older|lower))"),
        QRegularExpression::CaseInsensitiveOption);
    if (!re.match(t).hasMatch() || r.out.size() >= kMaxEvents)
        return false;
    TextEvent &e = r.add(EventKind::CompilerDiagnostic, QStringLiteral("compiler"),
                         TextLayer::Compiler, i, i, true, t);
    e.fields.insert(QStringLiteral("severity"), QStringLiteral("error"));
    e.fields.insert(QStringLiteral("message"), t.left(1000));
    e.fields.insert(QStringLiteral("unsupported-feature"), QStringLiteral("1"));
    return true;
}

// A kernel over the GPU's shared memory (LDS) per block, as Triton says it at compile time:
// "out of resource: shared memory, Required: 589824, Hardware limit: 101376".
bool resourceLimit(Reader &r, int i) {
    const QString &t = r.at(i)->trimmed;
    static const QRegularExpression head(
        QStringLiteral(
            R"(out of resources?:?\s*(?:shared memory|LDS|shared_mem)|OutOfResources\b.*\b(?:shared|LDS))"),
        QRegularExpression::CaseInsensitiveOption);
    if (!head.match(t).hasMatch())
        return false;
    static const QRegularExpression re(
        QStringLiteral(
            R"((?:shared memory|LDS|shared_mem)\W{0,3}\s*(?:Required|required|needs?|uses?)?:?\s*(\d+)[^\d]{1,40}?(?:Hardware limit(?:ation)?|limit|max(?:imum)?|available):?\s*(\d+))"),
        QRegularExpression::CaseInsensitiveOption);
    QString both = t;
    if (const PreparedLine *n = r.at(i + 1))
        both += QLatin1Char(' ') + n->trimmed; // the numbers can wrap onto the next line
    const auto m = re.match(both);
    TextEvent &e = r.add(EventKind::CompilerDiagnostic, QStringLiteral("triton"),
                         TextLayer::Compiler, i, i, true, t);
    e.fields.insert(QStringLiteral("severity"), QStringLiteral("error"));
    e.fields.insert(QStringLiteral("message"), t.left(1000));
    e.fields.insert(QStringLiteral("resource"), QStringLiteral("shared memory"));
    if (m.hasMatch()) {
        e.fields.insert(QStringLiteral("required"), m.captured(1));
        e.fields.insert(QStringLiteral("limit"), m.captured(2));
    }
    return true;
}

// Build-time generators of the math libraries (Tensile) stopping a library's build.
bool generatorFatal(Reader &r, int i) {
    const QString &t = r.at(i)->trimmed;
    static const QRegularExpression re(QStringLiteral(R"(\bTensile::FATAL:\s*(.*)$)"));
    const auto m = re.match(t);
    if (!m.hasMatch())
        return false;
    TextEvent &e = r.add(EventKind::CompilerDiagnostic, QStringLiteral("tensile"),
                         TextLayer::Compiler, i, i, true, t);
    e.fields.insert(QStringLiteral("severity"), QStringLiteral("fatal"));
    e.fields.insert(QStringLiteral("message"), m.captured(1).left(1000));
    return true;
}

// ninja / make / cmake / setuptools saying the build stopped.
bool buildFailure(Reader &r, int i) {
    const QString &t = r.at(i)->trimmed;
    static const QRegularExpression re(
        QStringLiteral(
            R"(^(FAILED: |ninja: build stopped|g?make(?:\[\d+\])?: \*\*\* .*\bError \d+|CMake Error\b|\d+ errors? generated|error: command '[^']*' failed|(?:subprocess\.)?CalledProcessError: Command '\[?'?[^']*(?:hipcc|nvcc|clang|ninja|g\+\+|gcc|c\+\+|cmake|make)\b|RuntimeError: Error (?:building extension|compiling objects for extension)\b|error: subprocess-exited-with-error|ERROR: Failed building wheel|(?:ERROR: )?Failed to build installable wheels|ERROR: Could not build wheels for|(?:[×x] )?(?:Building wheel for \S+ \([\w.]+\)|python setup\.py (?:bdist_wheel|build_ext|build|install|develop)|Running setup\.py install for \S+) did not run successfully|(?:[×x] )?(?:Getting requirements to build (?:wheel|editable)|(?:Preparing|Installing) (?:build dependencies|(?:editable )?metadata)(?: \(pyproject\.toml\))?|python setup\.py egg_info) did not run successfully))"),
        QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(t);
    if (!m.hasMatch())
        return false;
    QString producer = QStringLiteral("build");
    const QString head = m.captured(1).toLower();
    if (head.startsWith(QLatin1String("failed")) || head.startsWith(QLatin1String("ninja")))
        producer = QStringLiteral("ninja");
    else if (head.contains(QLatin1String("make")) && !head.startsWith(QLatin1String("cmake")))
        producer = QStringLiteral("make");
    else if (head.startsWith(QLatin1String("cmake")))
        producer = QStringLiteral("cmake");
    else if (head.contains(QLatin1String("generated")))
        producer = QStringLiteral("compiler");
    else if (head.startsWith(QLatin1String("runtimeerror")))
        producer = QStringLiteral("torch"); // its extension builder raises it
    else if (head.contains(QLatin1String("wheel")) ||
             head.contains(QLatin1String("did not run successfully")) ||
             head.contains(QLatin1String("subprocess-exited")))
        producer = QStringLiteral("pip");
    else
        producer = QStringLiteral("setuptools");
    // pip's wrappers: the wheel's build step failing ("Building wheel for X did not run
    // successfully", "Failed building wheel", "Could not build wheels") is the build failing;
    // "subprocess-exited-with-error" alone, or the steps before the build (requirements,
    // metadata, egg_info: usually a module the setup script imports), say a build did not
    // start, not that it failed: a layer only when the compile shows.
    const bool vague = head.contains(QLatin1String("subprocess-exited")) ||
                       head.contains(QLatin1String("requirements")) ||
                       head.contains(QLatin1String("metadata")) ||
                       head.contains(QLatin1String("egg_info")) ||
                       head.contains(QLatin1String("build dependencies"));
    r.add(EventKind::BuildFailure, producer,
          vague ? std::nullopt : std::optional<TextLayer>(TextLayer::Compiler), i, i, true, t);
    return true;
}

// What a loader message names: the library, a symbol (with @version), a version needed and
// the file that needs it; whether the symbol is a CUDA driver entry point.
struct LoaderLine {
    QString library, symbol, version, requester;
    bool driverEntryPoint = false;
};

// The event of a loader message at line i.
void addLoaderEvent(Reader &r, int i, const LoaderLine &l) {
    TextEvent &e = r.add(EventKind::LoaderMessage, QStringLiteral("loader"), TextLayer::Loader, i,
                         i, true, r.at(i)->trimmed);
    if (!l.library.isEmpty())
        e.fields.insert(QStringLiteral("library"), l.library);
    if (!l.symbol.isEmpty()) {
        e.fields.insert(QStringLiteral("symbol"), l.symbol.section(QLatin1Char('@'), 0, 0));
        if (l.symbol.contains(QLatin1Char('@')))
            e.fields.insert(QStringLiteral("version"), l.symbol.section(QLatin1Char('@'), -1));
    }
    if (!l.version.isEmpty()) {
        e.fields.insert(QStringLiteral("version"), l.version);
        e.fields.insert(QStringLiteral("version-need"), QStringLiteral("1"));
    }
    if (!l.requester.isEmpty())
        e.fields.insert(QStringLiteral("requester"), l.requester);
    if (l.driverEntryPoint)
        e.fields.insert(QStringLiteral("driver-entry-point"), QStringLiteral("1"));
}

// The dynamic loader's messages.
bool loaderMessage(Reader &r, int i) {
    const QString &t = r.at(i)->trimmed;
    static const QRegularExpression missing(QStringLiteral(
        R"(((?:[^\s:'"]*/)?[^\s:'"/]+\.so(?:\.[0-9]+)*)\s*: cannot open shared object file)"));
    static const QRegularExpression undefinedSym(QStringLiteral(
        R"((?:undefined symbol|symbol lookup error)[^:]*:\s*([A-Za-z_.$][\w.$@]*))"));
    static const QRegularExpression symbolLookup(
        QStringLiteral(R"(symbol lookup error: ([^:]+): undefined symbol: ([\w.$@]+))"));
    static const QRegularExpression versionNeed(QStringLiteral(
        R"(version [`'‘]((GLIBC|GLIBCXX|CXXABI|GCC|OPENSSL|HIP|hip|ROCM|CUDA|libcudart|rocm)[\w.]*)['’] not found(?: \(required by ([^)]+)\))?)"));
    static const QRegularExpression dll(
        QStringLiteral(
            R"(DLL load failed|\[WinError 12[67]\]|Error loading "[^"]+\.dll"|LoadLibrary\w*\s*(?:failed|error)|Library not loaded|could not load library\b|unable to load (?:shared )?library|error while loading shared libraries|\bdlopen\b.*(?:fail|error))"),
        QRegularExpression::CaseInsensitiveOption);
    // A program resolving the CUDA driver's entry points itself (dlsym / GetProcAddress /
    // cuGetProcAddress) and missing one: "Function cuDeviceGetDefaultMemPool not found",
    // "The procedure entry point cuX could not be located in ... nvcuda.dll".
    static const QRegularExpression driverEntry(
        QStringLiteral(
            R"((?:\b(?:function|symbol|entry point|procedure)\s+[`'"]?(cu[A-Z]\w+)[`'"]?\s+(?:was )?(?:not found|could not be (?:found|located|loaded|resolved)))|(?:failed to (?:load|find|get|resolve|locate) (?:the )?(?:driver )?(?:symbol|function|entry point|procedure)\s*:?\s+[`'"]?(cu[A-Z]\w+)))"),
        QRegularExpression::CaseInsensitiveOption);
    QString library, symbol, version, requester;
    bool hit = false, driverEntryPoint = false;
    if (const auto d = driverEntry.match(t); d.hasMatch()) {
        symbol = d.captured(1).isEmpty() ? d.captured(2) : d.captured(1);
        driverEntryPoint = hit = true;
    }
    if (const auto m = missing.match(t); m.hasMatch()) {
        library = m.captured(1);
        hit = true;
    }
    if (const auto v = versionNeed.match(t); v.hasMatch()) {
        version = v.captured(1);
        requester = v.captured(3);
        static const QRegularExpression lib(QStringLiteral(R"(([\w./+-]+\.so[\w.]*): version)"));
        library = lib.match(t).captured(1);
        hit = true;
    }
    if (driverEntryPoint) {
    } else if (const auto s = symbolLookup.match(t); s.hasMatch()) {
        requester = s.captured(1).trimmed();
        symbol = s.captured(2);
        hit = true;
    } else if (const auto u = undefinedSym.match(t); u.hasMatch()) {
        symbol = u.captured(1);
        hit = true;
    } else if (t.endsWith(QLatin1String("undefined symbol:"))) {
        // The symbol wrapped onto the next line.
        if (const PreparedLine *n = r.at(i + 1))
            symbol = n->trimmed.section(QLatin1Char(' '), 0, 0);
        hit = true;
    }
    if (!hit && dll.match(t).hasMatch())
        hit = true;
    if (!hit)
        return false;
    // A link-time "undefined symbol" is lld's (read as a compiler diagnostic before this).
    addLoaderEvent(r, i, {library, symbol, version, requester, driverEntryPoint});
    return true;
}

// What a runtime result line says: the status name, the API it belongs to, the function that
// returned it, its number and its row of the runtime-error table.
struct RuntimeStatus {
    QString name, api, fn;
    int code = -1;
    const RuntimeErrorMeaning *meaning = nullptr;
};

// A status named on line i: a message of the runtime-error table (also wrapped onto the next
// line), a status name, or "code=N (name)".
void namedStatus(Reader &r, int i, RuntimeStatus &s) {
    const QString &t = r.at(i)->trimmed;
    static const QRegularExpression codeParen(
        QStringLiteral(R"(\bcode\s*[=:]\s*(\d{1,5})\s*\(\s*(\w+)\s*\))"));
    static const QRegularExpression anyName(QStringLiteral(
        R"(\b(hipError[A-Za-z]+|CUDA_ERROR_[A-Z_]+|cudaError[A-Za-z]+|HSA_STATUS_ERROR_[A-Z_]+|HIPBLAS_STATUS_[A-Z_]+|CUBLAS_STATUS_[A-Z_]+|rocblas_status_[a-z_]+|miopenStatus[A-Za-z]+)\b)"));
    QString matched;
    const RuntimeErrorMeaning *inText = runtimeErrorMeaningInText(t, &matched);
    if (!inText && (t.endsWith(QLatin1String(" for")) || t.endsWith(QLatin1String(" on")) ||
                    t.endsWith(QLatin1String(" is")) || t.endsWith(QLatin1String(" the")) ||
                    t.endsWith(QLatin1String(" available")) || t.endsWith(QLatin1String(" not")))) {
        // A message wrapped onto the next line ("no kernel image is available for\nexecution").
        if (const PreparedLine *n = r.at(i + 1))
            inText = runtimeErrorMeaningInText(t + QLatin1Char(' ') + n->trimmed, &matched);
    }
    if (const RuntimeErrorMeaning *m = inText) {
        s.meaning = m;
        s.name = matched;
        s.api = runtimeStatusApi(matched);
        s.code = m->code;
    }
    if (!s.meaning) {
        if (const auto n = anyName.match(t); n.hasMatch()) {
            s.name = n.captured(1);
            s.api = runtimeStatusApi(s.name);
        }
    }
    if (const auto c = codeParen.match(t); c.hasMatch() && s.name.isEmpty()) {
        s.name = c.captured(2);
        s.code = c.captured(1).toInt();
        s.api = runtimeStatusApi(s.name);
    }
}

// A status given by its number only: a call that returned it, an assertion that it is 0, "HIP
// error 98". False when the line shows none, or a number that is no error of the API (a
// count, success).
bool numberedStatus(const QString &t, const QString &platform, RuntimeStatus &s) {
    static const QRegularExpression callReturned(QStringLiteral(
        R"(\b((?:hip|cu|cuda|hsa_|rocblas_|hipblas|miopen|cublas)[A-Za-z_]\w*)\s*(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?\s*(?:(?:returned|returns|failed with|failed:|failed|error|=|->|:)\s*(?:error\s*)?(?:code\s*)?(?:[:=]\s*)?)(-?\d{1,5})\b(?!\.\d|\s*(?:MiB|MB|GB|KB|bytes|%)))"));
    static const QRegularExpression assertZero(QStringLiteral(
        R"(\(\s*(\d{1,4})\s*==\s*0\s*\)|\b(?:Check failed|Assertion)\b[^\n]*?\b(\d{1,4}) == 0\b)"));
    static const QRegularExpression errorNumber(QStringLiteral(
        R"(\b(HIP|CUDA|Hip|Cuda|hip|cuda|HSA|hsa|CUDA Runtime|CUDA driver)(?: runtime| driver| API| Runtime API)?\s+(?:error|Error|ERROR|failure|status)(?:\s+code)?\s*[:=#(]?\s*(-?\d{1,5})\b)"));
    if (const auto c = callReturned.match(t); c.hasMatch()) {
        s.fn = c.captured(1);
        s.api = apiOfFunction(s.fn);
        s.code = c.captured(2).toInt();
        // Shapes like "hipGetDeviceCount: 2" print a count, not an error: only codes the
        // API knows as errors count, and 0 is success.
        s.name = runtimeStatusName(s.api, s.code);
        if (s.name.isEmpty() && s.code != 0)
            return false;
    } else if (const auto z = assertZero.match(t); z.hasMatch()) {
        s.code = (z.captured(1).isEmpty() ? z.captured(2) : z.captured(1)).toInt();
        s.api = platform;
        s.name = runtimeStatusName(s.api, s.code);
        if (s.name.isEmpty() || s.code == 0)
            return false;
    } else if (const auto e = errorNumber.match(t); e.hasMatch()) {
        const QString who = e.captured(1).toLower();
        s.api = who.startsWith(QLatin1String("hip"))    ? QStringLiteral("hip")
                : who.startsWith(QLatin1String("hsa"))  ? QStringLiteral("hsa")
                : who.contains(QLatin1String("driver")) ? QStringLiteral("cuda-driver")
                                                        : QStringLiteral("cuda-runtime");
        s.code = e.captured(2).toInt();
        s.name = runtimeStatusName(s.api, s.code);
        if (s.name.isEmpty())
            return false;
    } else {
        return false;
    }
    s.meaning = runtimeErrorMeaningByName(s.name);
    return true;
}

// The event of a runtime result at line i; success places nothing.
void addRuntimeEvent(Reader &r, int i, const QString &platform, const RuntimeStatus &s) {
    const bool success = s.name == QLatin1String("hipSuccess") ||
                         s.name == QLatin1String("cudaSuccess") ||
                         s.name == QLatin1String("CUDA_SUCCESS") || s.code == 0;
    QString producer = s.api.isEmpty() ? platform : s.api;
    TextEvent &e = r.add(EventKind::RuntimeResult, producer,
                         success ? std::nullopt : std::optional<TextLayer>(TextLayer::Runtime), i,
                         i, !success, r.at(i)->trimmed);
    e.fields.insert(QStringLiteral("name"), s.name);
    if (s.code >= 0)
        e.fields.insert(QStringLiteral("code"), QString::number(s.code));
    if (!s.fn.isEmpty())
        e.fields.insert(QStringLiteral("api"), s.fn);
    // A lookup of a device variable, named on the line or in the lines around it.
    static const QRegularExpression variableApi(QStringLiteral(
        R"(\b(\w*(?:MemcpyToSymbol|MemcpyFromSymbol|GetSymbolAddress|GetSymbolSize|ModuleGetGlobal|GetGlobal\w*|GlobalVariable\w*|DeviceGlobal\w*|device_global\w*))\b)"));
    for (int k = std::max(0, i - 3); k < r.count() && k <= i + 6; ++k)
        if (const PreparedLine *n = r.at(k))
            if (const auto vm = variableApi.match(n->trimmed); vm.hasMatch()) {
                e.fields.insert(QStringLiteral("variable-api"), vm.captured(1));
                break;
            }
    if (s.meaning) {
        e.fields.insert(
            QStringLiteral("meaning"),
            QString::fromLatin1(s.meaning->hipName ? s.meaning->hipName : s.meaning->cudaName));
        e.fields.insert(QStringLiteral("ids"), findingIdsOf(*s.meaning).join(QLatin1Char(' ')));
    }
}

// Runtime and math-library results: names, and numbers in every shape programs print them.
bool runtimeResult(Reader &r, int i, const QString &platform) {
    RuntimeStatus s;
    namedStatus(r, i, s);
    if (s.name.isEmpty() && !numberedStatus(r.at(i)->trimmed, platform, s))
        return false;
    if (s.name.isEmpty() && !s.meaning)
        return false;
    if (s.code < 0 && !s.name.isEmpty()) {
        // A name without a meaning row still has its family's number.
        s.code = hipErrorCode(s.name);
        if (s.code < 0)
            s.code = cudaErrorCode(s.name);
    }
    addRuntimeEvent(r, i, platform, s);
    return true;
}

// Kernel log lines: amdgpu faults and resets, NVIDIA Xid.
bool kernelLog(Reader &r, int i) {
    const QString &t = r.at(i)->trimmed;
    static const QRegularExpression amdgpu(
        QStringLiteral(
            R"((?:^\[\s*[\d.]+\]\s*)?(amdgpu|kfd|amdgpu_cs_ioctl)\b[^:]*:.*?(page fault|GPU reset|ring \w+ timeout|GPU fault|VM fault|timeout|Failed to|failed|error))"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression xid(QStringLiteral(R"(NVRM: Xid \([^)]*\):\s*(\d+))"));
    if (const auto x = xid.match(t); x.hasMatch()) {
        TextEvent &e = r.add(EventKind::KernelLog, QStringLiteral("nvidia-driver"),
                             TextLayer::Device, i, i, true, t);
        e.fields.insert(QStringLiteral("xid"), x.captured(1));
        return true;
    }
    if (const auto a = amdgpu.match(t); a.hasMatch() && !t.startsWith(QLatin1Char(':'))) {
        TextEvent &e =
            r.add(EventKind::KernelLog, QStringLiteral("amdgpu"), TextLayer::Device, i, i, true, t);
        e.fields.insert(QStringLiteral("what"), a.captured(2).toLower());
        return true;
    }
    return false;
}

// A tool's banner or dump: one event at its first line; the lines stay readable on their own.
bool toolDump(Reader &r, int i, QSet<QString> &seen) {
    const QString &t = r.at(i)->trimmed;
    struct Banner {
        const char *producer;
        QRegularExpression re;
    };
    static const QList<Banner> banners{
        {"rocminfo",
         QRegularExpression(QStringLiteral(
             R"(^(?:ROCk module (?:version \S+ )?is loaded|HSA System Attributes|=====================\s*$))"))},
        {"amd-smi",
         QRegularExpression(QStringLiteral(
             R"(^(?:\+?[-=]+\s*)?(?:AMD[- ]SMI|amd-smi)\b|^=+ ROCm System Management Interface =+)"))},
        {"nvidia-smi",
         QRegularExpression(QStringLiteral(
             R"(NVIDIA-SMI\s+([\d.]+)\s+Driver Version:\s*([\d.]+)(?:\s+CUDA Version:\s*([\d.]+))?)"))},
        {"collect_env",
         QRegularExpression(QStringLiteral(
             R"(^(?:Collecting environment information|PyTorch version:\s*(\S+)))"))},
        {"pip", QRegularExpression(QStringLiteral(R"(^Package\s+Version\s*$)"))},
    };
    for (const Banner &b : banners) {
        const auto m = b.re.match(t);
        if (!m.hasMatch() || seen.contains(QLatin1String(b.producer)))
            continue;
        if (QLatin1String(b.producer) == QLatin1String("rocminfo") &&
            t.startsWith(QLatin1Char('=')))
            continue;
        seen.insert(QLatin1String(b.producer));
        TextEvent &e =
            r.add(EventKind::ToolDump, QLatin1String(b.producer), std::nullopt, i, i, false, t);
        if (QLatin1String(b.producer) == QLatin1String("nvidia-smi")) {
            e.fields.insert(QStringLiteral("driver"), m.captured(2));
            e.fields.insert(QStringLiteral("cuda"), m.captured(3));
        }
        if (QLatin1String(b.producer) == QLatin1String("collect_env") && !m.captured(1).isEmpty())
            e.fields.insert(QStringLiteral("torch"), m.captured(1));
        return true;
    }
    return false;
}

// ---- after the pass: producers that need the whole text --------------------------------------

// What a text shows of a Triton compile: its traceback (or Triton's words, or an LLVM error in
// a Python program), the stage the traceback names, Triton's MLIR and the pass that failed.
struct TritonContext {
    bool traceback = false, mlir = false;
    QString tracebackStage, pass;
};

// Whether the text is a Triton compile's, by its traceback or its words.
void readTritonTraceback(const QList<TextEvent> &events, const QString &text, TritonContext &c) {
    for (const TextEvent &e : std::as_const(events))
        if ((e.kind == EventKind::Traceback || e.kind == EventKind::Exception) &&
            e.producer == QLatin1String("triton")) {
            c.traceback = true;
            if (!e.field(QStringLiteral("stage")).isEmpty())
                c.tracebackStage = e.field(QStringLiteral("stage"));
        }
    // Triton's own words around a toolchain's output (its PTX temp files, its codegen error).
    static const QRegularExpression tritonWords(QStringLiteral(
        R"(Internal Triton PTX codegen error|PassManager::run failed|`ptxas` failed with error code|ld\.lld', '-flavor', 'gnu', '-shared'[^\n]*\.hsaco'|ptxas\s+\S*[/\\]tmp\w{8}\.ptx\b|\bfp8e4(?:nv|b15|b8)\b|\bCompilationError: at \d+:\d+|backend='inductor' raised|compile-ptx-src-|triton[/\\](?:backends|compiler)[/\\]|triton\.runtime\.errors|triton\.compiler\.errors|PTXASError|MLIRCompilationError|share the reproducer above with Triton)"));
    if (!c.traceback && tritonWords.match(text).hasMatch())
        c.traceback = true;
    // An LLVM error in a Python program that shows no compiler command: a JIT in the process,
    // and for GPU code that is Triton's.
    const bool python = std::any_of(events.cbegin(), events.cend(), [](const TextEvent &e) {
        return e.kind == EventKind::Traceback || e.kind == EventKind::Exception;
    });
    static const QRegularExpression pyWords(
        QStringLiteral(R"(\b(?:torch|inductor|unsloth|vllm|triton)\b)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression driverWords(
        QStringLiteral(R"(\b(?:hipcc|nvcc|clang\+\+|clang|g\+\+|gcc|ninja|cmake)\b)"));
    if (!c.traceback && (python || !driverWords.match(text).hasMatch()) &&
        pyWords.match(text).hasMatch() &&
        std::any_of(events.cbegin(), events.cend(), [](const TextEvent &e) {
            return e.kind == EventKind::LlvmError && e.producer == QLatin1String("llvm");
        }))
        c.traceback = true;
}

// The MLIR events of one text are one pipeline: a Triton op or pass anywhere makes all of them
// Triton's.
void readTritonMlir(const QList<TextEvent> &events, const QString &text, TritonContext &c) {
    for (const TextEvent &e : std::as_const(events)) {
        if (e.kind != EventKind::MlirDiagnostic)
            continue;
        if (isTritonDialect(e.field(QStringLiteral("dialect"))))
            c.mlir = true;
        const QString p = e.field(QStringLiteral("pass"));
        if (!p.isEmpty()) {
            if (p.contains(QLatin1String("Triton"), Qt::CaseInsensitive) ||
                p.contains(QLatin1String("ttg")) || p.contains(QLatin1String("tt-")))
                c.mlir = true;
            if (e.field(QStringLiteral("severity")) != QLatin1String("dump") || c.pass.isEmpty())
                c.pass = p;
        }
    }
    if (!c.mlir &&
        (text.contains(QLatin1String("share the reproducer above with Triton")) ||
         text.contains(QLatin1String("triton_gpu.")) || text.contains(QLatin1String("#ttg.")) ||
         text.contains(QLatin1String("#triton_gpu."))))
        c.mlir = std::any_of(events.cbegin(), events.cend(), [](const TextEvent &e) {
            return e.kind == EventKind::MlirDiagnostic;
        });
}

// The stage of the Triton compile event e stopped at (empty when it cannot be told); none when
// e is not part of the compile.
std::optional<QString> tritonStage(const TextEvent &e, const TritonContext &c,
                                   const QString &text) {
    QString stage;
    if (e.kind == EventKind::MlirDiagnostic && (c.mlir || c.traceback)) {
        stage = stageOfPass(c.pass);
        if (stage.isEmpty()) {
            const QString d = e.field(QStringLiteral("dialect"));
            if (d == QLatin1String("llvm") || d == QLatin1String("rocdl") ||
                d == QLatin1String("nvvm") ||
                e.field(QStringLiteral("message")).contains(QLatin1String("legalize")))
                stage = QStringLiteral("llir");
        }
    } else if (e.kind == EventKind::LlvmError && e.producer != QLatin1String("program")) {
        const QString m = e.field(QStringLiteral("message"));
        stage = e.producer == QLatin1String("mlir") ? stageOfPass(c.pass) : QString();
        if (stage.isEmpty() &&
            (m.contains(QLatin1String("Cannot select")) ||
             m.contains(QLatin1String("instruction")) || e.producer == QLatin1String("llvm")))
            stage = text.contains(QLatin1String("nvidia")) || text.contains(QLatin1String("sm_"))
                        ? QStringLiteral("ptx")
                        : QStringLiteral("amdgcn");
    } else if (e.kind == EventKind::CompilerDiagnostic && e.error) {
        if (e.producer == QLatin1String("ptxas"))
            stage = QStringLiteral("cubin");
        else if (e.producer.startsWith(QLatin1String("ld")) || e.producer == QLatin1String("lld"))
            stage = QStringLiteral("hsaco");
        else if (e.producer == QLatin1String("assembler"))
            stage = QStringLiteral("amdgcn");
        else if (!c.traceback)
            return std::nullopt;
    } else if (e.kind == EventKind::Traceback || e.kind == EventKind::Exception) {
        if (e.producer != QLatin1String("triton"))
            return std::nullopt;
    } else if (e.kind == EventKind::Message && e.error && e.speaksFor(TextLayer::Compiler) &&
               c.traceback && e.text.contains(QLatin1String("CalledProcessError"))) {
        // ptxas or ld.lld that Triton ran as a subprocess.
        if (e.text.contains(QLatin1String("ptxas")))
            stage = QStringLiteral("cubin");
        else if (e.text.contains(QLatin1String("ld.lld")))
            stage = QStringLiteral("hsaco");
        else
            return std::nullopt;
    } else {
        return std::nullopt;
    }
    return stage;
}

// The events of a Triton compile: MLIR on Triton's dialects or passes, LLVM errors and
// assertions, ptxas and lld under a Triton traceback, with the stage where it can be told.
void placeTriton(QList<TextEvent> &events, const QString &text) {
    TritonContext c;
    readTritonTraceback(events, text, c);
    readTritonMlir(events, text, c);
    if (!c.traceback && !c.mlir)
        return;
    for (TextEvent &e : events) {
        const std::optional<QString> found = tritonStage(e, c, text);
        if (!found)
            continue;
        QString stage = *found;
        if (!e.error && e.kind != EventKind::MlirDiagnostic)
            continue;
        if (!c.tracebackStage.isEmpty())
            stage = c.tracebackStage;
        if (e.kind != EventKind::Traceback && e.kind != EventKind::Exception)
            e.fields.insert(QStringLiteral("context"), QStringLiteral("triton"));
        if (e.error) {
            e.layer = TextLayer::Triton;
            if (e.kind == EventKind::MlirDiagnostic)
                e.producer = QStringLiteral("triton");
        }
        if (!stage.isEmpty() && e.field(QStringLiteral("stage")).isEmpty())
            e.fields.insert(QStringLiteral("stage"), stage);
    }
}

// "error: ..." with no tool before it: the compiler's where the text shows a compile.
void placeBareErrors(QList<TextEvent> &events) {
    const bool compiling = std::any_of(events.cbegin(), events.cend(), [](const TextEvent &e) {
        return e.speaksFor(TextLayer::Compiler) && e.kind != EventKind::Message &&
               !(e.kind == EventKind::CompilerDiagnostic && e.producer.isEmpty());
    });
    for (TextEvent &e : events)
        if (e.kind == EventKind::CompilerDiagnostic && e.producer.isEmpty())
            e.layer = compiling ? std::optional<TextLayer>(TextLayer::Compiler) : std::nullopt;
}

// Whose numbers a bare "(209 == 0)" is: the platform the text speaks of.
QString textPlatform(const QString &text) {
    const bool amd = text.contains(QLatin1String("hip"), Qt::CaseInsensitive) ||
                     text.contains(QLatin1String("rocm"), Qt::CaseInsensitive);
    return amd ? QStringLiteral("hip") : QStringLiteral("cuda-runtime");
}

// The text's lines, prepared for the readers.
Reader prepareReader(const QString &text) {
    Reader r;
    r.raw = text.split(QLatin1Char('\n'));
    r.lines.reserve(r.raw.size());
    for (int i = 0; i < r.raw.size(); ++i)
        r.lines.append(prepareLine(r.raw, i));
    return r;
}

// An AMD_LOG_LEVEL line (":3:hip_module.cpp ..."): a runtime result when it names one, else a
// line of the runtime's log.
bool amdLogLine(Reader &r, int i) {
    static const QRegularExpression amdLog(QStringLiteral(R"(^:\d:)"));
    const QString &t = r.at(i)->trimmed;
    if (!amdLog.match(t).hasMatch())
        return false;
    if (!runtimeResult(r, i, QStringLiteral("hip")))
        r.add(EventKind::RuntimeLog, QStringLiteral("hip"), TextLayer::Runtime, i, i,
              textSaysError(t), t);
    else
        r.out.last().kind = EventKind::RuntimeLog;
    // The AMD log parser's reading of the line (logs/amd_log.h): the rules read it here.
    const AmdLogLine l = parseAmdLogLine(t, i + 1);
    TextEvent &e = r.out.last();
    const auto put = [&e](const char *key, const QString &value) {
        if (!value.isEmpty() && e.field(QLatin1String(key)).isEmpty())
            e.fields.insert(QLatin1String(key), value);
    };
    if (l.level >= 0) {
        put("level", QString::number(l.level));
        put("source", l.sourceLine > 0 ? QStringLiteral("%1:%2").arg(l.sourceFile).arg(l.sourceLine)
                                       : l.sourceFile);
        put("log-message", l.message.trimmed());
        put("log-api", l.apiName);
        put("log-api-args", l.apiArgs);
        put("returned", l.returnedError);
        put("function", l.missingFunction);
    }
    // A run of the runtime's chatter (no error, no API call or return, no name) is one event:
    // a log of a hundred thousand lines stays within the event bound, and its failures too.
    static const QSet<QString> chatterKeys = {QStringLiteral("level"), QStringLiteral("source"),
                                              QStringLiteral("log-message")};
    const auto chatter = [](const TextEvent &x) {
        if (x.kind != EventKind::RuntimeLog || x.error)
            return false;
        for (auto it = x.fields.cbegin(); it != x.fields.cend(); ++it)
            if (!chatterKeys.contains(it.key()))
                return false;
        return true;
    };
    if (r.out.size() >= 2 && chatter(r.out.last()) && chatter(r.out.at(r.out.size() - 2)) &&
        r.out.at(r.out.size() - 2).lastLine == i) {
        r.out.removeLast();
        r.out.last().lastLine = i + 1;
    }
    return true;
}

// Lines that hold a catalogued message (producer_catalog.h): the event that holds the line
// gets the entry's id and the names it fills in; a line no reader took becomes an event of
// the entry's producer and layer.
void catalogEvents(Reader &r) {
    QList<int> holder(r.count(), -1);
    for (int k = 0; k < r.out.size(); ++k)
        for (int n = std::max(1, r.out.at(k).firstLine);
             n <= r.out.at(k).lastLine && n <= r.count(); ++n)
            if (holder[n - 1] < 0)
                holder[n - 1] = k;
    QList<TextEvent> added;
    for (int i = 0; i < r.count(); ++i) {
        const PreparedLine *l = r.at(i);
        if (!l)
            continue;
        const std::optional<CatalogMatch> m = matchCatalog(l->trimmed);
        if (!m)
            continue;
        TextEvent *e = nullptr;
        if (holder.at(i) >= 0) {
            e = &r.out[holder.at(i)];
        } else if (r.out.size() + added.size() < kMaxEvents) {
            TextEvent n;
            n.kind = EventKind::Message;
            n.producer = QString::fromLatin1(m->entry->producer);
            n.layer = m->entry->layer;
            n.firstLine = n.lastLine = i + 1;
            n.error = m->entry->error;
            n.text = makeLine(i + 1, l->trimmed).text;
            added.append(n);
            e = &added.last();
        } else {
            continue;
        }
        if (e->field(QStringLiteral("catalog")).isEmpty())
            e->fields.insert(QStringLiteral("catalog"), QString::fromLatin1(m->entry->id));
        for (const auto &[key, value] : m->fields)
            if (!value.isEmpty() && e->field(key).isEmpty())
                e->fields.insert(key, value);
    }
    if (added.isEmpty())
        return;
    // In the order of their lines, the events already read keeping theirs.
    QList<TextEvent> merged;
    merged.reserve(r.out.size() + added.size());
    qsizetype a = 0;
    for (const TextEvent &e : std::as_const(r.out)) {
        while (a < added.size() && added.at(a).firstLine < e.firstLine)
            merged.append(added.at(a++));
        merged.append(e);
    }
    while (a < added.size())
        merged.append(added.at(a++));
    r.out = std::move(merged);
}

// Compiler lines without a location: a preprocessor #error, LLVM's unknown processor, a bare
// "error: ...".
bool unlocatedCompilerLine(Reader &r, int i) {
    static const QRegularExpression bareError(QStringLiteral(R"(^(?:fatal )?error: (.*)$)"));
    const QString &t = r.at(i)->trimmed;
    if (t.startsWith(QLatin1String("#error"))) {
        // A preprocessor #error printed without its location: the compile stopped.
        TextEvent &e = r.add(EventKind::CompilerDiagnostic, QStringLiteral("compiler"),
                             TextLayer::Compiler, i, i, true, t);
        e.fields.insert(QStringLiteral("severity"), QStringLiteral("error"));
        e.fields.insert(QStringLiteral("message"), t.left(1000));
        return true;
    }
    // LLVM warns when asked for a processor it does not know (an LLVM older than the GPU,
    // as a framework's bundled one): a warning of the compiler, read with its failure.
    static const QRegularExpression unknownProcessor(
        QStringLiteral(R"(^'[\w.+-]+' is not a recognized processor for this target\b)"));
    if (unknownProcessor.match(t).hasMatch()) {
        TextEvent &e = r.add(EventKind::CompilerDiagnostic, QStringLiteral("llvm"),
                             TextLayer::Compiler, i, i, false, t);
        e.fields.insert(QStringLiteral("severity"), QStringLiteral("warning"));
        e.fields.insert(QStringLiteral("message"), t.left(1000));
        return true;
    }
    if (const auto b = bareError.match(t); b.hasMatch()) {
        // "error in backend:" is LLVM's fatal-error handler inside clang (or another
        // LLVM-based compiler): the compiler's own voice, whatever else the text shows.
        const bool backend = b.captured(1).startsWith(QLatin1String("error in backend:"));
        TextEvent &e = r.add(
            EventKind::CompilerDiagnostic, backend ? QStringLiteral("llvm") : QString(),
            backend ? std::optional<TextLayer>(TextLayer::Compiler) : std::nullopt, i, i, true, t);
        e.fields.insert(QStringLiteral("severity"), QStringLiteral("error"));
        e.fields.insert(QStringLiteral("message"), b.captured(1).left(1000));
        return true;
    }
    return false;
}

} // namespace

QList<TextEvent> readEvents(const QString &text) {
    Reader r = prepareReader(text);
    const QString platform = textPlatform(text);
    QSet<QString> dumps;
    for (int i = 0; i < r.count() && r.out.size() < kMaxEvents;) {
        const PreparedLine *l = r.at(i);
        if (!l) {
            ++i;
            continue;
        }
        toolDump(r, i, dumps); // a marker; the line is read on below
        if (boilerplate(r, i)) {
            ++i;
            continue;
        }
        if (const int n = traceback(r, i)) {
            i += n;
            continue;
        }
        if (const int n = hexdump(r, i)) {
            i += n;
            continue;
        }
        if (amdLogLine(r, i)) {
            ++i;
            continue;
        }
        if (runtimeCompile(r, i) || resourceLimit(r, i) || generatorFatal(r, i) ||
            unsupportedFeature(r, i) || llvmError(r, i) || mlir(r, i)) {
            ++i;
            continue;
        }
        if (const int n = compilerDiagnostic(r, i)) {
            i += n;
            continue;
        }
        if (loaderMessage(r, i)) {
            ++i;
            continue;
        }
        if (buildFailure(r, i) || runtimeResult(r, i, platform) || kernelLog(r, i) ||
            exceptionLine(r, i)) {
            ++i;
            continue;
        }
        if (unlocatedCompilerLine(r, i)) {
            ++i;
            continue;
        }
        if (const auto cls = classifyLine(l->trimmed))
            r.add(EventKind::Message, layerProducer(cls->layer), cls->layer, i, i, cls->error,
                  l->trimmed);
        ++i;
    }
    placeTriton(r.out, text);
    placeBareErrors(r.out);
    catalogEvents(r);
    return r.out;
}

const TextEvent *failingEvent(const QList<TextEvent> &events) {
    auto rank = [](const TextEvent &e) {
        if (!e.error || !e.layer || e.kind == EventKind::Boilerplate)
            return -1;
        switch (*e.layer) {
        case TextLayer::Triton:
            return 5;
        case TextLayer::Compiler:
            return e.kind == EventKind::Message ? 2 : 4;
        case TextLayer::Loader:
            return 4;
        case TextLayer::Device:
            return 3;
        case TextLayer::Runtime:
            return e.kind == EventKind::RuntimeResult ? 3 : 2;
        }
        return -1;
    };
    const TextEvent *best = nullptr;
    int bestRank = -1;
    for (const TextEvent &e : events) {
        const int k = rank(e);
        if (k >= 0 && k >= bestRank) {
            best = &e;
            bestRank = k;
        }
    }
    return best;
}

} // namespace hd
