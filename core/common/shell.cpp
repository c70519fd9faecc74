#include "common/shell.h"

#include <QRegularExpression>

namespace hd {

QString shellQuote(const QString &argument) {
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (!argument.isEmpty() && safe.match(argument).hasMatch())
        return argument;
    QString q = argument;
    q.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

QString shellJoin(const QStringList &argv) {
    QStringList words;
    words.reserve(argv.size());
    for (const QString &a : argv)
        words << shellQuote(a);
    return words.join(QLatin1Char(' '));
}

QStringList shellSplit(const QString &line) {
    QStringList out;
    QString cur;
    bool inToken = false;
    QChar quote;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else if (c == QLatin1Char('\\') && quote == QLatin1Char('"') && i + 1 < line.size())
                cur += line[++i];
            else
                cur += c;
            continue;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
            inToken = true;
        } else if (c == QLatin1Char('\\') && i + 1 < line.size()) {
            cur += line[++i];
            inToken = true;
        } else if (c.isSpace()) {
            if (inToken)
                out.append(cur);
            cur.clear();
            inToken = false;
        } else {
            cur += c;
            inToken = true;
        }
    }
    if (inToken)
        out.append(cur);
    return out;
}

} // namespace hd
