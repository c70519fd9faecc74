#include "model/verification_findings.h"

#include "common/engine_text.h"
#include "model/finding_catalog.h"

namespace hd {

Finding tritonStateFinding(const QString &withTritonSignature, const QString &withoutTritonCommand,
                           const QList<Evidence> &evidence) {
    Finding f = makeFinding(
        QStringLiteral("context.triton-state"),
        QStringLiteral("Fails with the Triton path, passes without it"),
        QStringLiteral("The same command fails (%1) when the Triton path runs first and passes "
                       "without it (%2): the HIP code is fine in a clean process; state left "
                       "by Triton in the shared context breaks it.")
            .arg(withTritonSignature, withoutTritonCommand));
    f.evidence = evidence;
    f.fix << QStringLiteral("Synchronize (torch.cuda.synchronize() / hipDeviceSynchronize()) "
                            "before switching from Triton kernels to the HIP ones.")
          << QStringLiteral("Do not reset the device or destroy the primary context between the "
                            "two (no hipDeviceReset); load HIP modules after Triton's or in a "
                            "fresh process.");
    return f;
}

Finding tritonPathArchFinding(const QString &withTritonSignature,
                              const QString &withoutTritonCommand,
                              const QList<Evidence> &evidence) {
    Finding f = makeFinding(
        QStringLiteral("arch.no-compatible-code-object"),
        HD_TEXT("hd::Verify", "The Triton path loads code without the device's architecture"),
        HD_TEXT("hd::Verify",
                "The command fails (%1) with the Triton path and passes without it (%2). The "
                "error says a kernel has no code for the GPU: code that only the Triton path "
                "loads (kernels from Triton's cache, or an extension it imports) was built for "
                "another architecture. State shared between the two paths does not cause this "
                "error.")
            .arg(withTritonSignature, withoutTritonCommand));
    f.evidence = evidence;
    f.fix << HD_TEXT("hd::Verify",
                     "Let Triton compile for this GPU: run with TRITON_CACHE_DIR set to a new "
                     "folder (nothing is deleted), and check the target Triton reports for the "
                     "device.")
          << HD_TEXT("hd::Verify",
                     "Rebuild an extension on the Triton path for the device's architecture "
                     "(TORCH_CUDA_ARCH_LIST / PYTORCH_ROCM_ARCH / --offload-arch), then run "
                     "`hipdoctor-cli inspect` on it.");
    return f;
}

} // namespace hd
