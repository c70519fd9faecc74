#include "model/system_inventory.h"

#include "model/model_json.h"

#include <algorithm>

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

QString factText(const InventoryFact &f) {
    return f.available() ? f.value : QStringLiteral("not available: %1").arg(f.unavailable);
}

} // namespace

QList<InventorySummaryRow> summarizeInventory(const SystemInventory &inv) {
    QList<InventorySummaryRow> rows;
    // A row of the given facts: the available ones; when none is, every reason.
    auto row = [&](const QString &label, const QList<const InventoryFact *> &facts, auto &&format) {
        InventorySummaryRow r;
        r.label = label;
        for (const InventoryFact *f : facts)
            if (f && f->available() && !f->value.isEmpty())
                r.items << format(*f);
        if (r.items.isEmpty()) {
            r.missing = true;
            for (const InventoryFact *f : facts)
                if (f && !f->available())
                    r.items
                        << QStringLiteral("%1: not available (%2)").arg(f->name, f->unavailable);
        }
        if (!r.items.isEmpty())
            rows << r;
    };
    const auto named = [](const InventoryFact &f) {
        return QStringLiteral("%1: %2").arg(f.name, f.value);
    };
    auto sectionFacts = [&](const QString &section) {
        QList<const InventoryFact *> out;
        for (const InventoryFact &f : inv.facts)
            if (f.section == section)
                out << &f;
        return out;
    };
    auto facts = [&](const QString &section, const QStringList &names) {
        QList<const InventoryFact *> out;
        for (const InventoryFact &f : inv.facts)
            if (f.section == section && names.contains(f.name))
                out << &f;
        return out;
    };
    if (inv.isEmpty())
        return rows;

    row(QStringLiteral("GPUs (vendor tools)"), sectionFacts(QStringLiteral("gpus")), named);
    row(QStringLiteral("Kernel driver"), sectionFacts(QStringLiteral("driver")), named);
    {
        QStringList sys;
        for (const char *n : {"os", "kernel", "machine"})
            if (const InventoryFact *f = inv.find(QStringLiteral("system"), QLatin1String(n));
                f && f->available())
                sys << f->value;
        if (const InventoryFact *f = inv.find(QStringLiteral("system"), QStringLiteral("glibc"));
            f && f->available())
            sys << QStringLiteral("glibc ") + f->value;
        if (!sys.isEmpty())
            rows << InventorySummaryRow{QStringLiteral("System"), {sys.join(QStringLiteral(", "))}};
    }
    row(QStringLiteral("HIP runtime"),
        facts(QStringLiteral("toolchain"),
              {QStringLiteral("hip runtime"), QStringLiteral("cuda driver library")}),
        [](const InventoryFact &f) {
            return f.name == QLatin1String("hip runtime")
                       ? f.value
                       : QStringLiteral("%1: %2").arg(f.name, f.value);
        });
    {
        InventorySummaryRow r{QStringLiteral("Packages")};
        const QList<const InventoryFact *> pk = sectionFacts(QStringLiteral("packages"));
        for (const InventoryFact *f : pk)
            r.items << (f->available() ? QStringLiteral("%1 %2").arg(f->name, f->value)
                                       : QStringLiteral("not available (%1)").arg(f->unavailable));
        r.missing = !pk.isEmpty() && std::none_of(pk.begin(), pk.end(), [](const InventoryFact *f) {
            return f->available();
        });
        if (!r.items.isEmpty())
            rows << r;
    }
    row(QStringLiteral("Compilers"),
        facts(QStringLiteral("toolchain"),
              {QStringLiteral("hipcc"), QStringLiteral("clang"), QStringLiteral("nvcc")}),
        named);
    {
        const QList<const InventoryFact *> py = sectionFacts(QStringLiteral("python"));
        InventorySummaryRow r{QStringLiteral("Python, PyTorch, Triton")};
        for (const InventoryFact *f : py)
            r.items << QStringLiteral("%1: %2").arg(f->name, factText(*f));
        if (!r.items.isEmpty())
            rows << r;
    }
    {
        InventorySummaryRow r{QStringLiteral("Device access")};
        for (const InventoryFact *f : sectionFacts(QStringLiteral("devices"))) {
            if (f->name == QLatin1String("user"))
                continue;
            r.items << QStringLiteral("%1: %2").arg(f->name, factText(*f));
            // No access to a device node explains "no device" on its own.
            r.problem = r.problem || (f->available() && f->value.startsWith(QLatin1Char('c')) &&
                                      !f->value.contains(QLatin1String("read+write")));
        }
        if (!r.items.isEmpty())
            rows << r;
    }
    // PATH is long and rarely the answer: it stays in the full inventory.
    QList<const InventoryFact *> env = sectionFacts(QStringLiteral("environment"));
    env.removeIf([](const InventoryFact *f) { return f->name == QLatin1String("PATH"); });
    row(QStringLiteral("Environment"), env,
        [](const InventoryFact &f) { return QStringLiteral("%1=%2").arg(f.name, f.value); });
    return rows;
}

QList<QPair<QString, QString>> inventorySections() {
    return {{QStringLiteral("system"), QStringLiteral("System")},
            {QStringLiteral("driver"), QStringLiteral("Kernel driver")},
            {QStringLiteral("devices"), QStringLiteral("Device nodes and groups")},
            {QStringLiteral("packages"), QStringLiteral("Packages")},
            {QStringLiteral("toolchain"), QStringLiteral("Runtime and compilers")},
            {QStringLiteral("gpus"), QStringLiteral("GPUs (vendor tools)")},
            {QStringLiteral("python"), QStringLiteral("Python, PyTorch, Triton")},
            {QStringLiteral("environment"), QStringLiteral("Environment variables")}};
}

} // namespace hd
