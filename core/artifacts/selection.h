#pragma once

// Which code object the HIP runtime (or CUDA driver) would pick for a device, by the rules of
// docs/formats.md "Matching a code object to a device": per fat binary (bundle), only
// hip/hipv4/hcc entries count, an exact match wins over a generic one, the first fit wins.

#include "model/artifact_report.h"
#include "targets/compatibility.h"

#include <QJsonObject>
#include <QList>

namespace hd {

struct SelectionCandidate {
    int bundleIndex = -1;     // into ArtifactReport::bundles, -1 for a bare code object
    int entryIndex = -1;      // into Bundle::entries
    int codeObjectIndex = -1; // into ArtifactReport::codeObjects
    QString entryId;          // bundle entry id, or the code object's target for bare ones
    TargetId target;
    Compatibility compatibility;

    QJsonObject toJson() const;
};

// The outcome for one fat binary (or one bare code object) and one device.
struct CodeObjectSelection {
    TargetId device;
    int bundleIndex = -1; // the bundle decided on; -1 for bare code objects
    QString origin;       // Bundle::origin / CodeObject::origin
    bool selected() const { return chosen >= 0; }
    int chosen = -1;                                                   // index into candidates
    Compatibility::Kind kind = Compatibility::Kind::ProcessorMismatch; // of the choice, or why none
    Text reason;                                                       // a sentence for the user
    QList<SelectionCandidate> candidates; // every entry looked at, in bundle order

    const SelectionCandidate *choice() const { return chosen >= 0 ? &candidates[chosen] : nullptr; }
    QJsonObject toJson() const;
};

// An NVIDIA fatbin whose cubins and PTX define no kernel (the CUDA toolkit's libraries carry
// such stubs): nothing in it is ever launched, so no device needs code from it.
bool isKernelLessNvidiaBundle(const ArtifactReport &report, const Bundle &bundle);

// One selection per bundle that carries device code (host binaries embed one per translation
// unit), or one over the bare code objects of a file that has no bundle. The HIP runtime needs
// every bundle to fit; the CUDA runtime needs a fatbin's code only when one of its kernels is
// launched, so an NVIDIA file with some bundles that fit runs until such a launch
// (docs/findings.md, arch.no-compatible-code-object). Kernel-less NVIDIA fatbins are left out.
QList<CodeObjectSelection> selectCodeObjects(const ArtifactReport &report, const TargetId &device,
                                             const MatchOptions &options = {});
// The first of selectCodeObjects() — the common single-bundle case.
CodeObjectSelection selectCodeObject(const ArtifactReport &report, const TargetId &device,
                                     const MatchOptions &options = {});

// The code object the runtime would pick for a device in a file, read out of it.
struct PickedCodeObject {
    CodeObjectSelection selection; // of the file's first bundle (its reason when none fits)
    CodeObject codeObject;         // the pick; default when none fits
    QByteArray bytes;              // its bytes; empty when none fits or they cannot be read
};
// Reads the file at `path` for its bundles (no symbols, metadata nor loader paths), picks as
// selectCodeObject() does and reads the pick's bytes (readCodeObjectBytes()). Empty bytes,
// with *why, when no code object fits or its bytes cannot be read.
PickedCodeObject pickCodeObject(const QString &path, const TargetId &device, QString *why);

} // namespace hd
