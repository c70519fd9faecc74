#pragma once

// Writing files the same way everywhere (docs/limits.md "Full and read-only disks"): the new
// content replaces the file atomically (QSaveFile), and a failure says why in words the system
// gave ("no space left on device", "read-only file system", "permission denied"), never
// "Unknown error", and never leaves a truncated file behind.

#include <QByteArray>
#include <QString>

namespace hd {

// Writes bytes to path: either all of them end up there or the previous file (if any) is
// unchanged. On failure returns false and sets *why (optional) to a short reason without the
// path.
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *why);

} // namespace hd
