#pragma once

// Sessions made from a verification. The Session type itself is a value type of hd_model
// (model/session.h); this module joins it to the verify engine.

#include "model/session.h"
#include "verify/verifier.h"

namespace hd {

// The session `hipdoctor-cli verify` saves: the options as inputs, the result's devices, env
// problems, steps, comparison and findings, created now on this host.
Session sessionFromResult(const VerifyOptions &options, const VerifyResult &result);

} // namespace hd
