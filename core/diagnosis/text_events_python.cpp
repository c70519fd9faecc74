// The events of Python and its frameworks (text_events_p.h): tracebacks, also pasted from
// their first frame or as faulthandler dumps, and exception lines without one.

#include "text_events_p.h"

#include "model/runtime_errors.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace hd::detail::ev {

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

} // namespace hd::detail::ev
