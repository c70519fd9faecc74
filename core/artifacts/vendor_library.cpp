#include "artifacts/vendor_library.h"

#include "common/engine_text.h"
#include "targets/closeness.h"

#include <QFileInfo>

#include <array>

namespace hd {

namespace {

struct Known {
    const char *prefix; // of the file name / SONAME
    const char *product;
    const char *gpus = "AMD"; // the vendor whose GPUs its code is for; "" for either
};

// ROCm's and PyTorch's libraries that carry device code (or load kernel folders).
constexpr std::array kKnown{
    Known{"librocblas", "rocBLAS"},
    Known{"libhipblaslt", "hipBLASLt"},
    Known{"librocsparse", "rocSPARSE"},
    Known{"libMIOpen", "MIOpen"},
    Known{"librocfft", "rocFFT"},
    Known{"librocsolver", "rocSOLVER"},
    Known{"librocrand", "rocRAND"},
    Known{"libhiprand", "hipRAND"},
    Known{"librccl", "RCCL"},
    Known{"libhipsparselt", "hipSPARSELt"},
    Known{"libhipsparse", "hipSPARSE"},
    Known{"libhipblas", "hipBLAS"},
    Known{"libhipfft", "hipFFT"},
    Known{"libhipsolver", "hipSOLVER"},
    Known{"librocalution", "rocALUTION"},
    Known{"libmigraphx", "MIGraphX"},
    Known{"libtorch_hip", "PyTorch"},
    Known{"libcaffe2_nvrtc", "PyTorch", ""},
    Known{"libtorch_cuda", "PyTorch", ""},
    Known{"libaotriton", "AOTriton"},
    Known{"libck_", "Composable Kernel"},
    // NVIDIA's: the CUDA toolkit's libraries and the ones wheels carry.
    Known{"libcublasLt", "cuBLASLt", "NVIDIA"},
    Known{"libcublas", "cuBLAS", "NVIDIA"},
    Known{"libcufftw", "cuFFTW", "NVIDIA"},
    Known{"libcufft", "cuFFT", "NVIDIA"},
    Known{"libcusparseLt", "cuSPARSELt", "NVIDIA"},
    Known{"libcusparse", "cuSPARSE", "NVIDIA"},
    Known{"libcurand", "cuRAND", "NVIDIA"},
    Known{"libcusolverMg", "cuSOLVERMg", "NVIDIA"},
    Known{"libcusolver", "cuSOLVER", "NVIDIA"},
    Known{"libcufile", "cuFile", "NVIDIA"},
    Known{"libnpp", "NPP", "NVIDIA"},
    Known{"libnvjpeg", "nvJPEG", "NVIDIA"},
    Known{"libcudnn", "cuDNN", "NVIDIA"},
    Known{"libcutensor", "cuTENSOR", "NVIDIA"},
    Known{"libnccl", "NCCL", "NVIDIA"},
};

Text shippedBy(const QString &path) {
    const QString p = QFileInfo(path).absoluteFilePath();
    if (p.contains(QLatin1String("/site-packages/")) ||
        p.contains(QLatin1String("/dist-packages/")))
        return HD_TEXT("hd::Diagnosis", "Python wheel");
    if (p.contains(QLatin1String("/opt/rocm")))
        return QStringLiteral("ROCm");
    if (p.contains(QLatin1String("/cuda")))
        return HD_TEXT("hd::Diagnosis", "CUDA toolkit");
    if (p.startsWith(QLatin1String("/usr/lib")))
        return HD_TEXT("hd::Diagnosis", "distribution package");
    return {};
}

} // namespace

std::optional<VendorLibrary> vendorLibraryFor(const QString &path, const QString &soname) {
    const QString name = QFileInfo(path).fileName();
    for (const Known &k : kKnown)
        if (name.startsWith(QLatin1String(k.prefix)) || soname.startsWith(QLatin1String(k.prefix)))
            return VendorLibrary{QLatin1String(k.product), shippedBy(path), QLatin1String(k.gpus)};
    return std::nullopt;
}

VendorLibrary vendorLibraryNamed(const QString &product, const QString &path) {
    return {product, shippedBy(path), QStringLiteral("AMD")};
}

std::optional<IsaOverride> isaOverrideFor(const TargetId &device, const QStringList &present) {
    if (device.isNvidia())
        return std::nullopt;
    const QString base = isaBaseProcessor(device.processor);
    if (base.isEmpty())
        return std::nullopt;
    for (const QString &p : present) {
        const auto t = TargetId::parse(p);
        if (t && t->processor == base)
            return IsaOverride{QStringLiteral("HSA_OVERRIDE_GFX_VERSION"), hsaGfxVersion(base),
                               base};
    }
    return std::nullopt;
}

std::optional<IsaOverride> familyOverrideFor(const TargetId &device) {
    if (device.isNvidia())
        return std::nullopt;
    const QString base = isaBaseProcessor(device.processor);
    return base.isEmpty() ? std::nullopt : isaOverrideFor(device, {base});
}

Text noOverrideFix(const TargetId &device) {
    if (device.isNvidia())
        return HD_TEXT(
                   "hd::Diagnosis",
                   "No override exists for NVIDIA GPUs: only a build with code for %1 (its "
                   "SASS, or PTX of an older architecture that the driver compiles) runs on it.")
            .arg(device.processor);
    return HD_TEXT("hd::Diagnosis",
                   "No HSA_OVERRIDE_GFX_VERSION helps here: %1 runs only code built for %1 (or "
                   "a generic target that covers it); the override lets a GPU run a build for "
                   "another member of its family, and no other target runs %1's instruction set. "
                   "Only a build that lists %1 runs on it.")
        .arg(device.processor);
}

Text offloadArchFix(const TargetId &device) {
    if (device.isNvidia())
        return HD_TEXT("hd::Diagnosis",
                       "-gencode arch=compute_%1,code=sm_%1 (add code=compute_%1 too, so "
                       "newer GPUs can JIT the PTX)")
            .arg(device.smVersion());
    return QStringLiteral("--offload-arch=%1").arg(device.processor);
}

Text vendorBuildFix(const VendorLibrary &lib, const TargetId &device) {
    const QString proc = device.processor;
    const QString deviceVendor =
        device.isNvidia() ? QStringLiteral("NVIDIA") : QStringLiteral("AMD");
    if (!lib.gpus.isEmpty() && lib.gpus != deviceVendor)
        return HD_TEXT("hd::Diagnosis",
                       "%1 holds code for %2 GPUs only: no release of it runs on %3. On this "
                       "GPU the program needs the library made for it (ROCm's or CUDA's "
                       "counterpart of %1).")
            .arg(lib.product, lib.gpus, device.toString());
    if (lib.gpus == QLatin1String("NVIDIA"))
        return HD_TEXT("hd::Diagnosis",
                       "%1 is NVIDIA's library%2: use the CUDA toolkit release (or the wheel of "
                       "it) whose %1 supports %3; its release notes list the architectures. "
                       "Rebuilding your own code does not change it.")
            .arg(lib.product,
                 lib.source.isEmpty() ? Text() : Text(QStringLiteral(" (%1)")).arg(lib.source),
                 device.toString());
    if ((lib.product == QLatin1String("PyTorch") || lib.source.contains(QLatin1String("wheel"))) &&
        device.isNvidia())
        return HD_TEXT("hd::Diagnosis",
                       "This %1 comes prebuilt (%2): install a build whose CUDA architecture list "
                       "includes %3 (a wheel built with a CUDA toolkit that supports %3, or a "
                       "build from source with TORCH_CUDA_ARCH_LIST=%4). Rebuilding your own code "
                       "does not change it.")
            .arg(lib.product, lib.source.isEmpty() ? Text(lib.product) : lib.source, proc,
                 QStringLiteral("%1.%2").arg(device.smVersion() / 10).arg(device.smVersion() % 10));
    if (lib.product == QLatin1String("PyTorch") || lib.source.contains(QLatin1String("wheel")))
        return HD_TEXT("hd::Diagnosis",
                       "This %1 comes prebuilt (%2): install a build whose target list includes "
                       "%3 (another PyTorch/ROCm wheel, AMD's ROCm release that supports %3, or "
                       "a build from source with PYTORCH_ROCM_ARCH=%3). Rebuilding your own code "
                       "does not change it.")
            .arg(lib.product, lib.source.isEmpty() ? Text(lib.product) : lib.source, proc);
    return HD_TEXT("hd::Diagnosis",
                   "%1 is a vendor library%2: install a %1 release built for %3 (check the ROCm "
                   "release notes' GPU support list) or build %1 from source with "
                   "-DGPU_TARGETS=%3 (older releases: AMDGPU_TARGETS). Rebuilding your own code "
                   "with --offload-arch does not change it.")
        .arg(lib.product,
             lib.source.isEmpty() ? Text() : Text(QStringLiteral(" (%1)")).arg(lib.source), proc);
}

Text isaOverrideFix(const IsaOverride &o, const TargetId &device) {
    return HD_TEXT("hd::Diagnosis",
                   "Or, because %1 runs the same instruction set as %2, set %3=%4 for the "
                   "process: the runtime then reports the device as %2 and loads the %2 code. "
                   "Risk: not supported by AMD; it applies to every GPU of the process unless "
                   "you use the per-device form (%3_<n>, ROCm 6.2+), and a kernel that relies on "
                   "a difference between the two can fault or compute wrong results: check "
                   "results with the library's own tests first.")
        .arg(device.processor, o.processor, o.variable, o.value);
}

} // namespace hd
