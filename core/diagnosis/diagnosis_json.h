#pragma once

// The documents of `diagnose --json` and `triton --json` written as they are produced
// (docs/performance.md, "Streamed JSON"), keys in QJsonObject's sorted order: the one
// description of these types' fields; Diagnosis::toJson() is derived from it.

namespace hd {

class JsonWriter;
struct Diagnosis;
struct DiagnosisInput;
struct TritonCache;
struct TritonEntry;

inline constexpr char kTritonSchema[] = "hipdoctor.triton/1";

void writeJson(JsonWriter &w, const TritonEntry &e);
void writeJson(JsonWriter &w, const TritonCache &c);
void writeJson(JsonWriter &w, const DiagnosisInput &in);
// The hipdoctor.diagnosis/1 document (docs/schema-diagnosis.md).
void writeJson(JsonWriter &w, const Diagnosis &d);

// The hipdoctor.triton/1 document (docs/schema-diagnosis.md): the diagnosis's first Triton
// cache, its devices and findings.
void writeTritonDocument(JsonWriter &w, const Diagnosis &d);

} // namespace hd
