#pragma once

// Terminal output of a diagnosis, shared by the diagnose, triton and demo commands.

#include "diagnosis/diagnosis.h"

#include <QTextStream>

namespace hd::cli {

// Findings first (errors, warnings, info) with evidence and fix, then inputs and devices.
void printDiagnosis(QTextStream &s, const Diagnosis &d, bool showInputs = true);
// The exit code of the CLI contract for a diagnosis.
int diagnosisExitCode(const Diagnosis &d);

} // namespace hd::cli
