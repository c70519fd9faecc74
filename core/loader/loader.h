#pragma once

// Where the dynamic loader would find a host binary's needed libraries, the way ld.so does:
// DT_RPATH (only when there is no DT_RUNPATH), LD_LIBRARY_PATH, DT_RUNPATH, /etc/ld.so.cache,
// the default directories; $ORIGIN/$LIB/$PLATFORM expanded.
//
// Model of glibc 2.36 (Debian 12), checked against `ldd` and LD_DEBUG=libs:
// - a name with a slash is opened as is (relative to the current directory);
// - in every directory, the glibc-hwcaps subdirectories (x86-64-v4, -v3, -v2) and the legacy
//   ones (tls, x86_64) are tried before the directory itself; the report lists the
//   directories, and a subdirectory only when the library was found there;
// - a candidate of the wrong ELF class or machine is skipped, as ld.so does;
// - the ld.so.cache lookup uses the entry for the binary's ABI (x86-64: flags 0x303) and
//   prefers entries without a hwcaps subdirectory. Which hwcaps levels the CPU supports is
//   not checked (every level is tried).
// This module does not link hd_artifacts (which links it): the structs it fills are the value
// types of model/artifact_report.h (hd_model).

#include "model/artifact_report.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace hd {

// One parsed /etc/ld.so.cache ("glibc-ld.so.cache1.1", "ld.so-1.7.0", or the old format
// followed by the new one).
struct LdSoCacheEntry {
    QString key;  // "libamdhip64.so.5"
    QString path; // "/lib/x86_64-linux-gnu/libamdhip64.so.5"
    int32_t flags = 0;
    uint64_t hwcap = 0;
};

struct LdSoCache {
    QString file;
    QString format; // "glibc-ld.so.cache1.1" | "ld.so-1.7.0" | "" when unreadable
    QList<LdSoCacheEntry> entries;
    std::optional<Problem> problem; // set when the file is missing, truncated or corrupted

    // The path ld.so would take for this name and ABI; "" when not in the cache.
    // elfMachine 0 accepts every ABI.
    QString lookup(const QString &soname, int elfMachine, int elfClass) const;
};

// Parses cache bytes (bounds-checked; never crashes on bad input).
LdSoCache parseLdSoCache(const QByteArray &bytes, const QString &file);
// Reads and parses the file; results are reused while the file's size and mtime stay the same.
LdSoCache readLdSoCache(const QString &path);

struct LoaderEnvironment {
    QStringList ldLibraryPath; // in order; empty = none
    QString ldSoCache = QStringLiteral("/etc/ld.so.cache");
    QStringList
        defaultDirs; // empty = the platform's (/lib/x86_64-linux-gnu, /usr/lib/..., /lib, /usr/lib)
    QString sysroot; // prefix for every absolute path looked at (tests, other roots)
    QString platform = QStringLiteral("x86_64");          // $PLATFORM
    QString lib = QStringLiteral("lib/x86_64-linux-gnu"); // $LIB (Debian multiarch)

    static LoaderEnvironment fromProcess(); // LD_LIBRARY_PATH of this process
};

struct LoaderQuery {
    QString binaryPath; // for $ORIGIN
    QStringList rpath, runpath;
    // The binary's ABI: a candidate library of another class/machine is skipped, and the
    // ld.so.cache entry for this ABI is used. 0 = accept anything.
    int elfMachine = 62; // EM_X86_64
    int elfClass = 64;
    // $ORIGIN of an executable is its canonical directory (/proc/self/exe); of a shared
    // library, the directory it was opened from.
    bool isExecutable = false;
};

LibraryResolution resolveLibrary(const QString &soname, const LoaderQuery &query,
                                 const LoaderEnvironment &env);
// Same; problems met on the way (an unreadable or corrupted ld.so.cache) are appended.
LibraryResolution resolveLibrary(const QString &soname, const LoaderQuery &query,
                                 const LoaderEnvironment &env, QList<Problem> *problems);

// Other files of the same library with another major version in the places looked
// ("libamdhip64.so.5" when "libamdhip64.so.6" is needed), plus those the ld.so.cache knows.
QStringList otherMajorVersions(const QString &soname, const QStringList &dirs,
                               const LoaderEnvironment &env);

// "$ORIGIN/../lib" with $ORIGIN, ${ORIGIN}, $LIB, ${LIB}, $PLATFORM, ${PLATFORM} replaced.
QString expandDynamicStringTokens(const QString &path, const QString &origin,
                                  const LoaderEnvironment &env);

} // namespace hd
