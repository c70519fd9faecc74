#include "verify/compile_cache.h"

#include "common/input_file.h"
#include "common/output_file.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <atomic>

namespace hd {

namespace {
const QString kRecord = QStringLiteral("record.json");

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

bool writeJson(const QString &path, const QJsonObject &o) {
    // Never a truncated record.json on a full disk: all of it is written or none.
    return writeFileAtomically(path, QJsonDocument(o).toJson(QJsonDocument::Compact), nullptr);
}
} // namespace

CompileCache::CompileCache(QString dir) : m_dir(std::move(dir)) {
    QDir().mkpath(m_dir + QStringLiteral("/tmp"));
    // Outputs of failed or uncached compiles are kept a while for inspection, not forever.
    const QDateTime limit = QDateTime::currentDateTimeUtc().addDays(-1);
    const QFileInfoList old =
        QDir(m_dir + QStringLiteral("/tmp")).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QFileInfo &fi : old)
        if (fi.lastModified().toUTC() < limit)
            QDir(fi.absoluteFilePath()).removeRecursively();
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

std::optional<CheckRecord> CompileCache::lookup(const QString &k) const {
    const QString entry = m_dir + QLatin1Char('/') + k;
    const auto o = readJson(entry + QLatin1Char('/') + kRecord);
    if (!o)
        return std::nullopt;
    CheckRecord r = CheckRecord::fromJson(o->value(QStringLiteral("record")).toObject());
    QStringList artifacts;
    for (const QJsonValue &v : o->value(QStringLiteral("files")).toArray()) {
        const QString p = entry + QLatin1Char('/') + v.toString();
        if (!QFileInfo::exists(p))
            return std::nullopt; // incomplete entry: compile again
        artifacts << p;
    }
    r.artifacts = artifacts;
    return r;
}

QString CompileCache::beginEntry(const QString &k) {
    static std::atomic_int counter{0};
    const QString tmp = QStringLiteral("%1/tmp/%2.%3.%4")
                            .arg(m_dir, k)
                            .arg(QCoreApplication::applicationPid())
                            .arg(counter.fetch_add(1));
    QDir(tmp).removeRecursively();
    QDir().mkpath(tmp);
    return tmp;
}

std::optional<CheckRecord> CompileCache::commitEntry(const QString &k, const QString &tmpDir,
                                                     const CheckRecord &record) {
    QJsonArray files;
    for (const QString &a : record.artifacts)
        files.append(QDir(tmpDir).relativeFilePath(a));
    CheckRecord stored = record;
    stored.artifacts.clear();
    if (!writeJson(
            tmpDir + QLatin1Char('/') + kRecord,
            {{QStringLiteral("key"), k},
             {QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
             {QStringLiteral("files"), files},
             {QStringLiteral("record"), stored.toJson()}}))
        return std::nullopt;
    const QString entry = m_dir + QLatin1Char('/') + k;
    if (QFileInfo::exists(entry))
        QDir(entry).removeRecursively(); // an incomplete or stale entry
    if (!QDir().rename(tmpDir, entry)) {
        if (auto other = lookup(k)) { // another process committed it first
            QDir(tmpDir).removeRecursively();
            return other;
        }
        return std::nullopt;
    }
    auto r = lookup(k);
    if (r) {
        r->cached = false;
    }
    return r;
}

namespace {
QString compilerFileId(const QString &compilerPath) {
    const QFileInfo fi(compilerPath);
    return QStringLiteral("%1|%2|%3")
        .arg(fi.canonicalFilePath())
        .arg(fi.size())
        .arg(fi.lastModified().toMSecsSinceEpoch());
}
} // namespace

std::optional<QString> CompileCache::knownCompilerVersion(const QString &compilerPath) const {
    const QJsonValue hit = readJson(m_dir + QStringLiteral("/compilers.json"))
                               .value_or(QJsonObject{})
                               .value(compilerFileId(compilerPath));
    if (hit.isString())
        return hit.toString();
    return std::nullopt;
}

QString CompileCache::compilerVersion(const QString &compilerPath,
                                      const std::function<QString()> &compute) {
    const QString id = compilerFileId(compilerPath);
    const QString path = m_dir + QStringLiteral("/compilers.json");
    QJsonObject all = readJson(path).value_or(QJsonObject{});
    const QJsonValue hit = all.value(id);
    if (hit.isString())
        return hit.toString();
    const QString v = compute();
    all.insert(id, v);
    writeJson(path, all);
    return v;
}

} // namespace hd
