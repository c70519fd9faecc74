#pragma once

// The documents of `diagnose --json` and `triton --json` written as they are produced
// (docs/performance.md, "Streamed JSON"): the same bytes as JsonWriter::value() of the
// QJsonObject they were printed from before (Diagnosis::toJson(), tritonDocument()), keys in
// the same sorted order, without building it.

#include <QJsonObject>

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
// cache, its devices and findings; as a QJsonObject, and streamed.
QJsonObject tritonDocument(const Diagnosis &d);
void writeTritonDocument(JsonWriter &w, const Diagnosis &d);

} // namespace hd
