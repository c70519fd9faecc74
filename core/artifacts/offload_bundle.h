#pragma once

// Clang offload bundles ("__CLANG_OFFLOAD_BUNDLE__", hipcc --genco output and the contents of
// .hip_fatbin) and their compressed form CCOB (v1/v2/v3, zlib or zstd). Layouts:
// docs/formats.md "Offload bundles".

#include "model/artifact_report.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

namespace hd {

inline constexpr char kBundleMagic[] = "__CLANG_OFFLOAD_BUNDLE__";
inline constexpr size_t kBundleMagicSize = 24;
inline constexpr char kCcobMagic[] = "CCOB";

bool looksLikeOffloadBundle(const char *data, size_t size);
bool looksLikeCcob(const char *data, size_t size);

// Splits "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-" into kind, triple and target id. Accepts
// 4-field triples with an empty environment ("--") and the -fgpu-rdc section form
// "hip-amdgcn-amd-amdhsa-gfx90a"; host entries have an empty target id.
void splitBundleEntryId(const QString &id, BundleEntry &entry);
// Entry kinds whose code objects the HIP runtime considers.
bool isHipEntryKind(const QString &kind);

// Reads an uncompressed bundle at data[0..size). `fileOffset` is where data[0] sits in the
// inspected file (for Problems); entries whose range leaves [0, size) are kept in the list
// but reported. Returns nothing only when not even the header could be read.
// `extent` (when not 0) is the bundle's real size where `data` holds only its first `size`
// bytes (the decompressed head of a CCOB): entries are checked against it instead.
std::optional<Bundle> readOffloadBundle(const char *data, size_t size, const QString &file,
                                        uint64_t fileOffset, QList<Problem> &problems,
                                        uint64_t extent = 0);

struct CcobHeader {
    int version = 0;
    int method = 0; // 0 zlib, 1 zstd
    size_t headerSize = 0;
    uint64_t totalSize = 0; // v2/v3: whole CCOB including header; v1: 0 (not stored)
    uint64_t uncompressedSize = 0;
    uint64_t hash = 0;
    QString methodName() const;
};

std::optional<CcobHeader> readCcobHeader(const char *data, size_t size, QString *error);

// Decompression limits (docs/limits.md "Compressed bundles"): one CCOB may expand to at most
// kCcobRatio times its compressed size, but always to kCcobFloor, and never past 2 GiB; one
// input file (all its CCOBs together) to kCcobRatio times the file's size, at least
// kInputFloor, at most kInputCap. A header claiming more is refused before any work.
inline constexpr uint64_t kCcobRatio = 256;
inline constexpr uint64_t kCcobFloor = uint64_t(128) << 20;
inline constexpr uint64_t kInputFloor = uint64_t(512) << 20;
inline constexpr uint64_t kInputCap = uint64_t(16) << 30;
uint64_t ccobLimit(uint64_t compressedSize);
uint64_t inputDecompressionBudget(uint64_t inputSize);

// Decompresses the payload of a CCOB at data[0..size) (size may run past the CCOB's end: both
// zlib and zstd stop at the end of their stream). Checks the size, not the hash (ccobHash());
// on failure returns nothing and says why in *error. The claimed size must be within ccobLimit() of
// the payload. `reuse` (optional) is a buffer to decompress into when it is large enough: a new one
// costs the kernel zeroing every page of it (a quarter of librocblas's inspection).
std::optional<QByteArray> decompressCcob(const char *data, size_t size, const CcobHeader &h,
                                         QString *error, QByteArray *reuse = nullptr);

// A CCOB's uncompressed bundle as a stream: up to `limit` bytes handed to `sink` a chunk (1 MB)
// at a time, until the stream ends, the limit is reached or sink returns false. False, with
// *error, when the stream is damaged.
bool decompressCcobStream(const char *data, size_t size, const CcobHeader &h, uint64_t limit,
                          const std::function<bool(const char *, size_t)> &sink, QString *error);

// The first `want` bytes of a CCOB's uncompressed bundle (fewer when it is shorter), decompressed
// as a stream that stops there: enough for the bundle header and its entry ids without
// decompressing the code objects (scan, inspect's entries-only depth). No hash check.
std::optional<QByteArray> decompressCcobPrefix(const char *data, size_t size, const CcobHeader &h,
                                               size_t want, QString *error);

// ccobHash() of a CCOB's uncompressed bundle, decompressed as a stream (a chunk's memory, not the
// bundle's); nothing, with *error, when the stream is damaged or ends short of its claimed size.
std::optional<uint64_t> ccobStreamHash(const char *data, size_t size, const CcobHeader &h,
                                       QString *error);

// The CCOB hash: the low 64 bits of the MD5 of the uncompressed bundle.
uint64_t ccobHash(const char *data, size_t size);

} // namespace hd
