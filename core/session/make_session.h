#pragma once

// Sessions made from a verification. The Session type itself is a value type of hd_model
// (model/session.h); this module joins it to the verify engine.

#include "model/session.h"
#include "verify/verifier.h"

namespace hd {

// The one way to make a session from a verification (the CLI's verify and import, the GUI):
// the options as inputs, the result's devices, env problems, steps, comparison and findings,
// created now on this host. tool "" = versionLine("hipdoctor"); origin "verify" |
// "import:<dir>" | "gui".
Session sessionFromResult(const VerifyOptions &options, const VerifyResult &result,
                          const QString &tool = {},
                          const QString &origin = QStringLiteral("verify"));

} // namespace hd
