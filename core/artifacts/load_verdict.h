#pragma once

// "Does this file load on this GPU?" — answered in one place (docs/architecture.md, "The load
// verdict"). Every rule of what the loaders do lives here: the dynamic loader's (a needed
// library it finds nowhere, GLIBC_*/GLIBCXX_* versions newer than the system's), the code-object
// loader's (per fat binary the hip/hipv4 entry chosen, exact over generic, generic only where the
// runtime knows it, xnack/sramecc, compressed bundles on runtimes that cannot read them, NVIDIA
// SASS within its major version, PTX by JIT, fatbins needed only when one of their kernels is
// launched). inspect --target, scan and its JSON, the direction-3 rules, the compatibility
// matrix, the Coverage panel and the name box all read it; none decides on its own.

#include "artifacts/selection.h"
#include "artifacts/vendor_library.h"
#include "common/engine_text.h"
#include "model/artifact_report.h"
#include "targets/compatibility.h"
#include "targets/target_id.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace hd {

// What the runtime that loads the file can read. An unknown version is read as a current
// runtime (generic targets and compressed bundles are read): the verdict then says what the
// file needs, and the rules say that the version was not known.
struct LoadRuntime {
    int major = -1, minor = 0; // ROCm version of libamdhip64; -1: not known
    bool known() const { return major >= 0; }
    bool atLeast(int ma, int mi) const { return major > ma || (major == ma && minor >= mi); }
    // Generic code objects (v6) need ROCm 6.3; compressed offload bundles ROCm 6.2.
    bool knowsGenericTargets() const { return !known() || atLeast(6, 3); }
    bool readsCompressedBundles() const { return !known() || atLeast(6, 2); }
    QString text() const { return QStringLiteral("%1.%2").arg(major).arg(minor); }
    static LoadRuntime rocm(int major, int minor) { return {major, minor}; }
    // "6.4", "7.2.53211": the first two numbers; anything else is not known.
    static LoadRuntime fromVersion(const QString &version);
    friend bool operator==(const LoadRuntime &, const LoadRuntime &) = default;
};

enum class LoadStatus {
    Loads,        // every fat binary has a code object that fits exactly or through a generic one
    LoadsByJit,   // NVIDIA: some code needs the driver's JIT from PTX
    LoadsPartly,  // NVIDIA: some fatbins fit; a launch of another fatbin's kernel fails (209)
    Refused,      // see refusedBy
    NoDeviceCode, // a host file without device code: nothing to fit
};

enum class RefusedBy {
    Nobody,
    DynamicLoader,    // ld.so, before any GPU call
    CodeObjectLoader, // the HIP runtime / CUDA driver: no code object (hipErrorNoBinaryForGpu, 209)
};

QString loadStatusName(LoadStatus s); // "loads", "loads-by-jit", "loads-partly", "refused", ...
QString refusedByName(RefusedBy r);   // "", "dynamic-loader", "code-object-loader"

struct LoadVerdict {
    TargetId device;
    LoadStatus status = LoadStatus::NoDeviceCode;
    RefusedBy refusedBy = RefusedBy::Nobody;
    // How the deciding code object fits, or why none does (for a refusal by the code-object
    // loader: the kind of the first fat binary without a fit).
    Compatibility::Kind kind = Compatibility::Kind::ProcessorMismatch;
    // The code-object loader's answer, were the dynamic loader to load the file (status when
    // it does): a library the loader refuses here may still lack code for the device.
    LoadStatus codeStatus = LoadStatus::NoDeviceCode;
    QList<CodeObjectSelection> selections; // one per fat binary (selectCodeObjects)
    int failing = 0;                       // selections without a fit
    bool compressedUnreadable = false;     // a compressed bundle on a runtime that cannot read it
    QStringList librariesNotFound;         // DT_NEEDED names the loader finds nowhere
    QStringList versionsMissing;           // "libc.so.6: GLIBC_2.38, GLIBC_2.39"
    QStringList targets;                   // the device targets the file holds, sorted
    QString closest;                       // the nearest of them in the device's family, or ""
    std::optional<VendorLibrary> vendor;   // a library the user did not build
    Text reason;                           // one sentence: why it loads or who refuses it
    TextList fixes;                        // what to do, first the best

    bool loads() const {
        return status == LoadStatus::Loads || status == LoadStatus::LoadsByJit ||
               status == LoadStatus::LoadsPartly;
    }
    bool viaGeneric() const; // loads, and some fat binary only through a generic code object
    bool codeFits() const {
        return codeStatus != LoadStatus::Refused && codeStatus != LoadStatus::NoDeviceCode;
    }
    QString statusName() const { return loadStatusName(status); }
    // {device, status, refused_by, kind, reason, fixes, closest, ...} (docs/schema-inspection.md)
    QJsonObject toJson() const;
};

// The verdict for one file (inspected with its bundle entries at least) on one device.
LoadVerdict loadVerdict(const ArtifactReport &report, const TargetId &device,
                        const LoadRuntime &runtime = {});

// The device targets a report holds (bundle entries, else bare code objects), sorted, each once.
QStringList deviceTargetsOf(const ArtifactReport &report);

// The nearest of `targets` to `device` within its family (targets/closeness.h), or "".
QString closestRelative(const TargetId &device, const QStringList &targets);

// What to do when a file has no code for `device`: a vendor's build (and the ISA override where
// it is the known workaround, with its risk), or a rebuild with the device's target. One set of
// sentences for the rules, scan and the paste path.
TextList missingCodeFixes(const TargetId &device, const QStringList &present,
                          const std::optional<VendorLibrary> &vendor);

} // namespace hd
