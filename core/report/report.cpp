#include "report/report.h"

#include "common/format.h"
#include "common/shell.h"
#include "model/labels.h"
#include "sysinfo/system_inventory.h"

#include <QDateTime>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace hd {

namespace {

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
QString tailLines(const QString &text, int maxLines, qsizetype maxBytes, int *omitted,
                  qsizetype *omittedBytes) {
    *omittedBytes = 0;
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

// Untrusted text in Markdown prose (kernel names, titles, paths, messages): '<', '>' and '&'
// outside code spans become entities, so "</details>" or "<img>" in a name stays text. A
// code span (backticks, closed by the same run) is kept as it is: HTML is not read there.
QString mdText(const QString &s) {
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
        if (c == QLatin1Char('<'))
            out += QLatin1String("&lt;");
        else if (c == QLatin1Char('>'))
            out += QLatin1String("&gt;");
        else if (c == QLatin1Char('&'))
            out += QLatin1String("&amp;");
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
QString inlineCode(const QString &s) {
    const int longest = longestBacktickRun(s);
    const QString fence(longest + 1, QLatin1Char('`'));
    const QString pad = longest ? QStringLiteral(" ") : QString();
    return fence + pad + QString(s).replace(QLatin1Char('\n'), QLatin1Char(' ')) + pad + fence;
}

// ---- Evidence that reads -------------------------------------------------------------------

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

// ---- The system inventory ------------------------------------------------------------------

constexpr int kSummaryPackages = 10;

struct InventoryBlock {
    QString label;
    QStringList items;
    bool missing = false, problem = false;
};

// The rows at the top of a report: the devices the runtime saw in the session, then the
// inventory's summary (core/sysinfo).
QList<InventoryBlock> inventoryBlock(const Session &s) {
    QList<InventoryBlock> rows;
    InventoryBlock gpu{QStringLiteral("GPU (runtime)")};
    for (const DeviceInfo &d : s.devices) {
        QString line = QStringLiteral("#%1 %2").arg(d.index).arg(d.target.toString());
        if (!d.name.isEmpty())
            line += QStringLiteral(" — ") + d.name;
        if (!d.backend.isEmpty() || !d.runtimeVersion.isEmpty())
            line += QStringLiteral(" (%1)").arg(
                QStringLiteral("%1 %2").arg(d.backend, d.runtimeVersion).trimmed());
        if (d.source != DeviceInfo::Source::Probe && d.source != DeviceInfo::Source::Session)
            line += QStringLiteral(" [source: %1]").arg(deviceSourceName(d.source));
        gpu.items << line;
    }
    if (gpu.items.isEmpty()) {
        gpu.missing = true;
        gpu.items << QStringLiteral("the runtime reported no device");
        for (const StepRecord &st : s.steps)
            for (const CheckRecord &c : st.checks)
                if (c.id == QLatin1String("runtime-devices") && !c.summary.isEmpty() &&
                    gpu.items.size() == 1)
                    gpu.items << c.summary;
    }
    rows << gpu;
    for (const InventorySummaryRow &r : summarizeInventory(s.inventory)) {
        InventoryBlock b{r.label, r.items, r.missing, r.problem};
        if (r.label == QLatin1String("Packages")) {
            // Many short items: one line, the first few, the rest in the full inventory.
            QStringList shown = b.items.mid(0, kSummaryPackages);
            if (b.items.size() > kSummaryPackages + 1)
                shown << QStringLiteral("… and %1 more (full inventory below)")
                             .arg(b.items.size() - kSummaryPackages);
            else
                shown = b.items;
            b.items = {shown.join(QStringLiteral(", "))};
        }
        rows << b;
    }
    return rows;
}

QString inventoryCollected(const Session &s) {
    const QString at =
        s.inventory.collectedAt.isEmpty() ? QStringLiteral("(undated)") : s.inventory.collectedAt;
    return s.host.isEmpty() ? QStringLiteral("collected %1").arg(at)
                            : QStringLiteral("collected on %1 at %2").arg(s.host, at);
}

const char kNoInventory[] =
    "This session holds no system inventory (records imported from another machine, or a "
    "session saved before hipdoctor.session/2). On the machine where the kernel fails, "
    "`hipdoctor-cli sysinfo` prints it.";

struct Prepared {
    Session s;
    QList<Redaction> redactions;
    bool redacted = true;
};

Prepared prepare(const Session &in, const ReportOptions &o) {
    Prepared p;
    p.redacted = o.redact;
    // Grouped first (a session written before grouping may hold 10^5 copies of a finding),
    // so each is redacted and written once.
    Session grouped = in;
    grouped.findings = mergeDuplicateFindings(in.findings);
    p.s = o.redact ? redactSession(grouped, &p.redactions) : grouped;
    return p;
}

QString stepTitle(const StepRecord &st) {
    return QStringLiteral("Step %1 — %2").arg(st.step).arg(st.title);
}

// ---- Markdown ---------------------------------------------------------------------------

void mdBlock(QString &out, const QString &label, const QString &text, const QString &lang,
             const ReportOptions &o) {
    if (text.trimmed().isEmpty())
        return;
    int omitted = 0;
    qsizetype omittedBytes = 0;
    QString body = tailLines(text, o.maxLogLines, o.maxLogBytes, &omitted, &omittedBytes);
    QString note;
    if (omittedBytes)
        note = QStringLiteral(" (last %1 KiB; %2 earlier bytes are in the session file)")
                   .arg(o.maxLogBytes >> 10)
                   .arg(omittedBytes);
    else if (omitted)
        note = QStringLiteral(" (last %1 lines; %2 earlier lines are in the session file)")
                   .arg(o.maxLogLines)
                   .arg(omitted);
    if (isJsonLines(body)) {
        // The probe's protocol lines: the check's summary says what they mean; the lines
        // themselves are for whoever wants to look.
        const QString fence = fenceFor(body);
        out += QStringLiteral("<details>\n<summary>%1: raw probe output (%2 JSON lines)%3"
                              "</summary>\n\n")
                   .arg(label.toHtmlEscaped())
                   .arg(body.count(QLatin1Char('\n')) + 1)
                   .arg(note.toHtmlEscaped());
        out += fence + QStringLiteral("json\n") + body + QLatin1Char('\n') + fence +
               QStringLiteral("\n\n</details>\n\n");
        return;
    }
    int folded = 0;
    body = foldLongLines(body, &folded);
    const QString fence = fenceFor(body);
    out += QStringLiteral("**%1**").arg(label) + note;
    if (folded)
        out += QStringLiteral(" (%1 long line%2 folded at argument boundaries, continued with "
                              "` \\`)")
                   .arg(folded)
                   .arg(folded == 1 ? QString() : QStringLiteral("s"));
    out += QStringLiteral("\n\n") + fence + lang + QLatin1Char('\n') + body + QLatin1Char('\n') +
           fence + QStringLiteral("\n\n");
}

void mdCheck(QString &out, const CheckRecord &c, const ReportOptions &o) {
    out +=
        QStringLiteral("<details>\n<summary>%1 <b>%2</b> — %3%4</summary>\n\n")
            .arg(checkStatusIcon(c.status) + (passingCheckErrorLine(c).isEmpty()
                                                  ? QString()
                                                  : QStringLiteral(" ⚠️ error line in output")),
                 c.id.toHtmlEscaped(), (c.summary.isEmpty() ? c.title : c.summary).toHtmlEscaped(),
                 c.durationMs > 0 ? QStringLiteral(" (%1%2)").arg(
                                        formatDuration(c.durationMs),
                                        c.cached ? QStringLiteral(", cached") : QString())
                                  : QString());
    out += QStringLiteral("%1 — status **%2**\n\n").arg(mdText(c.title), checkStatusName(c.status));
    if (const QString line = passingCheckErrorLine(c); !line.isEmpty())
        out += QStringLiteral("> ⚠️ **Passed, but its output holds an error line:** %1\n\n")
                   .arg(inlineCode(line));
    if (!c.command.isEmpty()) {
        const QString cmd = foldedCommand(c.command);
        out += QStringLiteral("**Command**");
        if (!c.workingDirectory.isEmpty())
            out += QStringLiteral(" (in %1)").arg(inlineCode(c.workingDirectory));
        out += QStringLiteral("\n\n") + fenceFor(cmd) + QStringLiteral("sh\n") + cmd +
               QLatin1Char('\n') + fenceFor(cmd) + QStringLiteral("\n\n");
    }
    if (!c.env.isEmpty()) {
        QStringList kv;
        for (auto it = c.env.begin(); it != c.env.end(); ++it)
            kv << inlineCode(it.key() + QLatin1Char('=') + it.value());
        out += QStringLiteral("**Environment set:** %1\n\n").arg(kv.join(QStringLiteral(", ")));
    }
    if (!c.envRemoved.isEmpty()) {
        QStringList names;
        for (const QString &n : c.envRemoved)
            names << inlineCode(n);
        out += QStringLiteral("**Removed from the environment:** %1\n\n")
                   .arg(names.join(QStringLiteral(", ")));
    }
    QStringList facts;
    if (!c.signalName.isEmpty())
        facts << QStringLiteral("**Signal:** %1").arg(c.signalName);
    else if (c.exitCode >= 0)
        facts << QStringLiteral("**Exit status:** %1").arg(c.exitCode);
    if (c.timedOut)
        facts << QStringLiteral("**Timed out**");
    if (!c.startedAt.isEmpty())
        facts << QStringLiteral("**Started:** %1").arg(c.startedAt);
    if (c.durationMs > 0)
        facts << QStringLiteral("**Duration:** %1").arg(formatDuration(c.durationMs));
    if (c.cached)
        facts << QStringLiteral("**From the compile cache** (compiled originally in %1)")
                     .arg(formatDuration(
                         c.data.value(QStringLiteral("original_duration_ms")).toDouble()));
    if (!facts.isEmpty())
        out += facts.join(QStringLiteral(" · ")) + QStringLiteral("\n\n");
    if (!c.artifacts.isEmpty()) {
        QStringList a;
        for (const QString &x : c.artifacts)
            a << inlineCode(x);
        out += QStringLiteral("**Files:** %1\n\n").arg(a.join(QStringLiteral(", ")));
    }
    if (!c.phases.isEmpty()) {
        out += QStringLiteral(
            "| Phase | Start | Duration | Status | Detail |\n|---|---:|---:|---|---|\n");
        for (const PhaseTiming &p : c.phases)
            out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                       .arg(cell(p.name), formatDuration(p.startMs), formatDuration(p.ms),
                            cell(p.status), cell(p.detail));
        out += QLatin1Char('\n');
    }
    mdBlock(out, QStringLiteral("stdout"), c.stdoutText, QStringLiteral("text"), o);
    mdBlock(out, QStringLiteral("stderr"), c.stderrText, QStringLiteral("text"), o);
    mdBlock(out, QStringLiteral("runtime log"), c.logText, QStringLiteral("text"), o);
    out += QStringLiteral("</details>\n\n");
}

void mdFinding(QString &out, const Finding &f) {
    out += QStringLiteral("### %1 %2 · %3 — %4\n\n")
               .arg(severityIcon(f.severity), severityName(f.severity), inlineCode(f.id),
                    mdText(f.title));
    if (f.occurrences > 1)
        out += QStringLiteral("*Seen %1 times*\n\n").arg(f.occurrences);
    if (!f.detail.isEmpty())
        out += mdText(f.detail) + QStringLiteral("\n\n");
    if (f.direction != Direction::None)
        out += QStringLiteral("*Direction %1*\n\n").arg(directionText(f.direction));
    if (!f.evidence.isEmpty()) {
        out += QStringLiteral("**Evidence**\n\n");
        for (const Evidence &e : f.evidence) {
            QString line = QStringLiteral("- ") + inlineCode(e.source);
            if (!e.location.isEmpty())
                line += QStringLiteral(" (%1)").arg(mdText(e.location));
            if (!e.text.isEmpty())
                line +=
                    QStringLiteral(": ") +
                    (e.text.contains(QLatin1Char('\n'))
                         ? QStringLiteral("\n\n  ") + fenceFor(e.text) + QStringLiteral("\n  ") +
                               QString(e.text).replace(QLatin1Char('\n'), QStringLiteral("\n  ")) +
                               QStringLiteral("\n  ") + fenceFor(e.text)
                         : inlineCode(e.text));
            out += line + QLatin1Char('\n');
        }
        out += QLatin1Char('\n');
    }
    if (!f.fix.isEmpty()) {
        out += QStringLiteral("**Fix**\n\n");
        int n = 1;
        for (const QString &x : f.fix)
            out += QStringLiteral("%1. %2\n").arg(n++).arg(mdText(x));
        out += QLatin1Char('\n');
    }
}

void mdInventory(QString &out, const Session &s) {
    out += QStringLiteral("## System\n\n");
    const QList<InventoryBlock> rows = inventoryBlock(s);
    out += QStringLiteral("| Asked first | Answer |\n|---|---|\n");
    for (const InventoryBlock &r : rows) {
        QStringList items;
        for (const QString &i : r.items)
            items << cell(i);
        QString value = items.join(QStringLiteral("<br>"));
        if (r.missing)
            value = QStringLiteral("*%1*").arg(value);
        if (r.problem)
            value = QStringLiteral("⚠️ ") + value;
        out += QStringLiteral("| **%1** | %2 |\n").arg(cell(r.label), value);
    }
    out += QLatin1Char('\n');
    if (s.inventory.isEmpty()) {
        out += QLatin1String(kNoInventory) + QStringLiteral("\n\n");
        return;
    }
    out += QStringLiteral("<details>\n<summary>Full system inventory (%1 facts, %2)</summary>\n\n")
               .arg(s.inventory.facts.size())
               .arg(inventoryCollected(s).toHtmlEscaped());
    for (const auto &[id, title] : inventorySections()) {
        const QList<InventoryFact> facts = s.inventory.section(id);
        if (facts.isEmpty())
            continue;
        out += QStringLiteral("**%1**\n\n| | | source |\n|---|---|---|\n").arg(title);
        for (const InventoryFact &f : facts)
            out += QStringLiteral("| %1 | %2 | %3 |\n")
                       .arg(inlineCode(f.name),
                            f.available()
                                ? cell(f.value)
                                : QStringLiteral("*not available: %1*").arg(cell(f.unavailable)),
                            cell(f.source));
        out += QLatin1Char('\n');
    }
    out += QStringLiteral("</details>\n\n");
}

QString mdRedactions(const Prepared &p) {
    QString out = QStringLiteral("## Redactions\n\n");
    if (!p.redacted)
        return out + QStringLiteral(
                         "Redaction was turned off for this report: it may contain secrets.\n\n");
    if (p.redactions.isEmpty())
        return out +
               QStringLiteral("Nothing needed redaction (checked: env names with TOKEN, "
                              "SECRET, PASSWORD, PASSWD, PASSPHRASE, CREDENTIAL, KEY; credentials "
                              "in URLs; secret options; tokens by their shape).\n\n");
    out += QStringLiteral("Values replaced by `%1`:\n\n").arg(QLatin1String(kRedacted));
    for (const Redaction &r : p.redactions)
        out += QStringLiteral("- %1 — %2%3\n")
                   .arg(r.what, r.where,
                        r.count > 1 ? QStringLiteral(" (%1×)").arg(r.count) : QString());
    return out + QLatin1Char('\n');
}

} // namespace

QString markdownReport(const Session &in, const ReportOptions &o) {
    const Prepared p = prepare(in, o);
    const Session &s = p.s;
    QString out;
    out += QStringLiteral("# hipdoctor verification report\n\n");
    if (!s.comparison.verdict.isEmpty())
        out += QStringLiteral("**Verdict:** %1\n\n").arg(mdText(s.comparison.verdict));
    out += QStringLiteral("**Direction:** %1\n\n").arg(directionText(s.comparison.direction));
    if (s.cancelled)
        out += QStringLiteral("**The run was cancelled**: some checks did not run.\n\n");

    out += QStringLiteral("| Step | Status | Result | Time |\n|---|---|---|---:|\n");
    for (const StepRecord &st : s.steps)
        out += QStringLiteral("| %1 | %2 %3 | %4 | %5 |\n")
                   .arg(cell(QStringLiteral("%1. %2").arg(st.step).arg(st.title)),
                        checkStatusIcon(st.status), checkStatusName(st.status), cell(st.summary),
                        formatDuration(st.durationMs));
    out += QLatin1Char('\n');

    mdInventory(out, s);

    out += QStringLiteral("## Findings\n\n");
    if (s.findings.isEmpty())
        out += QStringLiteral("No findings.\n\n");
    QList<Finding> sorted = s.findings;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Finding &a, const Finding &b) {
        return int(a.severity) > int(b.severity);
    });
    for (const Finding &f : sorted)
        mdFinding(out, f);

    if (!s.comparison.basis.isEmpty()) {
        out += QStringLiteral("<details>\n<summary>How the steps compare</summary>\n\n");
        for (const QString &b : s.comparison.basis)
            out += QStringLiteral("- %1\n").arg(mdText(b));
        out += QStringLiteral("\n</details>\n\n");
    }

    out += QStringLiteral("## Devices\n\n");
    if (s.devices.isEmpty()) {
        out += QStringLiteral("The runtime reported no device.\n\n");
    } else {
        out += QStringLiteral(
            "| # | Name | Target | Backend | Runtime | Library |\n|---|---|---|---|---|---|\n");
        for (const DeviceInfo &d : s.devices)
            out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |\n")
                       .arg(d.index)
                       .arg(cell(d.name), inlineCode(d.target.toString()), cell(d.backend),
                            cell(d.runtimeVersion), cell(d.library));
        out += QLatin1Char('\n');
    }

    out += QStringLiteral("## Environment profile\n\n");
    const QStringList assigns = s.env.assignments();
    if (assigns.isEmpty())
        out += QStringLiteral("No variables set: every child started from a clean environment "
                              "(runtime switches removed).\n\n");
    else {
        out += QStringLiteral("| Variable | Value |\n|---|---|\n");
        for (const EnvEntry &e : s.env.entries)
            if (e.enabled)
                out += QStringLiteral("| %1 | %2 |\n").arg(inlineCode(e.name), inlineCode(e.value));
        out += QLatin1Char('\n');
    }
    for (const EnvProblem &pr : s.envProblems)
        out += QStringLiteral("- %1 %2\n")
                   .arg(pr.error ? QStringLiteral("❌") : QStringLiteral("⚠️"), mdText(pr.message));
    if (!s.envProblems.isEmpty())
        out += QLatin1Char('\n');

    out += QStringLiteral(
        "## Timings\n\n| Step | Check | Status | Duration | Cached |\n|---|---|---|---:|---|\n");
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                       .arg(st.step)
                       .arg(cell(c.id), checkStatusName(c.status), formatDuration(c.durationMs),
                            c.cached ? QStringLiteral("yes") : QString());
    out += QLatin1Char('\n');

    for (const StepRecord &st : s.steps) {
        out += QStringLiteral("## %1\n\n%2 **%3** — %4\n\n")
                   .arg(mdText(stepTitle(st)), checkStatusIcon(st.status),
                        checkStatusName(st.status), mdText(st.summary));
        for (const CheckRecord &c : st.checks)
            mdCheck(out, c, o);
    }

    out += mdRedactions(p);
    out += QStringLiteral("---\n<sub>Session %1%2%3 · %4</sub>\n")
               .arg(s.createdAt.isEmpty() ? QStringLiteral("(undated)") : s.createdAt,
                    s.host.isEmpty() ? QString() : QStringLiteral(" on ") + s.host,
                    s.origin.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(s.origin),
                    s.tool.isEmpty() ? QStringLiteral("hipdoctor") : s.tool);
    return out;
}

MarkdownForIssue markdownForIssue(const Session &s, const ReportOptions &o,
                                  const QString &fullReportName, qsizetype limit) {
    MarkdownForIssue r;
    r.text = markdownReport(s, o);
    if (r.text.size() <= limit)
        return r;
    r.trimmed = true;
    r.full = r.text;
    const QString title = QStringLiteral("# hipdoctor verification report\n\n");
    const auto withNote = [&](const QString &body, const QString &what) {
        const QString note =
            QStringLiteral("> **Trimmed to fit GitHub's %1-character limit** (the full report has "
                           "%2 characters): %3. The full report is **%4**: attach it to the "
                           "issue.\n\n")
                .arg(limit)
                .arg(r.full.size())
                .arg(what, mdText(fullReportName));
        return title + note + body.mid(title.size());
    };
    // Logs first: shorter tails until it fits.
    const struct {
        int lines;
        qsizetype bytes;
    } levels[] = {{60, 16 << 10}, {20, 4 << 10}, {8, 2 << 10}, {3, 1 << 10}};
    QString body;
    QString what;
    for (const auto &l : levels) {
        ReportOptions shorter = o;
        shorter.maxLogLines = std::min(o.maxLogLines, l.lines);
        shorter.maxLogBytes = std::min(o.maxLogBytes, l.bytes);
        body = markdownReport(s, shorter);
        what = QStringLiteral("each log shows its last %1 lines").arg(shorter.maxLogLines);
        const QString t = withNote(body, what);
        if (t.size() <= limit) {
            r.text = t;
            return r;
        }
    }
    // Still too long (many checks or findings): the sections that do not fit are cut at a
    // heading, so no code block or <details> is left open.
    const qsizetype reserve = 1200;
    qsizetype cut = body.lastIndexOf(QStringLiteral("\n## "), limit - reserve);
    if (cut <= title.size())
        cut = body.lastIndexOf(QLatin1Char('\n'), limit - reserve);
    const QString heading = body.mid(cut + 1, body.indexOf(QLatin1Char('\n'), cut + 1) - cut - 1);
    what += QStringLiteral(", and the sections from \"%1\" on are cut")
                .arg(QString(heading).remove(QStringLiteral("## ")).left(80));
    r.text = withNote(body.left(cut + 1), what) +
             QStringLiteral("\n## Cut here\n\n%1 more characters are in the full report, "
                            "**%2**.\n")
                 .arg(body.size() - cut - 1)
                 .arg(mdText(fullReportName));
    return r;
}

QString fullReportPath(const QString &path) {
    if (path.endsWith(QLatin1String(".md"), Qt::CaseInsensitive))
        return path.left(path.size() - 3) + QStringLiteral(".full.md");
    return path + QStringLiteral(".full.md");
}

// ---- Charts -------------------------------------------------------------------------------

QList<ChartSpec> timingCharts(const Session &s) {
    QList<ChartSpec> charts;
    ChartSpec timeline;
    timeline.kind = ChartSpec::Kind::Timeline;
    timeline.title = QStringLiteral("Checks and phases over time");
    timeline.xLabel = QStringLiteral("ms");
    QDateTime origin;
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks) {
            const QDateTime t = QDateTime::fromString(c.startedAt, Qt::ISODateWithMs);
            if (t.isValid() && (!origin.isValid() || t < origin))
                origin = t;
        }
    double cursor = 0;
    for (const StepRecord &st : s.steps) {
        for (const CheckRecord &c : st.checks) {
            if (c.status == CheckStatus::Skipped)
                continue;
            const QDateTime t = QDateTime::fromString(c.startedAt, Qt::ISODateWithMs);
            const double start =
                t.isValid() && origin.isValid() ? double(origin.msecsTo(t)) : cursor;
            const QString row = QStringLiteral("step %1: %2").arg(st.step).arg(c.id);
            timeline.intervals.append(
                {row, c.id, start, std::max(c.durationMs, 0.01), checkStatusName(c.status)});
            for (const PhaseTiming &ph : c.phases)
                timeline.intervals.append({row + QStringLiteral(" › phases"), ph.name,
                                           start + ph.startMs, std::max(ph.ms, 0.001),
                                           ph.status == QLatin1String("ok")
                                               ? QStringLiteral("pass")
                                               : QStringLiteral("fail")});
            cursor = std::max(cursor, start + c.durationMs);
        }
    }
    if (!timeline.intervals.isEmpty())
        charts << timeline;

    // Probe phases side by side across the checks that have them (e.g. step 1 vs. step 2).
    ChartSpec bars;
    bars.kind = ChartSpec::Kind::Bars;
    bars.title = QStringLiteral("Runtime phases per check");
    bars.yLabel = QStringLiteral("ms");
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            for (const PhaseTiming &ph : c.phases)
                if (!bars.categories.contains(ph.name))
                    bars.categories << ph.name;
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks) {
            if (c.phases.isEmpty())
                continue;
            ChartSeries series;
            series.name = QStringLiteral("step %1: %2").arg(st.step).arg(c.id);
            for (const QString &cat : bars.categories) {
                double sum = 0;
                for (const PhaseTiming &ph : c.phases)
                    if (ph.name == cat)
                        sum += ph.ms;
                series.values << sum;
            }
            bars.series << series;
        }
    if (!bars.series.isEmpty())
        charts << bars;

    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            if (c.launchSamplesMs.size() >= 2) {
                ChartSpec h;
                h.kind = ChartSpec::Kind::Histogram;
                h.title = QStringLiteral("Launch latency over %1 repeats (step %2: %3)")
                              .arg(c.launchSamplesMs.size())
                              .arg(st.step)
                              .arg(c.id);
                h.xLabel = QStringLiteral("ms");
                h.yLabel = QStringLiteral("launches");
                h.series << ChartSeries{c.id, c.launchSamplesMs};
                charts << h;
            }
    return charts;
}

// ---- HTML ---------------------------------------------------------------------------------

namespace {

QString esc(const QString &s) {
    return s.toHtmlEscaped();
}

// Prose that may hold Markdown code spans (finding titles, messages, verdicts): escaped, with
// `code` shown as <code> rather than as backticks.
QString htmlText(const QString &s) {
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

const char kWarnBadge[] = "<span class=\"badge warn\">check</span>";

void htmlPre(QString &out, const QString &label, const QString &text, const ReportOptions &o) {
    if (text.trimmed().isEmpty())
        return;
    int omitted = 0;
    qsizetype omittedBytes = 0;
    QString body = tailLines(text, o.maxLogLines, o.maxLogBytes, &omitted, &omittedBytes);
    const QString note = omittedBytes
                             ? QStringLiteral(" <small>(last %1 KiB; %2 earlier bytes in the "
                                              "session file)</small>")
                                   .arg(o.maxLogBytes >> 10)
                                   .arg(omittedBytes)
                         : omitted ? QStringLiteral(" <small>(last %1 lines; %2 earlier in the "
                                                    "session file)</small>")
                                         .arg(o.maxLogLines)
                                         .arg(omitted)
                                   : QString();
    if (isJsonLines(body)) {
        out += QStringLiteral("<details class=\"raw\"><summary>%1: raw probe output (%2 JSON "
                              "lines)%3</summary><pre>%4</pre></details>\n")
                   .arg(esc(label))
                   .arg(body.count(QLatin1Char('\n')) + 1)
                   .arg(note, esc(body));
        return;
    }
    int folded = 0;
    body = foldLongLines(body, &folded);
    out += QStringLiteral("<h5>%1%2%3</h5><pre>%4</pre>\n")
               .arg(esc(label), note,
                    folded ? QStringLiteral(" <small>(%1 long line%2 folded at argument "
                                            "boundaries, continued with <code>\\</code>)</small>")
                                 .arg(folded)
                                 .arg(folded == 1 ? QString() : QStringLiteral("s"))
                           : QString(),
                    esc(body));
}

void htmlInventory(QString &out, const Session &s) {
    out += QStringLiteral("<h2>System</h2>\n<table class=\"inventory\">\n");
    for (const InventoryBlock &r : inventoryBlock(s)) {
        QStringList items;
        for (const QString &i : r.items)
            items << esc(i);
        out += QStringLiteral("<tr%1><th>%2</th><td>%3%4</td></tr>\n")
                   .arg(r.missing ? QStringLiteral(" class=\"na\"") : QString(), esc(r.label),
                        r.problem ? QLatin1String(kWarnBadge) + QLatin1Char(' ') : QString(),
                        items.join(QStringLiteral("<br>")));
    }
    out += QStringLiteral("</table>\n");
    if (s.inventory.isEmpty()) {
        out += QStringLiteral("<p>%1</p>\n").arg(htmlText(QLatin1String(kNoInventory)));
        return;
    }
    out += QStringLiteral("<details><summary>Full system inventory (%1 facts, %2)</summary>\n")
               .arg(s.inventory.facts.size())
               .arg(esc(inventoryCollected(s)));
    out += QStringLiteral("<table class=\"facts\">");
    for (const auto &[id, title] : inventorySections()) {
        const QList<InventoryFact> facts = s.inventory.section(id);
        if (facts.isEmpty())
            continue;
        out += QStringLiteral("<tr><th colspan=\"3\" class=\"section\">%1</th></tr>\n")
                   .arg(esc(title));
        for (const InventoryFact &f : facts)
            out +=
                QStringLiteral("<tr%1><td><code>%2</code></td><td>%3</td><td "
                               "class=\"source\">%4</td></tr>\n")
                    .arg(f.available() ? QString() : QStringLiteral(" class=\"na\""), esc(f.name),
                         f.available() ? esc(f.value)
                                       : QStringLiteral("not available: ") + esc(f.unavailable),
                         esc(f.source));
    }
    out += QStringLiteral("</table></details>\n");
}

const char *kCss = R"(
body{font-family:-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#1f2328;background:#fff;line-height:1.45}
h1{border-bottom:2px solid #d0d7de;padding-bottom:.3em}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.6em 0;width:100%}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa}
td.num{text-align:right;font-variant-numeric:tabular-nums}
table.inventory th{width:13em;white-space:nowrap}table.inventory td{font-size:92%}
tr.na td{color:#57606a;font-style:italic}table.facts td.source{color:#57606a;font-size:85%;white-space:nowrap}th.section{background:#eaeef2}
pre{background:#f6f8fa;border:1px solid #d0d7de;padding:8px;overflow-x:auto;white-space:pre-wrap;word-break:break-all;font-size:12px}
code{background:#eff1f3;padding:1px 4px;border-radius:4px;font-size:88%;font-family:ui-monospace,"DejaVu Sans Mono",monospace}
pre code{background:none;padding:0}
details{border:1px solid #d0d7de;border-radius:6px;margin:.4em 0;padding:.3em .6em}summary{cursor:pointer}
details.raw{border-style:dashed}details.raw summary{color:#57606a;font-size:90%}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:85%;font-weight:600;white-space:nowrap}
.badge::before{content:"";display:inline-block;width:.55em;height:.55em;border-radius:50%;background:currentColor;margin-right:.4em;vertical-align:.05em}
.pass{background:#dafbe1;color:#116329}.fail,.sev-error.badge{background:#ffebe9;color:#a40e26}.error,.warn,.sev-warning.badge{background:#fff8c5;color:#7d4e00}.skipped,.cancelled{background:#eaeef2;color:#57606a}.sev-info.badge{background:#ddf4ff;color:#0550ae}
.flag{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:.3em .6em}
.finding{border-left:4px solid #d0d7de;padding:.2em .8em;margin:.8em 0}.finding.sev-error{border-color:#cf222e}.finding.sev-warning{border-color:#bf8700}.finding.sev-info{border-color:#0969da}
.verdict{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.6em 1em}
img.chart{max-width:100%;border:1px solid #d0d7de;margin:.4em 0}
footer{color:#57606a;font-size:85%;margin-top:2em}
)";

} // namespace

QString htmlReport(const Session &in, const ReportOptions &o) {
    const Prepared p = prepare(in, o);
    const Session &s = p.s;
    QString out;
    out += QStringLiteral(
               "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
               "<title>hipdoctor verification report</title><style>%1</style></head><body>\n")
               .arg(QString::fromUtf8(kCss));
    out += QStringLiteral("<h1>hipdoctor verification report</h1>\n<div class=\"verdict\">");
    if (!s.comparison.verdict.isEmpty())
        out += QStringLiteral("<p><b>Verdict:</b> %1</p>").arg(htmlText(s.comparison.verdict));
    out += QStringLiteral("<p><b>Direction:</b> %1</p>")
               .arg(esc(directionText(s.comparison.direction)));
    if (s.cancelled)
        out += QStringLiteral("<p><b>The run was cancelled</b>: some checks did not run.</p>");
    out += QStringLiteral(
        "</div>\n<table><tr><th>Step</th><th>Status</th><th>Result</th><th>Time</th></tr>\n");
    for (const StepRecord &st : s.steps)
        out += QStringLiteral(
                   "<tr><td>%1. %2</td><td>%3</td><td>%4</td><td class=\"num\">%5</td></tr>\n")
                   .arg(st.step)
                   .arg(esc(st.title), statusBadge(st.status), htmlText(st.summary),
                        formatDuration(st.durationMs));
    out += QStringLiteral("</table>\n");
    htmlInventory(out, s);
    out += QStringLiteral("<h2>Findings</h2>\n");
    if (s.findings.isEmpty())
        out += QStringLiteral("<p>No findings.</p>\n");
    QList<Finding> sorted = s.findings;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Finding &a, const Finding &b) {
        return int(a.severity) > int(b.severity);
    });
    for (const Finding &f : sorted) {
        out += QStringLiteral("<div class=\"finding sev-%1\"><h3>%2 <code>%3</code> — %4</h3>")
                   .arg(severityName(f.severity), severityBadge(f.severity), esc(f.id),
                        htmlText(f.title));
        if (f.occurrences > 1)
            out += QStringLiteral("<p><i>Seen %1 times</i></p>").arg(f.occurrences);
        if (!f.detail.isEmpty())
            out += QStringLiteral("<p>%1</p>").arg(htmlText(f.detail));
        if (f.direction != Direction::None)
            out +=
                QStringLiteral("<p><i>Direction %1</i></p>").arg(esc(directionText(f.direction)));
        if (!f.evidence.isEmpty()) {
            out += QStringLiteral("<p><b>Evidence</b></p><ul>");
            for (const Evidence &e : f.evidence)
                out += QStringLiteral("<li><code>%1</code>%2%3</li>")
                           .arg(esc(e.source),
                                e.location.isEmpty()
                                    ? QString()
                                    : QStringLiteral(" (%1)").arg(htmlText(e.location)),
                                e.text.isEmpty()
                                    ? QString()
                                    : (e.text.contains(QLatin1Char('\n'))
                                           ? QStringLiteral("<pre>%1</pre>").arg(esc(e.text))
                                           : QStringLiteral(": <code>%1</code>").arg(esc(e.text))));
            out += QStringLiteral("</ul>");
        }
        if (!f.fix.isEmpty()) {
            out += QStringLiteral("<p><b>Fix</b></p><ol>");
            for (const QString &x : f.fix)
                out += QStringLiteral("<li>%1</li>").arg(htmlText(x));
            out += QStringLiteral("</ol>");
        }
        out += QStringLiteral("</div>\n");
    }

    out += QStringLiteral("<h2>Devices</h2>\n");
    if (s.devices.isEmpty())
        out += QStringLiteral("<p>The runtime reported no device.</p>\n");
    else {
        out += QStringLiteral("<table><tr><th>#</th><th>Name</th><th>Target</th><th>Backend</"
                              "th><th>Runtime</th><th>Library</th></tr>");
        for (const DeviceInfo &d : s.devices)
            out += QStringLiteral("<tr><td>%1</td><td>%2</td><td><code>%3</code></td><td>%4</"
                                  "td><td>%5</td><td>%6</td></tr>")
                       .arg(d.index)
                       .arg(esc(d.name), esc(d.target.toString()), esc(d.backend),
                            esc(d.runtimeVersion), esc(d.library));
        out += QStringLiteral("</table>\n");
    }

    out += QStringLiteral("<h2>Environment profile</h2>\n");
    if (s.env.assignments().isEmpty())
        out += QStringLiteral(
            "<p>No variables set: every child started from a clean environment.</p>\n");
    else {
        out += QStringLiteral("<table><tr><th>Variable</th><th>Value</th></tr>");
        for (const EnvEntry &e : s.env.entries)
            if (e.enabled)
                out += QStringLiteral("<tr><td><code>%1</code></td><td><code>%2</code></td></tr>")
                           .arg(esc(e.name), esc(e.value));
        out += QStringLiteral("</table>\n");
    }
    if (!s.envProblems.isEmpty()) {
        out += QStringLiteral("<ul>");
        for (const EnvProblem &pr : s.envProblems)
            out += QStringLiteral("<li>%1 %2</li>")
                       .arg(pr.error ? severityBadge(Severity::Error)
                                     : severityBadge(Severity::Warning),
                            htmlText(pr.message));
        out += QStringLiteral("</ul>\n");
    }

    out += QStringLiteral("<h2>Timings</h2>\n");
    int images = 0;
    if (o.chartRenderer) {
        for (const ChartSpec &c : timingCharts(s)) {
            const QByteArray png = o.chartRenderer(c, o.chartSize);
            if (png.isEmpty())
                continue;
            out += QStringLiteral(
                       "<figure><img class=\"chart\" alt=\"%1\" src=\"data:image/png;base64,%2\">"
                       "<figcaption>%1</figcaption></figure>\n")
                       .arg(esc(c.title), QString::fromLatin1(png.toBase64()));
            ++images;
        }
    }
    // The table always follows: the numbers behind the charts, or in their place.
    out += QStringLiteral("<table><tr><th>Step</th><th>Check</th><th>Status</th><th>Duration</"
                          "th><th>Cached</th></tr>\n");
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            out += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td "
                                  "class=\"num\">%4</td><td>%5</td></tr>\n")
                       .arg(st.step)
                       .arg(esc(c.id), statusBadge(c.status), formatDuration(c.durationMs),
                            c.cached ? QStringLiteral("yes") : QString());
    out += QStringLiteral("</table>\n");
    if (images == 0)
        out += QStringLiteral("<p><small>Charts need the chart renderer of the desktop build; this "
                              "report shows the table only.</small></p>\n");

    for (const StepRecord &st : s.steps) {
        out += QStringLiteral("<h2>%1</h2>\n<p>%2 %3</p>\n")
                   .arg(esc(stepTitle(st)), statusBadge(st.status), htmlText(st.summary));
        for (const CheckRecord &c : st.checks) {
            out +=
                QStringLiteral("<details><summary>%1 <b>%2</b> — %3%4</summary>\n")
                    .arg(statusBadge(c.status) + (passingCheckErrorLine(c).isEmpty()
                                                      ? QString()
                                                      : QStringLiteral(" <span class=\"badge "
                                                                       "warn\">error line in "
                                                                       "output</span>")),
                         esc(c.id), htmlText(c.summary.isEmpty() ? c.title : c.summary),
                         c.durationMs > 0 ? QStringLiteral(" (%1%2)").arg(
                                                formatDuration(c.durationMs),
                                                c.cached ? QStringLiteral(", cached") : QString())
                                          : QString());
            out += QStringLiteral("<p>%1</p>").arg(htmlText(c.title));
            if (const QString line = passingCheckErrorLine(c); !line.isEmpty())
                out += QStringLiteral("<p class=\"flag\"><b>Passed, but its output holds an "
                                      "error line:</b> <code>%1</code></p>")
                           .arg(esc(line));
            if (!c.command.isEmpty())
                out +=
                    QStringLiteral("<h5>Command%1</h5><pre>%2</pre>")
                        .arg(c.workingDirectory.isEmpty() ? QString()
                                                          : QStringLiteral(" (in <code>%1</code>)")
                                                                .arg(esc(c.workingDirectory)),
                             esc(foldedCommand(c.command)));
            if (!c.env.isEmpty()) {
                QStringList kv;
                for (auto it = c.env.begin(); it != c.env.end(); ++it)
                    kv << QStringLiteral("<code>%1=%2</code>").arg(esc(it.key()), esc(it.value()));
                out += QStringLiteral("<p><b>Environment set:</b> %1</p>")
                           .arg(kv.join(QStringLiteral(", ")));
            }
            if (!c.envRemoved.isEmpty())
                out += QStringLiteral("<p><b>Removed from the environment:</b> <code>%1</code></p>")
                           .arg(esc(c.envRemoved.join(QStringLiteral(", "))));
            if (!c.signalName.isEmpty())
                out += QStringLiteral("<p><b>Signal:</b> %1</p>").arg(esc(c.signalName));
            else if (c.exitCode >= 0)
                out += QStringLiteral("<p><b>Exit status:</b> %1</p>").arg(c.exitCode);
            if (!c.phases.isEmpty()) {
                out += QStringLiteral("<table><tr><th>Phase</th><th>Start</th><th>Duration</"
                                      "th><th>Status</th><th>Detail</th></tr>");
                for (const PhaseTiming &ph : c.phases)
                    out += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2</td><td "
                                          "class=\"num\">%3</td><td>%4</td><td>%5</td></tr>")
                               .arg(esc(ph.name), formatDuration(ph.startMs), formatDuration(ph.ms),
                                    esc(ph.status), esc(ph.detail));
                out += QStringLiteral("</table>");
            }
            htmlPre(out, QStringLiteral("stdout"), c.stdoutText, o);
            htmlPre(out, QStringLiteral("stderr"), c.stderrText, o);
            htmlPre(out, QStringLiteral("runtime log"), c.logText, o);
            out += QStringLiteral("</details>\n");
        }
    }

    out += QStringLiteral("<h2>Redactions</h2>\n");
    if (!p.redacted)
        out += QStringLiteral(
            "<p>Redaction was turned off for this report: it may contain secrets.</p>\n");
    else if (p.redactions.isEmpty())
        out += QStringLiteral("<p>Nothing needed redaction.</p>\n");
    else {
        out += QStringLiteral("<ul>");
        for (const Redaction &r : p.redactions)
            out += QStringLiteral("<li>%1 — %2%3</li>")
                       .arg(esc(r.what), esc(r.where),
                            r.count > 1 ? QStringLiteral(" (%1×)").arg(r.count) : QString());
        out += QStringLiteral("</ul>\n");
    }
    out += QStringLiteral("<footer>Session %1%2 · %3</footer>\n</body></html>\n")
               .arg(esc(s.createdAt),
                    s.host.isEmpty() ? QString() : QStringLiteral(" on ") + esc(s.host),
                    esc(s.tool.isEmpty() ? QStringLiteral("hipdoctor") : s.tool));
    return out;
}

} // namespace hd
