#pragma once

// The defaults every Verifier starts with (docs/architecture.md "Layers"): hd_verify does not
// link the diagnosis engine; a front end installs it here once at start (hooks/
// diagnosis_hooks.h, installDiagnosisHooks()). Until then a Verifier has no diagnose hook (its
// diagnose check says so) and no env read check.

#include "verify/verifier.h"

namespace hd {

// Safe from any thread; Verifiers made afterwards take these (defaultDiagnoseHook(),
// defaultEnvReadCheck()), those made before keep theirs.
void setDefaultVerifierHooks(DiagnoseHook diagnose, EnvReadCheck envReads);

} // namespace hd
