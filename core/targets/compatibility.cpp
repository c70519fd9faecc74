#include "targets/compatibility.h"
#include "common/engine_text.h"

#include "targets/processors.h"

namespace hd {

QString compatibilityKindName(Compatibility::Kind k) {
    switch (k) {
    case Compatibility::Kind::Exact:
        return QStringLiteral("exact");
    case Compatibility::Kind::ViaGeneric:
        return QStringLiteral("via-generic");
    case Compatibility::Kind::ViaPtxJit:
        return QStringLiteral("via-ptx-jit");
    case Compatibility::Kind::ProcessorMismatch:
        return QStringLiteral("processor-mismatch");
    case Compatibility::Kind::FeatureMismatch:
        return QStringLiteral("feature-mismatch");
    case Compatibility::Kind::GenericNeedsNewerRuntime:
        return QStringLiteral("generic-needs-newer-runtime");
    }
    return {};
}

namespace {

using Kind = Compatibility::Kind;

// One feature by the runtime's rule: a code object that pins the feature needs the device to
// have the same setting; one that leaves it open ("any") runs either way.
bool featureFits(const char *name, FeatureSetting code, FeatureSetting device, Text *why,
                 Text *note) {
    if (code != FeatureSetting::On && code != FeatureSetting::Off)
        return true;
    if (device == FeatureSetting::Any) {
        *note += HD_TEXT("hd::Diagnosis",
                         " The device's %1 setting is not known; the code object needs %1%2.")
                     .arg(QLatin1String(name),
                          code == FeatureSetting::On ? QStringLiteral("+") : QStringLiteral("-"));
        return true;
    }
    if (device == code)
        return true;
    *why =
        HD_TEXT("hd::Diagnosis", "the code object is built with %1%2 but the device runs with %1%3")
            .arg(QLatin1String(name),
                 code == FeatureSetting::On ? QStringLiteral("+") : QStringLiteral("-"),
                 device == FeatureSetting::On    ? QStringLiteral("+")
                 : device == FeatureSetting::Off ? QStringLiteral("-")
                                                 : QStringLiteral(" unsupported"));
    return false;
}

Compatibility checkNvidia(const TargetId &code, const TargetId &device, const MatchOptions &opt) {
    const int c = code.smVersion(), d = device.smVersion();
    if (opt.isPtx) {
        if (d >= c)
            return {Kind::ViaPtxJit,
                    HD_TEXT("hd::Diagnosis", "PTX for %1 is JIT-compiled by the driver for %2")
                        .arg(code.processor, device.processor)};
        return {Kind::ProcessorMismatch,
                HD_TEXT("hd::Diagnosis", "PTX for %1 needs a GPU of compute capability "
                                         "%2 or newer; the device is %3")
                    .arg(code.processor)
                    .arg(c / 10.0, 0, 'f', 1)
                    .arg(device.processor)};
    }
    if (code.isArchSpecificSm()) {
        if (c == d)
            return {Kind::Exact,
                    HD_TEXT("hd::Diagnosis", "%1 cubin runs only on %2 devices, and this is one")
                        .arg(code.processor)
                        .arg(c)};
        return {
            Kind::ProcessorMismatch,
            HD_TEXT("hd::Diagnosis",
                    "%1 is an architecture-specific cubin and runs only on sm_%2; the device is %3")
                .arg(code.processor)
                .arg(c)
                .arg(device.processor)};
    }
    if (c / 10 == d / 10 && d >= c)
        return {Kind::Exact, HD_TEXT("hd::Diagnosis", "a %1 cubin runs on %2 (same major version)")
                                 .arg(code.processor, device.processor)};
    return {Kind::ProcessorMismatch,
            HD_TEXT("hd::Diagnosis",
                    "a %1 cubin does not run on %2: cubins run only within their SM major "
                    "version (no PTX for JIT compilation)")
                .arg(code.processor, device.processor)};
}

} // namespace

Compatibility checkCompatibility(const TargetId &code, const TargetId &device,
                                 const MatchOptions &opt) {
    if (code.isNvidia() != device.isNvidia())
        return {Kind::ProcessorMismatch,
                HD_TEXT("hd::Diagnosis", "%1 code does not run on %2 (%3 device)")
                    .arg(code.isNvidia() ? QStringLiteral("NVIDIA") : QStringLiteral("AMD"),
                         device.toString(),
                         device.isNvidia() ? HD_TEXT("hd::Diagnosis", "an NVIDIA")
                                           : HD_TEXT("hd::Diagnosis", "an AMD"))};
    if (code.isNvidia())
        return checkNvidia(code, device, opt);

    Kind matchKind = Kind::Exact;
    if (code.processor != device.processor) {
        const ProcessorInfo *dev = processorByName(device.processor);
        const bool covered = code.isGeneric() && dev && dev->generic &&
                             code.processor == QLatin1String(dev->generic);
        if (!covered)
            return {Kind::ProcessorMismatch,
                    HD_TEXT("hd::Diagnosis", "the code object is for %1, the device is %2")
                        .arg(code.processor, device.processor)};
        if (!opt.runtimeKnowsGeneric)
            return {Kind::GenericNeedsNewerRuntime,
                    HD_TEXT("hd::Diagnosis",
                            "%1 covers %2, but generic code objects (v6) need a runtime that "
                            "knows them (ROCm 6.3 or newer)")
                        .arg(code.processor, device.processor)};
        matchKind = Kind::ViaGeneric;
    }
    Text why, note;
    if (!featureFits("sramecc", code.sramecc, device.sramecc, &why, &note) ||
        !featureFits("xnack", code.xnack, device.xnack, &why, &note))
        return {
            Kind::FeatureMismatch,
            HD_TEXT("hd::Diagnosis", "processor %1 matches, but %2").arg(device.processor, why)};
    const Text base =
        matchKind == Kind::ViaGeneric
            ? HD_TEXT("hd::Diagnosis", "%1 covers %2").arg(code.processor, device.processor)
            : HD_TEXT("hd::Diagnosis", "%1 matches %2").arg(code.toString(), device.toString());
    return {matchKind, base + note};
}

} // namespace hd
