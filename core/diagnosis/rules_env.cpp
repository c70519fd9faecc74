// Rules on the environment the program ran with (docs/findings.md, env.* ids).

#include "common/engine_text.h"
#include "rules_p.h"

#include "artifacts/inspector.h"
#include "diagnosis/runtime_env.h"
#include "loader/loader.h"
#include "targets/compatibility.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace hd::detail {

namespace {

// The HIP runtime's libraries whose strings tell which variables it reads: the request's,
// else those next to the libamdhip64 the inputs resolve, else next to the probe's.
QStringList runtimeLibrariesToScan(const Context &c) {
    if (!c.request.runtimeLibraries.isEmpty())
        return c.request.runtimeLibraries;
    QString hip;
    for (const ArtifactReport &r : std::as_const(c.artifacts))
        if (r.host && !resolvedHipRuntime(*r.host).isEmpty())
            hip = resolvedHipRuntime(*r.host);
    if (hip.isEmpty())
        hip = c.request.probeLibrary;
    return runtimeLibrariesFor(hip);
}

// HSA_OVERRIDE_GFX_VERSION (and the per-device _<n> form).
void hsaOverrideRule(Context &c) {
    for (const auto &[name, value] : c.request.env) {
        if (name != QLatin1String("HSA_OVERRIDE_GFX_VERSION") &&
            !name.startsWith(QLatin1String("HSA_OVERRIDE_GFX_VERSION_")))
            continue;
        const QString gfx = overrideProcessor(value);
        QStringList realDevices;
        for (const QString &p : std::as_const(c.realProcessors))
            if (p != gfx && !realDevices.contains(p))
                realDevices.append(p);
        Finding f = makeFinding(
            QStringLiteral("env.hsa-override"),
            gfx.isEmpty() ? HD_TEXT("hd::Diagnosis", "%1=%2 is set (not a valid N.N.N version)")
                                .arg(name, value)
                          : HD_TEXT("hd::Diagnosis", "%1=%2: the GPU reports itself as %3")
                                .arg(name, value, gfx),
            gfx.isEmpty() ? HD_TEXT("hd::Diagnosis",
                                    "The runtime expects major.minor.stepping (e.g. 10.3.0); "
                                    "this value is ignored or rejected.")
                          : HD_TEXT("hd::Diagnosis",
                                    "The runtime matches code objects against %1 instead of the "
                                    "real processor%2: code built for the real GPU is not found "
                                    "(hipErrorNoBinaryForGpu), and %1 code runs on a GPU it was "
                                    "not built for.")
                                .arg(gfx, realDevices.isEmpty()
                                              ? QString()
                                              : QStringLiteral(" (%1)").arg(
                                                    realDevices.join(QStringLiteral(", ")))));
        f.evidence.append({QStringLiteral("env"), name, value});
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Unset %1 unless you knowingly run %2 code on this GPU; "
                         "build for the real processor instead (--offload-arch=%3).")
                     .arg(name, gfx.isEmpty() ? QStringLiteral("other-target") : gfx,
                          realDevices.isEmpty() ? HD_TEXT("hd::Diagnosis", "<the real gfx>")
                                                : realDevices.first());
        c.add(f);
    }
}

// Why a *_VISIBLE_DEVICES value leaves no GPU; "" when it leaves one (or may: UUIDs).
QString hiddenWhy(const QString &value, int knownDeviceCount) {
    if (value.trimmed().isEmpty())
        return HD_TEXT("hd::Diagnosis", "it is empty").english();
    // The runtime reads entries up to the first invalid one; the first valid one is enough.
    const QString first = value.split(QLatin1Char(','), Qt::KeepEmptyParts).first().trimmed();
    bool ok = false;
    const int idx = first.toInt(&ok);
    if (ok && idx >= 0 && (knownDeviceCount < 0 || idx < knownDeviceCount))
        return {};
    if (!ok && first.startsWith(QLatin1String("GPU-")) && first.size() > 4)
        return {}; // a UUID: cannot be checked here
    return (knownDeviceCount >= 0
                ? HD_TEXT("hd::Diagnosis", "its first entry is not a valid index of the "
                                           "%1 GPU(s) present (0..%2)")
                      .arg(knownDeviceCount)
                      .arg(knownDeviceCount - 1)
                : HD_TEXT("hd::Diagnosis", "its first entry is not a valid device index"))
        .english();
}

// Visibility variables that leave no GPU.
void visibleDevicesRule(Context &c) {
    const bool counted =
        c.devicesFrom == QLatin1String("rocminfo") || c.devicesFrom == QLatin1String("probe");
    const int knownDeviceCount = counted ? int(c.devices.size()) : -1;
    for (const auto &[name, value] : c.request.env) {
        if (name != QLatin1String("HIP_VISIBLE_DEVICES") &&
            name != QLatin1String("ROCR_VISIBLE_DEVICES") &&
            name != QLatin1String("CUDA_VISIBLE_DEVICES") &&
            name != QLatin1String("GPU_DEVICE_ORDINAL"))
            continue;
        const QString why = hiddenWhy(value, knownDeviceCount);
        if (why.isEmpty())
            continue;
        Finding f =
            makeFinding(QStringLiteral("env.visible-devices-empty"),
                        HD_TEXT("hd::Diagnosis", "%1=\"%2\" hides every GPU").arg(name, value),
                        HD_TEXT("hd::Diagnosis", "%1 (%2), so the runtime reports no device "
                                                 "(hipErrorNoDevice) whatever is installed.")
                            .arg(why, name));
        f.evidence.append({QStringLiteral("env"), name, value});
        f.fix << HD_TEXT("hd::Diagnosis", "Unset %1, or set it to the indices of the GPUs to use "
                                          "(e.g. %1=0).")
                     .arg(name);
        c.add(f);
    }
}

// Compiler-driver variables set for the run.
void compilerVariablesRule(Context &c) {
    for (const auto &[name, value] : c.request.env) {
        if (variableOwner(name) != VariableOwner::Compiler)
            continue;
        Finding f = makeFinding(
            QStringLiteral("env.variable-ignored"),
            SeverityChange(Severity::Info,
                           HD_TEXT("hd::Diagnosis", "a build-time variable: set for the run it "
                                                    "does no harm")),
            HD_TEXT("hd::Diagnosis",
                    "%1 is read by the compiler driver, not by the running program")
                .arg(name),
            HD_TEXT("hd::Diagnosis", "%1 changes what hipcc does at build time; setting it for the "
                                     "program's run has no effect.")
                .arg(name));
        f.evidence.append({QStringLiteral("env"), name, value});
        f.fix << HD_TEXT("hd::Diagnosis", "Set it for the build command instead.");
        c.add(f);
    }
}

// Runtime variables whose name the installed runtime's libraries do not hold.
void unreadVariablesRule(Context &c) {
    std::optional<QStringList> libs; // looked up once, only when a runtime variable is set
    for (const auto &[name, value] : c.request.env) {
        const VariableOwner owner = variableOwner(name);
        if (owner != VariableOwner::HipRuntime && owner != VariableOwner::HsaRuntime &&
            owner != VariableOwner::Comgr)
            continue;
        if (!libs)
            libs = runtimeLibrariesToScan(c);
        const QStringList scan = librariesForOwner(owner, *libs);
        if (scan.isEmpty())
            continue;
        const VariableReadCheck chk = runtimeReadsVariable(name, scan);
        if (chk.status != VariableReadCheck::Status::NotRead)
            continue;
        QStringList names;
        for (const QString &l : chk.scanned)
            names.append(fileName(l));
        Finding f = makeFinding(
            QStringLiteral("env.variable-ignored"),
            HD_TEXT("hd::Diagnosis", "%1 is not read by the installed runtime").arg(name),
            HD_TEXT("hd::Diagnosis",
                    "None of the runtime's libraries (%1) holds the name %2, so nothing "
                    "reads it: setting it changes nothing on this install.")
                .arg(names.join(QStringLiteral(", ")), name));
        f.evidence.append({QStringLiteral("env"), name, value});
        for (const QString &l : chk.scanned)
            f.evidence.append(
                {l, QStringLiteral("strings"), QStringLiteral("no \"%1\"").arg(name)});
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Drop %1; for module load details use AMD_LOG_LEVEL=4 (and "
                         "AMD_LOG_MASK), which this runtime reads.")
                     .arg(name);
        c.add(f);
    }
}

// The probe ran and saw nothing. Where the GPU asked about is another machine's (a typed or
// pasted target) or nothing was asked yet (the app's first start), that is this machine being
// a workstation, said as information with the ways forward; otherwise the GPU is missing.
void probeNoDeviceRule(Context &c) {
    if (!c.request.probeRan || !c.request.probeDevices.isEmpty())
        return;
    const bool elsewhere =
        c.devicesFrom == QLatin1String("target") || c.devicesFrom == QLatin1String("text");
    const bool nothingAsked = c.request.inputs.isEmpty() && c.request.texts.isEmpty() &&
                              c.request.kernels.isEmpty() && c.request.inspected.isEmpty();
    const Text detail =
        HD_TEXT("hd::Diagnosis", "hipdoctor-probe loaded %1 and it reported no device.")
            .arg(c.request.probeLibrary.isEmpty() ? HD_TEXT("hd::Diagnosis", "the HIP runtime")
                                                  : c.request.probeLibrary);
    const Text driverFix =
        HD_TEXT("hd::Diagnosis", "Check the amdgpu driver, /dev/kfd and /dev/dri permissions "
                                 "(render/video groups) and the *_VISIBLE_DEVICES variables.");
    if (elsewhere || nothingAsked) {
        Finding f = makeFinding(
            QStringLiteral("runtime.no-device"),
            SeverityChange(Severity::Info,
                           elsewhere ? HD_TEXT("hd::Diagnosis",
                                               "the GPU asked about is another machine's")
                                     : HD_TEXT("hd::Diagnosis",
                                               "nothing was asked of this machine's GPU yet")),
            HD_TEXT("hd::Diagnosis", "No GPU on this machine"), detail);
        f.evidence.append(
            {QStringLiteral("probe"), HD_TEXT("hd::Diagnosis", "devices"), QStringLiteral("0")});
        f.fix << HD_TEXT("hd::Diagnosis",
                         "If the GPU is on another machine: type its target to check the files "
                         "against it, connect to that machine, or run the steps there.")
              << HD_TEXT("hd::Diagnosis", "If this is the GPU machine: %1").arg(driverFix);
        c.add(f);
        return;
    }
    Finding f = makeFinding(QStringLiteral("runtime.no-device"),
                            HD_TEXT("hd::Diagnosis", "The runtime loads but sees no GPU"), detail);
    f.evidence.append(
        {QStringLiteral("probe"), HD_TEXT("hd::Diagnosis", "devices"), QStringLiteral("0")});
    f.fix << driverFix;
    c.add(f);
}

// ROCR_VISIBLE_DEVICES filters first; HIP_VISIBLE_DEVICES then indexes the filtered list. The
// same index in both hides the GPU whenever the first filter left fewer devices.
void visibleDevicesStackedRule(Context &c) {
    QString rocr, hip;
    for (const auto &[name, value] : c.request.env) {
        if (name == QLatin1String("ROCR_VISIBLE_DEVICES"))
            rocr = value;
        else if (name == QLatin1String("HIP_VISIBLE_DEVICES") ||
                 name == QLatin1String("CUDA_VISIBLE_DEVICES"))
            hip = value;
    }
    if (rocr.isEmpty() || hip.isEmpty())
        return;
    const qsizetype left = rocr.split(QLatin1Char(','), Qt::SkipEmptyParts).size();
    bool ok = false;
    const int first = hip.section(QLatin1Char(','), 0, 0).trimmed().toInt(&ok);
    if (!ok || first < left)
        return;
    Finding f = makeFinding(
        QStringLiteral("env.visible-devices-empty"),
        HD_TEXT("hd::Diagnosis",
                "HIP_VISIBLE_DEVICES=%1 indexes past the %2 GPU(s) ROCR_VISIBLE_DEVICES=%3 "
                "leaves")
            .arg(hip)
            .arg(left)
            .arg(rocr),
        HD_TEXT("hd::Diagnosis",
                "ROCR_VISIBLE_DEVICES selects GPUs first and renumbers them from 0; "
                "HIP_VISIBLE_DEVICES then picks from that shorter list, so index %1 "
                "names no GPU and the runtime sees none.")
            .arg(first));
    f.evidence.append({QStringLiteral("env"), QStringLiteral("ROCR_VISIBLE_DEVICES"), rocr});
    f.evidence.append({QStringLiteral("env"), QStringLiteral("HIP_VISIBLE_DEVICES"), hip});
    f.fix << HD_TEXT("hd::Diagnosis",
                     "Set only one of them (ROCR_VISIBLE_DEVICES=%1), or index the "
                     "filtered list from 0 (HIP_VISIBLE_DEVICES=0).")
                 .arg(rocr);
    c.add(f);
}

} // namespace

const QList<Rule> &envRuleList() {
    static const QList<Rule> rules{
        {"env/hsa-override",
         RuleScope::Env,
         {QStringLiteral("env.hsa-override")},
         [](Context &c, const RuleInput &) { hsaOverrideRule(c); }},
        {"env/visible-devices",
         RuleScope::Env,
         {QStringLiteral("env.visible-devices-empty")},
         [](Context &c, const RuleInput &) { visibleDevicesRule(c); }},
        {"env/visible-devices-stacked",
         RuleScope::Env,
         {QStringLiteral("env.visible-devices-empty")},
         [](Context &c, const RuleInput &) { visibleDevicesStackedRule(c); }},
        {"env/compiler-variables",
         RuleScope::Env,
         {QStringLiteral("env.variable-ignored")},
         [](Context &c, const RuleInput &) { compilerVariablesRule(c); }},
        {"env/ignored-variables",
         RuleScope::Env,
         {QStringLiteral("env.variable-ignored")},
         [](Context &c, const RuleInput &) { unreadVariablesRule(c); }},
        {"env/probe-no-device",
         RuleScope::Env,
         {QStringLiteral("runtime.no-device")},
         [](Context &c, const RuleInput &) { probeNoDeviceRule(c); }},
    };
    return rules;
}

} // namespace hd::detail
