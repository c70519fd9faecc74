// After the pass (text_events_p.h): the events of a Triton compile get their producer and
// stage, from its traceback, its words and its MLIR.

#include "text_events_p.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace hd::detail::ev {

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

} // namespace hd::detail::ev
