#pragma once

// The artifact inspector's entry points. Inputs are detected by content, never by name.

#include "model/artifact_report.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <atomic>

namespace hd {

struct InspectOptions {
    bool symbols = true;          // fill CodeObject::symbols
    bool metadata = true;         // decode the AMDGPU metadata note into kernels
    bool resolveLibraries = true; // loader-path resolution of DT_NEEDED (host ELF)
    QStringList ldLibraryPath;    // stands in for LD_LIBRARY_PATH; empty = the process's own
    const std::atomic_bool *cancel = nullptr; // checked between code objects
    int threads = 0; // code objects decoded in parallel; 0 = hardware threads (at most 4)
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

} // namespace hd
