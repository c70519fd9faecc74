// The fatbin container (.nv_fatbin / __nv_relfatbin in host ELF files, standalone .fatbin):
// its entries, decompressed where needed, handed to the cubin and PTX readers; and the helpers
// all the NVIDIA readers share (private/nvidia_p.h).

#include "artifacts/nvidia.h"

#include "nvidia_p.h"

#include "artifacts/offload_bundle.h"
#include "artifacts/symbols.h"
#include "common/format.h"

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/Object/ELF.h>
#include <llvm/Support/Error.h>

#include <zstd.h>

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <memory>
#include <vector>

namespace hd::nvidia {

using namespace detail;

namespace {

// Decompressed entries larger than this are refused: no real fatbin entry comes close, and a
// hostile size field must not make us allocate without bound. All the entries of one input
// share the input's budget too (inputDecompressionBudget, as for offload bundles):
// docs/limits.md "Compressed fatbin entries".
constexpr uint64_t kMaxDecompressed = uint64_t(1) << 30;

} // namespace

namespace detail {

Problem problemAt(const Source &src, uint64_t rel, const QString &message) {
    Problem p;
    p.file = src.file;
    if (src.insideCompressed) {
        // Offsets inside a decompressed payload do not exist in the file: point at the
        // compressed payload and say where inside the decompressed bytes it was.
        p.offset = qint64(src.fileOffset);
        p.message = QStringLiteral("%1 (at %2 in the decompressed payload)").arg(message, hex(rel));
    } else {
        p.offset = qint64(src.fileOffset + rel);
        p.message = message;
    }
    return p;
}

uint32_t u32At(llvm::ArrayRef<uint8_t> d, size_t off) {
    if (off + 4 > d.size())
        return 0;
    uint32_t v;
    std::memcpy(&v, d.data() + off, 4);
    return v;
}

} // namespace detail

bool looksLikeFatbin(const char *data, size_t size) {
    uint32_t magic = 0;
    return readLE(data, size, 0, magic) && magic == kFatbinMagic;
}

QString FatbinEntry::kindName() const {
    switch (kind) {
    case 1:
        return QStringLiteral("ptx");
    case 2:
        return QStringLiteral("cubin");
    default:
        return QStringLiteral("unknown(%1)").arg(kind);
    }
}

namespace {

// The container header at data[pos]: fills fb, where its entries start and where it ends; false
// (with a problem) when there is no container to read there.
bool readContainerHeader(const char *data, size_t size, uint64_t pos, const Source &src, Fatbin &fb,
                         uint64_t &entriesStart, uint64_t &end, FatbinReadResult &r) {
    uint32_t magic = 0;
    uint16_t version = 0, headerSize = 0;
    uint64_t payloadSize = 0;
    if (!readLE(data, size, pos, magic) || magic != kFatbinMagic) {
        r.problems.append(problemAt(src, pos,
                                    QStringLiteral("not a fatbin container (magic %1, expected %2)")
                                        .arg(hex(magic), hex(kFatbinMagic))));
        return false;
    }
    if (!readLE(data, size, pos + 4, version) || !readLE(data, size, pos + 6, headerSize) ||
        !readLE(data, size, pos + 8, payloadSize)) {
        r.problems.append(problemAt(src, pos, QStringLiteral("truncated fatbin container header")));
        return false;
    }
    if (headerSize < 16 || headerSize > size - pos) {
        r.problems.append(problemAt(src, pos + 6,
                                    QStringLiteral("bad fatbin header size %1 (%2 bytes left)")
                                        .arg(headerSize)
                                        .arg(size - pos)));
        return false;
    }
    fb.fileOffset = src.fileOffset + pos;
    fb.version = version;
    end = pos + headerSize + payloadSize;
    if (payloadSize > size - pos - headerSize) {
        r.problems.append(problemAt(
            src, pos + 8,
            QStringLiteral(
                "fatbin payload size %1 runs past the end (%2 bytes left); reading what is there")
                .arg(hex(payloadSize), hex(size - pos - headerSize))));
        end = size;
    }
    fb.size = end - pos;
    entriesStart = pos + headerSize;
    return true;
}

// Where one entry lies in the container: its header, its payload, and the compressed size its
// header gives (0 when absent).
struct EntrySpan {
    uint64_t header = 0;
    uint64_t payload = 0;
    uint64_t payloadEnd = 0;
    uint32_t compressedSize = 0;
    int index = 0;
};

// The entry header at span.header (the container ends at `end`): fills e and the rest of span;
// false (with a problem) when the entries cannot be followed further.
bool readEntryHeader(const char *data, size_t size, uint64_t end, const Source &src, FatbinEntry &e,
                     EntrySpan &span, FatbinReadResult &r) {
    const uint64_t p = span.header;
    e.offset = src.fileOffset + p;
    uint16_t kind = 0;
    uint64_t epsz = 0;
    if (end - p < 16 || !readLE(data, size, p, kind) || !readLE(data, size, p + 2, e.version) ||
        !readLE(data, size, p + 4, e.headerSize) || !readLE(data, size, p + 8, epsz)) {
        r.problems.append(problemAt(
            src, p, QStringLiteral("truncated fatbin entry header (%1 bytes left)").arg(end - p)));
        return false;
    }
    e.kind = kind;
    e.payloadSize = epsz;
    if (e.headerSize < 16 || e.headerSize > end - p) {
        r.problems.append(problemAt(
            src, p + 4,
            QStringLiteral("bad fatbin entry header size %1 (%2 bytes left in the container)")
                .arg(e.headerSize)
                .arg(end - p)));
        return false;
    }
    // Optional fields: present when the header is long enough.
    uint32_t arch = 0;
    if (e.headerSize >= 0x20)
        readLE(data, size, p + 0x1c, arch);
    if (e.headerSize >= 0x14)
        readLE(data, size, p + 0x10, span.compressedSize);
    if (e.headerSize >= 0x30)
        readLE(data, size, p + 0x28, e.flags);
    if (e.headerSize >= 0x40)
        readLE(data, size, p + 0x38, e.uncompressedSize);
    e.arch = int(std::min<uint32_t>(arch, 100000));
    span.payload = p + e.headerSize;
    span.payloadEnd = span.payload + epsz;
    if (epsz > end - span.payload) {
        r.problems.append(
            problemAt(src, p + 8,
                      QStringLiteral(
                          "fatbin entry %1 payload size %2 runs past the container (%3 bytes left)")
                          .arg(span.index)
                          .arg(hex(epsz), hex(end - span.payload))));
        span.payloadEnd = end;
    }
    if (e.flags & kFatbinFlagCompressedZstd)
        e.compression = QStringLiteral("zstd");
    else if (e.flags & kFatbinFlagCompressedLz4)
        e.compression = QStringLiteral("lz4");
    return true;
}

// sm_90a entries (seen with nvcc 13).
bool isArchSpecific(const FatbinEntry &e) {
    return (e.flags & 0x100000) != 0;
}

// An entry's payload bytes: in the file, or decompressed into `plain`.
struct EntryPayload {
    const char *data = nullptr;
    size_t size = 0;
    std::unique_ptr<char[]> plain;
};

// Whether a zstd entry's decompressed size is plausible, within the input's decompression budget
// and the size its frame (the first clen bytes of payload) gives; false with a problem when not.
bool zstdEntryFits(const FatbinEntry &e, const EntrySpan &span, const Source &src,
                   const char *payload, size_t clen, FatbinReadResult &r) {
    const uint64_t p = span.header;
    const int index = span.index;
    if (e.uncompressedSize == 0 || e.uncompressedSize > kMaxDecompressed) {
        r.problems.append(
            problemAt(src, p + 0x38,
                      QStringLiteral("fatbin entry %1: implausible decompressed size %2")
                          .arg(index)
                          .arg(hex(e.uncompressedSize))));
        return false;
    }
    if (e.uncompressedSize >
        r.decompressionBudget - std::min(r.decompressionBudget, r.decompressed)) {
        r.problems.append(
            problemAt(src, p + 0x38,
                      QStringLiteral("fatbin entry %1: %2 more decompressed bytes would pass this "
                                     "file's decompression budget of %3 bytes (%4 already "
                                     "decompressed; docs/limits.md): not decompressed")
                          .arg(index)
                          .arg(e.uncompressedSize)
                          .arg(r.decompressionBudget)
                          .arg(r.decompressed)));
        return false;
    }
    const unsigned long long frameSize = ZSTD_getFrameContentSize(payload, clen);
    if (frameSize == ZSTD_CONTENTSIZE_ERROR) {
        r.problems.append(
            problemAt(src, span.payload,
                      QStringLiteral("fatbin entry %1: payload is not a zstd frame").arg(index)));
        return false;
    }
    if (frameSize != ZSTD_CONTENTSIZE_UNKNOWN && frameSize != e.uncompressedSize) {
        r.problems.append(problemAt(src, p + 0x38,
                                    QStringLiteral("fatbin entry %1: header says %2 bytes "
                                                   "decompressed, the zstd frame says %3")
                                        .arg(index)
                                        .arg(e.uncompressedSize)
                                        .arg(frameSize)));
        return false;
    }
    return true;
}

// Decompresses a zstd entry that fits (zstdEntryFits) into payload (es then points inside the
// decompressed bytes); false (with a problem) when it cannot.
bool decompressZstdEntry(const FatbinEntry &e, const EntrySpan &span, const Source &src, Source &es,
                         EntryPayload &payload, FatbinReadResult &r) {
    size_t clen = payload.size;
    if (span.compressedSize > 0 && span.compressedSize <= payload.size)
        clen = span.compressedSize;
    if (!zstdEntryFits(e, span, src, payload.data, clen, r))
        return false;
    const uint64_t p = span.header;
    const int index = span.index;
    r.decompressed += e.uncompressedSize;
    payload.plain.reset(new char[e.uncompressedSize]);
    const size_t got = ZSTD_decompress(payload.plain.get(), e.uncompressedSize, payload.data, clen);
    if (ZSTD_isError(got)) {
        r.problems.append(problemAt(src, span.payload,
                                    QStringLiteral("fatbin entry %1: zstd decompression failed: %2")
                                        .arg(index)
                                        .arg(QString::fromLatin1(ZSTD_getErrorName(got)))));
        return false;
    }
    if (got != e.uncompressedSize)
        r.problems.append(
            problemAt(src, p + 0x38,
                      QStringLiteral("fatbin entry %1: decompressed %2 bytes, header says %3")
                          .arg(index)
                          .arg(got)
                          .arg(e.uncompressedSize)));
    payload.data = payload.plain.get();
    payload.size = got;
    es.insideCompressed = true;
    return true;
}

// Whether the entry's payload can be handed to the cubin or PTX reader: a known kind, not
// compressed or decompressed here (payload and es then describe the decompressed bytes).
bool entryPayloadUsable(const FatbinEntry &e, const EntrySpan &span, const Source &src, Source &es,
                        EntryPayload &payload, FatbinReadResult &r) {
    if (e.kind != 1 && e.kind != 2) {
        r.problems.append(problemAt(
            src, span.header,
            QStringLiteral("fatbin entry %1 has unknown kind %2").arg(span.index).arg(e.kind)));
        return false;
    }
    if (e.compression == QLatin1String("lz4")) {
        r.problems.append(problemAt(
            src, span.header + 0x28,
            QStringLiteral("fatbin entry %1 is compressed with an unsupported method (flags %2: "
                           "the older LZ4-style fatbin compression); not decoded")
                .arg(span.index)
                .arg(hex(e.flags))));
        return false;
    }
    if (e.compression == QLatin1String("zstd"))
        return decompressZstdEntry(e, span, src, es, payload, r);
    return true;
}

// Reads the entry's cubin or PTX into a code object, its target checked against the entry's.
void addEntryCodeObject(FatbinEntry &e, const EntrySpan &span, const Source &src, const Source &es,
                        const EntryPayload &payload, bool symbols, FatbinReadResult &r) {
    const bool archSpecific = isArchSpecific(e);
    CodeObject co = e.kind == 2 ? readCubin(payload.data, payload.size, es, symbols)
                                : readPtx(payload.data, payload.size, es);
    co.size = span.payloadEnd - span.payload;
    if (e.kind == 1 && !co.target.isValid() && e.arch > 0)
        co.target = TargetId::nvidiaSm(e.arch, archSpecific);
    if (e.kind == 2 && co.target.isValid() && e.arch > 0 && co.target.smVersion() != e.arch)
        co.problems.append(problemAt(src, span.header + 0x1c,
                                     QStringLiteral("fatbin entry %1 says sm_%2, its cubin says %3")
                                         .arg(span.index)
                                         .arg(e.arch)
                                         .arg(co.target.toString())));
    if (e.kind == 2 && archSpecific && co.target.isValid() && !co.target.isArchSpecificSm())
        co.target = TargetId::nvidiaSm(co.target.smVersion(), true);
    e.codeObjectIndex = int(r.codeObjects.size());
    r.codeObjects.append(co);
}

// Reads one container at data[pos]; returns the number of bytes it occupies (0 = nothing read).
uint64_t readOneContainer(const char *data, size_t size, uint64_t pos, const Source &src,
                          bool symbols, FatbinReadResult &r) {
    Fatbin fb;
    uint64_t p = 0, end = 0;
    if (!readContainerHeader(data, size, pos, src, fb, p, end, r))
        return 0;
    const QString containerOrigin =
        src.origin.isEmpty() ? QStringLiteral("fatbin @ %1").arg(hex(fb.fileOffset)) : src.origin;

    EntrySpan span;
    while (p < end) {
        FatbinEntry e;
        span.header = p;
        span.compressedSize = 0;
        if (!readEntryHeader(data, size, end, src, e, span, r))
            break;
        Source es;
        es.file = src.file;
        es.fileOffset = src.fileOffset + span.payload;
        es.insideCompressed = src.insideCompressed;
        es.origin =
            QStringLiteral("%1 entry %2 (%3 sm_%4%5)")
                .arg(containerOrigin, QString::number(span.index), e.kindName(),
                     QString::number(e.arch), isArchSpecific(e) ? QStringLiteral("a") : QString());
        EntryPayload payload;
        payload.data = data + span.payload;
        payload.size = size_t(span.payloadEnd - span.payload);
        if (entryPayloadUsable(e, span, src, es, payload, r))
            addEntryCodeObject(e, span, src, es, payload, symbols, r);
        fb.entries.append(e);
        ++span.index;
        p = span.payloadEnd;
    }
    r.fatbins.append(fb);
    return end - pos;
}

bool allZero(const char *d, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (d[i])
            return false;
    return true;
}

} // namespace

FatbinReadResult readFatbinContainer(const char *data, size_t size, const Source &src,
                                     bool symbols) {
    FatbinReadResult r;
    r.decompressionBudget = inputDecompressionBudget(size);
    uint64_t pos = 0;
    while (pos < size) {
        Source s = src;
        if (pos > 0 || s.origin.isEmpty())
            s.origin = QStringLiteral("%1fatbin @ %2")
                           .arg(src.origin.isEmpty() ? QString() : src.origin + QLatin1Char(' '),
                                hex(src.fileOffset + pos));
        const uint64_t used = readOneContainer(data, size, pos, s, symbols, r);
        if (used == 0)
            break;
        pos += used;
        // Containers follow each other, padded to 8 (or more) bytes with zeros.
        uint64_t next = pos;
        while (next < size && data[next] == 0)
            ++next;
        if (next >= size)
            break;
        if (!looksLikeFatbin(data + next, size - next)) {
            r.problems.append(
                problemAt(src, next, QStringLiteral("unexpected bytes after a fatbin container")));
            break;
        }
        pos = next;
    }
    if (size == 0)
        r.problems.append(problemAt(src, 0, QStringLiteral("empty fatbin")));
    return r;
}

namespace {

// The containers read so far from one host ELF file, by file offset: a wrapper and the scan of
// .nv_fatbin find the same ones.
struct HostContainers {
    const char *data;
    size_t size;
    Source top;
    bool symbols;
    FatbinReadResult &r;
    QSet<uint64_t> done;

    void readAt(uint64_t off, const QString &origin) {
        if (done.contains(off))
            return;
        done.insert(off);
        Source s = top;
        s.fileOffset = 0;
        s.origin = origin;
        readOneContainer(data, size, off, s, symbols, r);
    }
};

// R_X86_64_RELATIVE addends by the address they patch inside `seg`: an executable's wrappers
// get their fatbin pointer from these when the field itself is 0.
template <class ELFT>
QHash<uint64_t, uint64_t> relativeRelocationsInto(const llvm::object::ELFFile<ELFT> &elf,
                                                  typename ELFT::ShdrRange secs,
                                                  const typename ELFT::Shdr &seg) {
    QHash<uint64_t, uint64_t> relative; // r_offset -> addend
    for (const auto &s : secs) {
        if (s.sh_type != llvm::ELF::SHT_RELA)
            continue;
        auto relas = elf.relas(s);
        if (!relas) {
            llvm::consumeError(relas.takeError());
            continue;
        }
        for (const auto &rel : *relas)
            if (rel.getType(false) == llvm::ELF::R_X86_64_RELATIVE && rel.r_offset >= seg.sh_addr &&
                rel.r_offset - seg.sh_addr < seg.sh_size)
                relative.insert(rel.r_offset, uint64_t(rel.r_addend));
    }
    return relative;
}

// The file offset of virtual address va, in an allocated section with contents; false if none.
template <class ELFT>
bool vaddrToOffset(typename ELFT::ShdrRange secs, size_t size, uint64_t va, uint64_t &off) {
    for (const auto &s : secs) {
        if (!(s.sh_flags & llvm::ELF::SHF_ALLOC) || s.sh_type == llvm::ELF::SHT_NOBITS)
            continue;
        if (va >= s.sh_addr && va - s.sh_addr < s.sh_size) {
            off = s.sh_offset + (va - s.sh_addr);
            return off < size;
        }
    }
    return false;
}

// The containers the .nvFatBinSegment wrappers (24 bytes each) point at.
template <class ELFT>
void readWrappedContainers(const llvm::object::ELFFile<ELFT> &elf, typename ELFT::ShdrRange secs,
                           int segSec, int fatbinSec, HostContainers &found) {
    const auto &seg = secs[segSec];
    const QHash<uint64_t, uint64_t> relative = relativeRelocationsInto(elf, secs, seg);
    auto contents = elf.getSectionContents(seg);
    if (!contents) {
        found.r.problems.append(
            problemAt(found.top, seg.sh_offset,
                      QStringLiteral(".nvFatBinSegment cannot be read: %1")
                          .arg(QString::fromStdString(llvm::toString(contents.takeError())))));
        return;
    }
    const auto &c = *contents;
    for (size_t w = 0; w + 24 <= c.size(); w += 24) {
        uint32_t magic = u32At(c, w);
        if (magic != kFatbinWrapperMagic) {
            if (!allZero(reinterpret_cast<const char *>(c.data()) + w, 24))
                found.r.problems.append(problemAt(
                    found.top, seg.sh_offset + w,
                    QStringLiteral(".nvFatBinSegment wrapper with bad magic %1").arg(hex(magic))));
            continue;
        }
        uint64_t ptr = 0;
        std::memcpy(&ptr, c.data() + w + 8, 8);
        if (ptr == 0)
            ptr = relative.value(seg.sh_addr + w + 8, 0);
        uint64_t off = 0;
        if (ptr == 0 || !vaddrToOffset<ELFT>(secs, found.size, ptr, off)) {
            found.r.problems.append(problemAt(
                found.top, seg.sh_offset + w + 8,
                QStringLiteral(".nvFatBinSegment wrapper points to %1, outside the file's sections")
                    .arg(hex(ptr))));
            continue;
        }
        found.readAt(off, QStringLiteral(".nv_fatbin+%1")
                              .arg(hex(fatbinSec >= 0 ? off - secs[fatbinSec].sh_offset : off)));
    }
}

// Scans .nv_fatbin for containers no wrapper pointed at (relocatable objects, odd linkers).
template <class Shdr> void scanNvFatbin(const Shdr &fs, HostContainers &found) {
    if (fs.sh_offset > found.size || fs.sh_size > found.size - fs.sh_offset) {
        found.r.problems.append(problemAt(
            found.top, fs.sh_offset, QStringLiteral(".nv_fatbin runs past the end of the file")));
        return;
    }
    FatbinReadResult &r = found.r;
    for (uint64_t p = 0; p + 16 <= fs.sh_size; p += 8) {
        if (!looksLikeFatbin(found.data + fs.sh_offset + p, size_t(fs.sh_size - p)))
            continue;
        if (!found.done.contains(fs.sh_offset + p)) {
            const int before = int(r.fatbins.size());
            found.done.insert(fs.sh_offset + p);
            Source s = found.top;
            s.fileOffset = fs.sh_offset; // bounded by the section
            s.origin = QStringLiteral(".nv_fatbin+%1").arg(hex(p));
            readOneContainer(found.data + fs.sh_offset, size_t(fs.sh_size), p, s, found.symbols, r);
            if (int(r.fatbins.size()) > before && r.fatbins.last().size >= 16)
                p += (r.fatbins.last().size & ~uint64_t(7)) - 8;
        } else {
            for (const auto &fb : r.fatbins)
                if (fb.fileOffset == fs.sh_offset + p && fb.size >= 16)
                    p += (fb.size & ~uint64_t(7)) - 8;
        }
    }
}

template <class ELFT>
FatbinReadResult readHostElf(const char *data, size_t size, const QString &file, bool symbols,
                             bool *hasNvFatbin) {
    FatbinReadResult r;
    r.decompressionBudget = inputDecompressionBudget(size);
    Source top;
    top.file = file;
    auto fileOrErr = llvm::object::ELFFile<ELFT>::create(llvm::StringRef(data, size));
    if (!fileOrErr) {
        llvm::consumeError(fileOrErr.takeError()); // the host ELF reader reports this
        return r;
    }
    const auto &elf = *fileOrErr;
    auto secsOrErr = elf.sections();
    if (!secsOrErr) {
        llvm::consumeError(secsOrErr.takeError());
        return r;
    }
    auto secs = *secsOrErr;
    int fatbinSec = -1, segSec = -1;
    for (size_t i = 0; i < secs.size(); ++i) {
        auto n = elf.getSectionName(secs[i]);
        if (!n) {
            llvm::consumeError(n.takeError());
            continue;
        }
        if (*n == ".nv_fatbin")
            fatbinSec = int(i);
        else if (*n == ".nvFatBinSegment")
            segSec = int(i);
    }
    if (hasNvFatbin)
        *hasNvFatbin = fatbinSec >= 0 || segSec >= 0;
    HostContainers found{data, size, top, symbols, r, {}};
    if (segSec >= 0 && elf.getHeader().e_type != llvm::ELF::ET_REL)
        readWrappedContainers(elf, secs, segSec, fatbinSec, found);
    if (fatbinSec >= 0 && secs[fatbinSec].sh_type != llvm::ELF::SHT_NOBITS)
        scanNvFatbin(secs[fatbinSec], found);
    return r;
}

} // namespace

FatbinReadResult readHostNvFatbins(const char *data, size_t size, const QString &file, bool symbols,
                                   bool *hasNvFatbin) {
    if (hasNvFatbin)
        *hasNvFatbin = false;
    if (size < 64 ||
        std::memcmp(data,
                    "\x7f"
                    "ELF",
                    4) != 0 ||
        data[5] != 1)
        return {};
    std::unique_ptr<uint64_t[]> aligned;
    if (reinterpret_cast<uintptr_t>(data) % 8 != 0) {
        aligned.reset(new uint64_t[(size + 7) / 8]);
        std::memcpy(aligned.get(), data, size);
        data = reinterpret_cast<const char *>(aligned.get());
    }
    if (data[4] == 2)
        return readHostElf<llvm::object::ELF64LE>(data, size, file, symbols, hasNvFatbin);
    if (data[4] == 1)
        return readHostElf<llvm::object::ELF32LE>(data, size, file, symbols, hasNvFatbin);
    return {};
}

void appendTo(ArtifactReport &report, FatbinReadResult &&result) {
    const int base = int(report.codeObjects.size());
    for (const Fatbin &fb : result.fatbins) {
        Bundle b;
        b.origin = QStringLiteral("fatbin @ %1").arg(hex(fb.fileOffset));
        b.fileOffset = fb.fileOffset;
        b.size = fb.size;
        for (const FatbinEntry &e : fb.entries) {
            BundleEntry be;
            be.kind = e.kindName();
            be.triple = QStringLiteral("nvptx64-nvidia-cuda");
            if (e.codeObjectIndex >= 0 && e.codeObjectIndex < result.codeObjects.size() &&
                result.codeObjects[e.codeObjectIndex].target.isValid())
                be.targetId = result.codeObjects[e.codeObjectIndex].target.toString();
            else if (e.arch > 0)
                be.targetId = QStringLiteral("sm_%1").arg(e.arch);
            be.id = QStringLiteral("%1-%2--%3").arg(be.kind, be.triple, be.targetId);
            be.offset = e.offset - fb.fileOffset;
            be.size = e.headerSize + e.payloadSize;
            be.codeObjectIndex = e.codeObjectIndex >= 0 ? base + e.codeObjectIndex : -1;
            // What the entry holds, as readEntryPayload() says it of a bundle's entries.
            be.content = e.payloadSize == 0       ? QStringLiteral("empty")
                         : e.codeObjectIndex >= 0 ? be.kind
                                                  : QStringLiteral("unread");
            if (!e.compression.isEmpty())
                b.compression = e.compression;
            b.entries.append(be);
        }
        report.bundles.append(b);
    }
    report.codeObjects.append(result.codeObjects);
    report.problems.append(result.problems);
}

} // namespace hd::nvidia
