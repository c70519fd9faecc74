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

bool isInvisibleFormatChar(char32_t c) {
    return c == 0x061c || c == 0x180e || (c >= 0x200b && c <= 0x200f) ||
           (c >= 0x2028 && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) ||
           (c >= 0x2066 && c <= 0x2069) || c == 0xfeff || (c >= 0xfff9 && c <= 0xfffb);
}

namespace {
// "\u202E" for each invisible format character (all of them are in the BMP).
QString withVisibleFormatChars(const QString &text) {
    const auto invisible = [](QChar c) { return isInvisibleFormatChar(c.unicode()); };
    if (std::none_of(text.cbegin(), text.cend(), invisible))
        return text;
    QString out;
    out.reserve(text.size() + 16);
    for (QChar c : text) {
        if (invisible(c))
            out += QStringLiteral("\\u") +
                   QStringLiteral("%1").arg(uint(c.unicode()), 4, 16, QLatin1Char('0')).toUpper();
        else
            out += c;
    }
    return out;
}
} // namespace

QString withoutTerminalEscapes(const QString &text) {
    if (!text.contains(QChar(0x1b)))
        return withVisibleFormatChars(text);
    static const QRegularExpression escapes(QStringLiteral(
        "\\x{1b}\\[[0-?]*[ "
        "-/]*[@-~]|\\x{1b}\\][^\\x{07}\\x{1b}]*(?:\\x{07}|\\x{1b}\\\\)?|\\x{1b}[@-_]?"));
    QString out = text;
    out.remove(escapes);
    return withVisibleFormatChars(out);
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
        else if (isInvisibleFormatChar(c))
            out += QStringLiteral("\\u") +
                   QStringLiteral("%1").arg(uint(c), 4, 16, QLatin1Char('0')).toUpper();
        else
            out += text.at(i);
    }
    if (keep < text.size())
        out += QStringLiteral("… [hipdoctor: %1 more characters left out]").arg(text.size() - keep);
    return out;
}

} // namespace hd
