#include "artifacts/offload_bundle.h"

#include "artifacts/bytes.h"
#include "common/format.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/MD5.h>

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <memory>

namespace hd {

namespace {

// QByteArray holds at most 2^31 - 1 bytes in Qt 6 on some paths; a header claiming more is
// refused rather than trusted.
constexpr uint64_t kMaxUncompressed = uint64_t(std::numeric_limits<int>::max()) - 64;

bool isTargetComponent(QStringView s) {
    return s.startsWith(QLatin1String("gfx")) || s.startsWith(QLatin1String("sm_")) ||
           s.startsWith(QLatin1String("compute_"));
}

} // namespace

bool looksLikeOffloadBundle(const char *data, size_t size) {
    return bytes::startsWith(data, size, kBundleMagic, kBundleMagicSize);
}

bool looksLikeCcob(const char *data, size_t size) {
    return bytes::startsWith(data, size, kCcobMagic, 4);
}

void splitBundleEntryId(const QString &id, BundleEntry &entry) {
    entry.id = id;
    const qsizetype dash = id.indexOf(QLatin1Char('-'));
    if (dash < 0) {
        entry.kind = id;
        return;
    }
    entry.kind = id.left(dash);
    const QString rest = id.mid(dash + 1);
    // The target id starts at the last "-gfx" / "-sm_" / "-compute_" component (generic
    // targets such as gfx9-4-generic contain dashes themselves); features follow after ':'.
    const qsizetype colon = rest.indexOf(QLatin1Char(':'));
    const QString beforeFeatures = colon < 0 ? rest : rest.left(colon);
    qsizetype at = -1;
    for (const char *prefix : {"-gfx", "-sm_", "-compute_"})
        at = std::max(at, beforeFeatures.lastIndexOf(QLatin1String(prefix)));
    if (at >= 0 && isTargetComponent(QStringView(rest).mid(at + 1))) {
        entry.targetId = rest.mid(at + 1);
        QString triple = rest.left(at);
        // "amdgcn-amd-amdhsa-" (empty environment of a 4-field triple) reads as 3 fields.
        while (triple.endsWith(QLatin1Char('-')))
            triple.chop(1);
        entry.triple = triple;
    } else {
        entry.triple = rest;
        entry.targetId.clear();
    }
}

bool isHipEntryKind(const QString &kind) {
    return kind == QLatin1String("hip") || kind == QLatin1String("hipv4") ||
           kind == QLatin1String("hcc");
}

namespace {

using ProblemAt = std::function<void(uint64_t, const QString &)>;

// Entry i's header at data[pos] (offset, size, id length, id); pos moves past it. Nullopt (and
// said) when the header does not fit; an entry whose range lies past limit is kept, marked
// out-of-range.
std::optional<BundleEntry> readBundleEntry(const char *data, size_t size, uint64_t limit,
                                           uint64_t &pos, uint64_t i, const ProblemAt &problem) {
    uint64_t off = 0, len = 0, idLen = 0;
    const uint64_t at = pos;
    if (!bytes::readLe(data, size, pos, off) || !bytes::readLe(data, size, pos + 8, len) ||
        !bytes::readLe(data, size, pos + 16, idLen)) {
        problem(at, QStringLiteral("offload bundle entry %1: header truncated").arg(i));
        return std::nullopt;
    }
    pos += 24;
    if (!bytes::fits(size, pos, idLen) || idLen > 4096) {
        problem(at + 16, QStringLiteral("offload bundle entry %1: id length %2 runs past the "
                                        "end of the data")
                             .arg(i)
                             .arg(idLen));
        return std::nullopt;
    }
    BundleEntry e;
    splitBundleEntryId(QString::fromUtf8(data + pos, qsizetype(idLen)), e);
    pos += idLen;
    e.offset = off;
    e.size = len;
    if (!bytes::fits(limit, off, len)) {
        problem(at, QStringLiteral("offload bundle entry %1 (%2): range %3+%4 lies past the "
                                   "end of the data (%5 bytes available)")
                        .arg(i)
                        .arg(e.id, hex(off), hex(len))
                        .arg(limit));
        e.content = QStringLiteral("out-of-range");
    }
    return e;
}

} // namespace

std::optional<Bundle> readOffloadBundle(const char *data, size_t size, const QString &file,
                                        uint64_t fileOffset, QList<Problem> &problems,
                                        uint64_t extent) {
    const uint64_t limit = extent ? extent : size;
    auto problem = [&](uint64_t at, const QString &msg) {
        problems.append(Problem{file, qint64(fileOffset + at), msg, false});
    };
    if (!looksLikeOffloadBundle(data, size)) {
        problem(0, QStringLiteral("not an offload bundle (no __CLANG_OFFLOAD_BUNDLE__ magic)"));
        return std::nullopt;
    }
    uint64_t count = 0;
    if (!bytes::readLe(data, size, kBundleMagicSize, count)) {
        problem(kBundleMagicSize,
                QStringLiteral("offload bundle truncated in its header: the entry count is "
                               "missing (%1 bytes available)")
                    .arg(size));
        return std::nullopt;
    }
    Bundle b;
    b.fileOffset = fileOffset;
    uint64_t pos = kBundleMagicSize + 8;
    // Every entry needs at least 24 header bytes, so a larger count cannot be genuine.
    const uint64_t maxEntries = (size - pos) / 24;
    if (count > maxEntries) {
        problem(kBundleMagicSize,
                QStringLiteral("offload bundle claims %1 entries but only %2 entry headers fit "
                               "in the %3 bytes available; reading what is there")
                    .arg(count)
                    .arg(maxEntries)
                    .arg(size));
        count = maxEntries;
    }
    uint64_t end = pos;
    for (uint64_t i = 0; i < count; ++i) {
        auto e = readBundleEntry(data, size, limit, pos, i, problem);
        if (!e)
            break;
        if (e->content != QLatin1String("out-of-range"))
            end = std::max(end, e->offset + e->size);
        b.entries.append(*e);
    }
    b.size = std::max(end, pos);
    return b;
}

QString CcobHeader::methodName() const {
    return method == 0   ? QStringLiteral("zlib")
           : method == 1 ? QStringLiteral("zstd")
                         : QStringLiteral("unknown(%1)").arg(method);
}

std::optional<CcobHeader> readCcobHeader(const char *data, size_t size, QString *error) {
    auto fail = [&](const QString &m) -> std::optional<CcobHeader> {
        if (error)
            *error = m;
        return std::nullopt;
    };
    if (!looksLikeCcob(data, size))
        return fail(QStringLiteral("no CCOB magic"));
    uint16_t version = 0, method = 0;
    if (!bytes::readLe(data, size, 4, version) || !bytes::readLe(data, size, 6, method))
        return fail(QStringLiteral("CCOB header truncated (%1 bytes)").arg(size));
    CcobHeader h;
    h.version = version;
    h.method = method;
    bool ok = false;
    switch (version) {
    case 1: {
        uint32_t u = 0;
        ok = bytes::readLe(data, size, 8, u) && bytes::readLe(data, size, 12, h.hash);
        h.uncompressedSize = u;
        h.headerSize = 20;
        break;
    }
    case 2: {
        uint32_t t = 0, u = 0;
        ok = bytes::readLe(data, size, 8, t) && bytes::readLe(data, size, 12, u) &&
             bytes::readLe(data, size, 16, h.hash);
        h.totalSize = t;
        h.uncompressedSize = u;
        h.headerSize = 24;
        break;
    }
    case 3:
        ok = bytes::readLe(data, size, 8, h.totalSize) &&
             bytes::readLe(data, size, 16, h.uncompressedSize) &&
             bytes::readLe(data, size, 24, h.hash);
        h.headerSize = 32;
        break;
    default:
        return fail(QStringLiteral("unsupported CCOB version %1 (known: 1, 2, 3)").arg(version));
    }
    if (!ok)
        return fail(QStringLiteral("CCOB v%1 header truncated: needs %2 bytes, %3 available")
                        .arg(version)
                        .arg(h.headerSize)
                        .arg(size));
    if (method > 1)
        return fail(
            QStringLiteral("unknown CCOB compression method %1 (0 zlib, 1 zstd)").arg(method));
    if (version >= 2 && h.totalSize < h.headerSize)
        return fail(
            QStringLiteral("CCOB total size %1 is smaller than its own header").arg(h.totalSize));
    return h;
}

uint64_t ccobHash(const char *data, size_t size) {
    const auto r =
        llvm::MD5::hash(llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(data), size));
    return r.low();
}

uint64_t ccobLimit(uint64_t compressedSize) {
    const uint64_t byRatio = compressedSize > kMaxUncompressed / kCcobRatio
                                 ? kMaxUncompressed
                                 : compressedSize * kCcobRatio;
    return std::min(kMaxUncompressed, std::max(kCcobFloor, byRatio));
}

uint64_t inputDecompressionBudget(uint64_t inputSize) {
    const uint64_t byRatio =
        inputSize > kInputCap / kCcobRatio ? kInputCap : inputSize * kCcobRatio;
    return std::min(kInputCap, std::max(kInputFloor, byRatio));
}

namespace {

// The zstd frame at in[0, inSize) into out, which has the header's uncompressed size; the
// problem, or empty.
QString inflateZstd(const char *in, size_t inSize, QByteArray &out) {
    const size_t frame = ZSTD_findFrameCompressedSize(in, inSize);
    if (ZSTD_isError(frame))
        return QStringLiteral("zstd payload unreadable: %1")
            .arg(QLatin1String(ZSTD_getErrorName(frame)));
    const size_t n = ZSTD_decompress(out.data(), size_t(out.size()), in, frame);
    if (ZSTD_isError(n))
        return QStringLiteral("zstd decompression failed: %1")
            .arg(QLatin1String(ZSTD_getErrorName(n)));
    if (n != size_t(out.size()))
        return QStringLiteral("zstd payload gave %1 bytes, the header says %2")
            .arg(n)
            .arg(out.size());
    return {};
}

// The zlib stream at in[0, inSize) into out, which has the header's uncompressed size; the
// problem, or empty.
QString inflateZlib(const char *in, size_t inSize, QByteArray &out) {
    z_stream zs{};
    if (inflateInit(&zs) != Z_OK)
        return QStringLiteral("zlib could not be initialised");
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in));
    zs.avail_in = uInt(std::min<size_t>(inSize, std::numeric_limits<uInt>::max()));
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    const int rc = inflate(&zs, Z_FINISH);
    const uint64_t produced = zs.total_out;
    const QString zmsg = zs.msg ? QStringLiteral(": ") + QLatin1String(zs.msg) : QString();
    inflateEnd(&zs);
    if (rc == Z_BUF_ERROR && zs.avail_out == 0)
        return QStringLiteral("zlib payload is larger than the %1 bytes the header says")
            .arg(out.size());
    if (rc != Z_STREAM_END)
        return QStringLiteral("zlib decompression failed (%1%2)").arg(rc).arg(zmsg);
    if (produced != uint64_t(out.size()))
        return QStringLiteral("zlib payload gave %1 bytes, the header says %2")
            .arg(produced)
            .arg(out.size());
    return {};
}

} // namespace

std::optional<QByteArray> decompressCcob(const char *data, size_t size, const CcobHeader &h,
                                         QString *error, QByteArray *reuse) {
    auto fail = [&](const QString &m) -> std::optional<QByteArray> {
        if (error)
            *error = m;
        return std::nullopt;
    };
    if (size < h.headerSize)
        return fail(QStringLiteral("CCOB truncated before its payload"));
    if (h.version >= 2 && h.totalSize > size)
        return fail(QStringLiteral("CCOB total size %1 runs past the end of the data (%2 bytes "
                                   "available): truncated")
                        .arg(h.totalSize)
                        .arg(size));
    if (h.uncompressedSize > kMaxUncompressed)
        return fail(QStringLiteral("CCOB claims %1 uncompressed bytes; refusing more than %2")
                        .arg(h.uncompressedSize)
                        .arg(kMaxUncompressed));
    const char *in = data + h.headerSize;
    const size_t inSize = size_t((h.version >= 2 ? h.totalSize : size) - h.headerSize);
    // A bomb: a few KB claiming gigabytes. Refused before the buffer is allocated.
    if (h.uncompressedSize > ccobLimit(inSize))
        return fail(QStringLiteral("CCOB claims %1 uncompressed bytes from %2 compressed; the "
                                   "limit for this size is %3 bytes (docs/limits.md): refused as "
                                   "a decompression bomb")
                        .arg(h.uncompressedSize)
                        .arg(inSize)
                        .arg(ccobLimit(inSize)));
    QByteArray out;
    if (reuse && reuse->capacity() >= qsizetype(h.uncompressedSize))
        out = std::move(*reuse);
    out.resize(qsizetype(h.uncompressedSize));
    const QString why = h.method == 1 ? inflateZstd(in, inSize, out) : inflateZlib(in, inSize, out);
    if (!why.isEmpty())
        return fail(why);
    return out;
}

} // namespace hd

namespace hd {

bool decompressCcobStream(const char *data, size_t size, const CcobHeader &h, uint64_t limit,
                          const std::function<bool(const char *, size_t)> &sink, QString *error) {
    const auto fail = [error](const QString &m) {
        if (error)
            *error = m;
        return false;
    };
    if (size < h.headerSize)
        return fail(QStringLiteral("CCOB truncated before its payload"));
    const char *in = data + h.headerSize;
    const size_t inSize =
        size_t((h.version >= 2 ? std::min<uint64_t>(h.totalSize, size) : size) - h.headerSize);
    limit = std::min<uint64_t>(limit, h.uncompressedSize);
    // One chunk at a time: the memory is the chunk's, whatever the bundle's size.
    constexpr size_t kChunk = size_t(1) << 20;
    QByteArray chunk(qsizetype(std::min<uint64_t>(kChunk, std::max<uint64_t>(limit, 1))),
                     Qt::Uninitialized);
    uint64_t produced = 0;
    // Hands the chunk's first n bytes (within the limit) to the sink; false to stop.
    const auto deliver = [&](size_t n) {
        n = size_t(std::min<uint64_t>(n, limit - produced));
        produced += n;
        return (n == 0 || sink(chunk.constData(), n)) && produced < limit;
    };
    if (h.method == 1) {
        const std::unique_ptr<ZSTD_DStream, size_t (*)(ZSTD_DStream *)> ds(ZSTD_createDStream(),
                                                                           ZSTD_freeDStream);
        if (!ds)
            return fail(QStringLiteral("zstd could not be initialised"));
        ZSTD_inBuffer ib{in, inSize, 0};
        for (;;) {
            ZSTD_outBuffer ob{chunk.data(), size_t(chunk.size()), 0};
            const size_t rc = ZSTD_decompressStream(ds.get(), &ob, &ib);
            if (ZSTD_isError(rc))
                return fail(QStringLiteral("zstd decompression failed: %1")
                                .arg(QLatin1String(ZSTD_getErrorName(rc))));
            const bool ended = rc == 0 || (ib.pos == ib.size && ob.pos < ob.size);
            if (!deliver(ob.pos) || ended)
                break; // the limit, the sink, or the frame or its input ended
        }
    } else {
        z_stream zs{};
        if (inflateInit(&zs) != Z_OK)
            return fail(QStringLiteral("zlib could not be initialised"));
        const std::unique_ptr<z_stream, int (*)(z_streamp)> end(&zs, inflateEnd);
        zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in));
        zs.avail_in = uInt(std::min<size_t>(inSize, std::numeric_limits<uInt>::max()));
        for (;;) {
            zs.next_out = reinterpret_cast<Bytef *>(chunk.data());
            zs.avail_out = uInt(chunk.size());
            const int rc = inflate(&zs, Z_SYNC_FLUSH);
            if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
                return fail(QStringLiteral("zlib decompression failed (%1)").arg(rc));
            const size_t n = size_t(chunk.size()) - zs.avail_out;
            if (!deliver(n) || rc != Z_OK)
                break; // the limit, the sink, the stream's end or no progress
        }
    }
    return true;
}

std::optional<QByteArray> decompressCcobPrefix(const char *data, size_t size, const CcobHeader &h,
                                               size_t want, QString *error) {
    QByteArray out;
    out.reserve(qsizetype(std::min<uint64_t>(want, h.uncompressedSize)));
    if (!decompressCcobStream(
            data, size, h, want,
            [&out](const char *p, size_t n) {
                out.append(p, qsizetype(n));
                return true;
            },
            error))
        return std::nullopt;
    return out;
}

std::optional<uint64_t> ccobStreamHash(const char *data, size_t size, const CcobHeader &h,
                                       QString *error) {
    llvm::MD5 md5;
    uint64_t got = 0;
    if (!decompressCcobStream(
            data, size, h, h.uncompressedSize,
            [&](const char *p, size_t n) {
                md5.update(llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(p), n));
                got += n;
                return true;
            },
            error))
        return std::nullopt;
    if (got != h.uncompressedSize) {
        if (error)
            *error = QStringLiteral("the stream gave %1 bytes; the header claims %2")
                         .arg(got)
                         .arg(h.uncompressedSize);
        return std::nullopt;
    }
    return md5.final().low();
}

} // namespace hd
