#pragma once

// Folders of prebuilt kernels that vendor libraries load at run time, recognised for what they
// are with the architectures they cover, from their file names and a few headers (bounded
// time: no code object is decompressed). Layouts: docs/formats.md "Kernel library folders".
//   - Tensile (rocBLAS `rocblas/<N>/library`, hipBLASLt `hipblaslt/library`): per architecture
//     `TensileLibrary*_gfxNNNN.dat` (msgpack or YAML catalogues), `*_gfxNNNN.co` (code objects,
//     often CCOB), `*_gfxNNNN.hsaco`, `Kernels.so-000-gfxNNNN.hsaco`, and with lazy loading one
//     `TensileLibrary_lazy_gfxNNNN.dat` (rocBLAS) or `TensileLiteLibrary_lazy_Mapping.dat`.
//   - MIOpen's databases (`share/miopen/db`): `gfxNNNN<CUs>.kdb` (precompiled kernels),
//     `.db` / `.db.txt` (performance), `.fdb.txt` (find), `.tn.model` / `.ktn.model` (tuning).

#include "model/problem.h"
#include "targets/target_id.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace hd {

enum class KernelLibraryKind { Tensile, MiopenDatabase };
QString kernelLibraryKindName(KernelLibraryKind k); // "tensile" | "miopen-db"

// What one architecture has in the folder.
struct KernelLibraryArch {
    QString target;              // "gfx90a:xnack+" (file names write "gfx90a-xnack+"), "gfx1030"
    int codeObjectFiles = 0;     // .co / .hsaco
    int catalogFiles = 0;        // Tensile .dat / .yaml
    int databaseFiles = 0;       // MIOpen .kdb / .db / .fdb.txt / models
    bool kernelDatabase = false; // MIOpen: a .kdb (precompiled kernels), not only tuning data
    bool lazyCatalog = false;    // Tensile: TensileLibrary_lazy_<arch>.dat
    uint64_t bytes = 0;
    QJsonObject toJson() const;
};

struct KernelLibrary {
    QString path; // the folder
    KernelLibraryKind kind = KernelLibraryKind::Tensile;
    QString product;       // "rocBLAS", "hipBLASLt", "Tensile", "MIOpen"
    QString catalogFormat; // Tensile: "msgpack" | "yaml" | "" (none read)
    bool lazyLoading = false;
    int files = 0;             // files read in the folder
    int unrecognisedFiles = 0; // files of no known kind (named, not counted as coverage)
    uint64_t bytes = 0;
    QList<KernelLibraryArch> archs; // sorted by target
    QList<Problem> problems;        // content that contradicts a file's name, unreadable files

    QStringList targets() const;
    const KernelLibraryArch *arch(const QString &target) const;
    QJsonObject toJson() const;
};

// The kind of kernel library `dir` is, from its file names alone (a few dozen looked at), or
// nothing. Never true for a Triton cache.
std::optional<KernelLibraryKind> kernelLibraryKind(const QString &dir);

// Reads the folder (not its sub-folders). `maxFiles` bounds the listing; what lies past it is
// reported as a problem. Checks the ELF header of one code object per architecture against
// the name (a few bytes each).
KernelLibrary readKernelLibrary(const QString &dir, int maxFiles = 100000);

// The architecture a kernel-library file name carries ("..._gfx90a-xnack+.hsaco" ->
// "gfx90a:xnack+", "gfx90878.db.txt" -> "gfx908"), or "" when it names none.
QString kernelLibraryFileTarget(const QString &fileName);

} // namespace hd
