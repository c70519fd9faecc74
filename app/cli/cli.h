#pragma once

#include <QStringList>
#include <QTextStream>

namespace hd::cli {

// Exit codes of the CLI contract (docs/design.md).
enum ExitCode { ExitOk = 0, ExitFindings = 1, ExitUsage = 2, ExitInternal = 3 };

QTextStream &out();
QTextStream &err();

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

} // namespace hd::cli
