#include "loader/loader.h"

#include "common/input_file.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QRegularExpression>
#include <QSet>

#include <cstring>

namespace hd {

namespace {

constexpr char kNewMagic[] = "glibc-ld.so.cache1.1"; // magic (17) + version (3)
constexpr char kOldMagic[] = "ld.so-1.7.0";
constexpr uint64_t kHwcapExtension = uint64_t(1) << 62;

template <typename T> bool rd(const QByteArray &b, uint64_t off, T &out) {
    if (off > uint64_t(b.size()) || uint64_t(b.size()) - off < sizeof(T))
        return false;
    std::memcpy(&out, b.constData() + off, sizeof(T));
    return true;
}

Problem cacheProblem(const QString &file, qint64 off, const QString &msg) {
    Problem p;
    p.file = file;
    p.offset = off;
    p.message = msg;
    return p;
}

// NUL-terminated string at base + off inside [base, limit).
bool cString(const QByteArray &b, uint64_t base, uint64_t off, uint64_t limit, QString &out) {
    if (base > limit || off >= limit - base)
        return false;
    const char *start = b.constData() + base + off;
    const void *nul = std::memchr(start, 0, size_t(limit - base - off));
    if (!nul)
        return false;
    out = QString::fromUtf8(start, qsizetype(static_cast<const char *>(nul) - start));
    return true;
}

// Reads the new-format table starting at `at`. String offsets are relative to its header.
bool parseNew(const QByteArray &b, uint64_t at, LdSoCache &c) {
    const uint64_t size = uint64_t(b.size());
    uint32_t nlibs = 0, lenStrings = 0;
    if (size - at < 48 || !rd(b, at + 20, nlibs) || !rd(b, at + 24, lenStrings)) {
        c.problem =
            cacheProblem(c.file, qint64(at), QStringLiteral("truncated ld.so.cache header"));
        return false;
    }
    const uint64_t entries = at + 48;
    if (uint64_t(nlibs) * 24 > size - entries) {
        c.problem =
            cacheProblem(c.file, qint64(at + 20),
                         QStringLiteral("ld.so.cache says %1 entries, the file holds at most %2")
                             .arg(nlibs)
                             .arg((size - entries) / 24));
        return false;
    }
    c.format = QString::fromLatin1(kNewMagic);
    for (uint32_t i = 0; i < nlibs; ++i) {
        const uint64_t e = entries + uint64_t(i) * 24;
        LdSoCacheEntry entry;
        uint32_t key = 0, value = 0;
        rd(b, e, entry.flags);
        rd(b, e + 4, key);
        rd(b, e + 8, value);
        rd(b, e + 16, entry.hwcap);
        if (!cString(b, at, key, size, entry.key) || !cString(b, at, value, size, entry.path)) {
            c.problem = cacheProblem(
                c.file, qint64(e),
                QStringLiteral("ld.so.cache entry %1 has a string offset past the end").arg(i));
            return false;
        }
        c.entries.append(entry);
    }
    return true;
}

bool parseOld(const QByteArray &b, LdSoCache &c, uint64_t *end) {
    const uint64_t size = uint64_t(b.size());
    uint32_t nlibs = 0;
    if (!rd(b, 12, nlibs)) {
        c.problem = cacheProblem(c.file, 0, QStringLiteral("truncated ld.so.cache header"));
        return false;
    }
    const uint64_t entries = 16;
    if (uint64_t(nlibs) * 12 > size - entries) {
        c.problem =
            cacheProblem(c.file, 12,
                         QStringLiteral("ld.so.cache says %1 entries, the file holds at most %2")
                             .arg(nlibs)
                             .arg((size - entries) / 12));
        return false;
    }
    const uint64_t strings = entries + uint64_t(nlibs) * 12;
    *end = strings;
    // The new format may follow the old one (glibc < 2.32 wrote both), 8-aligned.
    const uint64_t next = (strings + 7) & ~uint64_t(7);
    if (next < size && size - next >= 20 && std::memcmp(b.constData() + next, kNewMagic, 20) == 0)
        return parseNew(b, next, c);
    c.format = QString::fromLatin1(kOldMagic);
    for (uint32_t i = 0; i < nlibs; ++i) {
        const uint64_t e = entries + uint64_t(i) * 12;
        LdSoCacheEntry entry;
        uint32_t key = 0, value = 0;
        rd(b, e, entry.flags);
        rd(b, e + 4, key);
        rd(b, e + 8, value);
        if (!cString(b, strings, key, size, entry.key) ||
            !cString(b, strings, value, size, entry.path)) {
            c.problem = cacheProblem(
                c.file, qint64(e),
                QStringLiteral("ld.so.cache entry %1 has a string offset past the end").arg(i));
            return false;
        }
        c.entries.append(entry);
    }
    return true;
}

int32_t cacheIdFor(int machine, int elfClass) {
    // FLAG_ELF_LIBC6 (3) | the ABI's FLAG_*_LIB64 (glibc's _DL_CACHE_DEFAULT_ID)
    switch (machine) {
    case 62: // EM_X86_64
        return elfClass == 32 ? 0x0803 : 0x0303;
    case 183: // EM_AARCH64
        return 0x0a03;
    case 3: // EM_386
        return 0x0003;
    default:
        return -1; // unknown ABI: any entry
    }
}

// ELF class (32/64) and machine of a file, or false when it is not a readable ELF.
bool elfIdent(const QString &path, int &cls, int &machine) {
    // A FIFO named like a library in a search folder is not one (and must not block).
    QString why;
    const QByteArray h = readInputFile(path, 20, &why);
    if (h.size() < 20 || !h.startsWith("\x7f"
                                       "ELF"))
        return false;
    cls = h[4] == 2 ? 64 : h[4] == 1 ? 32 : 0;
    uint16_t m = 0;
    std::memcpy(&m, h.constData() + 18, 2);
    machine = m;
    return true;
}

bool usable(const QString &path, const LoaderQuery &q) {
    QFileInfo fi(path);
    if (!fi.exists() || fi.isDir())
        return false;
    int cls = 0, machine = 0;
    if (!elfIdent(path, cls, machine))
        return false; // ld.so skips what it cannot map (e.g. a linker script named .so)
    if (q.elfMachine == 0)
        return true;
    return cls == q.elfClass && machine == q.elfMachine;
}

QString withRoot(const LoaderEnvironment &env, const QString &path) {
    if (env.sysroot.isEmpty() || !path.startsWith(QLatin1Char('/')))
        return path;
    QString root = env.sysroot;
    while (root.endsWith(QLatin1Char('/')))
        root.chop(1);
    return root + path;
}

QStringList splitPathList(const QStringList &in) {
    QStringList out;
    for (const QString &s : in)
        for (const QString &part : s.split(QLatin1Char(':')))
            out << part;
    return out;
}

QStringList defaultDirsFor(const LoaderEnvironment &env) {
    if (!env.defaultDirs.isEmpty())
        return env.defaultDirs;
    return {QStringLiteral("/lib/x86_64-linux-gnu"), QStringLiteral("/usr/lib/x86_64-linux-gnu"),
            QStringLiteral("/lib"), QStringLiteral("/usr/lib")};
}

// Subdirectories ld.so tries before the directory itself (x86-64, glibc 2.36).
QStringList subdirsFor(const LoaderEnvironment &env) {
    const QString p = env.platform;
    return {QStringLiteral("glibc-hwcaps/x86-64-v4"), QStringLiteral("glibc-hwcaps/x86-64-v3"),
            QStringLiteral("glibc-hwcaps/x86-64-v2"), QStringLiteral("tls/%1/x86_64").arg(p),
            QStringLiteral("tls/%1").arg(p),          QStringLiteral("tls"),
            QStringLiteral("%1/x86_64").arg(p),       p};
}

// Tries one search directory; fills res when found.
bool tryDir(const QString &dir, const QString &label, const QString &soname, const LoaderQuery &q,
            const LoaderEnvironment &env, LibraryResolution &res, QStringList &dirsLooked) {
    // An empty element means the current directory, as in ld.so.
    const QString d = dir.isEmpty() ? QStringLiteral(".") : dir;
    const QString onDisk = withRoot(env, d);
    res.searched << QStringLiteral("%1 (%2)").arg(onDisk, label);
    dirsLooked << onDisk;
    if (!QFileInfo(onDisk).isDir())
        return false;
    QStringList candidates;
    for (const QString &sub : subdirsFor(env))
        candidates << onDisk + QLatin1Char('/') + sub;
    candidates << onDisk;
    for (const QString &c : candidates) {
        const QString path = c + QLatin1Char('/') + soname;
        if (usable(path, q)) {
            res.path = path;
            res.via = label;
            if (c != onDisk)
                res.searched << QStringLiteral("%1 (%2, hwcaps/legacy subdirectory)").arg(c, label);
            return true;
        }
    }
    return false;
}

QMutex g_cacheMutex;
struct CachedCache {
    qint64 size = -1;
    QDateTime mtime;
    LdSoCache cache;
};
QHash<QString, CachedCache> g_caches;

// "libamdhip64.so.6" -> ("libamdhip64.so", "6"); "libfoo.so" -> ("libfoo.so", "").
void splitSoname(const QString &soname, QString &base, QString &major) {
    const int so = soname.lastIndexOf(QLatin1String(".so"));
    if (so < 0) {
        base = soname;
        major.clear();
        return;
    }
    base = soname.left(so + 3);
    const QString rest = soname.mid(so + 3); // ".6" or ".6.1" or ""
    major =
        rest.startsWith(QLatin1Char('.')) ? rest.mid(1).section(QLatin1Char('.'), 0, 0) : QString();
}

} // namespace

QString LdSoCache::lookup(const QString &soname, int elfMachine, int elfClass) const {
    const int32_t want = cacheIdFor(elfMachine, elfClass);
    QString fallback;
    for (const auto &e : entries) {
        if (e.key != soname)
            continue;
        if (want != -1 && e.flags != want)
            continue;
        if (e.hwcap == 0 || !(e.hwcap & kHwcapExtension))
            return e.path;
        if (fallback.isEmpty())
            fallback = e.path;
    }
    return fallback;
}

LdSoCache parseLdSoCache(const QByteArray &bytes, const QString &file) {
    LdSoCache c;
    c.file = file;
    if (bytes.size() >= 20 && std::memcmp(bytes.constData(), kNewMagic, 20) == 0) {
        if (!parseNew(bytes, 0, c))
            c.entries.clear();
    } else if (bytes.size() >= 11 && std::memcmp(bytes.constData(), kOldMagic, 11) == 0) {
        uint64_t end = 0;
        if (!parseOld(bytes, c, &end))
            c.entries.clear();
    } else if (bytes.isEmpty()) {
        c.problem = cacheProblem(file, 0, QStringLiteral("empty ld.so.cache"));
    } else {
        c.problem = cacheProblem(
            file, 0,
            QStringLiteral("not an ld.so.cache (neither \"%1\" nor \"%2\" at the start)")
                .arg(QLatin1String(kNewMagic), QLatin1String(kOldMagic)));
    }
    if (c.problem)
        c.format.clear();
    return c;
}

LdSoCache readLdSoCache(const QString &path) {
    const QFileInfo fi(path);
    QMutexLocker lock(&g_cacheMutex);
    auto it = g_caches.find(path);
    if (it != g_caches.end() && fi.exists() && it->size == fi.size() &&
        it->mtime == fi.lastModified())
        return it->cache;
    lock.unlock();
    LdSoCache c;
    QFile f;
    if (!QFileInfo(path).exists()) {
        c.file = path;
        c.problem = cacheProblem(path, -1, QStringLiteral("no ld.so.cache at this path"));
        return c;
    }
    QString why;
    if (!openInputFile(f, path, &why)) {
        c.file = path;
        c.problem = cacheProblem(path, -1, QStringLiteral("cannot read: %1").arg(why));
        return c;
    }
    // A real cache is well under a megabyte; refuse absurd sizes instead of reading them.
    if (f.size() > (qint64(64) << 20)) {
        c.file = path;
        c.problem = cacheProblem(
            path, -1, QStringLiteral("%1 bytes: too large for an ld.so.cache").arg(f.size()));
        return c;
    }
    c = parseLdSoCache(f.readAll(), path);
    lock.relock();
    g_caches.insert(path, {fi.size(), fi.lastModified(), c});
    return c;
}

LoaderEnvironment LoaderEnvironment::fromProcess() {
    LoaderEnvironment env;
    const QString llp = qEnvironmentVariable("LD_LIBRARY_PATH");
    if (!llp.isEmpty()) {
        // ld.so accepts ':' and ';' as separators.
        static const QRegularExpression sep(QStringLiteral("[:;]"));
        env.ldLibraryPath = llp.split(sep);
    }
    return env;
}

QString expandDynamicStringTokens(const QString &path, const QString &origin,
                                  const LoaderEnvironment &env) {
    QString out;
    out.reserve(path.size());
    for (int i = 0; i < path.size();) {
        if (path[i] != QLatin1Char('$')) {
            out += path[i++];
            continue;
        }
        auto tryToken = [&](const QString &name, const QString &value) {
            const QString plain = QLatin1Char('$') + name;
            const QString braced = QStringLiteral("${") + name + QLatin1Char('}');
            if (path.mid(i).startsWith(braced)) {
                out += value;
                i += int(braced.size());
                return true;
            }
            if (path.mid(i).startsWith(plain)) {
                const int after = i + int(plain.size());
                // "$ORIGINX" is not the token: it must end at '/' or the end of the string.
                if (after == path.size() || path[after] == QLatin1Char('/')) {
                    out += value;
                    i = after;
                    return true;
                }
            }
            return false;
        };
        if (tryToken(QStringLiteral("ORIGIN"), origin) ||
            tryToken(QStringLiteral("LIB"), env.lib) ||
            tryToken(QStringLiteral("PLATFORM"), env.platform))
            continue;
        out += path[i++];
    }
    return out;
}

LibraryResolution resolveLibrary(const QString &soname, const LoaderQuery &query,
                                 const LoaderEnvironment &env) {
    return resolveLibrary(soname, query, env, nullptr);
}

namespace {

// ld.so's cache, between the paths and the default folders: true when it names a usable file
// (res.path). An unreadable cache is said in res.searched and problems, and skipped.
bool foundInLdSoCache(const QString &soname, const LoaderQuery &query, const LoaderEnvironment &env,
                      LibraryResolution &res, QList<Problem> *problems) {
    const QString cachePath = withRoot(env, env.ldSoCache);
    const LdSoCache cache = readLdSoCache(cachePath);
    if (cache.problem) {
        res.searched << QStringLiteral("%1 (ld.so.cache: %2)")
                            .arg(cachePath, cache.problem->message.english());
        if (problems)
            problems->append(*cache.problem);
        return false;
    }
    res.searched << QStringLiteral("%1 (ld.so.cache)").arg(cachePath);
    const QString hit = cache.lookup(soname, query.elfMachine, query.elfClass);
    if (hit.isEmpty() || !usable(withRoot(env, hit), query))
        return false;
    res.path = withRoot(env, hit);
    res.via = QStringLiteral("ld.so.cache");
    return true;
}

} // namespace

LibraryResolution resolveLibrary(const QString &soname, const LoaderQuery &query,
                                 const LoaderEnvironment &env, QList<Problem> *problems) {
    LibraryResolution res;
    res.name = soname;
    if (soname.isEmpty())
        return res;
    if (soname.contains(QLatin1Char('/'))) {
        // Taken as is (relative names against the current directory).
        res.searched << QStringLiteral("%1 (absolute)").arg(soname);
        if (usable(soname, query)) {
            res.path = soname;
            res.via = QStringLiteral("absolute");
        }
        return res;
    }
    QString origin;
    if (!query.binaryPath.isEmpty()) {
        const QFileInfo bi(query.binaryPath);
        origin = query.isExecutable && bi.exists()
                     ? QFileInfo(bi.canonicalFilePath()).absolutePath()
                     : bi.absolutePath();
    }
    auto expand = [&](const QStringList &list) {
        QStringList out;
        for (const QString &d : splitPathList(list))
            out << expandDynamicStringTokens(d, origin, env);
        return out;
    };
    QStringList dirsLooked;
    auto finish = [&]() {
        res.otherVersions = otherMajorVersions(soname, dirsLooked, env);
        return res;
    };

    const QStringList runpath = expand(query.runpath);
    if (runpath.isEmpty())
        for (const QString &d : expand(query.rpath))
            if (tryDir(d, QStringLiteral("rpath"), soname, query, env, res, dirsLooked))
                return finish();
    for (const QString &d : expand(env.ldLibraryPath))
        if (tryDir(d, QStringLiteral("LD_LIBRARY_PATH"), soname, query, env, res, dirsLooked))
            return finish();
    for (const QString &d : runpath)
        if (tryDir(d, QStringLiteral("runpath"), soname, query, env, res, dirsLooked))
            return finish();

    if (!env.ldSoCache.isEmpty() && foundInLdSoCache(soname, query, env, res, problems))
        return finish();
    for (const QString &d : defaultDirsFor(env))
        if (tryDir(d, QStringLiteral("default"), soname, query, env, res, dirsLooked))
            return finish();
    return finish();
}

QStringList otherMajorVersions(const QString &soname, const QStringList &dirs,
                               const LoaderEnvironment &env) {
    QString base, major;
    splitSoname(soname, base, major);
    if (!base.endsWith(QLatin1String(".so")))
        return {};
    const QRegularExpression re(QLatin1Char('^') + QRegularExpression::escape(base) +
                                QStringLiteral("\\.(\\d+)$"));
    QStringList out;
    QSet<QString> seen;
    auto consider = [&](const QString &fileName, const QString &path) {
        const auto m = re.match(fileName);
        if (!m.hasMatch() || m.captured(1) == major)
            return;
        // /lib is often a link to /usr/lib: one file, reported once.
        const QFileInfo fi(path);
        const QString key =
            QFileInfo(fi.absolutePath()).canonicalFilePath() + QLatin1Char('/') + fi.fileName();
        if (!fi.exists() || seen.contains(key))
            return;
        seen.insert(key);
        out << path;
    };
    QStringList all = dirs;
    for (const QString &d : defaultDirsFor(env))
        if (!all.contains(withRoot(env, d)))
            all << withRoot(env, d);
    for (const QString &d : all) {
        const QDir dir(d);
        if (!dir.exists())
            continue;
        for (const QString &f :
             dir.entryList({base + QStringLiteral(".*")}, QDir::Files | QDir::System))
            consider(f, dir.filePath(f));
    }
    if (!env.ldSoCache.isEmpty()) {
        const LdSoCache cache = readLdSoCache(withRoot(env, env.ldSoCache));
        for (const auto &e : cache.entries)
            consider(e.key, withRoot(env, e.path));
    }
    return out;
}

} // namespace hd
