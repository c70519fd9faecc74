#pragma once

// The environment variables that change what the GPU runtime, comgr, the build or Triton do
// (REFERENCE.md "Environment variables that matter here"): meaning, allowed values and a
// validator for each, so a profile can be checked before a step runs with it.

#include <QList>
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
    QString meaning;       // one sentence
    QString allowedValues; // human text: "0-5", "0 or 1", "N.N.N"
    EnvValueKind kind = EnvValueKind::Any;
    qint64 minValue = 0, maxValue = 0; // IntRange
    QStringList choices;               // Choice
    bool perDeviceSuffix = false;      // also NAME_<n> (HSA_OVERRIDE_GFX_VERSION_0 from ROCm 6.2)
    QString note;                      // caveats (e.g. "read by no runtime source we could find")
};

// Every variable of REFERENCE.md, in the order the reference lists them.
const QList<EnvVarInfo> &envCatalogue();
// The catalogue entry for a name (also NAME_<n> for per-device variables); nothing if unknown.
std::optional<EnvVarInfo> findEnvVar(const QString &name);

// Checks a value against the catalogue. Returns "" when it is valid (or the name is not in
// the catalogue: unknown variables are allowed, they just are not checked), else a sentence
// naming the variable, the value and what is allowed.
QString validateEnvValue(const QString &name, const QString &value);

} // namespace hd
