// rocminfo dumps pasted as text: the agents it lists, as devices.

#include "diagnosis/text_facts.h"

#include <QRegularExpression>

namespace hd {

bool looksLikeRocminfo(const QString &text) {
    return (text.contains(QLatin1String("HSA Agents")) ||
            text.contains(QLatin1String("HSA System Attributes"))) ||
           (text.contains(QLatin1String("Device Type:")) &&
            text.contains(QLatin1String("Agent ")) && text.contains(QLatin1String("Name:")));
}

QList<DeviceInfo> parseRocminfo(const QString &text) {
    QList<DeviceInfo> out;
    struct Agent {
        QString name, marketing, type, isa;
        int cu = 0, wave = 0, wgMax = 0;
        quint64 groupKb = 0;
    };
    QList<Agent> agents;
    Agent cur;
    bool inAgent = false, inIsa = false, groupPool = false;
    static const QRegularExpression kv(
        QStringLiteral(R"(^\s*([A-Za-z][\w .()/-]*?):\s*(.*?)\s*$)"));
    static const QRegularExpression num(QStringLiteral(R"(^(\d+))"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    auto flush = [&] {
        if (inAgent)
            agents.append(cur);
        cur = Agent{};
        inIsa = groupPool = false;
    };
    for (const QString &raw : lines) {
        const QString line = raw.trimmed();
        if (line.startsWith(QLatin1String("Agent ")) && !line.contains(QLatin1Char(':'))) {
            flush();
            inAgent = true;
            continue;
        }
        if (!inAgent)
            continue;
        if (line.startsWith(QLatin1String("ISA Info")))
            inIsa = true;
        const auto m = kv.match(raw);
        if (!m.hasMatch())
            continue;
        const QString key = m.captured(1).trimmed();
        const QString val = m.captured(2);
        auto number = [&](const QString &v) { return num.match(v).captured(1).toLongLong(); };
        if (key == QLatin1String("Name")) {
            if (inIsa) {
                if (cur.isa.isEmpty())
                    cur.isa = val;
            } else if (cur.name.isEmpty()) {
                cur.name = val;
            }
        } else if (key == QLatin1String("Marketing Name")) {
            cur.marketing = val;
        } else if (key == QLatin1String("Device Type")) {
            cur.type = val;
        } else if (key == QLatin1String("Compute Unit")) {
            cur.cu = int(number(val));
        } else if (key == QLatin1String("Wavefront Size")) {
            cur.wave = int(number(val));
        } else if (key == QLatin1String("Workgroup Max Size")) {
            cur.wgMax = int(number(val));
        } else if (key == QLatin1String("Segment")) {
            groupPool = val.startsWith(QLatin1String("GROUP"));
        } else if (key == QLatin1String("Size") && groupPool) {
            cur.groupKb = quint64(number(val));
            groupPool = false;
        }
    }
    flush();
    int index = 0;
    for (const Agent &a : agents) {
        if (a.type != QLatin1String("GPU"))
            continue;
        std::optional<TargetId> t;
        if (!a.isa.isEmpty())
            t = TargetId::parse(a.isa);
        if (!t)
            t = TargetId::parse(a.name);
        if (!t)
            continue;
        DeviceInfo d;
        d.source = DeviceInfo::Source::Rocminfo;
        d.index = index++;
        d.name = a.marketing;
        d.target = *t;
        d.isaName = a.isa;
        d.computeUnits = a.cu;
        d.wavefrontSize = a.wave;
        d.maxThreadsPerBlock = a.wgMax;
        d.maxSharedMemoryPerBlock = a.groupKb * 1024;
        d.backend = QStringLiteral("hip");
        out.append(d);
    }
    return out;
}

} // namespace hd
