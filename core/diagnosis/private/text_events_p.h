#pragma once

// Internal: what the event reader's files share (text_events.h, docs/findings.md "Events of a
// text"). The reader (text_events.cpp) calls the producers, one file per producer family.

#include "diagnosis/text_events.h"
#include "diagnosis/text_facts.h"
#include "text_facts_p.h"

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace hd::detail::ev {

constexpr int kMaxEvents = 5000;

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

// Who a path, a tool or an API belongs to (text_events.cpp).
QString framePackage(const QString &path);
bool isBuildToolFrame(const QString &path);
QString toolProducer(QString tool);
QString apiOfFunction(const QString &fn);
bool isTritonDialect(const QString &dialect);
QString stageOfPass(const QString &pass);

// The producers: each takes the lines of its events at line i of the reader and says how many
// (0 or false: none). Python and its frameworks (text_events_python.cpp):
int traceback(Reader &r, int i);
bool exceptionLine(Reader &r, int i);
// Compilers, assemblers, linkers, ptxas, MLIR, LLVM and build systems (text_events_compiler.cpp):
bool llvmError(Reader &r, int i);
bool mlir(Reader &r, int i);
int compilerDiagnostic(Reader &r, int i);
bool runtimeCompile(Reader &r, int i);
bool unsupportedFeature(Reader &r, int i);
bool resourceLimit(Reader &r, int i);
bool generatorFatal(Reader &r, int i);
bool buildFailure(Reader &r, int i);
bool unlocatedCompilerLine(Reader &r, int i);
// The dynamic loader (text_events_loader.cpp):
bool loaderMessage(Reader &r, int i);
// The runtimes and math libraries: results, the AMD log, catalogued messages
// (text_events_runtime.cpp):
bool runtimeResult(Reader &r, int i, const QString &platform);
bool amdLogLine(Reader &r, int i);
void catalogEvents(Reader &r);
// The kernel, the driver and the OS: kernel logs, tools' dumps, hexdumps (text_events_os.cpp):
int hexdump(Reader &r, int i);
bool kernelLog(Reader &r, int i);
bool toolDump(Reader &r, int i, QSet<QString> &seen);
// After the pass: the events of a Triton compile get their producer (text_events_triton.cpp).
void placeTriton(QList<TextEvent> &events, const QString &text);

} // namespace hd::detail::ev
