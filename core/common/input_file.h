#pragma once

// Opening files named by the user or found in folders, the same way everywhere
// (docs/limits.md "Files that are not regular files"): never blocking on a FIFO, refusing
// devices, sockets and FIFOs with a message that says what the path is.

#include <QFile>
#include <QString>

namespace hd {

// Opens path read-only into f (which must be closed) without blocking: O_NONBLOCK for the
// open itself, cleared again for a regular file. Anything that is not a regular file (FIFO,
// socket, character or block device) is refused. On failure returns false and sets *why to
// a short reason without the path ("is a FIFO (named pipe), not a regular file", "symbolic
// link loop", "no such file", "permission denied", ...).
bool openInputFile(QFile &f, const QString &path, QString *why);

// Reads at most maxBytes of a file opened as above; what openInputFile refuses is refused.
// *truncated (optional) is set when the file holds more than maxBytes.
QByteArray readInputFile(const QString &path, qint64 maxBytes, QString *why,
                         bool *truncated = nullptr);

class CappedOutput;

// Reads an already open descriptor (standard input, a pipe) to its end into out, which keeps
// its head and tail in constant memory whatever the length (docs/limits.md "Standard input
// and pastes"). A directory is refused; a descriptor opened non-blocking is waited on with
// poll(). False with *why ("is a directory", "input/output error", ...) when it cannot be read.
bool readCappedStream(int fd, CappedOutput &out, QString *why);

// The short reason for an errno of a file operation, in the words above ("no such file",
// "symbolic link loop (...)", "no space left on device", ...): never "Unknown error".
QString fileErrorReason(int errnum);

// Why a path that QFileInfo says does not exist cannot be reached: "no such file or
// directory", or the other reasons above (a symbolic link loop, a component that is not a
// directory, permission denied on a folder on the way).
QString missingPathReason(const QString &path);

// A path given on a command line (raw bytes). Valid UTF-8 (or a name that does not exist) is
// decoded as usual. An existing file or folder whose name is not valid UTF-8 cannot be named
// by a QString, so it is reached through a symbolic link in a private folder of this process
// (removed at exit) whose name shows the bad bytes as \xHH: ".../hipdoctor-names-XXXXXX/
// bad\xFF.co" (docs/limits.md "File names that are not UTF-8").
QString pathFromArgument(const char *arg);

// "bad\xFF.co": a file name's bytes with those that are not valid UTF-8 shown as \xHH.
QString escapedName(const QByteArray &name);
// The entries of a folder whose names are not valid UTF-8, each as dir + "/" + escapedName():
// Qt's listings leave them out, so a walk over a tree says it could not read them.
QStringList undecodableNames(const QString &dir);

// "is a FIFO (named pipe), not a regular file" for a path that exists and is not a regular
// file or a directory; empty otherwise (a regular file, a directory, or nothing there).
QString notRegularFileReason(const QString &path);

} // namespace hd
