// The events of a text (text_events.h, docs/findings.md "Events of a text"): one pass over the
// lines, each recogniser taking the lines of one event, then a pass that gives the events of a
// Triton compile, and the bare "error:" lines of a compile, their producer.

#include "diagnosis/text_events.h"

#include "diagnosis/text_facts.h"
#include "text_events_p.h"
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

namespace detail::ev {

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

} // namespace detail::ev

using namespace detail::ev;

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
