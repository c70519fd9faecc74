#pragma once

// Turns the records a GPU run brought back into a session's steps. scripts/gpu/validate-probe.sh
// runs every command through scripts/gpu/capture.cpp, which appends one JSON line per command
// (schema "hipdoctor.gpu-capture/1": step, name, kind compile|program|probe|bench, argv, env,
// stdin, started, exit_code, signal, timed_out, wall_ms, stdout, stderr) to *.jsonl files.
// Probe records are parsed with the probe client's own line parser; bench records are left out.

#include "probe/protocol.h"
#include "verify/verifier.h"

#include <QList>
#include <QString>

namespace hd {

struct ImportedRecords {
    QList<StepRecord> steps; // 1 and 2 (compiles and device queries of "step 0" go to step 1)
    QList<DeviceInfo> devices;
    QStringList files; // the .jsonl files read
    TextList problems; // "file:line: what is wrong" — bad lines are skipped, the rest kept
    int recordCount = 0;
    int skippedBench = 0;
};

// Findings for a probe run that failed, from its error codes (model/runtime_errors.h): CUDA
// 209 ≙ hipErrorNoBinaryForGpu → arch.no-compatible-code-object, …; a symbol miss alone is a
// warning (which symbol case holds needs the artifact). The other causes the same code allows
// are added as warnings only while nothing was inspected: once the artifact has been read
// (artifactInspected), the static diagnosis has checked them and a cause it did not report is
// refuted.
QList<Finding> findingsFromProbe(const ProbeResult &probe, const QString &checkName,
                                 bool artifactInspected = false);

// Reads every *.jsonl file of dir (or one file). Never throws.
ImportedRecords importGpuRecords(const QString &dirOrFile);

} // namespace hd
