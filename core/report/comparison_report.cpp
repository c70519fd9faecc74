// Several sessions in one report (comparison_report.h).

#include "report/comparison_report.h"

#include "report_p.h"

#include "model/labels.h"

#include <optional>

namespace hd {

using namespace reportdetail;

namespace {

struct PreparedNodes {
    QList<NodeSession> nodes; // sessions as the report shows them (grouped, redacted)
    QList<Prepared> prepared; // one per node; empty for a node that did not run
};

PreparedNodes prepareNodes(const QList<NodeSession> &in, const ReportOptions &options) {
    // The nodes compared are named: a comparison of "<host>" with "<host>" would say nothing.
    ReportOptions o = options;
    o.keepPlaces = true;
    PreparedNodes p;
    for (NodeSession n : in) {
        Prepared pr;
        if (n.ran) {
            pr = prepare(n.session, o);
            n.session = pr.s;
        }
        p.nodes << n;
        p.prepared << pr;
    }
    return p;
}

QString title(const QList<NodeSession> &nodes) {
    return QStringLiteral("hipdoctor comparison of %1 sessions").arg(nodes.size());
}

QString differingLine(const NodeMatrix &m) {
    const int d = m.differing();
    return d == 0   ? QStringLiteral("The nodes agree on every row.")
           : d == 1 ? QStringLiteral("1 row differs between the nodes (marked ≠).")
                    : QStringLiteral("%1 rows differ between the nodes (marked ≠).").arg(d);
}

// "pass (why)" → its status, when the value starts with one.
std::optional<CheckStatus> leadingStatus(const QString &value) {
    const QString word = value.section(QLatin1Char(' '), 0, 0);
    for (CheckStatus s : {CheckStatus::Pass, CheckStatus::Fail, CheckStatus::Error,
                          CheckStatus::Skipped, CheckStatus::Cancelled})
        if (word == checkStatusName(s))
            return s;
    return std::nullopt;
}

// ---- Markdown ----

QString mdMatrix(const NodeMatrix &m) {
    QString out = QStringLiteral("| | node × check |");
    QString rule = QStringLiteral("|---|---|");
    for (const QString &n : m.nodes) {
        out += QStringLiteral(" %1 |").arg(cell(n));
        rule += QStringLiteral("---|");
    }
    out += QLatin1Char('\n') + rule + QLatin1Char('\n');
    for (const NodeMatrixRow &r : m.rows) {
        const QString label = r.check     ? QStringLiteral("    ↳ ") + cell(r.label)
                              : r.differs ? QStringLiteral("**%1**").arg(cell(r.label))
                                          : cell(r.label);
        out +=
            QStringLiteral("| %1 | %2 |").arg(r.differs ? QStringLiteral("≠") : QString(), label);
        for (const QString &v : r.values) {
            const auto st = r.status ? leadingStatus(v) : std::nullopt;
            out += QStringLiteral(" %1 |").arg(
                st ? checkStatusIcon(*st) + QLatin1Char(' ') + cell(v) : cell(v));
        }
        out += QLatin1Char('\n');
    }
    return out + QLatin1Char('\n');
}

// ---- HTML ----

const char *kComparisonCss = R"(
div.matrix{overflow-x:auto}table.matrix th.label{white-space:nowrap}table.matrix td{overflow-wrap:break-word}table.matrix th.label{background:#fff;font-weight:normal}
table.matrix th.label.check{padding-left:2em;color:#57606a}table.matrix td.mark{width:1.5em;text-align:center;color:#a40e26;font-weight:700}
table.matrix tr.differs th.label,table.matrix tr.differs td{background:#fff8c5}table.matrix tr.differs th.label{font-weight:600}
details.node{margin:.8em 0;padding:.4em .8em}details.node>summary{font-size:110%}details.node[open]>summary{border-bottom:1px solid #d0d7de;padding-bottom:.3em;margin-bottom:.5em}
details.node h2{font-size:1.25em}details.node footer{margin-top:1em}
.unreadable{color:#a40e26}
)";

QString htmlMatrixCell(const NodeMatrixRow &r, const QString &v) {
    if (const auto st = r.status ? leadingStatus(v) : std::nullopt) {
        const QString rest = v.mid(checkStatusName(*st).size()).trimmed();
        return statusBadge(*st) + (rest.isEmpty() ? QString() : QLatin1Char(' ') + esc(rest));
    }
    if (r.label == QLatin1String("connection") && v != QLatin1String("ok"))
        return QStringLiteral("<span class=\"unreadable\">%1</span>").arg(esc(v));
    // Finding ids one a line, so the columns stay narrow.
    if (r.label == QLatin1String("findings"))
        return esc(v).replace(QLatin1Char(','), QStringLiteral("<br>"));
    return esc(v);
}

QString htmlMatrix(const NodeMatrix &m) {
    QString out = QStringLiteral(
        "<div class=\"matrix\"><table class=\"matrix\"><tr><th></th><th>node × check</th>");
    for (const QString &n : m.nodes)
        out += QStringLiteral("<th>%1</th>").arg(esc(n));
    out += QStringLiteral("</tr>\n");
    for (const NodeMatrixRow &r : m.rows) {
        out += QStringLiteral("<tr%1><td class=\"mark\">%2</td><th class=\"label%3\">%4</th>")
                   .arg(r.differs ? QStringLiteral(" class=\"differs\"") : QString(),
                        r.differs ? QStringLiteral("≠") : QString(),
                        r.check ? QStringLiteral(" check") : QString(), esc(r.label));
        for (const QString &v : r.values)
            out += QStringLiteral("<td>%1</td>").arg(htmlMatrixCell(r, v));
        out += QStringLiteral("</tr>\n");
    }
    return out + QStringLiteral("</table></div>\n");
}

// Why a file could not be read, without the "unreadable: FILE: " that names it.
QString whyUnreadable(const NodeSession &n) {
    QString why = n.failure.section(QLatin1Char(':'), 1).trimmed();
    if (why.startsWith(n.file + QLatin1Char(':')))
        why = why.mid(n.file.size() + 1).trimmed();
    return why;
}

} // namespace

QString markdownComparisonReport(const QList<NodeSession> &in, const ReportOptions &o) {
    const PreparedNodes p = prepareNodes(in, o);
    const NodeMatrix m = nodeMatrix(p.nodes);
    QString out = QStringLiteral("# %1\n\n**%2**\n\n").arg(title(in), differingLine(m));
    out += QStringLiteral("## Node × check\n\n") + mdMatrix(m);
    QStringList unread;
    for (const NodeSession &n : p.nodes)
        if (!n.ran)
            unread << QStringLiteral("- %1: %2").arg(inlineCode(n.file), mdText(whyUnreadable(n)));
    if (!unread.isEmpty())
        out += QStringLiteral("**Could not be read** (left out below):\n\n") +
               unread.join(QLatin1Char('\n')) + QStringLiteral("\n\n");
    for (qsizetype i = 0; i < p.nodes.size(); ++i) {
        const NodeSession &n = p.nodes[i];
        if (!n.ran)
            continue;
        out += QStringLiteral("## %1\n\n").arg(mdText(n.name));
        if (!n.file.isEmpty())
            out += QStringLiteral("Session file %1\n\n").arg(inlineCode(n.file));
        markdownBody(out, p.prepared[i], o, 1);
        out += QLatin1Char('\n');
    }
    return out;
}

QString htmlComparisonReport(const QList<NodeSession> &in, const ReportOptions &o) {
    const PreparedNodes p = prepareNodes(in, o);
    const NodeMatrix m = nodeMatrix(p.nodes);
    QString out = htmlHead(title(in), QLatin1String(kComparisonCss));
    out += QStringLiteral("<h1>%1</h1>\n<div class=\"verdict\"><p><b>%2</b></p></div>\n")
               .arg(esc(title(in)), esc(differingLine(m)));
    out += QStringLiteral("<h2>Node × check</h2>\n") + htmlMatrix(m);
    QString unread;
    for (const NodeSession &n : p.nodes)
        if (!n.ran)
            unread += QStringLiteral("<li><code>%1</code>: %2</li>")
                          .arg(esc(n.file), esc(whyUnreadable(n)));
    if (!unread.isEmpty())
        out += QStringLiteral("<div class=\"flag\"><b>Could not be read</b> (left out "
                              "below):<ul>%1</ul></div>\n")
                   .arg(unread);
    out += QStringLiteral("<h2>Sessions</h2>\n");
    for (qsizetype i = 0; i < p.nodes.size(); ++i) {
        const NodeSession &n = p.nodes[i];
        if (!n.ran)
            continue;
        QStringList steps;
        for (const StepRecord &st : n.session.steps)
            steps << QStringLiteral("step %1 %2").arg(st.step).arg(statusBadge(st.status));
        const int findings = int(n.session.findings.size());
        out += QStringLiteral("<details class=\"node\"><summary><b>%1</b> · %2 · %3%4</summary>\n")
                   .arg(esc(n.name), steps.join(QLatin1Char(' ')),
                        findings == 0 ? QStringLiteral("no findings")
                                      : QStringLiteral("%1 finding%2")
                                            .arg(findings)
                                            .arg(findings == 1 ? QString() : QStringLiteral("s")),
                        n.file.isEmpty() ? QString()
                                         : QStringLiteral(" · <code>%1</code>").arg(esc(n.file)));
        htmlBody(out, p.prepared[i], o);
        out += QStringLiteral("</details>\n");
    }
    return out + QStringLiteral("</body></html>\n");
}

} // namespace hd
