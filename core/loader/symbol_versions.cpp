#include "loader/symbol_versions.h"

#include "common/input_file.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QVersionNumber>

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Object/ELF.h>
#include <llvm/Support/Error.h>

#include <mutex>

namespace hd {

namespace {

struct CachedDefs {
    qint64 size = -1;
    qint64 mtime = 0;
    QStringList versions;
    QString error;
};

QStringList readDefinitions(const QString &path, QString *error) {
    QFile f;
    QString why;
    if (!openInputFile(f, path, &why)) {
        *error = why;
        return {};
    }
    const qint64 size = f.size();
    uchar *map = size > 64 ? f.map(0, size) : nullptr;
    if (!map) {
        *error = QStringLiteral("cannot be mapped");
        return {};
    }
    QStringList out;
    auto elfOr = llvm::object::ELF64LEFile::create(
        llvm::StringRef(reinterpret_cast<const char *>(map), size_t(size)));
    if (!elfOr) {
        *error = QString::fromStdString(llvm::toString(elfOr.takeError()));
    } else if (auto secs = elfOr->sections(); !secs) {
        *error = QString::fromStdString(llvm::toString(secs.takeError()));
    } else {
        for (const auto &sec : *secs) {
            if (sec.sh_type != llvm::ELF::SHT_GNU_verdef)
                continue;
            auto defsOr = elfOr->getVersionDefinitions(sec);
            if (!defsOr) {
                *error = QString::fromStdString(llvm::toString(defsOr.takeError()));
                break;
            }
            for (const llvm::object::VerDef &d : *defsOr)
                if (!(d.Flags & llvm::ELF::VER_FLG_BASE)) // the first names the file itself
                    out.append(QString::fromUtf8(d.Name.c_str())); // LLVM 15 keeps the table's rest
            break;
        }
    }
    f.unmap(map);
    return out;
}

} // namespace

QStringList definedSymbolVersions(const QString &path, QString *error) {
    static std::mutex mutex;
    static QHash<QString, CachedDefs> cache;
    const QFileInfo fi(path);
    const QString key = fi.canonicalFilePath().isEmpty() ? path : fi.canonicalFilePath();
    const qint64 size = fi.size(), mtime = fi.lastModified().toMSecsSinceEpoch();
    {
        const std::lock_guard lock(mutex);
        auto it = cache.constFind(key);
        if (it != cache.cend() && it->size == size && it->mtime == mtime) {
            if (error)
                *error = it->error;
            return it->versions;
        }
    }
    CachedDefs d;
    d.size = size;
    d.mtime = mtime;
    d.versions = readDefinitions(key, &d.error);
    if (error)
        *error = d.error;
    const std::lock_guard lock(mutex);
    cache.insert(key, d);
    return d.versions;
}

void checkSymbolVersions(HostInfo &host) {
    for (LibraryResolution &r : host.resolutions) {
        r.versionsNeeded.clear();
        r.versionsMissing.clear();
        for (const auto &[file, versions] : std::as_const(host.versionNeeds))
            if (file == r.name)
                r.versionsNeeded += versions;
        if (r.versionsNeeded.isEmpty() || !r.found())
            continue;
        QString error;
        const QStringList defined = definedSymbolVersions(r.path, &error);
        if (defined.isEmpty())
            continue; // unreadable or unversioned: ld.so only warns for the latter
        for (const QString &v : std::as_const(r.versionsNeeded))
            if (!defined.contains(v))
                r.versionsMissing.append(v);
    }
}

QString newestVersion(const QStringList &versions, const QString &family) {
    QString best;
    QVersionNumber bestNumber;
    for (const QString &v : versions) {
        if (!v.startsWith(family))
            continue;
        const QVersionNumber n = QVersionNumber::fromString(v.mid(family.size()));
        if (best.isEmpty() || QVersionNumber::compare(n, bestNumber) > 0) {
            best = v;
            bestNumber = n;
        }
    }
    return best;
}

} // namespace hd
