#pragma once

// The `hipdoctor.inspection/1` JSON document (docs/schema-inspection.md): every inspected
// input and, per --target, the code object the runtime would pick.

#include "artifacts/model.h"
#include "targets/compatibility.h"

#include <QJsonObject>
#include <QList>

namespace hd {

inline constexpr char kInspectionSchema[] = "hipdoctor.inspection/1";

QJsonObject inspectionDocument(const QList<ArtifactReport> &reports, const QList<TargetId> &targets,
                               const MatchOptions &options = {});

} // namespace hd
