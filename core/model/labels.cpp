#include "model/labels.h"

#include <QRegularExpression>

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

Text checkStatusWord(CheckStatus s) {
    switch (s) {
    case CheckStatus::Pass:
        return HD_TEXT("hd::Verify", "pass");
    case CheckStatus::Fail:
        return HD_TEXT("hd::Verify", "fail");
    case CheckStatus::Skipped:
        return HD_TEXT("hd::Verify", "skipped");
    case CheckStatus::Error:
        break;
    case CheckStatus::Cancelled:
        return HD_TEXT("hd::Verify", "cancelled");
    }
    return HD_TEXT("hd::Verify", "error");
}

Text originText(const QString &origin) {
    static const QRegularExpression entry(QStringLiteral("^entry (\\S+) @ (.+)$"));
    static const QRegularExpression compressed(
        QStringLiteral("^entry (\\S+) of compressed bundle @ (.+)$"));
    static const QRegularExpression bundleAt(QStringLiteral("^bundle @ (.+)$"));
    static const QRegularExpression bundle(QStringLiteral("^bundle (.+)$"));
    // NVIDIA origins (core/artifacts/nvidia_fatbin.cpp): "[<outer> ]fatbin @ <offset>",
    // "<container> entry <n> (<kind> sm_<arch>)"; -fgpu-rdc objects (host_elf.cpp).
    static const QRegularExpression fatbinEntry(
        QStringLiteral("^(.+) entry (\\d+) \\((\\S+) (sm_\\w+)\\)$"));
    static const QRegularExpression fatbinAt(QStringLiteral("^(?:(.+) )?fatbin @ (\\S+)$"));
    if (origin == QLatin1String("file"))
        return HD_TEXT("hd::Diagnosis", "file");
    if (origin == QLatin1String("-fgpu-rdc sections"))
        return HD_TEXT("hd::Diagnosis", "-fgpu-rdc sections");
    if (const auto m = fatbinEntry.match(origin); m.hasMatch())
        return HD_TEXT("hd::Diagnosis", "%1 entry %2 (%3 %4)")
            .arg(originText(m.captured(1)))
            .arg(m.captured(2), m.captured(3), m.captured(4));
    if (const auto m = fatbinAt.match(origin); m.hasMatch())
        return m.captured(1).isEmpty() ? HD_TEXT("hd::Diagnosis", "fatbin @ %1").arg(m.captured(2))
                                       : HD_TEXT("hd::Diagnosis", "%1 fatbin @ %2")
                                             .arg(originText(m.captured(1)))
                                             .arg(m.captured(2));
    if (const auto m = compressed.match(origin); m.hasMatch())
        return HD_TEXT("hd::Diagnosis", "entry %1 of compressed bundle @ %2")
            .arg(m.captured(1), m.captured(2));
    if (const auto m = entry.match(origin); m.hasMatch())
        return HD_TEXT("hd::Diagnosis", "entry %1 @ %2").arg(m.captured(1), m.captured(2));
    if (const auto m = bundleAt.match(origin); m.hasMatch())
        return HD_TEXT("hd::Diagnosis", "bundle @ %1").arg(m.captured(1));
    if (const auto m = bundle.match(origin); m.hasMatch())
        return HD_TEXT("hd::Diagnosis", "bundle %1").arg(originText(m.captured(1)));
    return origin;
}

} // namespace hd
