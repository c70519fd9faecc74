#include "verify/compile_cache.h"

#include "common/format.h"
#include "common/input_file.h"
#include "common/output_file.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <future>
#include <limits>
#include <mutex>
#include <sys/statvfs.h>
#include <unistd.h>

namespace hd {

namespace {
const QString kRecord = QStringLiteral("record.json");
// How long a temporary entry with its record, whose process is gone, is kept: a commit whose
// rename was lost.
constexpr int kStaleEntrySeconds = 10 * 60;

QByteArray fileHash(const QString &path) {
    QFile f;
    QCryptographicHash h(QCryptographicHash::Sha256);
    if (openInputFile(f, path, nullptr))
        h.addData(&f);
    return h.result().toHex();
}

std::optional<QJsonObject> readJson(const QString &path) {
    QFile f;
    if (!openInputFile(f, path, nullptr))
        return std::nullopt;
    QJsonParseError pe;
    const QJsonDocument d = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !d.isObject())
        return std::nullopt;
    return d.object();
}

// "" when dir can be created and written with room for a compile (the vector add's outputs
// are a few MiB; hipcc's temporary files more), else what is wrong, naming dir and its disk.
QString roomForCompile(const QString &dir) {
    constexpr quint64 kNeeded = quint64(64) << 20;
    QString existing = dir; // the disk is that of the nearest folder there
    while (!QFileInfo::exists(existing) && existing.contains(QLatin1Char('/')))
        existing = existing.section(QLatin1Char('/'), 0, -2);
    struct statvfs fs {};
    const bool known = ::statvfs(QFile::encodeName(existing).constData(), &fs) == 0;
    if (known && (fs.f_flag & ST_RDONLY))
        return QStringLiteral("%1 is on a read-only file system").arg(dir);
    if (!QDir().mkpath(dir)) {
        const int e = errno;
        return QStringLiteral("cannot create %1: %2").arg(dir, fileErrorReason(e));
    }
    const QByteArray path = QFile::encodeName(dir);
    if (::statvfs(path.constData(), &fs) == 0) {
        if (fs.f_flag & ST_RDONLY)
            return QStringLiteral("%1 is on a read-only file system").arg(dir);
        const quint64 free = quint64(fs.f_bavail) * fs.f_frsize;
        if (free < kNeeded)
            return QStringLiteral("the disk of %1 has %2 free (a compile needs about %3)")
                .arg(dir, formatBytes(free), formatBytes(kNeeded));
    }
    if (::access(path.constData(), W_OK) != 0) {
        const int e = errno;
        return QStringLiteral("cannot write in %1: %2").arg(dir, fileErrorReason(e));
    }
    return {};
}

// A temporary entry is named KEY.PID.N (beginEntry): its owner is running while that process
// lives (the cache is per user and per machine; docs/limits.md "Full and read-only disks").
bool ownerAlive(const QString &tmpName) {
    const QStringList parts = tmpName.split(QLatin1Char('.'));
    bool ok = false;
    const qint64 pid = parts.size() >= 3 ? parts.at(parts.size() - 2).toLongLong(&ok) : 0;
    if (!ok || pid <= 0 || pid > std::numeric_limits<pid_t>::max())
        return true; // not one of ours: the day's bound applies
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
}

// Whatever lies at an entry's path: a folder with its files, or a file or link in its place.
void removeEntry(const QString &path) {
    const QFileInfo fi(path);
    if (fi.isDir() && !fi.isSymLink())
        QDir(path).removeRecursively();
    else if (fi.exists() || fi.isSymLink())
        QFile::remove(path);
}

bool writeJson(const QString &path, const QJsonObject &o) {
    // Never a truncated record.json on a full disk: all of it is written or none.
    return writeFileAtomically(path, QJsonDocument(o).toJson(QJsonDocument::Compact), nullptr);
}
} // namespace

// Absolute: compiles run with their entry's folder as working directory and are given their
// outputs' paths in the cache, which a relative --cache-dir would point elsewhere from there.
CompileCache::CompileCache(const QString &dir) : m_dir(QDir(dir).absolutePath()) {
    QDir().mkpath(m_dir + QStringLiteral("/tmp"));
    // Outputs of failed or uncached compiles are kept a while for inspection, not forever.
    const QDateTime limit = QDateTime::currentDateTimeUtc().addDays(-1);
    // A temporary entry with its record written is a commit whose rename was lost (a crash,
    // a race): once its process is gone and it is older than kStaleEntrySeconds it is of no use.
    const QDateTime staleLimit = QDateTime::currentDateTimeUtc().addSecs(-kStaleEntrySeconds);
    const QFileInfoList old =
        QDir(m_dir + QStringLiteral("/tmp")).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QFileInfo &fi : old) {
        const QDateTime modified = fi.lastModified().toUTC();
        const bool lostCommit =
            modified < staleLimit &&
            QFileInfo::exists(fi.absoluteFilePath() + QLatin1Char('/') + kRecord) &&
            !ownerAlive(fi.fileName());
        if (modified < limit || lostCommit)
            QDir(fi.absoluteFilePath()).removeRecursively();
    }
}

QString CompileCache::key(const QString &compilerPath, const QString &compilerVersion,
                          const QString &sourceFile, const QString &target,
                          const QStringList &flags) const {
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const QString &part :
         {compilerPath, compilerVersion, QString::fromLatin1(fileHash(sourceFile)),
          QFileInfo(sourceFile).fileName(), target, flags.join(QChar(0x1f))}) {
        h.addData(part.toUtf8());
        h.addData(QByteArrayView("\0", 1));
    }
    return QString::fromLatin1(h.result().toHex().left(32));
}

std::optional<CheckRecord> CompileCache::lookup(const QString &k, QString *damaged) const {
    const QString entry = m_dir + QLatin1Char('/') + k;
    const auto o = readJson(entry + QLatin1Char('/') + kRecord);
    if (!o)
        return std::nullopt;
    // An entry of an older version has no summary_message: compile again, once.
    if (!o->contains(QStringLiteral("summary_message")))
        return std::nullopt;
    CheckRecord r = CheckRecord::fromJson(o->value(QStringLiteral("record")).toObject());
    // The summary's message (Text::messageJson()), so that it is said in the reader's language;
    // taken only where it makes the same English (an entry written by another version).
    if (std::optional<Text> m = Text::fromMessageJson(o->value(QStringLiteral("summary_message")));
        m && m->english() == r.summary.english())
        r.summary = *m;
    QStringList artifacts;
    const auto bad = [&](const QString &why) {
        if (damaged)
            *damaged = why;
        return std::nullopt;
    };
    for (const QJsonValue &v : o->value(QStringLiteral("files")).toArray()) {
        // Each output with the size and sha256 it had when cached: a file truncated or
        // overwritten since is not taken for the compile's output.
        const QJsonObject f = v.toObject();
        const QString name = f.value(QStringLiteral("path")).toString();
        if (name.isEmpty() || name.contains(QLatin1String("..")))
            return bad(QStringLiteral("an entry of %1 without sizes and hashes").arg(entry));
        const QString p = entry + QLatin1Char('/') + name;
        const QFileInfo fi(p);
        if (!fi.isFile())
            return std::nullopt; // incomplete entry: compile again
        const qint64 size = f.value(QStringLiteral("size")).toInteger(-1);
        if (fi.size() != size)
            return bad(QStringLiteral("%1: %2 bytes, %3 when cached")
                           .arg(p, QString::number(fi.size()), QString::number(size)));
        if (QString::fromLatin1(fileHash(p)) != f.value(QStringLiteral("sha256")).toString())
            return bad(QStringLiteral("%1: its sha256 changed since it was cached").arg(p));
        artifacts << p;
    }
    // A passing compile made files: a record of none is not one (its run check would drop out).
    if (artifacts.isEmpty() && r.status == CheckStatus::Pass)
        return bad(
            QStringLiteral("%1: a passing compile recorded without output files").arg(entry));
    r.artifacts = artifacts;
    return r;
}

QString CompileCache::beginEntry(const QString &k, QString *problem) {
    static std::atomic_int counter{0};
    const QString tmp = QStringLiteral("%1/tmp/%2.%3.%4")
                            .arg(m_dir, k, QString::number(QCoreApplication::applicationPid()),
                                 QString::number(counter.fetch_add(1)));
    QDir(tmp).removeRecursively();
    if (const QString why = roomForCompile(tmp); !why.isEmpty()) {
        *problem = why;
        dropEntry(tmp);
        return {};
    }
    return tmp;
}

void CompileCache::dropEntry(const QString &tmpDir) {
    if (!tmpDir.isEmpty())
        QDir(tmpDir).removeRecursively();
}

std::optional<CheckRecord> CompileCache::commitEntry(const QString &k, const QString &tmpDir,
                                                     const CheckRecord &record) {
    QJsonArray files;
    for (const QString &a : record.artifacts)
        files.append(QJsonObject{{QStringLiteral("path"), QDir(tmpDir).relativeFilePath(a)},
                                 {QStringLiteral("size"), QFileInfo(a).size()},
                                 {QStringLiteral("sha256"), QString::fromLatin1(fileHash(a))}});
    CheckRecord stored = record;
    stored.artifacts.clear();
    if (!writeJson(
            tmpDir + QLatin1Char('/') + kRecord,
            {{QStringLiteral("key"), k},
             {QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
             {QStringLiteral("files"), files},
             {QStringLiteral("record"), stored.toJson()},
             {QStringLiteral("summary_message"), record.summary.messageJson()}}))
        return std::nullopt;
    const QString entry = m_dir + QLatin1Char('/') + k;
    removeEntry(entry); // an incomplete or stale entry
    bool renamed = QDir().rename(tmpDir, entry);
    if (!renamed) {
        if (auto other = lookup(k)) { // another process committed it first
            QDir(tmpDir).removeRecursively();
            return other;
        }
        // What lies there is no usable entry (half removed, damaged): replaced once.
        removeEntry(entry);
        renamed = QDir().rename(tmpDir, entry);
    }
    if (!renamed) {
        // Never a complete-looking entry left in tmp: the outputs stay for this step (the
        // caller's record points at them) and go with the other uncommitted ones.
        QFile::remove(tmpDir + QLatin1Char('/') + kRecord);
        return std::nullopt;
    }
    auto r = lookup(k);
    if (r) {
        r->cached = false;
    }
    return r;
}

namespace {
// Asked from several threads of one process at once (verify's inventory beside step 1): the
// first asker runs the query, the others wait for its text; compilers.json is read and
// rewritten under one lock. Keyed by that file and the compiler's id.
std::mutex versionMutex;
QHash<QString, std::shared_future<std::optional<QString>>> runningVersions;

QString compilerFileId(const QString &compilerPath) {
    const QFileInfo fi(compilerPath);
    return QStringLiteral("%1|%2|%3")
        .arg(fi.canonicalFilePath(), QString::number(fi.size()),
             QString::number(fi.lastModified().toMSecsSinceEpoch()));
}

// Under versionMutex: the kept text (*kept), or the query running for it now.
std::shared_future<std::optional<QString>> keptOrRunning(const QString &path, const QString &id,
                                                         const QString &runKey,
                                                         std::optional<QString> *kept) {
    const QJsonValue hit = readJson(path).value_or(QJsonObject{}).value(id);
    if (hit.isString())
        *kept = hit.toString();
    return kept->has_value() ? std::shared_future<std::optional<QString>>()
                             : runningVersions.value(runKey);
}
} // namespace

std::optional<QString> CompileCache::knownCompilerVersion(const QString &compilerPath) const {
    const QString id = compilerFileId(compilerPath);
    const QString path = m_dir + QStringLiteral("/compilers.json");
    std::optional<QString> kept;
    std::shared_future<std::optional<QString>> running;
    {
        const std::lock_guard lock(versionMutex);
        running = keptOrRunning(path, id, path + QLatin1Char('\n') + id, &kept);
    }
    if (running.valid())
        return running.get();
    return kept;
}

std::optional<QString>
CompileCache::compilerVersion(const QString &compilerPath,
                              const std::function<std::optional<QString>()> &compute) {
    const QString id = compilerFileId(compilerPath);
    const QString path = m_dir + QStringLiteral("/compilers.json");
    const QString runKey = path + QLatin1Char('\n') + id;
    std::promise<std::optional<QString>> mine;
    std::optional<QString> kept;
    std::shared_future<std::optional<QString>> theirs;
    {
        const std::lock_guard lock(versionMutex);
        theirs = keptOrRunning(path, id, runKey, &kept);
        if (kept)
            return *kept;
        if (!theirs.valid())
            runningVersions.insert(runKey, mine.get_future().share());
    }
    if (theirs.valid())
        return theirs.get();
    std::optional<QString> v;
    try {
        v = compute();
    } catch (...) { // nothing in the engine throws; a waiter must not wait forever either
        {
            const std::lock_guard lock(versionMutex);
            runningVersions.remove(runKey);
        }
        mine.set_exception(std::current_exception());
        throw;
    }
    {
        const std::lock_guard lock(versionMutex);
        if (v) { // a compiler that did not answer is asked again next time
            QJsonObject all = readJson(path).value_or(QJsonObject{});
            all.insert(id, *v);
            writeJson(path, all);
        }
        runningVersions.remove(runKey);
    }
    mine.set_value(v);
    return v;
}

} // namespace hd
