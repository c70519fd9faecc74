#pragma once

// Symbol versions: what a binary needs from each library (.gnu.version_r, read by the
// inspector into HostInfo::versionNeeds) against what the library the loader resolves defines
// (.gnu.version_d of that file), as ld.so checks them before running anything: a binary built
// on a newer distribution fails with "version `GLIBC_2.38' not found".

#include "model/artifact_report.h"

#include <QString>
#include <QStringList>

namespace hd {

// The versions the ELF file at `path` defines ("GLIBC_2.2.5", ..., "GLIBC_2.36"), read once per
// file (path, size and modification time) for the process. Empty, with *error, when unreadable.
QStringList definedSymbolVersions(const QString &path, QString *error = nullptr);

// Fills LibraryResolution::versionsNeeded and ::versionsMissing from host.versionNeeds and the
// files the resolutions found. Versions of a library that was not found are all "needed" and
// none "missing" (runtime.library-not-found says it first).
void checkSymbolVersions(HostInfo &host);

// The newest version of one family among `versions` ("GLIBC_2.38" of GLIBC_2.2.5 ... 2.38;
// family "GLIBC_"), by numeric comparison; "" when none.
QString newestVersion(const QStringList &versions, const QString &family);

} // namespace hd
