#include "artifacts/inspection_document.h"

#include "artifacts/selection.h"
#include "common/version.h"

#include <QJsonArray>

namespace hd {

QJsonObject inspectionDocument(const QList<ArtifactReport> &reports, const QList<TargetId> &targets,
                               const MatchOptions &options) {
    QJsonArray inputs;
    for (const ArtifactReport &r : reports) {
        QJsonObject o = r.toJson();
        QJsonArray selections;
        for (const TargetId &t : targets)
            for (const CodeObjectSelection &s : selectCodeObjects(r, t, options))
                selections.append(s.toJson());
        o.insert(QStringLiteral("selections"), selections);
        o.insert(QStringLiteral("kernel_count"), r.kernelCount());
        inputs.append(o);
    }
    QJsonArray ts;
    for (const TargetId &t : targets)
        ts.append(t.toString());
    return QJsonObject{{QStringLiteral("schema"), QLatin1String(kInspectionSchema)},
                       {QStringLiteral("hipdoctor_version"), version()},
                       {QStringLiteral("targets"), ts},
                       {QStringLiteral("inputs"), inputs}};
}

} // namespace hd
