#pragma once

// HIP and CUDA error codes → names → finding ids (DESIGN.md "Findings", REFERENCE.md
// "Error numbers"). One taxonomy for both backends: CUDA 209 NO_BINARY_FOR_GPU ≙
// hipErrorNoBinaryForGpu, CUDA 500 NOT_FOUND ≙ hipErrorNotFound.

#include <QString>
#include <QStringList>

namespace hd {

struct RuntimeErrorInfo {
    int code = 0;
    QString name;        // "hipErrorNoBinaryForGpu" / "CUDA_ERROR_NO_BINARY_FOR_GPU"; "" if unknown
    QString description; // the runtime's own message for it
    // Finding ids this error points at, most likely first ("" list when it says nothing about
    // the layer). A symbol miss lists every symbol.* id: which one holds needs the artifact.
    QStringList findingIds;
    bool ambiguous = false; // true when the code alone cannot tell (e.g. ROCm ≤ 6.0 code 303)
    QString note;           // why it is ambiguous / what else to check
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
