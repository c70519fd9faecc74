#include "model/verification_findings.h"

#include "model/finding_catalog.h"

namespace hd {

Finding tritonStateFinding(const QString &withTritonSignature, const QString &withoutTritonCommand,
                           const QList<Evidence> &evidence) {
    Finding f = makeFinding(
        QStringLiteral("context.triton-state"), Severity::Error,
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

} // namespace hd
