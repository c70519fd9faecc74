#include "targets/target_id.h"

#include "targets/processors.h"

#include <QRegularExpression>
#include <QStringList>

namespace hd {

QString featureSettingName(FeatureSetting s) {
    switch (s) {
    case FeatureSetting::Any:
        return QStringLiteral("any");
    case FeatureSetting::On:
        return QStringLiteral("on");
    case FeatureSetting::Off:
        return QStringLiteral("off");
    case FeatureSetting::Unsupported:
        return QStringLiteral("unsupported");
    }
    return {};
}

namespace {

std::optional<TargetId> parseNvidia(const QString &t) {
    static const QRegularExpression re(QStringLiteral("^(?:sm_|compute_|sm)?(\\d{2,3})(a)?$"));
    const auto m = re.match(t);
    if (!m.hasMatch())
        return std::nullopt;
    return TargetId::nvidiaSm(m.captured(1).toInt(), !m.captured(2).isEmpty());
}

} // namespace

std::optional<TargetId> TargetId::parse(const QString &textIn, QString *error) {
    QString text = textIn.trimmed();
    if (text.isEmpty()) {
        if (error)
            *error = QStringLiteral("empty target ID");
        return std::nullopt;
    }
    if (auto nv = parseNvidia(text))
        return nv;
    // Strip a triple: "amdgcn-amd-amdhsa--gfx90a:xnack-" or "amdgcn-amd-amdhsa-gfx90a".
    const int gfx = text.indexOf(QLatin1String("gfx"));
    if (gfx > 0)
        text = text.mid(gfx);
    const QStringList parts = text.split(QLatin1Char(':'));
    TargetId id;
    id.processor = parts.first();
    if (!processorByName(id.processor)) {
        static const QRegularExpression gfxRe(QStringLiteral("^gfx[0-9a-f]{3,4}$"));
        if (!gfxRe.match(id.processor).hasMatch()) {
            if (error)
                *error =
                    QStringLiteral("'%1' is not an AMD processor (gfxNNN) or NVIDIA SM (sm_NN)")
                        .arg(textIn);
            return std::nullopt;
        }
    }
    for (int i = 1; i < parts.size(); ++i) {
        const QString &f = parts[i];
        if (f.size() < 2 || (!f.endsWith(QLatin1Char('+')) && !f.endsWith(QLatin1Char('-')))) {
            if (error)
                *error =
                    QStringLiteral("bad feature '%1' in target ID '%2' (want xnack+ or sramecc-)")
                        .arg(f, textIn);
            return std::nullopt;
        }
        const FeatureSetting s =
            f.endsWith(QLatin1Char('+')) ? FeatureSetting::On : FeatureSetting::Off;
        const QString name = f.chopped(1);
        if (name == QLatin1String("xnack"))
            id.xnack = s;
        else if (name == QLatin1String("sramecc"))
            id.sramecc = s;
        else {
            if (error)
                *error = QStringLiteral("unknown feature '%1' in target ID '%2'").arg(name, textIn);
            return std::nullopt;
        }
    }
    return id;
}

TargetId TargetId::fromAmdgpuElf(uint32_t eflags, int codeObjectVersion) {
    TargetId id;
    const ProcessorInfo *p = processorByMach(eflags & 0xff);
    id.processor =
        p ? QLatin1String(p->name)
          : QStringLiteral("unknown-mach-0x%1").arg(eflags & 0xff, 2, 16, QLatin1Char('0'));
    if (codeObjectVersion >= 4) {
        switch (eflags & 0x300) {
        case 0x000:
            id.xnack = FeatureSetting::Unsupported;
            break;
        case 0x100:
            id.xnack = FeatureSetting::Any;
            break;
        case 0x200:
            id.xnack = FeatureSetting::Off;
            break;
        default:
            id.xnack = FeatureSetting::On;
            break;
        }
        switch (eflags & 0xc00) {
        case 0x000:
            id.sramecc = FeatureSetting::Unsupported;
            break;
        case 0x400:
            id.sramecc = FeatureSetting::Any;
            break;
        case 0x800:
            id.sramecc = FeatureSetting::Off;
            break;
        default:
            id.sramecc = FeatureSetting::On;
            break;
        }
    } else {
        // v2/v3 only say "on"; otherwise the setting is unknown, which the runtime treats as any.
        id.xnack = (eflags & 0x100) ? FeatureSetting::On : FeatureSetting::Any;
        id.sramecc = (eflags & 0x200) ? FeatureSetting::On : FeatureSetting::Any;
    }
    return id;
}

TargetId TargetId::nvidiaSm(int sm, bool archSpecific) {
    TargetId id;
    id.vendor = Vendor::Nvidia;
    id.processor =
        QStringLiteral("sm_%1%2").arg(sm).arg(archSpecific ? QStringLiteral("a") : QString());
    id.xnack = id.sramecc = FeatureSetting::Unsupported;
    return id;
}

QString TargetId::toString() const {
    QString s = processor;
    auto add = [&s](const char *name, FeatureSetting f) {
        if (f == FeatureSetting::On)
            s += QLatin1Char(':') + QLatin1String(name) + QLatin1Char('+');
        else if (f == FeatureSetting::Off)
            s += QLatin1Char(':') + QLatin1String(name) + QLatin1Char('-');
    };
    add("sramecc", sramecc);
    add("xnack", xnack);
    return s;
}

bool TargetId::isGeneric() const {
    return isGenericProcessor(processor);
}

int TargetId::smVersion() const {
    if (!isNvidia())
        return 0;
    QString digits = processor.mid(3);
    if (digits.endsWith(QLatin1Char('a')))
        digits.chop(1);
    return digits.toInt();
}

bool TargetId::isArchSpecificSm() const {
    return isNvidia() && processor.endsWith(QLatin1Char('a'));
}

QJsonObject TargetId::toJson() const {
    QJsonObject o{
        {QStringLiteral("id"), toString()},
        {QStringLiteral("vendor"), isNvidia() ? QStringLiteral("nvidia") : QStringLiteral("amd")},
        {QStringLiteral("processor"), processor}};
    if (!isNvidia()) {
        o.insert(QStringLiteral("xnack"), featureSettingName(xnack));
        o.insert(QStringLiteral("sramecc"), featureSettingName(sramecc));
    }
    return o;
}

} // namespace hd
