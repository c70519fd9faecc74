#pragma once

// AMDGPU code objects (EM_AMDGPU ELF): target from e_flags through our own processor table,
// code object version from EI_ABIVERSION, kernels from the metadata note (msgpack, v3+; YAML
// for v2, best effort), every symbol and the undefined ones. Layout: docs/formats.md
// "AMDGPU code objects (ELF)".

#include "model/artifact_report.h"

#include <QList>
#include <QString>

#include <cstddef>
#include <cstdint>

namespace hd {

class StringPool;

// Where the bytes of a code object came from, for Problems and CodeObject::origin.
struct CodeObjectSource {
    QString file;            // display name of the inspected file
    uint64_t fileOffset = 0; // of data[0] in that file (of the bundle when inside a CCOB)
    QString origin;          // "file", "bundle entry <id> @ .hip_fatbin+0x1000", ...
    bool insideCompressed = false;
};

bool looksLikeElf(const char *data, size_t size);
bool looksLikeAmdgpuElf(const char *data, size_t size); // ELF64 LE with e_machine EM_AMDGPU

// Code object version (2..6) from the ELF's OSABI/ABI version; 0 when unknown.
int amdgpuCodeObjectVersion(int osAbi, int abiVersion);

// How much of the metadata note is read: nothing, the kernels and arguments counted only
// (CodeObject::countedKernels, inspect --summary), or every kernel decoded.
enum class MetadataRead { None, Counts, Kernels };

// `pool` (optional) shares equal strings across code objects of one inspection.
CodeObject readAmdgpuCodeObject(const char *data, size_t size, const CodeObjectSource &src,
                                bool symbols = true, MetadataRead metadata = MetadataRead::Kernels,
                                StringPool *pool = nullptr);

// The NT_AMDGPU_METADATA msgpack map's kernels (amdhsa.kernels) and target (amdhsa.target).
// Returns false with a reason in *error when the blob is not a readable msgpack map.
bool parseAmdgpuMetadataMsgpack(const char *data, size_t size, QList<KernelInfo> &kernels,
                                QString *target, QString *error, StringPool *pool = nullptr);
// The same note's kernels and their arguments counted (added to kernels and args), nothing
// decoded: what inspect --summary prints, without a KernelInfo per kernel.
bool countAmdgpuMetadataMsgpack(const char *data, size_t size, qsizetype &kernels, qsizetype &args,
                                QString *target, QString *error, StringPool *pool = nullptr);
// Code object v2's YAML "AMD" note (NT_AMD_HSA_METADATA): names, symbols, args, code props.
bool parseAmdgpuMetadataYaml(const char *data, size_t size, QList<KernelInfo> &kernels,
                             QString *error);

} // namespace hd
