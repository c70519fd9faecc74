#include "model/labels.h"

namespace hd {

namespace {

struct StatusLabels {
    CheckStatus status;
    const char *mark;
    const char *icon;
};

constexpr StatusLabels kStatusLabels[] = {
    {CheckStatus::Pass, "PASS", "✅"},           {CheckStatus::Fail, "FAIL", "❌"},
    {CheckStatus::Skipped, "skip", "⏭️"},   {CheckStatus::Error, "ERR ", "⚠️"},
    {CheckStatus::Cancelled, "stop", "⏹️"},
};

const StatusLabels *labelsOf(CheckStatus s) {
    for (const StatusLabels &l : kStatusLabels)
        if (l.status == s)
            return &l;
    return nullptr;
}

} // namespace

QString checkStatusMark(CheckStatus s) {
    const StatusLabels *l = labelsOf(s);
    return l ? QString::fromUtf8(l->mark) : QString();
}

QString checkStatusIcon(CheckStatus s) {
    const StatusLabels *l = labelsOf(s);
    return l ? QString::fromUtf8(l->icon) : QString();
}

QString severityIcon(Severity s) {
    switch (s) {
    case Severity::Error:
        return QStringLiteral("❌");
    case Severity::Warning:
        return QStringLiteral("⚠️");
    case Severity::Info:
        return QStringLiteral("ℹ️");
    }
    return {};
}

} // namespace hd
