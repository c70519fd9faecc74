#pragma once

// Internal: the facts every rule reads and the findings they add.

#include "diagnosis/diagnosis.h"
#include "diagnosis/finding_catalog.h"
#include "diagnosis/text_facts.h"
#include "logs/amd_log.h"

#include <optional>

namespace hd::detail {

struct TextInput {
    QString path;
    TextFacts facts;
    std::optional<AmdLog> amdLog;
    std::optional<TritonTracebackStage> tritonStage;
};

struct Context {
    const DiagnoseRequest &request;
    Diagnosis &result;
    QList<DeviceInfo> devices;
    QString devicesFrom;
    QStringList realProcessors; // AMD devices' processors before HSA_OVERRIDE_GFX_VERSION
    QPair<int, int> runtime{-1, -1};
    bool runtimeExplicit = false;
    QList<ArtifactReport> artifacts;
    QList<TritonCache> caches;
    QList<ArtifactReport> tritonBinaries; // the .hsaco / .cubin of Triton entries, inspected
    QList<TextInput> texts;
    QStringList kernels; // requested names
    QList<Finding> findings;

    bool runtimeKnown() const { return runtime.first >= 0; }
    bool runtimeAtLeast(int major, int minor) const {
        return runtime.first > major || (runtime.first == major && runtime.second >= minor);
    }
    QString runtimeText() const {
        return QStringLiteral("%1.%2").arg(runtime.first).arg(runtime.second);
    }
    bool cancelled() const {
        return request.cancel && request.cancel->load(std::memory_order_relaxed);
    }
    void add(Finding f) { findings.append(std::move(f)); }
};

Evidence fileEvidence(const QString &path, const QString &location, const QString &text = {});
Evidence lineEvidence(const QString &path, const TextLine &line);
Evidence lineEvidence(const QString &path, int lineNumber, const QString &text);
QStringList nearestNames(const QString &name, const QStringList &candidates, int max = 5);

void artifactRules(Context &c);
void symbolRules(Context &c);
void tritonRules(Context &c);
void textRules(Context &c);
void envRules(Context &c);

} // namespace hd::detail
