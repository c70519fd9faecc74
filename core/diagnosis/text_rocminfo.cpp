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

namespace {

// One agent of a rocminfo dump, as its "Key: value" lines give it. inIsa and groupPool say
// where in the agent the lines are (its ISA list, its group-segment memory pool).
struct RocminfoAgent {
    QString name, marketing, type, isa;
    int cu = 0, wave = 0, wgMax = 0;
    quint64 groupKb = 0;
    bool inIsa = false, groupPool = false;

    void read(const QString &key, const QString &val) {
        static const QRegularExpression num(QStringLiteral(R"(^(\d+))"));
        auto number = [&](const QString &v) { return num.match(v).captured(1).toLongLong(); };
        if (key == QLatin1String("Name")) {
            if (inIsa) {
                if (isa.isEmpty())
                    isa = val;
            } else if (name.isEmpty()) {
                name = val;
            }
        } else if (key == QLatin1String("Marketing Name")) {
            marketing = val;
        } else if (key == QLatin1String("Device Type")) {
            type = val;
        } else if (key == QLatin1String("Compute Unit")) {
            cu = int(number(val));
        } else if (key == QLatin1String("Wavefront Size")) {
            wave = int(number(val));
        } else if (key == QLatin1String("Workgroup Max Size")) {
            wgMax = int(number(val));
        } else if (key == QLatin1String("Segment")) {
            groupPool = val.startsWith(QLatin1String("GROUP"));
        } else if (key == QLatin1String("Size") && groupPool) {
            groupKb = quint64(number(val));
            groupPool = false;
        }
    }
};

// A GPU agent as a device (its target from the ISA name, else the agent's name); none for a
// CPU agent or a name that is no target.
std::optional<DeviceInfo> gpuDevice(const RocminfoAgent &a, int index) {
    if (a.type != QLatin1String("GPU"))
        return std::nullopt;
    std::optional<TargetId> t;
    if (!a.isa.isEmpty())
        t = TargetId::parse(a.isa);
    if (!t)
        t = TargetId::parse(a.name);
    if (!t)
        return std::nullopt;
    DeviceInfo d;
    d.source = DeviceInfo::Source::Rocminfo;
    d.index = index;
    d.name = a.marketing;
    d.target = *t;
    d.isaName = a.isa;
    d.computeUnits = a.cu;
    d.wavefrontSize = a.wave;
    d.maxThreadsPerBlock = a.wgMax;
    d.maxSharedMemoryPerBlock = a.groupKb * 1024;
    d.backend = QStringLiteral("hip");
    return d;
}

} // namespace

QList<DeviceInfo> parseRocminfo(const QString &text) {
    QList<RocminfoAgent> agents;
    RocminfoAgent cur;
    bool inAgent = false;
    static const QRegularExpression kv(
        QStringLiteral(R"(^\s*([A-Za-z][\w .()/-]*?):\s*(.*?)\s*$)"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    auto flush = [&] {
        if (inAgent)
            agents.append(cur);
        cur = RocminfoAgent{};
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
            cur.inIsa = true;
        if (const auto m = kv.match(raw); m.hasMatch())
            cur.read(m.captured(1).trimmed(), m.captured(2));
    }
    flush();
    QList<DeviceInfo> out;
    for (const RocminfoAgent &a : agents)
        if (auto d = gpuDevice(a, int(out.size())))
            out.append(*d);
    return out;
}

} // namespace hd
