#pragma once

#include <QJsonObject>
#include <QStringList>
#include <QTextStream>

#include <functional>

class QIODevice;

namespace hd {
class JsonWriter;
}

namespace hd::cli {

// Exit codes of the CLI contract (docs/design.md).
// ExitIncomplete: an answer, but on less than everything (scan: files or folders skipped).
enum ExitCode { ExitOk = 0, ExitFindings = 1, ExitUsage = 2, ExitInternal = 3, ExitIncomplete = 4 };

QTextStream &out();
QTextStream &err();
// stdout for a JsonWriter, after out() is flushed: JSON bypasses QTextStream's UTF-16 round trip.
QIODevice *stdoutDevice();
// A document (a report, --json) written to stdout as it is: never through out()'s terminal
// filter, which shows control characters and cuts long lines (docs/cli.md, "Terminal").
// False when stdout did not take it all.
bool printDocument(const QString &text);
// A --json document, compact, or indented with --pretty (docs/cli.md, "JSON documents").
void printJson(const QJsonObject &doc, bool pretty);
// A --json document written to stdout as write() produces it, compact or, with --pretty,
// indented: no document is built in memory (docs/performance.md, "Streamed JSON"). False when
// stdout did not take it all; then jsonWriteFailed(command) says so and gives the exit code.
bool streamJson(bool pretty, const std::function<void(JsonWriter &)> &write);
int jsonWriteFailed(const QString &command);

// Terminal manners (docs/cli.md, "Terminal"). The width text is wrapped to: $COLUMNS, else
// the terminal's (stdout, else stderr), else 100; at least 40.
int terminalWidth();
// Colour on stdout only when it is a terminal, and never with NO_COLOR set (to anything but "") or
// TERM=dumb.
bool colourOut();
enum class Colour { Red, Yellow, Green, Cyan, Bold, Dim };
// text in that colour when colourOut(), else as it is.
QString paint(const QString &text, Colour colour);

} // namespace hd::cli
