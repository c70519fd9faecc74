#include "diagnosis/diagnosis_json.h"

#include "common/json_writer.h"
#include "diagnosis/diagnosis.h"
#include "model/model_json.h"

namespace hd {

// Keys in sorted order everywhere below: the order a QJsonObject has (Diagnosis::toJson() is
// these bytes parsed back).

void writeJson(JsonWriter &w, const TritonEntry &e) {
    w.beginObject();
    w.member("arch", e.arch);
    w.member("arch_source", e.archSource);
    w.member("backend", e.backend);
    w.member("binary", e.binaryPath);
    w.member("complete", e.complete());
    w.member("dir", e.dir);
    w.member("group", e.hasGroup);
    w.member("hash", e.hash);
    w.member("kernel", e.kernelName);
    w.member("last_stage", e.lastStage);
    w.member("llir_args", e.llirArgCount);
    w.member("metadata", e.hasMetadata);
    w.member("missing_stage", e.missingStage);
    w.member("num_stages", e.numStages);
    w.member("num_warps", e.numWarps);
    w.key("problems");
    writeJsonArray(w, e.problems);
    w.member("shared", e.sharedBytes);
    w.member("source_args", e.sourceArgCount);
    w.key("stages").stringArray(e.stagesPresent);
    if (const auto t = e.target())
        w.member("target", t->toString());
    w.member("triton_version", e.tritonVersion);
    w.member("warp_size", e.warpSize);
    w.endObject();
}

void writeJson(JsonWriter &w, const TritonCache &c) {
    w.beginObject();
    w.key("entries");
    writeJsonArray(w, c.entries);
    w.member("launcher_folders", c.launcherFolders);
    w.key("problems");
    writeJsonArray(w, c.problems);
    w.member("root", c.root);
    w.member("single_entry", c.singleEntry);
    w.endObject();
}

void writeJson(JsonWriter &w, const DiagnosisInput &in) {
    w.beginObject();
    w.key("aspects").stringArray(in.aspects);
    w.member("kind", in.kind);
    w.key("layers").stringArray(in.layers);
    w.member("path", in.path);
    w.key("problems");
    writeJsonArray(w, in.problems);
    w.member("summary", in.summary);
    w.endObject();
}

void writeJson(JsonWriter &w, const Diagnosis &d) {
    int errors = 0, warnings = 0, info = 0;
    for (const Finding &f : d.findings)
        ++(f.severity == Severity::Error     ? errors
           : f.severity == Severity::Warning ? warnings
                                             : info);
    w.beginObject();
    if (!d.caseVerdict.isEmpty()) {
        w.key("case_verdict");
        w.value(d.caseVerdict.toJson());
    }
    w.key("devices").beginArray();
    for (const DeviceInfo &dev : d.devices)
        writeJson(w, dev, &d.devicesFrom);
    w.endArray();
    w.member("devices_from", d.devicesFrom);
    w.key("findings");
    writeJsonArray(w, d.findings);
    if (d.findingsLeftOut > 0)
        w.member("findings_left_out", d.findingsLeftOut);
    w.key("inputs");
    writeJsonArray(w, d.inputs);
    w.key("kernels").stringArray(d.kernels);
    w.key("problems");
    writeJsonArray(w, d.problems);
    w.member("runtime_backend", d.runtimeBackend);
    w.member("runtime_version", d.runtimeVersion);
    w.member("runtime_version_from", d.runtimeVersionFrom);
    w.member("schema", kDiagnosisSchema);
    w.key("summary").beginObject();
    w.member("errors", errors);
    w.member("info", info);
    w.member("warnings", warnings);
    w.endObject();
    if (!d.usageError.isEmpty())
        w.member("usage_error", d.usageError);
    w.endObject();
}

void writeTritonDocument(JsonWriter &w, const Diagnosis &d) {
    w.beginObject();
    w.key("cache");
    if (d.tritonCaches.isEmpty()) {
        w.beginObject();
        w.endObject();
    } else {
        writeJson(w, d.tritonCaches.first());
    }
    w.key("devices");
    writeJsonArray(w, d.devices);
    w.key("findings");
    writeJsonArray(w, d.findings);
    w.member("schema", kTritonSchema);
    w.endObject();
}

} // namespace hd
