#pragma once

// A capture record (docs/capture.md) read as an input: the calls a program made to the HIP and
// CUDA runtimes under libhipdoctor-capture.so, and the images it handed them. The analysis puts
// every image through the load verdict (artifacts/load_verdict.h) against the device the
// program saw or a --target, every kernel lookup through lookupKernelName (names/kernel_names.h)
// against the symbols of the image it was asked of, and names the first failing call.

#include "artifacts/load_verdict.h"
#include "common/engine_text.h"
#include "model/artifact_report.h"
#include "model/finding.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace hd {

// One runtime call, its "enter" line and its result line merged.
struct CaptureCall {
    qint64 seq = 0, pid = 0, tid = 0, tNs = 0, durNs = 0;
    QString call;
    bool returned = true; // false: an "enter" line without its result (the program ended inside)
    bool hasResult = false;
    qint64 result = 0;
    QString resultName;
    QJsonObject fields; // everything else the line holds (docs/capture.md, "Records")
    QString field(const char *key) const;
    bool failed() const { return hasResult && result != 0; }
};

struct CaptureProcess {
    qint64 pid = 0, ppid = 0;
    QString exe, cwd, file;
    QList<CaptureCall> calls; // in seq order
};

struct CaptureRecord {
    QString dir;
    QList<CaptureProcess> processes;
    QStringList problems; // lines that could not be read, files missing
    int calls() const;
};

// True when dir holds calls-*.jsonl files.
bool isCaptureRecord(const QString &dir);
CaptureRecord readCaptureRecord(const QString &dir);

// An image handed to the runtime, inspected from the record's images/ folder.
struct CaptureImage {
    QString hash, file, kind;
    QStringList targets;                    // as the interposer read them from the container
    std::shared_ptr<ArtifactReport> report; // null when the image was not saved
    std::optional<LoadVerdict> verdict;     // against the device
    QStringList kernels;                    // kernel symbols it holds (mangled)
};

// A load, a registration or a lookup, as the capture table shows it.
struct CaptureRow {
    const CaptureCall *call = nullptr;
    const CaptureProcess *process = nullptr;
    QString kind;   // "load", "register", "lookup", "launch", "device", "other"
    QString source; // "file", "memory", "fatbin"
    QString what;   // "hipModuleGetFunction(module of x.hsaco, "vecAdd")"
    QString imageHash;
    bool problem = false; // the call failed, or the checks say it would on the device
    Text sentence;        // what the checks found, "" when nothing
    TextList fixes;
    QString findingId; // the finding catalog's id for what the checks found (finding_catalog.h)
};

struct CaptureAnalysis {
    QString device;     // "gfx90a", "sm_90", or "" when neither the record nor --target names one
    QString deviceFrom; // "--target", the call that named it, or ""
    QList<CaptureRow> rows;
    QMap<QString, CaptureImage> images; // by hash
    int answerRow = -1;                 // index in rows, -1 when nothing failed
    Text answer;                        // one sentence: the first failing call and why
    TextList fixes;
};

// target: "" to use the device the program saw.
CaptureAnalysis analyzeCapture(const CaptureRecord &record, const QString &target = {});
// Each row the checks found a cause for, as a finding of the catalog (symbol.mangled-name,
// arch.no-compatible-code-object, ...), its evidence the call: what the session and the
// report carry.
QList<Finding> captureFindings(const CaptureAnalysis &analysis);
// hipdoctor.capture/1 (docs/capture.md, "JSON").
QJsonObject captureToJson(const CaptureRecord &record, const CaptureAnalysis &analysis);

} // namespace hd
