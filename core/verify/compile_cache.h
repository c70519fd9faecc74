#pragma once

// Step 1's compiled kernels, cached so a repeat is fast. Key: compiler path + identity
// (its --version text), source hash, target, flags. One folder per key holding the outputs
// and the check record of the compile that made them; written to a temporary folder and
// renamed into place, so a half-written entry is never used.

#include "model/records.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace hd {

class CompileCache {
public:
    explicit CompileCache(QString dir);

    QString dir() const { return m_dir; }
    QString key(const QString &compilerPath, const QString &compilerVersion,
                const QString &sourceFile, const QString &target, const QStringList &flags) const;

    // The record of a cached compile, its artifacts pointing into the cache; nothing when the
    // entry is missing or incomplete.
    std::optional<CheckRecord> lookup(const QString &key) const;

    // A fresh folder to compile into.
    QString beginEntry(const QString &key);
    // Moves the folder into place and stores the record (artifacts given as paths inside
    // tmpDir). Returns the record as lookup() will return it, or nothing if it could not be
    // stored (the outputs then stay in tmpDir).
    std::optional<CheckRecord> commitEntry(const QString &key, const QString &tmpDir,
                                           const CheckRecord &record);
    // The outputs of an uncached or failed compile stay in tmpDir (removed after a day).
    void keepUncommitted(const QString &tmpDir) { Q_UNUSED(tmpDir) }

    // `compiler --version` is slow (hipcc runs a Perl script and rocm_agent_enumerator): its
    // text is kept per compiler file (path, size, mtime) and computed only when that changes.
    QString compilerVersion(const QString &compilerPath, const std::function<QString()> &compute);
    // The kept text, without computing it: nothing when the compiler file changed or was
    // never asked (step 1 then compiles while --version runs, docs/performance.md).
    std::optional<QString> knownCompilerVersion(const QString &compilerPath) const;

private:
    QString m_dir;
};

} // namespace hd
