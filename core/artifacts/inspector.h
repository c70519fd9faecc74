#pragma once

// The artifact inspector's entry points. Inputs are detected by content, never by name.

#include "model/artifact_report.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <atomic>
#include <functional>

namespace hd {

// Where an inspection stands (InspectOptions::progress). Bundles are what a big library is
// made of (librocsparse: 111 bundles, 777 code objects): one is done when its code objects
// are decoded.
struct InspectProgress {
    int bundlesRead = 0;       // bundles found and queued for decoding
    int bundlesDone = 0;       // bundles whose code objects are all decoded
    int bundlesExpected = 0;   // from .hipFatBinSegment; 0 when not known in advance
    int codeObjectsQueued = 0; // AMDGPU code objects found so far
    int codeObjectsDone = 0;   // of those, decoded
    // The report being filled, readable during the call only (on the inspecting thread):
    // its bundles so far, with their entries; code objects are empty until the end.
    const ArtifactReport *partial = nullptr;
};

struct InspectOptions {
    bool symbols = true;  // fill CodeObject::symbols; off: an AMDGPU table is only counted
    bool metadata = true; // decode the AMDGPU metadata note into kernels
    // With metadata: each kernel decoded (name, arguments, resources); off, the kernels and
    // their arguments are only counted (CodeObject::countedKernels: inspect --summary).
    bool kernels = true;
    bool resolveLibraries = true; // loader-path resolution of DT_NEEDED (host ELF)
    QStringList ldLibraryPath;    // stands in for LD_LIBRARY_PATH; empty = the process's own
    const std::atomic_bool *cancel = nullptr; // checked between code objects
    // Called on the inspecting thread after each bundle read and, while the decoding threads
    // work, at least every kProgressIntervalMs; keep it short (copy what is needed, post it).
    std::function<void(const InspectProgress &)> progress;
    static constexpr int kProgressIntervalMs = 100;
    int threads = 0; // code objects decoded in parallel; 0 = hardware threads (at most 4)
    // Bundles and their entries only (scan: which architectures a file covers): no code object
    // inside a bundle is decoded, and a compressed bundle is decompressed only as far as its
    // header, so its entries read "unread". A bare code object still gets its target.
    bool entriesOnly = false;
    // Check each CCOB's MD5 against its header. Off for counts only (inspect --summary): it was
    // half of librocblas 7.2's inspection, and a damaged stream still fails to decompress.
    bool verifyCcobHash = true;
};

// Detects what the bytes are (ELF kinds, bundle, CCOB, fatbin, PTX text, ...).
ArtifactKind detectArtifactKind(const char *data, size_t size);
// Detects by content; a directory gives ArtifactKind::Directory.
ArtifactKind detectArtifactKind(const QString &path);

// Reads one file (mmap'd; never reads what is not needed). Never throws: everything that
// could not be read becomes a Problem naming the file and the offset, and the rest is kept.
ArtifactReport inspectFile(const QString &path, const InspectOptions &options = {});
// Same, for bytes already in memory (tests, fuzzing, code objects extracted elsewhere).
ArtifactReport inspectBytes(const QByteArray &bytes, const QString &displayName,
                            const InspectOptions &options = {});

// The hash of every compressed bundle `report` found in the file at `path`, checked afterwards
// (what InspectOptions::verifyCcobHash does while inspecting), each decompressed as a stream: a
// few MB of memory whatever the bundle's size. One Problem per mismatch; bundles that cannot be
// decompressed are left to the inspection's own problems. `cancel` stops between bundles.
QList<Problem> checkCcobHashes(const QString &path, const ArtifactReport &report,
                               const std::atomic_bool *cancel = nullptr);

// The bytes of one code object of the file at `path`, where its inspection found it
// (CodeObject::fileOffset and size). Empty, with *why, when it lies inside a compressed bundle
// (its bytes exist only decompressed) or the file cannot be read there.
QByteArray readCodeObjectBytes(const CodeObject &co, const QString &path, QString *why = nullptr);

} // namespace hd
