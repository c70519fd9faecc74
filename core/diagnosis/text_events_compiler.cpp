// The events of compilers, assemblers, linkers and build systems (text_events_p.h): clang,
// hipcc, nvcc, ptxas, ld/lld, the AMDGPU assembler, MLIR and LLVM errors, runtime compilers
// (hipRTC, comgr, NVRTC, MIOpen), Tensile, resource limits, ninja/make/cmake/pip failures.

#include "text_events_p.h"

#include "model/runtime_errors.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace hd::detail::ev {

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

} // namespace hd::detail::ev
