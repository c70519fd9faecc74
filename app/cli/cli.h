#pragma once

#include <QJsonObject>
#include <QStringList>
#include <QTextStream>

class QIODevice;

namespace hd::cli {

// Exit codes of the CLI contract (docs/design.md).
enum ExitCode { ExitOk = 0, ExitFindings = 1, ExitUsage = 2, ExitInternal = 3 };

QTextStream &out();
QTextStream &err();
// stdout for a JsonWriter, after out() is flushed: JSON bypasses QTextStream's UTF-16 round trip.
QIODevice *stdoutDevice();
// A --json document, compact, or indented with --pretty (docs/cli.md, "JSON documents").
void printJson(const QJsonObject &doc, bool pretty);

// Each command gets its own arguments (without the program and command names) and returns
// an ExitCode. Usage errors print a one-line reason and the command's usage to err().
int inspect(const QStringList &args);
int diagnose(const QStringList &args);
int devices(const QStringList &args);
int launch(const QStringList &args);
int verify(const QStringList &args);
int triton(const QStringList &args);
int report(const QStringList &args);
int demo(const QStringList &args);
int sysinfo(const QStringList &args);

} // namespace hd::cli
