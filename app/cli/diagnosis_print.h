#pragma once

// Terminal output of a diagnosis, shared by the diagnose, triton and demo commands.

#include "diagnosis/diagnosis.h"

#include <QTextStream>

namespace hd::cli {

// Findings first (errors, warnings, info) with evidence and fix, then inputs and devices.
// The case verdict first (model/case_verdict.h): the question, the answer, what was not checked.
void printCaseVerdict(QTextStream &s, const CaseVerdict &v);
void printDiagnosis(QTextStream &s, const Diagnosis &d, bool showInputs = true);
// The exit code of the CLI contract for a diagnosis.
int diagnosisExitCode(const Diagnosis &d);

} // namespace hd::cli
