// Normalizing a paste before its events are read (text_normalize.h, docs/findings.md
// "Pastes as people post them"). Each shape below was seen in pasted reports: the patterns are
// anchored at the start of a line, so a line that shows none of them is left as it is.

#include "diagnosis/text_normalize.h"

#include "common/format.h"
#include "diagnosis/producer_catalog.h"
#include "diagnosis/text_facts.h"
#include "model/finding.h"
#include "model/runtime_errors.h"
#include "targets/processors.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace hd {

namespace {

constexpr int kMaxLineChars = 64 * 1024; // as the readers (text_facts_p.h)
constexpr int kMaxJoined = 3;            // original lines one read line may hold

// Escape sequences pasted as text: "ESC[0;31m", "\x1b[31m", "\033[1m", "\e[0m", "^[[31m",
// "\u001b[0m", "␛[0m"; and the bare "[0m" / "[1;31m" left when a tracker drops the ESC.
QString withoutLiteralEscapes(const QString &line) {
    if (!line.contains(QLatin1Char('[')))
        return line;
    static const QRegularExpression literal(QStringLiteral(
        R"((?:ESC|\\x1[bB]|\\033|\\e|\\u001[bB]|\^\[|\x{241b})\[[0-9;?]*[A-Za-z]|\[[0-9]{1,3}(?:;[0-9]{1,3})*m)"));
    QString out = line;
    out.remove(literal);
    return out;
}

// "> > text" (Markdown quotes, nested), but not Python's ">>>" prompt or a ">>" prefix.
QString withoutQuoteMarkers(QString line) {
    for (int guard = 0; guard < 16 && line.startsWith(QLatin1Char('>')); ++guard) {
        if (line.size() > 1 && line.at(1) == QLatin1Char('>'))
            break;
        line.remove(0, line.size() > 1 && line.at(1).isSpace() ? 2 : 1);
    }
    return line;
}

// A logger's prefix before the message, in the shapes programs print them.
QString withoutLoggerPrefix(const QString &line) {
    // Every shape below starts with a digit, an upper-case letter, '[' or '(' or "time=":
    // most lines are passed over without a match.
    if (line.size() < 8)
        return line;
    const QChar c0 = line.at(0);
    if (!(c0.isDigit() || (c0 >= QLatin1Char('A') && c0 <= QLatin1Char('Z')) ||
          c0 == QLatin1Char('[') || c0 == QLatin1Char('(') ||
          line.startsWith(QLatin1String("time="))))
        return line;
    // glog / absl (Google libraries, TensorFlow, JAX): "E0501 12:00:00.123456  12345 file.cc:12] "
    static const QRegularExpression glog(
        QStringLiteral(R"(^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ [\w.+-]+:\d+\] )"));
    // vLLM: "ERROR 05-01 12:00:00 [engine.py:123] ", "(VllmWorker pid=12) INFO 05-01 ...
    // file.py:12] "
    static const QRegularExpression vllm(QStringLiteral(
        R"(^(?:\(\w+ pid=\d+\)\s+)?(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \[?[\w.+-]+:\d+\] )"));
    // Python's logging.basicConfig: "ERROR:root:", "WARNING:torch.distributed.run:".
    static const QRegularExpression pyLogging(
        QStringLiteral(R"(^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL):[A-Za-z_][\w.]*:)"));
    // A time stamp, maybe a logger name, a level and a [file:line]:
    // "2024-05-01 12:00:00,123 - name - ERROR - ", "[2024-05-01T12:00:00Z] [ERROR] [x.py:12] ".
    static const QRegularExpression stamped(QStringLiteral(
        R"(^\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\]?\s*(?:[-|]\s*)?)"
        R"((?:[\w.]+\s+[-|]\s+)?\[?(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|ERR|CRITICAL|FATAL)\]?)"
        R"((?:\s*[-|:]\s*|\s+)(?:\[?[\w./\\-]+\.\w+:\d+\]?(?:\s*[-|:]\s*|\s+))?)"));
    // A level, then [file:line]: "ERROR [model_runner.py:123] ", "[E] [hip_fatbin.cpp:12] ".
    static const QRegularExpression leveled(QStringLiteral(
        R"(^\[?(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|CRITICAL|FATAL|[DIWEF])\]? +\[[\w./\\-]+\.\w+:\d+\]:? +)"));
    // systemd's journal: "May 01 12:00:00 host ollama[1234]: ", "... host kernel: ".
    static const QRegularExpression journal(QStringLiteral(
        R"(^(?:[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d|\d{4}-\d\d-\d\dT[\d:.]+[+-]\d\d:?\d\d) [\w.-]+ [\w./@-]+(?:\[\d+\])?: )"));
    for (const QRegularExpression *re : {&glog, &vllm, &pyLogging, &stamped, &leveled, &journal})
        if (const auto m = re->match(line); m.hasMatch())
            return line.mid(m.capturedLength());
    // Go's slog (ollama): time=… level=ERROR source=sched.go:443 msg="…" error="…"
    static const QRegularExpression slog(QStringLiteral(
        R"re(^time=\S+ level=\w+ (?:source=\S+ )?msg=(?:"((?:[^"\\]|\\.)*)"|(\S+)))re"));
    if (const auto m = slog.match(line); m.hasMatch()) {
        QString msg = m.captured(2).isEmpty() ? m.captured(1) : m.captured(2);
        msg.replace(QLatin1String("\\\""), QLatin1String("\""));
        return msg + line.mid(m.capturedLength());
    }
    return line;
}

// A list item's marker at the start of the line: "- ", "* ", "+ ", "1. ", "2) ".
QString withoutListMarker(const QString &line) {
    static const QRegularExpression marker(QStringLiteral(R"(^(?:[-*+]|\d{1,2}[.)]) +(?=\S))"));
    if (line.isEmpty() || !(line.at(0).isDigit() || line.at(0) == QLatin1Char('-') ||
                            line.at(0) == QLatin1Char('*') || line.at(0) == QLatin1Char('+')))
        return line;
    if (const auto m = marker.match(line); m.hasMatch())
        return line.mid(m.capturedLength());
    return line;
}

// "C:\\Users\\me\\x.dll" as Python's repr prints it: one backslash, as the path is.
QString withSingleBackslashes(const QString &line) {
    if (!line.contains(QLatin1String(":\\\\")))
        return line;
    static const QRegularExpression winPath(QStringLiteral(R"([A-Za-z]:\\\\[^\s'"]*)"));
    QString out;
    qsizetype at = 0;
    for (auto it = winPath.globalMatch(line); it.hasNext();) {
        const auto m = it.next();
        out += line.mid(at, m.capturedStart() - at);
        out += m.captured().replace(QLatin1String("\\\\"), QLatin1String("\\"));
        at = m.capturedEnd();
    }
    return out + line.mid(at);
}

// Docker compose's "service  | " before each line: the names seen on two lines or more, or
// with compose's replica number ("web-1", "web_1").
QString composeService(const QString &line) {
    if (!line.contains(QLatin1Char('|')))
        return {};
    static const QRegularExpression compose(QStringLiteral(R"(^([\w.-]+)\s+\| ?)"));
    const auto m = compose.match(line);
    return m.hasMatch() ? m.captured(1) : QString();
}

// ---- wrapped lines -------------------------------------------------------------------------

bool tokenChar(QChar c) {
    return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('.') ||
           c == QLatin1Char('/') || c == QLatin1Char('\\') || c == QLatin1Char('-') ||
           c == QLatin1Char(':') || c == QLatin1Char('+') || c == QLatin1Char('$');
}

QString lastToken(const QString &s) {
    qsizetype i = s.size();
    while (i > 0 && tokenChar(s.at(i - 1)))
        --i;
    return s.mid(i);
}

QString firstToken(const QString &s) {
    qsizetype i = 0;
    while (i < s.size() && tokenChar(s.at(i)))
        ++i;
    return s.left(i);
}

// An ISA name cut in two: "… gfx10" + "30 …", "… g" + "fx90a".
bool completesIsa(const QString &last, const QString &first) {
    static const QRegularExpression head(
        QStringLiteral(R"((?<![A-Za-z0-9])(?:gfx[0-9a-f]*|gf|g)$)"));
    static const QRegularExpression tail(QStringLiteral(R"(^[0-9a-fx]+)"));
    const auto h = head.match(last);
    const auto t = tail.match(first);
    if (!h.hasMatch() || !t.hasMatch())
        return false;
    const QString whole = h.captured() + t.captured();
    return processorByName(whole) && !processorByName(h.captured()) &&
           (t.capturedLength() == first.size() || !first.at(t.capturedLength()).isLetterOrNumber());
}

// "sm_8" + "6", "sm_10" + "0a": a CUDA architecture cut in two.
bool completesSm(const QString &last, const QString &first) {
    static const QRegularExpression head(
        QStringLiteral(R"((?<![A-Za-z0-9])(?:s|sm|sm_|sm_\d{1,2})$)"));
    static const QRegularExpression tail(QStringLiteral(R"(^[m_\d]*\d[af]?(?![A-Za-z0-9]))"));
    static const QRegularExpression whole(QStringLiteral(R"(^sm_(\d{2,3})[af]?$)"));
    const auto h = head.match(last);
    const auto t = tail.match(first);
    if (!h.hasMatch() || !t.hasMatch())
        return false;
    const auto w = whole.match(h.captured() + t.captured());
    if (!w.hasMatch())
        return false;
    // "sm_86" is whole; "sm_10" is whole too unless the whole is one of the three-digit
    // architectures (sm_100 on), which all start with 1.
    static const QRegularExpression twoDigits(QStringLiteral(R"(^sm_\d\d$)"));
    if (w.captured(1).size() == 3 && !w.captured(1).startsWith(QLatin1Char('1')))
        return false;
    return !twoDigits.match(h.captured()).hasMatch() ||
           (w.captured(1).size() == 3 && h.captured().startsWith(QLatin1String("sm_1")));
}

// A path cut in two, told by the file name it ends in: "/opt/rocm/li" + "b/libamdhip64.so".
bool completesPath(const QString &last, const QString &first) {
    static const QRegularExpression ext(QStringLiteral(
        R"(\.(?:so(?:\.\d+)*|py|cpp|cc|cxx|c|h|hpp|hip|cu|cuh|hsaco|co|dll|exe|lib|a|o|json|txt|bc|ll|ptx|cubin|fatbin|yaml|dat|mlir|ttir|ttgir|llir|amdgcn)(?::\d+){0,2}:?$)"));
    if (!(last.contains(QLatin1Char('/')) || last.contains(QLatin1Char('\\'))) || first.isEmpty())
        return false;
    if (ext.match(last).hasMatch())
        return false;
    const bool sepAtCut = last.endsWith(QLatin1Char('/')) || last.endsWith(QLatin1Char('\\'));
    if (!sepAtCut && !(first.at(0).isLetterOrNumber() || first.at(0) == QLatin1Char('_') ||
                       first.at(0) == QLatin1Char('.') || first.at(0) == QLatin1Char('-')))
        return false;
    return ext.match(last + first).hasMatch();
}

// An Itanium-mangled symbol cut in two: the whole demangles, the first part does not.
bool completesSymbol(const QString &last, const QString &first) {
    static const QRegularExpression head(QStringLiteral(R"((?<![\w])_Z\w+$)"));
    static const QRegularExpression tail(QStringLiteral(R"(^\w+)"));
    const auto h = head.match(last);
    const auto t = tail.match(first);
    if (!h.hasMatch() || !t.hasMatch())
        return false;
    const QString whole = h.captured() + t.captured();
    return demangleSymbol(whole) != whole && demangleSymbol(h.captured()) == h.captured();
}

// The messages known to be printed on one line: the runtimes' error strings and the
// producers' catalogued formats (runtime_catalog.h), as one alternation.
const QRegularExpression &oneLineMessages() {
    static const QRegularExpression re = [] {
        QStringList alts;
        // Long enough not to turn up by chance; a catalogued fixed part may be one long word
        // ("ExecutionProvider").
        auto add = [&alts](const QString &m, bool oneWordToo) {
            if (m.size() >= 16 && (oneWordToo || m.contains(QLatin1Char(' '))))
                alts << QRegularExpression::escape(m);
        };
        for (const RuntimeErrorMeaning &m : runtimeErrorMeanings())
            for (const QString &s : QString::fromLatin1(m.messages).split(QLatin1Char('|')))
                add(s.trimmed(), false);
        for (const CatalogMessage &m : oneLineCatalogMessages())
            add(m.fixedText(), true);
        alts.removeDuplicates();
        // Longest first, so a message that holds another is the one matched.
        std::sort(alts.begin(), alts.end(),
                  [](const QString &a, const QString &b) { return a.size() > b.size(); });
        return QRegularExpression(alts.join(QLatin1Char('|')),
                                  QRegularExpression::CaseInsensitiveOption);
    }();
    return re;
}

// The words of the one-line messages, lower case: every prefix and every suffix of each, so
// that a cut "…exec" + "ution…" is looked at only when both halves can be parts of one word.
struct MessageWords {
    QSet<QString> prefixes, suffixes;
};
const MessageWords &messageWords() {
    static const MessageWords w = [] {
        MessageWords out;
        QStringList messages;
        for (const RuntimeErrorMeaning &m : runtimeErrorMeanings())
            messages << QString::fromLatin1(m.messages).split(QLatin1Char('|'));
        for (const CatalogMessage &m : oneLineCatalogMessages())
            messages << m.fixedText();
        static const QRegularExpression word(QStringLiteral(R"([A-Za-z0-9_]+)"));
        for (const QString &m : std::as_const(messages))
            for (auto it = word.globalMatch(m); it.hasNext();) {
                const QString x = it.next().captured().toLower();
                for (qsizetype k = 1; k <= x.size(); ++k) {
                    out.prefixes.insert(x.left(k));
                    out.suffixes.insert(x.right(k));
                }
            }
        return out;
    }();
    return w;
}

QString edgeWord(const QString &s, bool atEnd) {
    qsizetype i = atEnd ? s.size() : 0;
    if (atEnd) {
        while (i > 0 && (s.at(i - 1).isLetterOrNumber() || s.at(i - 1) == QLatin1Char('_')))
            --i;
        return s.mid(i).toLower();
    }
    while (i < s.size() && (s.at(i).isLetterOrNumber() || s.at(i) == QLatin1Char('_')))
        ++i;
    return s.left(i).toLower();
}

// A message known to be one line that spans the cut: "…Unable to find code" + "object for…"
// (a tracker's wrap at a space) or "…find co" + "de object…" (a terminal's, mid-word).
bool completesMessage(const QString &a, const QString &b, QString *sep) {
    if (a.isEmpty() || b.isEmpty() || !a.back().isLetterOrNumber())
        return false;
    const QString last = edgeWord(a, true), first = edgeWord(b, false);
    const MessageWords &w = messageWords();
    // A message may start inside the last word ("CUDAE" + "xecutionProvider") and end inside
    // the first: some end of the one, some start of the other is part of a message word.
    const auto anyRight = [](const QString &x, const QSet<QString> &set) {
        for (qsizetype k = 1; k <= std::min<qsizetype>(x.size(), 32); ++k)
            if (set.contains(x.right(k)))
                return true;
        return false;
    };
    const auto anyLeft = [](const QString &x, const QSet<QString> &set) {
        for (qsizetype k = 1; k <= std::min<qsizetype>(x.size(), 32); ++k)
            if (set.contains(x.left(k)))
                return true;
        return false;
    };
    if (!anyRight(last, w.prefixes) || (!first.isEmpty() && !anyLeft(first, w.suffixes)))
        return false;
    constexpr int kWindow = 200;
    const QString tail = a.right(kWindow);
    const QString head = b.left(kWindow);
    for (const QString &s : {QString(), QStringLiteral(" ")}) {
        const QString joined = tail + s + head;
        for (auto it = oneLineMessages().globalMatch(joined); it.hasNext();) {
            const auto m = it.next();
            if (m.capturedStart() < tail.size() && m.capturedEnd() > tail.size() + s.size()) {
                *sep = s;
                return true;
            }
        }
    }
    return false;
}

// `b` continues `a` where a terminal or tracker wrapped one line; *sep is what goes between.
bool continues(const QString &a, const QString &b, QString *sep) {
    if (a.isEmpty() || b.isEmpty() || b.at(0).isSpace())
        return false;
    *sep = QString();
    if (a.back().isSpace()) { // a wrap at a space: only a known message is joined
        qsizetype end = a.size();
        while (end > 0 && a.at(end - 1).isSpace())
            --end;
        QString unused;
        if (end == 0 || !completesMessage(a.left(end), b, &unused))
            return false;
        *sep = QString(); // the space is still at the end of `a`
        return true;
    }
    const QString last = lastToken(a);
    const QString first = firstToken(b);
    if (!last.isEmpty() && !first.isEmpty()) {
        const QStringView end = QStringView(last).right(8);
        if ((end.contains(QLatin1Char('g')) && completesIsa(last, first)) ||
            (end.contains(QLatin1Char('s')) && completesSm(last, first)) ||
            ((last.contains(QLatin1Char('/')) || last.contains(QLatin1Char('\\'))) &&
             completesPath(last, first)) ||
            (last.contains(QLatin1String("_Z")) && completesSymbol(last, first)))
            return true;
    }
    return completesMessage(a, b, sep);
}

} // namespace

QString normalizeLine(const QString &raw, bool *fence) {
    if (fence)
        *fence = false;
    QString line = raw.size() > kMaxLineChars ? raw.left(kMaxLineChars) : raw;
    while (line.endsWith(QLatin1Char('\r')))
        line.chop(1);
    line = withoutLiteralEscapes(withoutTerminalEscapes(line));
    // A fence line, maybe quoted: "```", "```console", "> ~~~".
    static const QRegularExpression fenceLine(
        QStringLiteral(R"(^\s*(?:>\s?)*(?:```+|~~~+)[\w+.-]*\s*$)"));
    if (line.contains(QLatin1String("```")) || line.contains(QLatin1String("~~~"))) {
        if (fenceLine.match(line).hasMatch()) {
            if (fence)
                *fence = true;
            return {};
        }
    }
    // HTML a tracker's template wraps a paste in: "<details>", "<summary>Log</summary>".
    static const QRegularExpression htmlOnly(QStringLiteral(
        R"(^\s*(?:</?(?:details|summary|pre|code|br)\s*/?>\s*)+(?:[^<]{0,80}</summary>\s*)?$)"));
    if (line.contains(QLatin1Char('<')) && htmlOnly.match(line).hasMatch())
        return {};
    line = withoutQuoteMarkers(line);
    line = withoutListMarker(line);
    line = withoutLoggerPrefix(line);
    return withSingleBackslashes(line);
}

NormalizedText normalizeText(const QString &text) {
    NormalizedText n;
    n.original = text.split(QLatin1Char('\n'));
    const int count = int(n.original.size());
    QStringList lines;
    lines.reserve(count);
    QHash<QString, int> services;
    for (const QString &o : n.original) {
        lines.append(normalizeLine(o));
        if (const QString s = composeService(lines.last()); !s.isEmpty())
            ++services[s];
    }
    static const QRegularExpression replica(QStringLiteral(R"([-_]\d+$)"));
    for (QString &l : lines) {
        const QString s = composeService(l);
        if (!s.isEmpty() && (services.value(s) >= 2 || replica.match(s).hasMatch())) {
            l = l.mid(l.indexOf(QLatin1Char('|')) + 1);
            if (l.startsWith(QLatin1Char(' ')))
                l.remove(0, 1);
        }
    }
    n.lines.reserve(count);
    n.origin.reserve(count);
    n.originEnd.reserve(count);
    for (int i = 0; i < count;) {
        QString line = lines.at(i);
        int end = i;
        QString sep;
        while (end + 1 < count && end - i + 1 < kMaxJoined &&
               continues(line, lines.at(end + 1), &sep)) {
            line += sep + lines.at(end + 1);
            ++end;
        }
        n.changed = n.changed || end > i || line != n.original.at(i);
        n.lines.append(line);
        n.origin.append(i);
        n.originEnd.append(end);
        i = end + 1;
    }
    return n;
}

int NormalizedText::originalNumber(int number) const {
    if (number < 1 || number > origin.size())
        return number;
    return origin.at(number - 1) + 1;
}

int NormalizedText::originalLastNumber(int number) const {
    if (number < 1 || number > originEnd.size())
        return number;
    return originEnd.at(number - 1) + 1;
}

QString NormalizedText::originalQuote(int number) const {
    if (number < 1 || number > origin.size())
        return {};
    QStringList parts;
    for (int i = origin.at(number - 1); i <= originEnd.at(number - 1) && i < original.size(); ++i) {
        QString o = original.at(i);
        while (o.endsWith(QLatin1Char('\r')))
            o.chop(1);
        parts << o.trimmed();
    }
    return parts.join(QLatin1Char('\n'));
}

void mapEvidenceToOriginal(QList<Finding> &findings, const QString &path, const NormalizedText &n) {
    if (!n.changed)
        return;
    static const QRegularExpression lineRef(QStringLiteral(R"(^line (\d+)$)"));
    for (Finding &f : findings)
        for (Evidence &e : f.evidence) {
            if (e.source != path)
                continue;
            const auto m = lineRef.match(e.location.english());
            if (!m.hasMatch())
                continue;
            const int number = m.captured(1).toInt();
            if (number < 1 || number > n.lines.size())
                continue;
            const int index = number - 1;
            const int orig = n.origin.at(index);
            const bool same =
                n.originEnd.at(index) == orig && n.lines.at(index) == n.original.at(orig);
            if (orig != index)
                e.location = QStringLiteral("line %1").arg(orig + 1);
            const QString quoted = e.text.english().trimmed();
            if (!same && quoted.size() >= 4 &&
                n.lines.at(index).contains(quoted.endsWith(QChar(0x2026)) ? quoted.chopped(1)
                                                                          : quoted))
                e.text = n.originalQuote(number).left(2000);
        }
}

} // namespace hd
