#pragma once

// The model's JSON written straight to a JsonWriter (docs/performance.md, "Streamed JSON"):
// the one description of each type's fields. `verify --json` and `sysinfo --json` stream it;
// the toJson() members that remain (for saving and the app) are these bytes parsed back
// (jsonObjectOf(), common/json_writer.h). Keys are written in QJsonObject's sorted order.

#include "common/json_writer.h"
#include "env/env_profile.h"

#include <QString>

namespace hd {

class JsonWriter;
struct Evidence;
struct Finding;
struct Problem;
struct DeviceInfo;
struct InventoryFact;
struct SystemInventory;
struct PhaseTiming;
struct FailureSignature;
struct CheckRecord;
struct StepRecord;
struct Comparison;
struct Session;

// A list of anything with a writeJson (found where its type lives), as a JSON array.
template <typename List> void writeJsonArray(JsonWriter &w, const List &items);

void writeJson(JsonWriter &w, const Evidence &e);
void writeJson(JsonWriter &w, const Finding &f);
void writeJson(JsonWriter &w, const Problem &p);
// from: the diagnosis's "from" member (docs/schema-diagnosis.md), in its sorted place, when given.
void writeJson(JsonWriter &w, const DeviceInfo &d, const QString *from = nullptr);
void writeJson(JsonWriter &w, const InventoryFact &f);
// With remote set (sysinfo --remote): where it was collected, "remote" and "host".
void writeJson(JsonWriter &w, const SystemInventory &inv, const QString &remote = {},
               const QString &host = {});
void writeJson(JsonWriter &w, const PhaseTiming &p);
void writeJson(JsonWriter &w, const FailureSignature &s);
void writeJson(JsonWriter &w, const CheckRecord &c);
void writeJson(JsonWriter &w, const StepRecord &s);
void writeJson(JsonWriter &w, const Comparison &c);
// The hipdoctor.session/2 document, the unknown fields it keeps in their sorted place.
void writeJson(JsonWriter &w, const Session &s);

template <typename List> void writeJsonArray(JsonWriter &w, const List &items) {
    w.beginArray();
    for (const auto &item : items)
        writeJson(w, item);
    w.endArray();
}

} // namespace hd
