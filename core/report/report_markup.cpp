// Text for the reports' two markups (private/report_p.h): Markdown spans that untrusted text
// cannot break out of, HTML escaping, status and severity badges, and the labels both share.

#include "report_p.h"

#include "common/format.h"

#include "model/labels.h"

#include <algorithm>

namespace hd::reportdetail {

QString directionText(Direction d) {
    switch (d) {
    case Direction::RuntimeLink:
        return QStringLiteral("1 — runtime link and initialization");
    case Direction::Symbols:
        return QStringLiteral("2 — symbols");
    case Direction::CodeObject:
        return QStringLiteral("3 — code object vs. device and context");
    case Direction::None:
        break;
    }
    return QStringLiteral("none");
}

// Keeps the last maxLines lines and at most the last maxBytes bytes (UTF-16 units, cut at a
// line start when there is one): the end of a log is where the failure is.
QString tailLines(const QString &rawText, int maxLines, qsizetype maxBytes, int *omitted,
                  qsizetype *omittedBytes) {
    *omittedBytes = 0;
    // A maintainer reads the words, not the terminal's colour codes.
    const QString text = withoutTerminalEscapes(rawText);
    QStringView view(text);
    if (maxBytes > 0 && view.size() > maxBytes) {
        qsizetype from = view.size() - maxBytes;
        const qsizetype nl = view.indexOf(QLatin1Char('\n'), from);
        if (nl >= 0 && nl + 1 < view.size())
            from = nl + 1;
        *omittedBytes = from;
        view = view.mid(from);
    }
    QStringList lines = view.toString().split(QLatin1Char('\n'));
    while (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    *omitted = 0;
    if (maxLines > 0 && lines.size() > maxLines) {
        *omitted = int(lines.size()) - maxLines;
        lines = lines.mid(lines.size() - maxLines);
    }
    return lines.join(QLatin1Char('\n'));
}

int longestBacktickRun(const QString &text) {
    int longest = 0, run = 0;
    for (QChar c : text) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return longest;
}

// A fence longer than any run of backticks in the text, so logs cannot close it.
QString fenceFor(const QString &text) {
    return QString(std::max(3, longestBacktickRun(text) + 1), QLatin1Char('`'));
}

// Untrusted text in Markdown prose (kernel names, titles, paths, messages): outside code spans
// a '<' that could open an HTML tag ("</details>", "<img>", "<host>") and a '&' that could
// start an entity are backslash-escaped (CommonMark), so they stay text and read as typed in
// the raw Markdown too ("a < b", "x & y" stay as they are; no "&lt;" to read). A code span
// (backticks, closed by the same run) is kept as it is: HTML is not read there.
QString mdText(const QString &raw) {
    const QString s = withoutTerminalEscapes(raw); // the words, not the colour codes
    QString out;
    out.reserve(s.size());
    const qsizetype n = s.size();
    auto runAt = [&](qsizetype at) {
        qsizetype r = 0;
        while (at + r < n && s[at + r] == QLatin1Char('`'))
            ++r;
        return r;
    };
    for (qsizetype i = 0; i < n;) {
        const QChar c = s[i];
        if (c == QLatin1Char('`')) {
            const qsizetype run = runAt(i);
            qsizetype close = -1;
            for (qsizetype j = i + run; j < n;) {
                const qsizetype r = runAt(j);
                if (r == run) {
                    close = j;
                    break;
                }
                j += r ? r : 1;
            }
            const qsizetype end = close >= 0 ? close + run : i + run;
            out += QStringView(s).mid(i, end - i);
            i = end;
            continue;
        }
        const QChar next = i + 1 < n ? s[i + 1] : QChar();
        if (c == QLatin1Char('<') && (next.isLetter() || next == QLatin1Char('/') ||
                                      next == QLatin1Char('!') || next == QLatin1Char('?')))
            out += QLatin1String("\\<"); // a tag, a comment, a declaration
        else if (c == QLatin1Char('&') && (next.isLetter() || next == QLatin1Char('#')))
            out += QLatin1String("\\&"); // an entity
        else if (c == QLatin1Char('>') && (i == 0 || s[i - 1] == QLatin1Char('\n')))
            out += QLatin1String("\\>"); // a quote block
        else if (c == QLatin1Char('\\') && i + 1 < n && next.isPunct())
            out += QLatin1String("\\\\"); // a backslash that would escape what follows
        else
            out += c;
        ++i;
    }
    return out;
}

// Table cells: one line, no pipes.
QString cell(QString s) {
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    s = mdText(s);
    s.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    return s.trimmed();
}

// A code span whose delimiter is longer than any backtick run inside, so the text cannot
// close it.
QString inlineCode(const QString &raw) {
    const QString s = withoutTerminalEscapes(raw);
    const int longest = longestBacktickRun(s);
    const QString fence(longest + 1, QLatin1Char('`'));
    const QString pad = longest ? QStringLiteral(" ") : QString();
    return fence + pad + QString(s).replace(QLatin1Char('\n'), QLatin1Char(' ')) + pad + fence;
}

QString stepTitle(const StepRecord &st) {
    return QStringLiteral("Step %1 — %2").arg(st.step).arg(st.title);
}

QString esc(const QString &s) {
    return withoutTerminalEscapes(s).toHtmlEscaped();
}

// Prose that may hold Markdown code spans (finding titles, messages, verdicts): escaped, with
// `code` shown as <code> rather than as backticks.
QString htmlText(const QString &raw) {
    const QString s = withoutTerminalEscapes(raw); // the words, not the colour codes
    QString out;
    const qsizetype n = s.size();
    auto runAt = [&](qsizetype at) {
        qsizetype r = 0;
        while (at + r < n && s[at + r] == QLatin1Char('`'))
            ++r;
        return r;
    };
    qsizetype plainFrom = 0;
    for (qsizetype i = 0; i < n;) {
        if (s[i] != QLatin1Char('`')) {
            ++i;
            continue;
        }
        const qsizetype run = runAt(i);
        qsizetype close = -1;
        for (qsizetype j = i + run; j < n;) {
            const qsizetype r = runAt(j);
            if (r == run) {
                close = j;
                break;
            }
            j += r ? r : 1;
        }
        if (close < 0) {
            i += run;
            continue;
        }
        QString code = s.mid(i + run, close - i - run);
        if (code.size() >= 2 && code.front() == QLatin1Char(' ') && code.back() == QLatin1Char(' '))
            code = code.mid(1, code.size() - 2);
        out += esc(s.mid(plainFrom, i - plainFrom)) + QStringLiteral("<code>") + esc(code) +
               QStringLiteral("</code>");
        i = close + run;
        plainFrom = i;
    }
    return out + esc(s.mid(plainFrom));
}

// Badges are CSS (a coloured dot and the word), not emoji: the report looks the same without
// an emoji font.
QString statusBadge(CheckStatus st) {
    return QStringLiteral("<span class=\"badge %1\">%1</span>").arg(checkStatusName(st));
}

QString severityBadge(Severity sev) {
    return QStringLiteral("<span class=\"badge sev-%1\">%1</span>").arg(severityName(sev));
}

} // namespace hd::reportdetail
