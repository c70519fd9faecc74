// Evidence that reads (private/report_p.h): commands as shell words folded at argument
// boundaries, long output lines folded the same way, the probe's JSON lines recognised, and
// the error line of a check that passed anyway.

#include "report_p.h"

#include "common/shell.h"

#include <QRegularExpression>

namespace hd::reportdetail {

namespace {

// The words of a line, split at spaces outside single or double quotes (a `-###` line or a
// shell line keeps each argument whole).
QStringList wordsOf(const QString &line) {
    QStringList words;
    QString cur;
    QChar quote;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (!quote.isNull()) {
            cur += c;
            if (c == QLatin1Char('\\') && quote == QLatin1Char('"') && i + 1 < line.size())
                cur += line[++i];
            else if (c == quote)
                quote = QChar();
        } else if (c == QLatin1Char(' ')) {
            if (!cur.isEmpty())
                words << cur;
            cur.clear();
        } else {
            if (c == QLatin1Char('"') || c == QLatin1Char('\''))
                quote = c;
            cur += c;
        }
    }
    if (!cur.isEmpty())
        words << cur;
    return words;
}

// Words packed into lines of about width characters, each but the last ending in " \" (as a
// shell continues a line), the following ones indented.
QString packWords(const QStringList &words, int width, const QString &indent) {
    QStringList lines;
    QString cur;
    for (const QString &w : words) {
        if (!cur.isEmpty() && cur.size() + 1 + w.size() > width) {
            lines << cur + QStringLiteral(" \\");
            cur = indent;
        }
        cur += (cur.isEmpty() || cur == indent ? QString() : QStringLiteral(" ")) + w;
    }
    if (!cur.isEmpty())
        lines << cur;
    return lines.join(QLatin1Char('\n'));
}

constexpr int kFoldWidth = 110;

} // namespace

// A command as shell words (common/shell.h, the one quoting convention), folded at argument
// boundaries when long, so it still pastes into a shell.
QString foldedCommand(const QStringList &argv) {
    QStringList words;
    for (const QString &a : argv)
        words << shellQuote(a);
    return packWords(words, kFoldWidth, QStringLiteral("    "));
}

// Lines longer than kFoldWidth (a compiler's -### lines, a linker line) folded at their word
// boundaries with a trailing " \"; *folded counts the lines folded.
QString foldLongLines(const QString &text, int *folded) {
    *folded = 0;
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString &l : lines) {
        if (l.size() <= kFoldWidth)
            continue;
        const QStringList words = wordsOf(l);
        if (words.size() < 2)
            continue;
        qsizetype lead = 0;
        while (lead < l.size() && l[lead] == QLatin1Char(' '))
            ++lead;
        l = QString(lead, QLatin1Char(' ')) +
            packWords(words, kFoldWidth, QString(lead + 4, QLatin1Char(' ')));
        ++*folded;
    }
    return lines.join(QLatin1Char('\n'));
}

// Output that is the probe's protocol (docs/protocol.md): every non-empty line a JSON object.
bool isJsonLines(const QString &text) {
    int n = 0;
    for (QStringView l : QStringView(text).split(QLatin1Char('\n'))) {
        l = l.trimmed();
        if (l.isEmpty())
            continue;
        if (!l.startsWith(QLatin1Char('{')) || !l.endsWith(QLatin1Char('}')))
            return false;
        ++n;
    }
    return n > 0;
}

// The first line of a text that reads as a failure: a Python traceback or exception, a
// compiler's or tool's "error:", a crash. "" when there is none.
QString firstErrorLine(const QString &text) {
    static const QRegularExpression re(
        QStringLiteral("^(.*(?:Traceback \\(most recent call last\\)|"
                       "^\\s*(?:[A-Za-z_][\\w.]*)?(?:Error|Exception)(?::\\s|$)|"
                       "\\b(?:error|fatal error|ERROR|FATAL)[:!]|"
                       "Segmentation fault|core dumped|terminate called|Assertion .* failed).*)$"),
        QRegularExpression::MultilineOption);
    const auto m = re.match(text);
    if (!m.hasMatch())
        return {};
    const QString line = m.captured(1).trimmed();
    if (line.contains(QLatin1String("Traceback (most recent call last)"))) {
        // A traceback says what went wrong in its exception line, at the start of a line after
        // the indented frames.
        static const QRegularExpression exception(
            QStringLiteral("^([A-Za-z_][\\w.]*(?:Error|Exception|Exit|Interrupt)\\b.*)$"),
            QRegularExpression::MultilineOption);
        const auto e = exception.match(text, m.capturedEnd(1));
        if (e.hasMatch())
            return QStringLiteral("Traceback … %1").arg(e.captured(1).trimmed()).left(300);
    }
    return line.left(300);
}

// A passing check whose output still holds an error line: worth a look.
QString passingCheckErrorLine(const CheckRecord &c) {
    if (c.status != CheckStatus::Pass)
        return {};
    for (const QString *t : {&c.stderrText, &c.stdoutText, &c.logText})
        if (const QString line = firstErrorLine(*t); !line.isEmpty())
            return line;
    return {};
}

} // namespace hd::reportdetail
