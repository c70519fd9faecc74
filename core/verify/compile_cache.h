#pragma once

// Step 1's compiled kernels, cached so a repeat is fast. Key: compiler path + identity
// (its --version text), source hash, target, flags. One folder per key holding the outputs
// and the check record of the compile that made them, with each output's size and sha256;
// written to a temporary folder and renamed into place, so a half-written entry is never used,
// and an entry changed since (truncated, overwritten) is found out and rebuilt.

#include "model/records.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace hd {

class CompileCache {
public:
    explicit CompileCache(const QString &dir); // a relative dir is taken from the current one

    QString dir() const { return m_dir; }
    QString key(const QString &compilerPath, const QString &compilerVersion,
                const QString &sourceFile, const QString &target, const QStringList &flags) const;

    // The record of a cached compile, its artifacts pointing into the cache; nothing when the
    // entry is missing, incomplete or damaged (then *damaged, optional, says which file and
    // how: "vector_add.co: 812 bytes, 16384 when cached").
    std::optional<CheckRecord> lookup(const QString &key, QString *damaged = nullptr) const;

    // A fresh folder to compile into; "" when the cache cannot hold a compile, with *problem
    // naming the folder and its disk ("… is on a read-only file system", "the disk of … has
    // 12.0 KiB free").
    QString beginEntry(const QString &key, QString *problem);
    // Removes a folder beginEntry gave whose compile failed for want of room.
    void dropEntry(const QString &tmpDir);
    // Moves the folder into place and stores the record (artifacts given as paths inside
    // tmpDir). Returns the record as lookup() will return it, or nothing if it could not be
    // stored (the outputs then stay in tmpDir).
    std::optional<CheckRecord> commitEntry(const QString &key, const QString &tmpDir,
                                           const CheckRecord &record);
    // The outputs of an uncached or failed compile stay in tmpDir (removed after a day).
    void keepUncommitted(const QString &tmpDir) { Q_UNUSED(tmpDir) }

    // `compiler --version` is slow (hipcc runs a Perl script and rocm_agent_enumerator): its
    // text is kept per compiler file (path, size, mtime) and computed only when that changes;
    // threads asking at once share one run. `compute` gives nothing when the compiler did not
    // answer (it failed to start or exited non-zero): nothing is kept, nothing is returned.
    std::optional<QString> compilerVersion(const QString &compilerPath,
                                           const std::function<std::optional<QString>()> &compute);
    // The kept text, or that of a query running in this process now (waited for), without
    // computing it: nothing when the compiler file changed or was never asked (step 1 then
    // compiles while --version runs; verify's inventory runs its own, docs/performance.md).
    std::optional<QString> knownCompilerVersion(const QString &compilerPath) const;

private:
    QString m_dir;
};

} // namespace hd
