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

// "is a FIFO (named pipe), not a regular file" for a path that exists and is not a regular
// file or a directory; empty otherwise (a regular file, a directory, or nothing there).
QString notRegularFileReason(const QString &path);

} // namespace hd
