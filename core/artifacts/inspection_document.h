#pragma once

// The `hipdoctor.inspection/1` JSON document (docs/schema-inspection.md): every inspected
// input and, per --target, the code object the runtime would pick. Written as the inputs come,
// through a JsonWriter: librocsparse's document is hundreds of MB and is never held in memory.

#include "artifacts/load_verdict.h"
#include "model/artifact_report.h"

#include <QByteArray>
#include <QList>

#include <unordered_map>

namespace hd {

class JsonWriter;

inline constexpr char kInspectionSchema[] = "hipdoctor.inspection/1";

class InspectionWriter {
public:
    // Writes the document's head (schema, version, targets) and opens "inputs".
    InspectionWriter(JsonWriter &out, const QList<TargetId> &targets,
                     const LoadRuntime &runtime = {});
    void add(const ArtifactReport &report); // one input, in command-line order
    void finish();                          // closes the document

private:
    void writeCodeObject(const CodeObject &co);
    void writeKernel(const KernelInfo &k);
    void writeSymbol(const Symbol &s);
    void writeHost(const HostInfo &h);

    JsonWriter &m_out;
    QList<TargetId> m_targets;
    LoadRuntime m_runtime;
    // Kernels share argument lists (docs/performance.md, "Inspection"): each shared list is
    // serialized once, by the address of its elements.
    std::unordered_map<const KernelArg *, QByteArray> m_args;
};

// The whole document for reports already in memory.
void writeInspection(JsonWriter &out, const QList<ArtifactReport> &reports,
                     const QList<TargetId> &targets, const LoadRuntime &runtime = {});

} // namespace hd
