#include "common/format.h"

namespace hd {

QString hex(uint64_t v) {
    return QStringLiteral("0x%1").arg(v, 0, 16);
}

QString formatDuration(double ms) {
    if (ms >= 1000)
        return QStringLiteral("%1 s").arg(ms / 1000.0, 0, 'f', 2);
    return QStringLiteral("%1 ms").arg(ms, 0, 'f', ms < 10 ? 2 : 1);
}

QString formatMsFigure(double ms) {
    return QString::number(ms, 'f', ms >= 100 ? 1 : ms >= 1 ? 3 : 4);
}

QString formatBytes(uint64_t bytes, const QLocale &locale) {
    return locale.formattedDataSize(qint64(bytes), 1, QLocale::DataSizeIecFormat);
}

} // namespace hd
