#pragma once

// The inspector's results: plain value types, handed across threads and serialized to the
// `hipdoctor.inspection/1` JSON schema (docs/schema-inspection.md).

#include "model/problem.h"
#include "targets/target_id.h"

#include <QExplicitlySharedDataPointer>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace hd {

enum class ArtifactKind {
    Unknown,
    HostExecutable,
    HostSharedLibrary,
    HostRelocatable,
    AmdgpuCodeObject, // raw AMDGPU ELF (hipcc --genco single target when unbundled, Triton .hsaco)
    OffloadBundle,    // __CLANG_OFFLOAD_BUNDLE__ file
    CompressedBundle, // CCOB
    NvidiaCubin,
    NvidiaFatbin, // 0xBA55ED50 container file
    NvidiaPtx,
    Directory,
    Text,
};
QString
artifactKindName(ArtifactKind k); // stable JSON names: "host-executable", "amdgpu-code-object"...

enum class SymbolKind : uint8_t {
    Kernel,           // FUNC with a matching <name>.kd descriptor (AMD) / .entry (NVIDIA)
    KernelDescriptor, // OBJECT <name>.kd
    DeviceFunction,   // FUNC in device code without a descriptor
    HostFunction,     // FUNC in a host ELF
    Object,           // data
    Section,
    File,
    Other,
};
QString symbolKindName(SymbolKind k); // "kernel", "kernel-descriptor", "device-function", ...

// A symbol's name and its demangled form, shared by every symbol of that name: a library
// repeats each name in every target's code object (librocsparse: 231k symbols, 30k names).
// Copying is one reference count; the demangled form is made on first use, because demangling
// every name took a tenth of a full inspection and most are never shown. Thread-safe.
class SymbolName {
public:
    SymbolName() noexcept;
    explicit SymbolName(const QString &name);                  // demangled on first use
    SymbolName(const QString &name, const QString &demangled); // as given
    ~SymbolName();
    SymbolName(const SymbolName &);
    SymbolName(SymbolName &&) noexcept;
    SymbolName &operator=(const SymbolName &);
    SymbolName &operator=(SymbolName &&) noexcept;
    const QString &name() const;
    // llvm::demangle'd, equal to name() when not mangled.
    const QString &demangled() const;

private:
    struct Data;
    QExplicitlySharedDataPointer<Data> d;
};

// ELF binding (STB_*) and visibility (STV_*, st_other & 3) by name: "global", "local",
// "weak", "unique"; "default", "protected", "hidden", "internal".
QString symbolBindingName(unsigned binding);
QString symbolVisibilityName(unsigned other);

// 40 bytes: a library holds hundreds of thousands (librocsparse: 231k), so names are shared
// and binding and visibility kept as their ELF codes.
struct Symbol {
    SymbolName names;
    SymbolName sectionName; // shared like names; empty when undefined
    uint64_t value = 0;
    uint64_t size = 0;
    SymbolKind kind = SymbolKind::Other;
    uint8_t elfBinding = 1;    // STB_GLOBAL
    uint8_t elfVisibility = 0; // STV_DEFAULT
    bool undefined = false;

    const QString &name() const { return names.name(); } // as in the symbol table (mangled)
    const QString &demangled() const { return names.demangled(); }
    QString binding() const { return symbolBindingName(elfBinding); }
    QString visibility() const { return symbolVisibilityName(elfVisibility); }
    const QString &section() const { return sectionName.name(); } // "" when undefined
};

struct KernelArg {
    QString name;
    QString typeName;
    QString valueKind;    // by_value, global_buffer, hidden_global_offset_x, ...
    QString addressSpace; // global, constant, ... ("" for by_value)
    uint64_t size = 0;
    uint64_t offset = 0;
    bool hidden() const { return valueKind.startsWith(QLatin1String("hidden_")); }
};

struct KernelInfo {
    QString name;   // .name
    QString symbol; // .symbol ("<name>.kd") or the NVIDIA entry symbol
    QList<KernelArg> args;
    uint64_t kernargSegmentSize = 0;
    uint64_t kernargSegmentAlign = 0;
    uint64_t groupSegmentFixedSize = 0;   // LDS bytes (NVIDIA: static shared memory)
    uint64_t privateSegmentFixedSize = 0; // scratch bytes
    int wavefrontSize = 0;
    int sgprCount = 0, vgprCount = 0, agprCount = 0;
    int sgprSpillCount = 0, vgprSpillCount = 0;
    int maxFlatWorkgroupSize = 0;
    bool usesDynamicStack = false;
};

// One device code object: an AMDGPU ELF, an NVIDIA cubin or a PTX text.
struct CodeObject {
    QString
        origin; // where it was found: "bundle entry hipv4-amdgcn-...--gfx90a @ .hip_fatbin+0x1000"
    uint64_t fileOffset = 0; // in the inspected file (for compressed bundles: of the bundle)
    uint64_t size = 0;
    bool insideCompressed = false;
    enum class Format { AmdgpuElf, NvidiaCubin, NvidiaPtx } format = Format::AmdgpuElf;
    TargetId target;
    int codeObjectVersion = 0; // AMD: 2..6; 0 when unknown
    uint32_t elfFlags = 0;
    int elfOsAbi = 0, elfAbiVersion = 0;
    QString ptxVersion;     // PTX ".version" / NVIDIA toolkit hint
    QString metadataTarget; // AMD: amdhsa.target from the metadata note (v4+), "" if absent
    QList<KernelInfo> kernels;
    QList<Symbol> symbols;
    // Named symbols in the table: symbols.size() when they were read, the count alone when not
    // (InspectOptions::symbols off: inspect --summary).
    qsizetype symbolCount = 0;
    // Kernels and their arguments when the metadata was only counted (InspectOptions::kernels
    // off: inspect --summary); 0 when `kernels` holds them.
    qsizetype countedKernels = 0, countedKernelArgs = 0;
    QStringList undefinedSymbols;
    QList<Problem> problems;
};
QString codeObjectFormatName(CodeObject::Format f); // "amdgpu-elf", "nvidia-cubin", "nvidia-ptx"

struct BundleEntry {
    QString id;          // "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"
    QString kind;        // "hipv4", "hip", "hcc", "host", "openmp", ...
    QString triple;      // "amdgcn-amd-amdhsa"
    QString targetId;    // "gfx90a:xnack-" (empty for host)
    uint64_t offset = 0; // from the bundle's start
    uint64_t size = 0;
    int codeObjectIndex = -1; // into ArtifactReport::codeObjects, -1 if none
    // What the entry holds: "code-object", "bitcode" (-fgpu-rdc), "empty" (host), "cubin",
    // "ptx", "out-of-range" (offset/size past the end), "unknown".
    QString content;
};

struct Bundle {
    QString origin; // ".hip_fatbin+0x2000", "__CLANG_OFFLOAD_BUNDLE__hip-..." , "file"
    uint64_t fileOffset = 0;
    uint64_t size = 0;       // bytes the bundle occupies in the file
    bool compressed = false; // CCOB
    int ccobVersion = 0;
    QString compression; // "zlib" | "zstd" | ""
    uint64_t uncompressedSize = 0;
    QList<BundleEntry> entries;
};

// Where the dynamic loader finds one DT_NEEDED library (see loader/).
struct LibraryResolution {
    QString name; // "libamdhip64.so.5"
    QString path; // resolved file, "" when not found
    QString via; // "rpath" | "LD_LIBRARY_PATH" | "runpath" | "ld.so.cache" | "default" | "absolute"
    QStringList searched; // every place looked, in order
    QStringList
        otherVersions; // other major versions found: "/usr/lib/x86_64-linux-gnu/libamdhip64.so.5"
    // Symbol versions the inspected file needs from this library (.gnu.version_r:
    // "GLIBC_2.38", "GLIBCXX_3.4.32") and, of those, the ones the resolved file does not define
    // (.gnu.version_d): ld.so refuses to load with "version `GLIBC_2.38' not found".
    QStringList versionsNeeded;
    QStringList versionsMissing;
    bool found() const { return !path.isEmpty(); }

    QJsonObject toJson() const;
};

struct HostInfo {
    QString machine; // "x86-64"
    QString soname;
    QStringList needed;
    QStringList rpath;
    QStringList runpath;
    QString interpreter;
    QList<Symbol> undefinedDynamic; // undefined dynamic symbols, demangled
    QList<LibraryResolution> resolutions;
    // .gnu.version_r: per needed file, the symbol versions required from it, in file order.
    QList<QPair<QString, QStringList>> versionNeeds;
    bool hasHipFatbin = false;       // .hip_fatbin / .hipFatBinSegment present
    bool hasNvFatbin = false;        // .nv_fatbin / .nvFatBinSegment present
    bool hasOffloadSections = false; // -fgpu-rdc __CLANG_OFFLOAD_BUNDLE__* sections
    QList<Symbol> hostFunctions;     // defined FUNC symbols (for "not a kernel" checks)
};

// Everything known about one inspected input. Its JSON has one writer, the inspection
// document's (InspectionWriter, artifacts/inspection_document.h).
struct ArtifactReport {
    QString path;
    ArtifactKind kind = ArtifactKind::Unknown;
    uint64_t fileSize = 0;
    std::optional<HostInfo> host;
    QList<Bundle> bundles;
    QList<CodeObject> codeObjects;
    QList<Problem> problems; // everything that could not be read, with file and offset

    // All kernels with the code object each belongs to.
    int kernelCount() const;
};

} // namespace hd
