#include "targets/closeness.h"

#include "targets/compatibility.h"
#include "targets/processors.h"

#include <QRegularExpression>

#include <climits>
#include <cstdlib>

namespace hd {

namespace {

// "gfx1031" -> {10, 3, 1}; "gfx90a" -> {9, 0, 10}. False for generic and unknown names.
bool gfxVersion(const QString &processor, int &major, int &minor, int &stepping) {
    static const QRegularExpression re(QStringLiteral("^gfx([0-9]{1,2})([0-9a-f])([0-9a-f])$"));
    const auto m = re.match(processor);
    if (!m.hasMatch())
        return false;
    major = m.captured(1).toInt();
    minor = m.captured(2).toInt(nullptr, 16);
    stepping = m.captured(3).toInt(nullptr, 16);
    return true;
}

// Distance between two processors of one family: minor first, then stepping.
int versionDistance(const QString &a, const QString &b) {
    int ma = 0, na = 0, sa = 0, mb = 0, nb = 0, sb = 0;
    if (!gfxVersion(a, ma, na, sa) || !gfxVersion(b, mb, nb, sb))
        return INT_MAX / 2;
    return std::abs(ma - mb) * 256 + std::abs(na - nb) * 16 + std::abs(sa - sb);
}

} // namespace

QString targetRelationName(TargetRelation r) {
    switch (r) {
    case TargetRelation::Same:
        return QStringLiteral("same");
    case TargetRelation::FeatureMismatch:
        return QStringLiteral("feature-mismatch");
    case TargetRelation::GenericCovers:
        return QStringLiteral("generic-covers");
    case TargetRelation::SameIsa:
        return QStringLiteral("same-isa");
    case TargetRelation::SameFamily:
        return QStringLiteral("same-family");
    case TargetRelation::SameGeneration:
        return QStringLiteral("same-generation");
    case TargetRelation::Unrelated:
        return QStringLiteral("unrelated");
    }
    return {};
}

QString isaFamily(const QString &processor) {
    if (isGenericProcessor(processor))
        return processor;
    if (const ProcessorInfo *p = processorByName(processor); p && p->generic)
        return QLatin1String(p->generic);
    return processor;
}

bool sharesIsa(const QString &a, const QString &b) {
    static const QRegularExpression rdna2(QStringLiteral("^gfx103[0-6]$"));
    static const QRegularExpression rdna3(QStringLiteral("^gfx110[0-3]$"));
    return (rdna2.match(a).hasMatch() && rdna2.match(b).hasMatch()) ||
           (rdna3.match(a).hasMatch() && rdna3.match(b).hasMatch());
}

QString isaBaseProcessor(const QString &processor) {
    for (const char *base : {"gfx1030", "gfx1100"})
        if (processor != QLatin1String(base) && sharesIsa(processor, QLatin1String(base)))
            return QLatin1String(base);
    return {};
}

TargetRelation relateTargets(const TargetId &code, const TargetId &device) {
    if (code.isNvidia() || device.isNvidia()) {
        if (code.isNvidia() != device.isNvidia())
            return TargetRelation::Unrelated;
        const Compatibility c = checkCompatibility(code, device);
        if (c.compatible())
            return TargetRelation::Same;
        return code.smVersion() / 10 == device.smVersion() / 10 ? TargetRelation::SameIsa
                                                                : TargetRelation::Unrelated;
    }
    if (code.processor == device.processor) {
        const Compatibility c = checkCompatibility(code, device);
        return c.kind == Compatibility::Kind::FeatureMismatch ? TargetRelation::FeatureMismatch
                                                              : TargetRelation::Same;
    }
    if (code.isGeneric()) {
        const ProcessorInfo *dev = processorByName(device.processor);
        if (dev && dev->generic && code.processor == QLatin1String(dev->generic))
            return TargetRelation::GenericCovers;
        return TargetRelation::Unrelated;
    }
    if (sharesIsa(code.processor, device.processor))
        return TargetRelation::SameIsa;
    if (isaFamily(code.processor) == isaFamily(device.processor) &&
        isGenericProcessor(isaFamily(code.processor)))
        return TargetRelation::SameFamily;
    int cm = 0, cn = 0, cs = 0, dm = 0, dn = 0, ds = 0;
    if (gfxVersion(code.processor, cm, cn, cs) && gfxVersion(device.processor, dm, dn, ds) &&
        cm == dm)
        return TargetRelation::SameGeneration;
    return TargetRelation::Unrelated;
}

int closestTarget(const TargetId &device, const QList<TargetId> &candidates) {
    int best = -1;
    TargetRelation bestRelation = TargetRelation::Unrelated;
    int bestDistance = INT_MAX;
    for (int i = 0; i < candidates.size(); ++i) {
        const TargetRelation r = relateTargets(candidates[i], device);
        const int d = versionDistance(candidates[i].processor, device.processor);
        const bool better =
            best < 0 || int(r) < int(bestRelation) || (r == bestRelation && d < bestDistance) ||
            (r == bestRelation && d == bestDistance &&
             versionDistance(candidates[i].processor, QStringLiteral("gfx000")) <
                 versionDistance(candidates[best].processor, QStringLiteral("gfx000")));
        if (better) {
            best = i;
            bestRelation = r;
            bestDistance = d;
        }
    }
    return best;
}

QString hsaGfxVersion(const QString &processor) {
    int major = 0, minor = 0, stepping = 0;
    if (!gfxVersion(processor, major, minor, stepping))
        return {};
    return QStringLiteral("%1.%2.%3").arg(major).arg(minor).arg(stepping);
}

QString sameIsaOverride(const TargetId &code, const TargetId &device) {
    if (relateTargets(code, device) != TargetRelation::SameIsa)
        return {};
    return hsaGfxVersion(code.processor);
}

} // namespace hd
