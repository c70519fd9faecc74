#pragma once

// The one command-line convention (docs/architecture.md, "Command lines"): POSIX shell words.
// Every command hipdoctor shows (evidence, reports, the app's fields) is written by shellJoin and
// every command line it reads (pasted logs, the app's fields) is split by shellSplit, so a line
// copied from one into a terminal or back into the other gives the same argv.

#include <QString>
#include <QStringList>

namespace hd {

// One argument as a shell word: unchanged when it holds only safe characters, else in single
// quotes with each ' written as '\''.
QString shellQuote(const QString &argument);
// argv as one line a POSIX shell reads back as the same argv.
QString shellJoin(const QStringList &argv);
// A shell-like line split into arguments: single quotes keep everything, double quotes keep
// everything but \-escapes, a backslash outside quotes escapes the next character. No
// expansion of variables or globs.
QStringList shellSplit(const QString &line);

} // namespace hd
