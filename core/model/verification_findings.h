#pragma once

// Findings worded once and raised from the verification's comparison of its steps; the wording
// and the fix are the catalog's (model/finding_catalog.h), the evidence the caller's.

#include "model/finding.h"

#include <QList>
#include <QString>

namespace hd {

// step 3 of the verification: the same command fails with the Triton path and passes without
// it (docs/design.md "context.triton-state"). The verifier calls this with both signatures.
Finding tritonStateFinding(const QString &withTritonSignature, const QString &withoutTritonCommand,
                           const QList<Evidence> &evidence);
// The same, when the run with the Triton path fails for want of code for the device (no kernel
// image, no binary for the GPU, invalid device function): code only that path loads — Triton's
// compiled kernels or an extension — lacks the device's architecture; not shared state.
Finding tritonPathArchFinding(const QString &withTritonSignature,
                              const QString &withoutTritonCommand, const QList<Evidence> &evidence);

} // namespace hd
