#pragma once

// Libraries the user did not build (rocBLAS, hipBLASLt, MIOpen, PyTorch's libtorch_hip ...):
// when one has no code for the device the fix is the vendor's (a build or release that covers
// the architecture, or for a same-ISA family the override), never "rebuild with
// --offload-arch". Used by the diagnosis and by scan, so both say the same.

#include "common/engine_text.h"
#include "targets/target_id.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace hd {

struct VendorLibrary {
    QString product; // "rocBLAS", "PyTorch"
    Text source;     // how it is shipped: "ROCm", "PyTorch wheel", "Debian package"
    QString gpus;    // "AMD" or "NVIDIA": whose GPUs its code is for; "" for either (PyTorch)
};

// From the file name or SONAME ("librocblas.so.5" -> rocBLAS) and the path (site-packages/torch,
// /opt/rocm); nothing for a library of the user's own.
std::optional<VendorLibrary> vendorLibraryFor(const QString &path, const QString &soname = {});
// A kernel folder's product name ("rocBLAS", "hipBLASLt", "MIOpen") as a VendorLibrary (AMD's).
VendorLibrary vendorLibraryNamed(const QString &product, const QString &path);

// The override that lets `device` run what the library ships (same ISA family only, one of
// `present`'s processors), with the processor it stands for; nothing otherwise.
struct IsaOverride {
    QString variable = QStringLiteral("HSA_OVERRIDE_GFX_VERSION");
    QString value;     // "10.3.0"
    QString processor; // "gfx1030"
};
std::optional<IsaOverride> isaOverrideFor(const TargetId &device, const QStringList &present);

// The flags a build of one's own adds for `device`: "--offload-arch=gfx1030", or for NVIDIA
// "-gencode arch=compute_90,code=sm_90 (...)".
Text offloadArchFix(const TargetId &device);

// The vendor's fix for a library with no code for `device`: a build or release that covers it.
Text vendorBuildFix(const VendorLibrary &lib, const TargetId &device);
// The override as a fix, with its risk.
Text isaOverrideFix(const IsaOverride &o, const TargetId &device);
// The override of `device`'s family when nothing is known of what a build holds (a paste): the
// family's base processor, whose builds the device runs with HSA_OVERRIDE_GFX_VERSION.
std::optional<IsaOverride> familyOverrideFor(const TargetId &device);
// That no override helps `device` (no other target runs its instruction set; NVIDIA has none):
// only a build that lists it runs.
Text noOverrideFix(const TargetId &device);

} // namespace hd
