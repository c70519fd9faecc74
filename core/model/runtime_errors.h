#pragma once

// The one runtime-error table (docs/findings.md, "Runtime errors"): HIP and CUDA codes and
// names, the runtimes' messages, and what each means for the diagnosis — direction, candidate
// finding ids, severity, title, explanation and fix. The diagnosis of text, the probe's
// results, the verifier's failure signatures and imported records all read it. One taxonomy
// for both backends: HIP copied CUDA's numbers (209 NO_BINARY_FOR_GPU ≙ hipErrorNoBinaryForGpu,
// 500 NOT_FOUND ≙ hipErrorNotFound).

#include "model/finding.h"
#include "model/finding_catalog.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace hd {

// What one error means, shared by HIP and CUDA where they use the same number.
struct RuntimeErrorMeaning {
    int code = -1;               // HIP's number (CUDA's where they agree)
    const char *hipName;         // "hipErrorNoBinaryForGpu"
    const char *cudaName;        // driver API "CUDA_ERROR_NO_BINARY_FOR_GPU", or nullptr
    const char *cudaRuntimeName; // runtime API "cudaErrorNoKernelImageForDevice", or nullptr
    // The runtimes' own messages for it (hipGetErrorString / cudaGetErrorString /
    // cuGetErrorString), as they appear in logs and exceptions; '|' between alternatives.
    const char *messages;
    Direction direction;
    const char *findingIds; // candidates, most likely first, ' ' between them
    Severity severity;      // of the first candidate when the error is seen without an artifact
    const char *title;
    const char *explanation;
    const char *fix;
    bool ambiguous; // the code alone cannot tell between the candidates
};

// Every error the diagnosis gives a meaning to; codes not listed mean nothing about the layer.
const QList<RuntimeErrorMeaning> &runtimeErrorMeanings();
const RuntimeErrorMeaning *runtimeErrorMeaning(int code);
// By any of its names (HIP, CUDA driver, CUDA runtime).
const RuntimeErrorMeaning *runtimeErrorMeaningByName(const QString &name);
// The first meaning whose name or message a line of text holds; *matched gets what matched.
const RuntimeErrorMeaning *runtimeErrorMeaningInText(const QString &line,
                                                     QString *matched = nullptr);
QStringList findingIdsOf(const RuntimeErrorMeaning &m);
// The table's severity for its first candidate id. Where it is below the id's catalog severity
// the reason is that the error alone does not prove that cause (the table is never above it).
SeverityChange runtimeErrorSeverity(const RuntimeErrorMeaning &m);
// The name of a numeric result of one API family: "hip", "cuda-driver", "cuda-runtime", "hsa",
// "rocblas", "hipblas", "cublas", "miopen" ("" when the number is not known there). The
// statuses of HSA and the math libraries map to the HIP / CUDA error they amount to through
// runtimeErrorMeaningByName().
QString runtimeStatusName(const QString &api, int code);
// The API family a status name belongs to ("hipErrorNotFound" -> "hip"); "" when none.
QString runtimeStatusApi(const QString &name);

struct RuntimeErrorInfo {
    int code = 0;
    QString name;        // "hipErrorNoBinaryForGpu" / "CUDA_ERROR_NO_BINARY_FOR_GPU"; "" if unknown
    QString description; // the runtime's own message for it
    // Finding ids this error points at, most likely first ("" list when it says nothing about
    // the layer). A symbol miss lists every symbol.* id: which one holds needs the artifact.
    QStringList findingIds;
    bool ambiguous = false; // true when the code alone cannot tell (e.g. ROCm ≤ 6.0 code 303)
    QString note;           // why it is ambiguous / what else to check
    const RuntimeErrorMeaning *meaning = nullptr; // the table row, when the code has one
    Direction direction = Direction::None;
};

// runtimeVersion: "5.2.21153", "6.1.0", "" when unknown. HIP code 303
// (hipErrorSharedObjectInitFailed) is what ROCm ≤ 6.0 returned for a code object that does
// not fit the device; from 6.1 that is 209. `phase` (hd::phase) sharpens the mapping.
RuntimeErrorInfo hipErrorInfo(int code, const QString &runtimeVersion = {},
                              const QString &phase = {});
RuntimeErrorInfo cudaErrorInfo(int code, const QString &phase = {});
// Either backend by name, when only the name was seen (a log line): "hipErrorNotFound".
RuntimeErrorInfo errorInfoByName(const QString &name, const QString &runtimeVersion = {},
                                 const QString &phase = {});

QString hipErrorName(int code);         // "" when unknown
QString cudaErrorName(int code);        // "" when unknown
int hipErrorCode(const QString &name);  // -1 when unknown
int cudaErrorCode(const QString &name); // -1 when unknown

} // namespace hd
