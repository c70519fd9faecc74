#pragma once

// Where the dynamic loader would find a host binary's needed libraries, the way ld.so does:
// DT_RPATH (only when there is no DT_RUNPATH), LD_LIBRARY_PATH, DT_RUNPATH, /etc/ld.so.cache,
// the default directories; $ORIGIN/$LIB/$PLATFORM expanded.

#include "artifacts/model.h"

#include <QString>
#include <QStringList>

namespace hd {

struct LoaderEnvironment {
    QStringList ldLibraryPath;   // in order; empty = none
    QString ldSoCache = QStringLiteral("/etc/ld.so.cache");
    QStringList defaultDirs;     // empty = the platform's (/lib/x86_64-linux-gnu, /usr/lib/..., /lib, /usr/lib)
    QString sysroot;             // prefix for every absolute path looked at (tests, other roots)

    static LoaderEnvironment fromProcess(); // LD_LIBRARY_PATH of this process
};

struct LoaderQuery {
    QString binaryPath; // for $ORIGIN
    QStringList rpath, runpath;
};

LibraryResolution resolveLibrary(const QString &soname, const LoaderQuery &query,
                                 const LoaderEnvironment &env);

// Other files of the same library with another major version in the places looked
// ("libamdhip64.so.5" when "libamdhip64.so.6" is needed).
QStringList otherMajorVersions(const QString &soname, const QStringList &dirs,
                               const LoaderEnvironment &env);

} // namespace hd
