#pragma once

// The one reading of a pasted text (docs/findings.md, "Events of a text"): the text is cut into
// events — a Python traceback, a compiler diagnostic with its notes, an MLIR pass failure, a
// runtime API result, a loader message, a kernel log line, a hexdump, a tool's dump — each with
// the program that produced it. The layer of a failure is taken from its producer, not from the
// words of a line; the facts (text_facts.h) and the rules read these events.

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace hd {

enum class TextLayer;

enum class EventKind {
    Traceback,          // Python traceback: frames and the exception it ends in
    Exception,          // a Python exception line without its traceback
    CompilerDiagnostic, // compiler / assembler / linker diagnostic with its notes
    BuildFailure,       // ninja FAILED:, make ***, CMake Error, "error building extension"
    MlirDiagnostic,     // MLIR: an operation's error, a pass pipeline that failed, IR dumps
    LlvmError,          // LLVM ERROR: lines and assertion failures
    RuntimeResult,      // a runtime / math-library API result, by name or number
    LoaderMessage,      // the dynamic loader: missing library, undefined symbol, version need
    RuntimeLog,         // AMD_LOG_LEVEL lines (":1:hip_code_object.cpp ...")
    KernelLog,          // kernel log: amdgpu faults and resets, NVIDIA Xid
    Hexdump,            // a hexdump holding a known magic number
    ToolDump,           // a tool's banner or environment dump: rocminfo, amd-smi, nvidia-smi...
    Command,            // a compiler / linker command line
    Boilerplate,        // text a framework prints with every error (never a finding)
    Message,            // any other line that speaks for a layer
};
QString eventKindName(EventKind kind); // "traceback", "compiler-diagnostic", ...

struct TextEvent {
    EventKind kind = EventKind::Message;
    // Who printed it: a tool ("clang", "ptxas", "ld.lld", "nvcc", "ninja"), a package whose
    // code raised it ("triton", "torch", "site-packages/NAME", "user"), a runtime ("hip",
    // "cuda-runtime", "cuda-driver", "hsa", "rocblas", "hipblaslt", "miopen"), "loader",
    // "kernel", "amdgpu", "nvidia-driver", "mlir", "llvm", or "" when it cannot be told.
    QString producer;
    std::optional<TextLayer> layer; // the layer the event speaks for
    int firstLine = 0;              // 1-based, inclusive
    int lastLine = 0;
    bool error = false;            // it reports a failure (not a note, a warning or a fact)
    QString text;                  // the headline line, trimmed, at most 1000 characters
    QMap<QString, QString> fields; // structured parts; the keys are listed in docs/findings.md
    QStringList notes;             // attached lines: compiler notes, traceback frames' packages

    QString field(const QString &key) const { return fields.value(key); }
    bool speaksFor(TextLayer l) const { return layer && *layer == l; }
};

// Reads a text into events, in the order they appear. Bounded: at most 5000 events, lines
// cut at 64 KiB; never fails.
QList<TextEvent> readEvents(const QString &text);

// The event that places the failure: the last error event with a layer, preferring the
// compile, Triton, loader and device layers over runtime results; nullptr when none does.
const TextEvent *failingEvent(const QList<TextEvent> &events);

// "file.py:12:3: error: ...": where a compiler diagnostic points.
QString eventLocation(const TextEvent &e);

} // namespace hd
