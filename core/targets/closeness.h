#pragma once

// How near a code object's target is to a device, in one order used by every front end
// ("closest" in inspect, diagnose, scan, the app and reports): the same processor with other
// features first, then a generic target that covers the device, then the same ISA family
// (gfx1031 -> gfx1030), then the same generation, then the rest. docs/formats.md "Matching a
// code object to a device".

#include "targets/target_id.h"

#include <QList>
#include <QString>

namespace hd {

enum class TargetRelation {
    Same,            // processor and features fit as written
    FeatureMismatch, // same processor, other xnack / sramecc (gfx90a:xnack+ vs gfx90a:xnack-)
    GenericCovers,   // a generic target (gfx10-3-generic) that lists the device's processor
    SameIsa,         // another processor sharing one instruction set (gfx1030 for gfx1031)
    SameFamily,      // another processor under the same generic target (gfx900 for gfx906)
    SameGeneration,  // same major version, another family (gfx1010 for gfx1031)
    Unrelated,       // another generation or vendor
};
QString targetRelationName(TargetRelation r); // "same", "feature-mismatch", "same-isa", ...

// The family a processor belongs to: the generic target that covers it ("gfx10-3-generic"),
// the generic target itself, or the processor's own name where there is none (gfx908, gfx90a).
QString isaFamily(const QString &processor);
// True when two processors run one instruction set: RDNA2 (gfx1030-gfx1036) and RDNA3
// discrete/APU (gfx1100-gfx1103). Other families differ between members (gfx900/906/908/90a,
// gfx1150/1151, gfx1200/1201), so their code is not interchangeable.
bool sharesIsa(const QString &a, const QString &b);
// The processor whose build a same-ISA family runs ("gfx1030" for gfx1031; "" for gfx1030
// itself and outside those families) and its HSA_OVERRIDE_GFX_VERSION ("10.3.0").
QString isaBaseProcessor(const QString &processor);

TargetRelation relateTargets(const TargetId &code, const TargetId &device);

// Index into `candidates` of the one closest to `device` (relation first, then the nearest
// minor/stepping, the lower one on a tie), or -1 when the list is empty.
int closestTarget(const TargetId &device, const QList<TargetId> &candidates);

// "10.3.0" for gfx1030, "9.0.10" for gfx90a: the value HSA_OVERRIDE_GFX_VERSION takes to make
// the runtime report that processor. Empty for generic targets and NVIDIA.
QString hsaGfxVersion(const QString &processor);

// HSA_OVERRIDE_GFX_VERSION value that lets `device` run code built for `code`: only when both
// are plain AMD processors of the same ISA family (and not the same processor); else empty.
QString sameIsaOverride(const TargetId &code, const TargetId &device);

} // namespace hd
