#include "env/env_catalogue.h"

#include <QRegularExpression>

#include <algorithm>

namespace hd {

QString envGroupName(EnvGroup g) {
    switch (g) {
    case EnvGroup::Runtime:
        return QStringLiteral("runtime");
    case EnvGroup::Comgr:
        return QStringLiteral("comgr");
    case EnvGroup::Build:
        return QStringLiteral("build");
    case EnvGroup::Triton:
        return QStringLiteral("triton");
    case EnvGroup::Other:
        break;
    }
    return QStringLiteral("other");
}

namespace {

EnvVarInfo var(const char *name, EnvGroup g, const char *meaning, EnvValueKind kind,
               const char *allowed, qint64 lo = 0, qint64 hi = 0) {
    EnvVarInfo v;
    v.name = QString::fromLatin1(name);
    v.group = g;
    v.meaning = QString::fromUtf8(meaning);
    v.kind = kind;
    v.allowedValues = QString::fromUtf8(allowed);
    v.minValue = lo;
    v.maxValue = hi;
    return v;
}

// The HIP runtime's logging and serialization switches.
void addRuntimeLogVariables(QList<EnvVarInfo> &c) {
    using G = EnvGroup;
    using K = EnvValueKind;
    c << var(
        "AMD_LOG_LEVEL", G::Runtime,
        QT_TRANSLATE_NOOP(
            "hd::EnvCatalogue",
            "HIP runtime log verbosity on stderr: 0 always-printed only, 1 errors, 2 warnings, "
            "3 info, 4 debug, 5 extra debug"),
        K::IntRange, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0-5"), 0, 5);
    c << var(
        "AMD_LOG_MASK", G::Runtime,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                          "which runtime components log (bits: API 0x1, CMD 0x2, …, CODE 0x4000, "
                          "LOCATION 0x10000)"),
        K::Mask, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "unsigned integer, decimal or 0x-hex"));
    c << var("AMD_LOG_LEVEL_FILE", G::Runtime,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                               "write the runtime log to this file instead of stderr"),
             K::Any, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "a file path"));
    c << var("AMD_SERIALIZE_KERNEL", G::Runtime,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                               "wait for the device around each kernel: 1 before, 2 after, 3 both"),
             K::IntRange, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0-3"), 0, 3);
    c << var("AMD_SERIALIZE_COPY", G::Runtime,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                               "wait for the device around each copy: 1 before, 2 after, 3 both"),
             K::IntRange, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0-3"), 0, 3);
    c << var("HIP_LAUNCH_BLOCKING", G::Runtime,
             QT_TRANSLATE_NOOP(
                 "hd::EnvCatalogue",
                 "every launch waits for the kernel to finish (= serialize after), so an error "
                 "surfaces at the call that caused it"),
             K::Bool01, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
}

// What the runtime shows of the devices and how it loads code objects.
void addRuntimeDeviceVariables(QList<EnvVarInfo> &c) {
    using G = EnvGroup;
    using K = EnvValueKind;
    c << var(
        "HIP_VISIBLE_DEVICES", G::Runtime,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue", "which GPUs the HIP runtime shows, by index"),
        K::DeviceList,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue", "comma-separated indices; empty hides every GPU"));
    c << var("ROCR_VISIBLE_DEVICES", G::Runtime,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                               "which GPUs the ROCr (HSA) runtime shows, by index or UUID"),
             K::DeviceList,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                               "comma-separated indices or UUIDs; empty hides every GPU"));
    c << var("GPU_DEVICE_ORDINAL", G::Runtime,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "which GPUs the runtime shows (OpenCL-style)"),
             K::DeviceList, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "comma-separated indices"));
    c << var(
        "CUDA_VISIBLE_DEVICES", G::Runtime,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                          "which GPUs CUDA (and HIP on NVIDIA, and HIP on AMD as an alias) shows"),
        K::DeviceList,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                          "comma-separated indices or GPU-UUIDs; empty hides every GPU"));
    EnvVarInfo ov =
        var("HSA_OVERRIDE_GFX_VERSION", G::Runtime,
            QT_TRANSLATE_NOOP(
                "hd::EnvCatalogue",
                "make the device report another processor (gfx version N.N.N), e.g. "
                "10.3.0 for gfx1030; per GPU as HSA_OVERRIDE_GFX_VERSION_<n> from ROCm 6.2"),
            K::GfxVersion,
            QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                              "N.N.N (major.minor.stepping, e.g. 10.3.0 or 9.0.a)"));
    ov.perDeviceSuffix = true;
    c << ov;
    c << var(
        "HSA_XNACK", G::Runtime,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue", "run with XNACK (GPU page-fault retry) on or off"),
        K::Bool01, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
    c << var("HSA_ENABLE_SDMA", G::Runtime,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "use the SDMA copy engines (0 = blit kernels)"),
             K::Bool01, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
    c << var("HIP_FORCE_DEV_KERNARG", G::Runtime,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "put kernel arguments in device memory"),
             K::Bool01, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
    c << var("GPU_DUMP_CODE_OBJECT", G::Runtime,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "dump every code object the runtime loads"),
             K::Bool01, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
    c << var(
        "HIP_ENABLE_DEFERRED_LOADING", G::Runtime,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                          "0 = load all code objects at start, so load errors surface at once"),
        K::Bool01, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
    EnvVarInfo mv =
        var("HIP_MODULE_LOAD_VERBOSE", G::Runtime,
            QT_TRANSLATE_NOOP("hd::EnvCatalogue", "claimed to make module loading verbose"), K::Any,
            QT_TRANSLATE_NOOP("hd::EnvCatalogue", "any"));
    mv.note = QString::fromUtf8(QT_TRANSLATE_NOOP(
        "hd::EnvCatalogue", "read by no runtime source we could find: check whether the "
                            "loaded runtime reads it before relying on it"));
    c << mv;
    c << var(
        "LD_LIBRARY_PATH", G::Runtime,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                          "directories the dynamic loader searches before the ld.so cache (which "
                          "libamdhip64 a process gets)"),
        K::PathList, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "':'-separated directories"));
}

// comgr and the compilers (hipcc, the bundler).
void addBuildVariables(QList<EnvVarInfo> &c) {
    using G = EnvGroup;
    using K = EnvValueKind;
    c << var("AMD_COMGR_SAVE_TEMPS", G::Comgr,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "keep comgr's intermediate files"), K::Bool01,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
    c << var("AMD_COMGR_EMIT_VERBOSE_LOGS", G::Comgr,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "verbose comgr logs"), K::Bool01,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
    c << var("AMD_COMGR_REDIRECT_LOGS", G::Comgr,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "where comgr logs go"), K::Any,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "stdout, stderr or a file path"));
    c << var(
        "HIPCC_VERBOSE", G::Build,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                          "hipcc prints the commands it runs (bits: 1 commands, 2 env, 4 args)"),
        K::IntRange, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0-7"), 0, 7);
    EnvVarInfo pl =
        var("HIP_PLATFORM", G::Build,
            QT_TRANSLATE_NOOP("hd::EnvCatalogue", "which platform hipcc compiles for"), K::Choice,
            QT_TRANSLATE_NOOP("hd::EnvCatalogue", "amd or nvidia (old names: hcc, nvcc)"));
    pl.choices = {QStringLiteral("amd"), QStringLiteral("nvidia"), QStringLiteral("hcc"),
                  QStringLiteral("nvcc")};
    c << pl;
    c << var(
        "ROCM_PATH", G::Build,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue", "ROCm installation root (hipcc, device libraries)"),
        K::Any, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "a directory"));
    c << var(
        "HIP_PATH", G::Build,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue", "HIP installation root (hipcc looks here first)"),
        K::Any, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "a directory"));
    c << var(
        "HIP_DEVICE_LIB_PATH", G::Build,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue", "where the compiler finds the ROCm device libraries"),
        K::Any, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "a directory"));
    c << var("HIPCC_COMPILE_FLAGS_APPEND", G::Build,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "extra flags hipcc adds to every compile"),
             K::Any, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "compiler flags"));
    c << var("COMPRESSED_BUNDLE_FORMAT_VERSION", G::Build,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue",
                               "which compressed offload bundle (CCOB) version the bundler writes"),
             K::IntRange, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "1-3"), 1, 3);
}

void addTritonVariables(QList<EnvVarInfo> &c) {
    using G = EnvGroup;
    using K = EnvValueKind;
    c << var(
        "TRITON_CACHE_DIR", G::Triton,
        QT_TRANSLATE_NOOP("hd::EnvCatalogue", "Triton's kernel cache (default ~/.triton/cache)"),
        K::Any, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "a directory"));
    c << var("TRITON_ALWAYS_COMPILE", G::Triton,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "recompile even when the cache has the kernel"),
             K::Bool01, QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
    c << var("MLIR_ENABLE_DUMP", G::Triton,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "dump the MLIR of every Triton pass"), K::Any,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "1, or a kernel name"));
    c << var("LLVM_IR_ENABLE_DUMP", G::Triton,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "dump Triton's LLVM IR"), K::Bool01,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
    c << var("AMDGCN_ENABLE_DUMP", G::Triton,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "dump Triton's AMDGCN assembly"), K::Bool01,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
    c << var("TRITON_LIBHIP_PATH", G::Triton,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "the libamdhip64 Triton loads"), K::Any,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "a file path"));
    c << var("TRITON_DEBUG", G::Triton,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "Triton debug mode (device asserts)"), K::Bool01,
             QT_TRANSLATE_NOOP("hd::EnvCatalogue", "0 or 1"));
}

QList<EnvVarInfo> buildCatalogue() {
    QList<EnvVarInfo> c;
    addRuntimeLogVariables(c);
    addRuntimeDeviceVariables(c);
    addBuildVariables(c);
    addTritonVariables(c);
    return c;
}

const QRegularExpression &perDeviceSuffix() {
    static const QRegularExpression re(QStringLiteral("^(.*)_([0-9]+)$"));
    return re;
}

} // namespace

const QList<EnvVarInfo> &envCatalogue() {
    static const QList<EnvVarInfo> c = buildCatalogue();
    return c;
}

std::optional<EnvVarInfo> findEnvVar(const QString &name) {
    for (const EnvVarInfo &v : envCatalogue())
        if (v.name == name)
            return v;
    const auto m = perDeviceSuffix().match(name);
    if (m.hasMatch()) {
        for (const EnvVarInfo &v : envCatalogue())
            if (v.perDeviceSuffix && v.name == m.captured(1))
                return v;
    }
    return std::nullopt;
}

QString validateEnvValue(const QString &name, const QString &value) {
    const auto info = findEnvVar(name);
    if (!info)
        return {};
    const auto bad = [&] {
        return QStringLiteral("%1=%2: invalid value; allowed: %3")
            .arg(name, value.isEmpty() ? QStringLiteral("\"\"") : value, info->allowedValues);
    };
    const QString v = value.trimmed();
    switch (info->kind) {
    case EnvValueKind::Any:
    case EnvValueKind::PathList:
        return {};
    case EnvValueKind::IntRange: {
        bool ok = false;
        const qint64 n = v.toLongLong(&ok, 10);
        return ok && n >= info->minValue && n <= info->maxValue ? QString() : bad();
    }
    case EnvValueKind::Bool01:
        return v == QLatin1String("0") || v == QLatin1String("1") ? QString() : bad();
    case EnvValueKind::Mask: {
        bool ok = false;
        if (v.startsWith(QLatin1String("0x"), Qt::CaseInsensitive))
            v.mid(2).toULongLong(&ok, 16);
        else
            v.toULongLong(&ok, 10);
        return ok ? QString() : bad();
    }
    case EnvValueKind::GfxVersion: {
        // major.minor.stepping; the stepping may be a hex digit (9.0.a for gfx90a).
        static const QRegularExpression re(
            QStringLiteral("^[0-9]{1,2}\\.[0-9]{1,2}\\.[0-9a-fA-F]{1,2}$"));
        return re.match(v).hasMatch() ? QString() : bad();
    }
    case EnvValueKind::DeviceList: {
        if (v.isEmpty())
            return {}; // valid, but hides every GPU (EnvProfile::check warns)
        static const QRegularExpression item(
            QStringLiteral("^([0-9]+|GPU-[0-9A-Fa-f-]+|MIG-[0-9A-Za-z/-]+|[0-9A-Fa-f]{16})$"));
        for (const QString &part : v.split(QLatin1Char(',')))
            if (!item.match(part.trimmed()).hasMatch())
                return bad();
        return {};
    }
    case EnvValueKind::Choice:
        return info->choices.contains(v) ? QString() : bad();
    }
    return {};
}

namespace {

// Families of variables that change what a GPU runtime does or which runtime / toolchain a child
// uses. `group` judges the names the catalogue does not list; a listed name takes its catalogue
// group (HIP_PATH is Build although HIP_ is a runtime family; CUDA_VISIBLE_DEVICES is Runtime
// although CUDA_ is mostly where CUDA is installed).
struct RuntimeFamily {
    const char *name;
    bool prefix;
    EnvGroup group;
};
constexpr RuntimeFamily kRuntimeFamilies[] = {
    {"AMD_", true, EnvGroup::Runtime},  // HIP runtime (AMD_LOG_*, AMD_SERIALIZE_*), AMD_COMGR_*
    {"HIP_", true, EnvGroup::Runtime},  // HIP runtime
    {"HSA_", true, EnvGroup::Runtime},  // ROCr
    {"ROCR_", true, EnvGroup::Runtime}, // ROCr
    {"GPU_", true, EnvGroup::Runtime},  // rocclr flags
    {"ROC_", true, EnvGroup::Runtime},  // rocclr flags (not ROCM_PATH)
    // CUDA_PATH / CUDA_HOME: where hipcc on NVIDIA finds nvcc. CUDA's own runtime switches
    // (CUDA_LAUNCH_BLOCKING, ...) are not told apart: a step keeps them.
    {"CUDA_", true, EnvGroup::Build},
    {"HIPCC_", true, EnvGroup::Build},                   // hipcc's own switches
    {"PYTORCH_ROCM_ARCH", false, EnvGroup::Build},       // the targets PyTorch extensions build for
    {"TRITON_LIBHIP_PATH", false, EnvGroup::Triton},     // the libamdhip64 Triton loads
    {"LD_PRELOAD", false, EnvGroup::Runtime},            // a preloaded library can replace any call
    {"HIPDOCTOR_PROBE_FAULT", false, EnvGroup::Runtime}, // the probe's fault switch (tests)
};

const RuntimeFamily *runtimeFamily(const QString &name) {
    for (const RuntimeFamily &f : kRuntimeFamilies)
        if (f.prefix ? name.startsWith(QLatin1String(f.name)) : name == QLatin1String(f.name))
            return &f;
    return nullptr;
}

} // namespace

bool clearedForChild(const QString &name, EnvChild child) {
    const RuntimeFamily *f = runtimeFamily(name);
    if (!f)
        return false;
    if (child == EnvChild::Probe)
        return true;
    const auto info = findEnvVar(name);
    const EnvGroup g = info ? info->group : f->group;
    return g == EnvGroup::Runtime || g == EnvGroup::Comgr;
}

QStringList runtimeVariablesIn(const QStringList &names, EnvChild child) {
    QStringList out;
    std::copy_if(names.begin(), names.end(), std::back_inserter(out),
                 [child](const QString &n) { return clearedForChild(n, child); });
    out.sort();
    return out;
}

QStringList clearRuntimeVariables(QProcessEnvironment &env, EnvChild child) {
    const QStringList names = runtimeVariablesIn(env.keys(), child);
    for (const QString &n : names)
        env.remove(n);
    return names;
}

} // namespace hd
