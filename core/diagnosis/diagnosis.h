#pragma once

// The diagnosis engine: any mix of inputs (artifacts, Triton caches, logs, build output,
// rocminfo dumps) + the device(s) + the names asked for -> findings with the stable ids of
// docs/design.md, each with evidence and a fix. Value types in, value types out; no GPU runtime is
// loaded (the live probe's devices can be handed in through DiagnoseRequest::devices).

#include "artifacts/kernel_library.h"
#include "diagnosis/text_events.h"
#include "model/artifact_report.h"
#include "model/case_verdict.h"
#include "model/device.h"
#include "model/diagnose_request.h"
#include "model/finding.h"
#include "model/problem.h"
#include "triton/triton_cache.h"

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <atomic>
#include <optional>

namespace hd {

inline constexpr char kDiagnosisSchema[] = "hipdoctor.diagnosis/1";

// One input as the engine understood it.
struct DiagnosisInput {
    QString path;
    QString kind;        // artifact kind name, "triton-cache", "triton-entry", "amd-log",
                         // "python-traceback", "build-log", "command-lines", "rocminfo",
                         // "text", "missing", "unreadable"
    QStringList aspects; // everything the text holds ("amd-log", "python-traceback", ...)
    QStringList layers;  // text: the layers its lines speak for ("compiler", "runtime", ...)
    QString summary;     // one line: "offload bundle: 2 code objects (gfx90a, gfx1030), 3 kernels"
    QList<Problem> problems;
    // Text: its events (text_events.h), for front ends that show the failing one; not in JSON.
    QList<TextEvent> events;
};

struct Diagnosis {
    QList<DiagnosisInput> inputs;
    QList<DeviceInfo> devices;
    QString devicesFrom; // "target" | "rocminfo" | "log" | "text" | "probe" | "none"
    QString runtimeVersion;
    QString runtimeVersionFrom; // "option" | "library <path>" | "probe" | ""
    QString runtimeBackend;     // "hip" | "cuda": whose runtime the version is
    QStringList kernels;        // names looked up: given + found in logs
    QList<Finding> findings;    // errors first, then warnings, then info
    // Findings past kMaxFindings, left out (the least severe): said as "N more".
    int findingsLeftOut = 0;
    // The answer to the question asked (model/case_verdict.h): what every front end shows first.
    CaseVerdict caseVerdict;
    QList<Problem> problems; // what could not be read (file, offset, message)
    bool inputError = false; // an input could not be read at all (CLI exit 2)
    QString usageError;      // a bad option value (CLI exit 2)

    // What was read, for front ends that show more than findings.
    QList<ArtifactReport> artifacts;
    QList<TritonCache> tritonCaches;
    QList<KernelLibrary> kernelLibraries; // vendor kernel folders (artifacts/kernel_library.h)

    bool hasErrors() const;
    // The hipdoctor.diagnosis/1 document (docs/schema-diagnosis.md), parsed back from its one
    // writer, writeJson() in diagnosis/diagnosis_json.h.
    QJsonObject toJson() const;
};

// At most this many findings per run, after the merge by meaning (docs/limits.md).
inline constexpr int kMaxFindings = 1000;

Diagnosis diagnose(const DiagnoseRequest &request);
// The MD5 of every compressed bundle of d's artifacts, checked after the diagnosis (diagnose()
// reads without it, as the app does): each mismatch joins its input's problems and
// d.problems. Returns the mismatches. `cancel` stops between bundles.
QList<Problem> checkDiagnosisHashes(Diagnosis &d, const std::atomic_bool *cancel = nullptr);
// The finding the symbol rules make for one name looked up in these artifacts — only
// C++-mangled, internal linkage, not a kernel, a library's host API, not found — or none when
// it is a kernel by that name: the one set of sentences for a kernel-name verdict, which the
// app's name box shows as Findings does (docs/architecture.md, "The case verdict").
std::optional<Finding> nameFinding(const QList<ArtifactReport> &artifacts, const QString &name);
// The question a request asks, as the diagnosis understood it (devices chosen, kernels found).
CaseQuestion caseQuestionOf(const DiagnoseRequest &request, const Diagnosis &d);

// "6.2" / "5.2.21153" -> {6, 2}; {-1, -1} when not a version.
QPair<int, int> parseRuntimeVersion(const QString &text);

// Launch checks, for callers that know the launch configuration (launch command, verify):
// block size against the kernel's max flat workgroup size and the device limit, and the
// argument bytes against the kernel's explicit kernarg layout.
QList<Finding> checkLaunchConfiguration(const KernelInfo &kernel, const DeviceInfo *device,
                                        int blockX, int blockY, int blockZ,
                                        qint64 argumentBytes = -1, const QString &where = {});

} // namespace hd
