#pragma once

// Sessions made from a verification. The Session type itself is a value type of hd_model
// (model/session.h); this module joins it to the verify engine and the host the steps ran on.

#include "model/session.h"
#include "verify/verifier.h"

namespace hd {

class ExecutionHost;

// A session of a verification's values only: the options as inputs, the result's devices,
// env problems, steps, comparison and findings, created now on this machine. tool "" =
// versionLine("hipdoctor"); origin "verify" | "import:<dir>" | "gui". (The import of GPU
// records, which ran nowhere in particular, uses it alone.)
Session sessionFromResult(const VerifyOptions &options, const VerifyResult &result,
                          const QString &tool = {},
                          const QString &origin = QStringLiteral("verify"));

// The one way to make a session from a run (the CLI's verify and verify --hosts, the GUI):
// sessionFromResult, plus where it ran: remote (the host's destination, "" for this
// machine), host (that machine's name) and its system inventory, collected there unless
// inventory is given (docs/schema-session.md).
Session sessionFromRun(const VerifyOptions &options, const VerifyResult &result,
                       ExecutionHost &host, const QString &tool = {},
                       const QString &origin = QStringLiteral("verify"),
                       const SystemInventory *inventory = nullptr);

} // namespace hd
