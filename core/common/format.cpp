#include "common/format.h"

#include <QRegularExpression>

#include <algorithm>

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

QString withoutTerminalEscapes(const QString &text) {
    if (!text.contains(QChar(0x1b)))
        return text;
    static const QRegularExpression escapes(QStringLiteral(
        "\\x{1b}\\[[0-?]*[ "
        "-/]*[@-~]|\\x{1b}\\][^\\x{07}\\x{1b}]*(?:\\x{07}|\\x{1b}\\\\)?|\\x{1b}[@-_]?"));
    QString out = text;
    out.remove(escapes);
    return out;
}

QString printableText(const QString &text, qsizetype maxChars) {
    const qsizetype keep = maxChars < 0 ? text.size() : std::min(text.size(), maxChars);
    QString out;
    out.reserve(keep);
    for (qsizetype i = 0; i < keep; ++i) {
        const char16_t c = text.at(i).unicode();
        if (c < 0x20 || (c >= 0x7f && c < 0xa0))
            out += QStringLiteral("\\x") +
                   QStringLiteral("%1").arg(uint(c), 2, 16, QLatin1Char('0')).toUpper();
        else
            out += text.at(i);
    }
    if (keep < text.size())
        out += QStringLiteral("… [hipdoctor: %1 more characters left out]").arg(text.size() - keep);
    return out;
}

} // namespace hd
