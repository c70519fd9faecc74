#pragma once

// The diagnosis engine as the verifier's hooks (docs/architecture.md "Layers"). hd_verify does
// not link the diagnosis: a Verifier explains a failed step through its DiagnoseHook and asks
// whether the runtime reads a variable through its EnvReadCheck. This module supplies both from
// core/diagnosis, and the front ends install them as every Verifier's defaults at start.

#include "verify/verifier.h"

namespace hd {

// diagnose() on the step's files, kernels, targets, devices and env, with its texts written to
// a private temporary folder (the diagnosis reads logs from files).
DiagnoseHook diagnosisHook();
// Whether the installed runtime's libraries read a variable (runtimeReadsVariable()); nothing
// when no runtime library is found.
EnvReadCheck runtimeEnvReadCheck();
// Makes the two the defaults of every Verifier made from now on (setDefaultVerifierHooks()).
// hipdoctor, hipdoctor-cli and the tests that verify call it once at start.
void installDiagnosisHooks();

} // namespace hd
