#pragma once

// An inspected report as its one JSON writer writes it: the inspection document's input
// (InspectionWriter, `inspect --json`), as bytes and parsed.

#include "artifacts/inspection_document.h"
#include "common/json_writer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace arttest {

inline QByteArray reportBytes(const hd::ArtifactReport &r) {
    hd::JsonWriter w;
    hd::writeInspection(w, {r}, {});
    return w.takeBytes();
}

// inputs[0] of the document, or an empty object when the bytes do not parse.
inline QJsonObject reportJson(const hd::ArtifactReport &r) {
    const QJsonDocument doc = QJsonDocument::fromJson(reportBytes(r));
    return doc.object().value(QStringLiteral("inputs")).toArray().first().toObject();
}

} // namespace arttest
