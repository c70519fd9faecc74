#pragma once

// NVIDIA device code readers (HIP's CUDA platform): cubin ELF (EM_CUDA), fatbin container
// (0xBA55ED50, entries may be zstd-compressed), PTX text, and the fatbins a host ELF embeds in
// .nv_fatbin / .nvFatBinSegment. Layouts: docs/formats.md "NVIDIA cubins" and "How host
// binaries embed device code".
//
// All readers take raw bytes (possibly a slice of an mmap'd file) plus where those bytes sit
// in the inspected file, treat them as hostile, never throw, and report bad bytes as
// hd::Problem {file, absolute offset, message} while keeping what they could read.

#include "model/artifact_report.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <cstddef>
#include <cstdint>

namespace hd::nvidia {

inline constexpr uint16_t kEmCuda = 190;
inline constexpr uint32_t kFatbinMagic = 0xBA55ED50;         // fatbin container
inline constexpr uint32_t kFatbinWrapperMagic = 0x466243B1;  // .nvFatBinSegment wrapper
inline constexpr uint64_t kFatbinFlagCompressedLz4 = 0x2000; // older toolkits (unsupported)
inline constexpr uint64_t kFatbinFlagCompressedZstd = 0x8000;

// Where the bytes handed to a reader came from.
struct Source {
    QString file;            // display name of the inspected file (for Problems)
    uint64_t fileOffset = 0; // offset of the first byte in that file (0 for a whole file)
    QString origin;          // CodeObject::origin text ("file", ".nv_fatbin+0x40 entry 1 ...")
    bool insideCompressed = false; // bytes came out of a decompressed payload
};

// Content sniffing (cheap, header only).
bool looksLikeCubin(const char *data, size_t size);  // ELF with e_machine EM_CUDA
bool looksLikeFatbin(const char *data, size_t size); // starts with kFatbinMagic
bool looksLikePtx(const char *data, size_t size);    // text with ".version" and ".target"

// SM number from a cubin's ELF header: CUDA 13 (EI_ABIVERSION 8 / OSABI 65) keeps it in
// e_flags bits 8-15, older toolkits in the low byte. 0 when it cannot be told.
int smFromCubinFlags(uint32_t eflags, int osAbi, int abiVersion);

// One cubin (EM_CUDA ELF): target sm_XX (sm_XXa from EF_CUDA_ACCELERATORS or, with CUDA 13,
// .nv.compat), kernels (STO_CUDA_ENTRY / .nv.info.<name>) with what .nv.info says cheaply,
// mapped onto KernelInfo as: registers per thread -> vgprCount, static shared memory (the
// .nv.shared.<name> size, as cuobjdump -res-usage reports it) -> groupSegmentFixedSize,
// frame size -> privateSegmentFixedSize, parameter bytes -> kernargSegmentSize (+ args with
// offset/size, valueKind "param"), max threads (__launch_bounds__ / reqntid) ->
// maxFlatWorkgroupSize, wavefrontSize 32. Checked against recorded cuobjdump output.
// Problems (bad ELF, not EM_CUDA, truncated sections) go into CodeObject::problems.
CodeObject readCubin(const char *data, size_t size, const Source &src, bool symbols = true);
inline CodeObject readCubin(const QByteArray &bytes, const Source &src, bool symbols = true) {
    return readCubin(bytes.constData(), size_t(bytes.size()), src, symbols);
}

// PTX text: .version, .target sm_XX (CodeObject::target), .entry names (kernels, kind Kernel,
// KernelInfo::kernargSegmentSize from the .param list) and .func names (DeviceFunction).
CodeObject readPtx(const char *data, size_t size, const Source &src);
inline CodeObject readPtx(const QByteArray &text, const Source &src) {
    return readPtx(text.constData(), size_t(text.size()), src);
}

// One fatbin container entry, as read from its header.
struct FatbinEntry {
    int kind = 0; // 1 PTX, 2 cubin (ELF), other values reported as unknown
    uint16_t version = 0;
    uint64_t offset = 0; // absolute file offset of the entry header
    uint32_t headerSize = 0;
    uint64_t payloadSize = 0;      // bytes stored (compressed size when compressed, padded)
    int arch = 0;                  // SM number at +0x1c (80, 90)
    uint64_t flags = 0;            // +0x28
    uint64_t uncompressedSize = 0; // +0x38 (0 when not compressed)
    QString compression;           // "" | "zstd" | "lz4" (lz4: older method, not decompressed)
    int codeObjectIndex = -1;      // into FatbinReadResult::codeObjects, -1 when it gave none

    QString kindName() const; // "ptx" | "cubin" | "unknown(<n>)"
};

struct Fatbin {
    uint64_t fileOffset = 0; // absolute offset of the container header
    uint64_t size = 0;       // header + payload bytes the container occupies
    uint16_t version = 0;
    QList<FatbinEntry> entries;
};

struct FatbinReadResult {
    QList<Fatbin> fatbins;
    QList<CodeObject> codeObjects; // decoded cubin / PTX entries
    QList<Problem> problems;       // container-level problems (per-entry ones too)
    // Decompression budget of the whole input (docs/limits.md "Compressed fatbin entries"):
    // every zstd entry read into this result counts against it.
    uint64_t decompressionBudget = 0;
    uint64_t decompressed = 0;
};

// Reads consecutive fatbin containers starting at data[0] (a .nv_fatbin section can hold
// several, one per translation unit). Stops at the first thing that is not a container.
FatbinReadResult readFatbinContainer(const char *data, size_t size, const Source &src,
                                     bool symbols = true);
inline FatbinReadResult readFatbinContainer(const QByteArray &bytes, const Source &src,
                                            bool symbols = true) {
    return readFatbinContainer(bytes.constData(), size_t(bytes.size()), src, symbols);
}

// Host ELF side: the fatbins referenced from .nvFatBinSegment wrappers (pointer resolved
// through the section addresses, or an R_X86_64_RELATIVE relocation when the field is 0),
// falling back to scanning .nv_fatbin for container headers. Returns every container read.
// hasNvFatbin is set when either section exists.
FatbinReadResult readHostNvFatbins(const char *data, size_t size, const QString &file,
                                   bool symbols = true, bool *hasNvFatbin = nullptr);

// Bridge into the inspector's model: each fatbin becomes a Bundle ("fatbin" origin, entries
// with id "<kind>-nvptx64-nvidia-cuda--sm_XX", kind "cubin"/"ptx", targetId "sm_XX") and its
// code objects are appended with BundleEntry::codeObjectIndex fixed up. Problems are added to
// report.problems.
void appendTo(ArtifactReport &report, FatbinReadResult &&result);

} // namespace hd::nvidia
