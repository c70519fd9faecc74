#pragma once

// Internals shared by the inspector's readers (not part of the engine's public API).

#include "artifacts/amdgpu_code_object.h"
#include "artifacts/inspector.h"
#include "artifacts/symbols.h"

#include <memory>
#include <vector>

namespace hd::detail {

// A code object whose slot in report.codeObjects is reserved and whose bytes are decoded
// later, on several threads (librocsparse: 777 code objects, 88k kernels).
struct CodeObjectJob {
    int index = -1;
    const char *data = nullptr;
    size_t size = 0;
    CodeObjectSource source;
};

// One inspection in progress: the bytes of the whole file and the report being filled.
struct InspectContext {
    QString file; // display name for Problems
    const char *data = nullptr;
    size_t size = 0;
    const InspectOptions &options;
    ArtifactReport &report;
    DemangleCache demangleCache{};                        // shared by all pools below
    StringPool pool{&demangleCache};                      // for the inspecting thread
    std::vector<std::unique_ptr<StringPool>> workerPools; // one per decoding thread
    QList<CodeObjectJob> pending;
    bool fileMapping = false; // data is a read-only mmap of the file (see releasePages)

    // Decodes the pending code objects into their slots. Must run before the bytes they
    // point into go away (a decompressed CCOB buffer).
    void runPending();
    // Drops the pages of [offset, offset + length) from this process once read (they stay in
    // the page cache): peak RSS then holds one bundle's pages, not the whole file's.
    void releasePages(uint64_t offset, uint64_t length) const;
    bool cancelled() const { return options.cancel && options.cancel->load(); }
    void problem(uint64_t offset, const QString &message, bool fatal = false) {
        report.problems.append(Problem{file, qint64(offset), message, fatal});
    }
};

// Reads a bundle (plain or CCOB) at data[offset], using at most maxSize bytes, and appends it
// and its code objects to the report. Returns the bytes the bundle occupies (0: none read).
uint64_t readBundleAt(InspectContext &ctx, uint64_t offset, uint64_t maxSize,
                      const QString &origin);

// Reads the code object (or other payload) of one bundle entry at data[0..size) and returns
// its index in report.codeObjects, or -1; sets entry.content.
int readEntryPayload(InspectContext &ctx, BundleEntry &entry, const char *data, size_t size,
                     uint64_t fileOffset, const QString &origin, bool insideCompressed);

// Host ELF: dynamic section, symbols, .hip_fatbin through .hipFatBinSegment, -fgpu-rdc
// sections, .nv_fatbin, library resolution.
void readHostElf(InspectContext &ctx);

} // namespace hd::detail
