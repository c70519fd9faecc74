#pragma once

// The verifier wired with the diagnosis engine (docs/architecture.md "Layers"). hd_verify does
// not link the diagnosis: a Verifier explains a failed step through its DiagnoseHook and asks
// whether the runtime reads a variable through its EnvReadCheck. This module makes Verifiers
// with both from core/diagnosis; there are no process-wide defaults to remember to install.

#include "verify/verifier.h"

#include <memory>

namespace hd {

// The one factory the front ends and the tests that verify call: a Verifier for these options
// whose failed steps are explained by the diagnosis engine and whose env check scans the
// installed runtime's libraries.
std::unique_ptr<Verifier> makeVerifier(VerifyOptions options);

// The two hooks alone (a test may wrap them).
// diagnose() on the step's files, kernels, targets, devices, env and output texts.
DiagnoseHook diagnosisHook();
// Whether the installed runtime's libraries read a variable (runtimeReadsVariable()); nothing
// when no runtime library is found.
EnvReadCheck runtimeEnvReadCheck();
// The failing event of a command's output (hd::failingEvent over hd::readEvents), for step
// signatures.
FailingLineReader failingLineReader();

} // namespace hd
