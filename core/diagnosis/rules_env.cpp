// Rules on the environment the program ran with (docs/findings.md, env.* ids).

#include "diagnosis/rules_p.h"

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

void envRules(Context &c) {
    const QList<QPair<QString, QString>> &env = c.request.env;
    QStringList libs = c.request.runtimeLibraries;
    bool libsLookedUp = false;
    auto runtimeLibs = [&]() -> const QStringList & {
        if (libs.isEmpty() && !libsLookedUp) {
            libsLookedUp = true;
            QString hip;
            for (const ArtifactReport &r : std::as_const(c.artifacts))
                if (r.host)
                    for (const LibraryResolution &res : r.host->resolutions)
                        if (res.name.startsWith(QLatin1String("libamdhip64")) && res.found())
                            hip = res.path;
            if (hip.isEmpty())
                hip = c.request.probeLibrary;
            libs = runtimeLibrariesFor(hip);
        }
        return libs;
    };
    int knownDeviceCount = -1;
    if (c.devicesFrom == QLatin1String("rocminfo") || c.devicesFrom == QLatin1String("probe"))
        knownDeviceCount = int(c.devices.size());

    for (const auto &[name, value] : env) {
        // HSA_OVERRIDE_GFX_VERSION (and the per-device _<n> form).
        if (name == QLatin1String("HSA_OVERRIDE_GFX_VERSION") ||
            name.startsWith(QLatin1String("HSA_OVERRIDE_GFX_VERSION_"))) {
            const QString gfx = overrideProcessor(value);
            QStringList realDevices;
            for (const QString &p : std::as_const(c.realProcessors))
                if (p != gfx && !realDevices.contains(p))
                    realDevices.append(p);
            Finding f = makeFinding(
                QStringLiteral("env.hsa-override"), Severity::Warning,
                gfx.isEmpty()
                    ? QStringLiteral("%1=%2 is set (not a valid N.N.N version)").arg(name, value)
                    : QStringLiteral("%1=%2: the GPU reports itself as %3").arg(name, value, gfx),
                gfx.isEmpty()
                    ? QStringLiteral("The runtime expects major.minor.stepping (e.g. 10.3.0); "
                                     "this value is ignored or rejected.")
                    : QStringLiteral("The runtime matches code objects against %1 instead of the "
                                     "real processor%2: code built for the real GPU is not found "
                                     "(hipErrorNoBinaryForGpu), and %1 code runs on a GPU it was "
                                     "not built for.")
                          .arg(gfx, realDevices.isEmpty()
                                        ? QString()
                                        : QStringLiteral(" (%1)").arg(
                                              realDevices.join(QStringLiteral(", ")))));
            f.evidence.append({QStringLiteral("env"), name, value});
            f.fix << QStringLiteral("Unset %1 unless you knowingly run %2 code on this GPU; "
                                    "build for the real processor instead (--offload-arch=%3).")
                         .arg(name, gfx.isEmpty() ? QStringLiteral("other-target") : gfx,
                              realDevices.isEmpty() ? QStringLiteral("<the real gfx>")
                                                    : realDevices.first());
            c.add(f);
        }

        // Visibility variables that leave no GPU.
        if (name == QLatin1String("HIP_VISIBLE_DEVICES") ||
            name == QLatin1String("ROCR_VISIBLE_DEVICES") ||
            name == QLatin1String("CUDA_VISIBLE_DEVICES") ||
            name == QLatin1String("GPU_DEVICE_ORDINAL")) {
            const QStringList items = value.split(QLatin1Char(','), Qt::KeepEmptyParts);
            bool anyVisible = false;
            QString why;
            if (value.trimmed().isEmpty()) {
                why = QStringLiteral("it is empty");
            } else {
                for (const QString &raw : items) {
                    const QString it = raw.trimmed();
                    bool ok = false;
                    const int idx = it.toInt(&ok);
                    if (ok) {
                        if (idx < 0)
                            break; // the runtime stops at the first invalid index
                        if (knownDeviceCount < 0 || idx < knownDeviceCount)
                            anyVisible = true;
                        else
                            break;
                    } else if (it.startsWith(QLatin1String("GPU-")) && it.size() > 4) {
                        anyVisible = true; // a UUID: cannot be checked here
                    } else {
                        break;
                    }
                    if (anyVisible)
                        break;
                }
                if (!anyVisible)
                    why = knownDeviceCount >= 0
                              ? QStringLiteral("its first entry is not a valid index of the %1 "
                                               "GPU(s) present (0..%2)")
                                    .arg(knownDeviceCount)
                                    .arg(knownDeviceCount - 1)
                              : QStringLiteral("its first entry is not a valid device index");
            }
            if (!anyVisible) {
                Finding f =
                    makeFinding(QStringLiteral("env.visible-devices-empty"), Severity::Error,
                                QStringLiteral("%1=\"%2\" hides every GPU").arg(name, value),
                                QStringLiteral("%1 (%2), so the runtime reports no device "
                                               "(hipErrorNoDevice) whatever is installed.")
                                    .arg(why, name));
                f.evidence.append({QStringLiteral("env"), name, value});
                f.fix << QStringLiteral("Unset %1, or set it to the indices of the GPUs to use "
                                        "(e.g. %1=0).")
                             .arg(name);
                c.add(f);
            }
        }

        // Does the installed runtime read the variable at all?
        const VariableOwner owner = variableOwner(name);
        if (owner == VariableOwner::Compiler) {
            Finding f = makeFinding(
                QStringLiteral("env.variable-ignored"), Severity::Info,
                QStringLiteral("%1 is read by the compiler driver, not by the running program")
                    .arg(name),
                QStringLiteral("%1 changes what hipcc does at build time; setting it for the "
                               "program's run has no effect.")
                    .arg(name));
            f.evidence.append({QStringLiteral("env"), name, value});
            f.fix << QStringLiteral("Set it for the build command instead.");
            c.add(f);
            continue;
        }
        if (owner != VariableOwner::HipRuntime && owner != VariableOwner::HsaRuntime &&
            owner != VariableOwner::Comgr)
            continue;
        const QStringList scan = librariesForOwner(owner, runtimeLibs());
        if (scan.isEmpty())
            continue;
        const VariableReadCheck chk = runtimeReadsVariable(name, scan);
        if (chk.status != VariableReadCheck::Status::NotRead)
            continue;
        QStringList names;
        for (const QString &l : chk.scanned)
            names.append(fileName(l));
        Finding f = makeFinding(
            QStringLiteral("env.variable-ignored"), Severity::Warning,
            QStringLiteral("%1 is not read by the installed runtime").arg(name),
            QStringLiteral("None of the runtime's libraries (%1) holds the name %2, so nothing "
                           "reads it: setting it changes nothing on this install.")
                .arg(names.join(QStringLiteral(", ")), name));
        f.evidence.append({QStringLiteral("env"), name, value});
        for (const QString &l : chk.scanned)
            f.evidence.append(
                {l, QStringLiteral("strings"), QStringLiteral("no \"%1\"").arg(name)});
        f.fix << QStringLiteral("Drop %1; for module load details use AMD_LOG_LEVEL=4 (and "
                                "AMD_LOG_MASK), which this runtime reads.")
                     .arg(name);
        c.add(f);
    }

    // The probe ran and saw nothing.
    if (c.request.probeRan && c.request.probeDevices.isEmpty()) {
        Finding f = makeFinding(QStringLiteral("runtime.no-device"), Severity::Error,
                                QStringLiteral("The runtime loads but sees no GPU"),
                                QStringLiteral("hipdoctor-probe loaded %1 and it reported no "
                                               "device.")
                                    .arg(c.request.probeLibrary.isEmpty()
                                             ? QStringLiteral("the HIP runtime")
                                             : c.request.probeLibrary));
        f.evidence.append(
            {QStringLiteral("probe"), QStringLiteral("devices"), QStringLiteral("0")});
        f.fix << QStringLiteral("Check the amdgpu driver, /dev/kfd and /dev/dri permissions "
                                "(render/video groups) and the *_VISIBLE_DEVICES variables.");
        c.add(f);
    }
}

} // namespace

const QList<Rule> &envRuleList() {
    static const QList<Rule> rules{
        {"env/variables",
         RuleScope::Env,
         {QStringLiteral("env.hsa-override"), QStringLiteral("env.variable-ignored"),
          QStringLiteral("env.visible-devices-empty"), QStringLiteral("runtime.no-device")},
         [](Context &c, const RuleInput &) { envRules(c); }},
    };
    return rules;
}

} // namespace hd::detail
