// The "System" section of a report (private/report_p.h): the devices the runtime saw and the
// inventory's summary (core/sysinfo) as a table, then the full inventory folded, in Markdown
// and in HTML.

#include "report_p.h"

#include "model/system_inventory.h"

namespace hd::reportdetail {

namespace {

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
    // A target the user typed stands for the GPU they asked about: never shown as one the
    // runtime detected.
    InventoryBlock gpu{QStringLiteral("GPU (runtime)")};
    InventoryBlock typed{QStringLiteral("GPU asked about (typed, not detected)")};
    for (const DeviceInfo &d : s.devices) {
        QString line = QStringLiteral("#%1 %2").arg(d.index).arg(d.target.toString());
        if (d.source == DeviceInfo::Source::TargetOption) {
            typed.items << d.target.toString();
            continue;
        }
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
                    gpu.items << c.summary.english();
    }
    rows << gpu;
    if (!typed.items.isEmpty())
        rows << typed;
    for (const InventorySummaryRow &r : summarizeInventory(s.inventory)) {
        InventoryBlock b{r.label.english(), englishOf(r.items), r.missing, r.problem};
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

} // namespace

void mdInventory(QString &out, const Session &s, int depth) {
    out += QString(2 + depth, QLatin1Char('#')) + QStringLiteral(" System\n\n");
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
        out += QStringLiteral("**%1**\n\n| | | source |\n|---|---|---|\n").arg(title.english());
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
        out += QStringLiteral("<p>%1</p>\n").arg(htmlText(QString::fromLatin1(kNoInventory)));
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
                   .arg(esc(title.english()));
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

} // namespace hd::reportdetail
