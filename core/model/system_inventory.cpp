#include "model/system_inventory.h"

#include "model/model_json.h"

#include <algorithm>
#include <functional>

#include <QJsonArray>

namespace hd {

InventoryFact InventoryFact::fromJson(const QJsonObject &o) {
    return {o.value(QStringLiteral("section")).toString(),
            o.value(QStringLiteral("name")).toString(), o.value(QStringLiteral("value")).toString(),
            o.value(QStringLiteral("source")).toString(),
            o.value(QStringLiteral("unavailable")).toString()};
}

QList<InventoryFact> SystemInventory::section(const QString &name) const {
    QList<InventoryFact> r;
    for (const InventoryFact &f : facts)
        if (f.section == name)
            r.append(f);
    return r;
}

const InventoryFact *SystemInventory::find(const QString &section, const QString &name) const {
    for (const InventoryFact &f : facts)
        if (f.section == section && f.name == name)
            return &f;
    return nullptr;
}

QJsonObject SystemInventory::toJson() const {
    return jsonObjectOf(*this);
}

SystemInventory SystemInventory::fromJson(const QJsonObject &o) {
    SystemInventory inv;
    inv.collectedAt = o.value(QStringLiteral("collected_at")).toString();
    const QJsonArray fs = o.value(QStringLiteral("facts")).toArray();
    for (const QJsonValue &f : fs)
        inv.facts.append(InventoryFact::fromJson(f.toObject()));
    return inv;
}

namespace {

Text factText(const InventoryFact &f) {
    return f.available() ? Text(f.value)
                         : HD_TEXT("hd::SystemInventory", "not available: %1").arg(f.unavailable);
}

using FactFormat = std::function<Text(const InventoryFact &)>;

Text named(const InventoryFact &f) {
    return QStringLiteral("%1: %2").arg(f.name, f.value);
}

QList<const InventoryFact *> sectionFacts(const SystemInventory &inv, const QString &section) {
    QList<const InventoryFact *> out;
    for (const InventoryFact &f : inv.facts)
        if (f.section == section)
            out << &f;
    return out;
}

QList<const InventoryFact *> factsNamed(const SystemInventory &inv, const QString &section,
                                        const QStringList &names) {
    QList<const InventoryFact *> out;
    for (const InventoryFact &f : inv.facts)
        if (f.section == section && names.contains(f.name))
            out << &f;
    return out;
}

// A row of the given facts: the available ones; when none is, every reason.
InventorySummaryRow factRow(const Text &label, const QList<const InventoryFact *> &facts,
                            const FactFormat &format) {
    InventorySummaryRow r;
    r.label = label;
    for (const InventoryFact *f : facts)
        if (f && f->available() && !f->value.isEmpty())
            r.items << format(*f);
    if (r.items.isEmpty()) {
        r.missing = true;
        for (const InventoryFact *f : facts)
            if (f && !f->available())
                r.items << HD_TEXT("hd::SystemInventory", "%1: not available (%2)")
                               .arg(f->name, f->unavailable);
    }
    return r;
}

// OS, kernel, machine and glibc on one line.
InventorySummaryRow systemRow(const SystemInventory &inv) {
    QStringList sys;
    for (const char *n : {"os", "kernel", "machine"})
        if (const InventoryFact *f = inv.find(QStringLiteral("system"), QLatin1String(n));
            f && f->available())
            sys << f->value;
    if (const InventoryFact *f = inv.find(QStringLiteral("system"), QStringLiteral("glibc"));
        f && f->available())
        sys << QStringLiteral("glibc ") + f->value;
    const Text label = HD_TEXT("hd::SystemInventory", "System");
    if (sys.isEmpty())
        return {label};
    return InventorySummaryRow{label, {sys.join(QStringLiteral(", "))}};
}

// Every package, with why when the package manager could not be asked.
InventorySummaryRow packagesRow(const SystemInventory &inv) {
    InventorySummaryRow r{HD_TEXT("hd::SystemInventory", "Packages")};
    const QList<const InventoryFact *> pk = sectionFacts(inv, QStringLiteral("packages"));
    for (const InventoryFact *f : pk)
        r.items << (f->available()
                        ? Text(QStringLiteral("%1 %2").arg(f->name, f->value))
                        : HD_TEXT("hd::SystemInventory", "not available (%1)").arg(f->unavailable));
    r.missing = !pk.isEmpty() && std::none_of(pk.begin(), pk.end(), [](const InventoryFact *f) {
        return f->available();
    });
    return r;
}

InventorySummaryRow pythonRow(const SystemInventory &inv) {
    InventorySummaryRow r{HD_TEXT("hd::SystemInventory", "Python, PyTorch, Triton")};
    for (const InventoryFact *f : sectionFacts(inv, QStringLiteral("python")))
        r.items << Text(QStringLiteral("%1: %2")).arg(Text(f->name), factText(*f));
    return r;
}

// The device nodes; one this user cannot read and write is a problem.
InventorySummaryRow deviceAccessRow(const SystemInventory &inv) {
    InventorySummaryRow r{HD_TEXT("hd::SystemInventory", "Device access")};
    for (const InventoryFact *f : sectionFacts(inv, QStringLiteral("devices"))) {
        if (f->name == QLatin1String("user"))
            continue;
        r.items << Text(QStringLiteral("%1: %2")).arg(Text(f->name), factText(*f));
        // No access to a device node explains "no device" on its own.
        r.problem = r.problem || (f->available() && f->value.startsWith(QLatin1Char('c')) &&
                                  !f->value.contains(QLatin1String("read+write")));
    }
    return r;
}

} // namespace

QList<InventorySummaryRow> summarizeInventory(const SystemInventory &inv) {
    if (inv.isEmpty())
        return {};
    // PATH is long and rarely the answer: it stays in the full inventory.
    QList<const InventoryFact *> env = sectionFacts(inv, QStringLiteral("environment"));
    env.removeIf([](const InventoryFact *f) { return f->name == QLatin1String("PATH"); });
    const InventorySummaryRow all[] = {
        factRow(HD_TEXT("hd::SystemInventory", "GPUs (vendor tools)"),
                sectionFacts(inv, QStringLiteral("gpus")), named),
        factRow(HD_TEXT("hd::SystemInventory", "Kernel driver"),
                sectionFacts(inv, QStringLiteral("driver")), named),
        systemRow(inv),
        factRow(HD_TEXT("hd::SystemInventory", "HIP runtime"),
                factsNamed(inv, QStringLiteral("toolchain"),
                           {QStringLiteral("hip runtime"), QStringLiteral("cuda driver library")}),
                [](const InventoryFact &f) {
                    return f.name == QLatin1String("hip runtime") ? Text(f.value) : named(f);
                }),
        packagesRow(inv),
        factRow(
            HD_TEXT("hd::SystemInventory", "Compilers"),
            factsNamed(inv, QStringLiteral("toolchain"),
                       {QStringLiteral("hipcc"), QStringLiteral("clang"), QStringLiteral("nvcc")}),
            named),
        pythonRow(inv),
        deviceAccessRow(inv),
        factRow(HD_TEXT("hd::SystemInventory", "Environment"), env,
                [](const InventoryFact &f) {
                    return Text(QStringLiteral("%1=%2").arg(f.name, f.value));
                }),
    };
    QList<InventorySummaryRow> rows;
    for (const InventorySummaryRow &r : all)
        if (!r.items.isEmpty())
            rows << r;
    return rows;
}

QList<QPair<QString, Text>> inventorySections() {
    return {
        {QStringLiteral("system"), HD_TEXT("hd::SystemInventory", "System")},
        {QStringLiteral("driver"), HD_TEXT("hd::SystemInventory", "Kernel driver")},
        {QStringLiteral("devices"), HD_TEXT("hd::SystemInventory", "Device nodes and groups")},
        {QStringLiteral("packages"), HD_TEXT("hd::SystemInventory", "Packages")},
        {QStringLiteral("toolchain"), HD_TEXT("hd::SystemInventory", "Runtime and compilers")},
        {QStringLiteral("gpus"), HD_TEXT("hd::SystemInventory", "GPUs (vendor tools)")},
        {QStringLiteral("python"), HD_TEXT("hd::SystemInventory", "Python, PyTorch, Triton")},
        {QStringLiteral("environment"), HD_TEXT("hd::SystemInventory", "Environment variables")}};
}

} // namespace hd
