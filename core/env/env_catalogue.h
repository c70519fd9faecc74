#pragma once

// The environment variables that change what the GPU runtime, comgr, the build or Triton do
// (docs/formats.md "Environment variables that matter here"): meaning, allowed values and a
// validator for each, so a profile can be checked before a step runs with it.

#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <optional>

namespace hd {

enum class EnvGroup { Runtime, Comgr, Build, Triton, Other };
QString envGroupName(EnvGroup g); // "runtime" | "comgr" | "build" | "triton" | "other"

// How a value is checked.
enum class EnvValueKind {
    Any,        // free text (paths, names)
    IntRange,   // integer in [minValue, maxValue]
    Bool01,     // "0" or "1"
    Mask,       // unsigned integer, decimal or 0x-hex
    GfxVersion, // "N.N.N" (HSA_OVERRIDE_GFX_VERSION)
    DeviceList, // comma-separated device indices or UUIDs ("0,1", "GPU-…"); "" hides all
    PathList,   // ':'-separated paths
    Choice,     // one of choices
};

struct EnvVarInfo {
    QString name;
    EnvGroup group = EnvGroup::Other;
    // English, marked for lupdate in context "hd::EnvCatalogue": the app shows them through
    // its translator (docs/design.md, "Languages"); the CLI and reports as they are.
    QString meaning;       // one sentence
    QString allowedValues; // human text: "0-5", "0 or 1", "N.N.N"
    EnvValueKind kind = EnvValueKind::Any;
    qint64 minValue = 0, maxValue = 0; // IntRange
    QStringList choices;               // Choice
    bool perDeviceSuffix = false;      // also NAME_<n> (HSA_OVERRIDE_GFX_VERSION_0 from ROCm 6.2)
    QString note;                      // caveats (e.g. "read by no runtime source we could find")
};

// Every variable of docs/formats.md, in the order the reference lists them.
const QList<EnvVarInfo> &envCatalogue();
// The catalogue entry for a name (also NAME_<n> for per-device variables); nothing if unknown.
std::optional<EnvVarInfo> findEnvVar(const QString &name);

// Checks a value against the catalogue. Returns "" when it is valid (or the name is not in
// the catalogue: unknown variables are allowed, they just are not checked), else a sentence
// naming the variable, the value and what is allowed.
QString validateEnvValue(const QString &name, const QString &value);

// The child processes hipdoctor starts from the caller's environment: they must not inherit the
// caller's GPU runtime variables (only the env profile sets those). What a child keeps differs
// on purpose, by what it does:
enum class EnvChild {
    Probe, // hipdoctor-probe loads the runtime itself and compiles nothing: every variable of
           // the families below goes, the toolchain's too
    Step,  // a step's command (hipcc, the vector-add program, the user's project) may compile:
           // the variables that select or configure the toolchain stay (group Build or Triton:
           // HIP_PATH, HIP_PLATFORM, HIP_DEVICE_LIB_PATH, HIPCC_*, CUDA_PATH, PYTORCH_ROCM_ARCH,
           // TRITON_LIBHIP_PATH), the runtime and comgr switches go
};
// True when a child of that kind must not inherit `name`. The families: AMD_*, HIP_*, HSA_*,
// ROCR_*, GPU_*, ROC_*, CUDA_*, HIPCC_*, LD_PRELOAD, PYTORCH_ROCM_ARCH, TRITON_LIBHIP_PATH and the
// probe's HIPDOCTOR_PROBE_FAULT. A name the catalogue lists is judged by its catalogue group,
// another by its family's. LD_LIBRARY_PATH is in no family: kept (the profile may set it).
bool clearedForChild(const QString &name, EnvChild child);
// The names among `names` that clearedForChild clears, sorted.
QStringList runtimeVariablesIn(const QStringList &names, EnvChild child);
// Removes those variables from env; returns the names removed, sorted.
QStringList clearRuntimeVariables(QProcessEnvironment &env, EnvChild child);

} // namespace hd
