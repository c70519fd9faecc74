#include "env/env_profile.h"

#include "common/json_writer.h"

#include "common/input_file.h"
#include "common/output_file.h"
#include "common/value_parsers.h"
#include "env/env_catalogue.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

namespace hd {

namespace {
const QString kSchema = QStringLiteral("hipdoctor.env-profile/1");

} // namespace

void EnvProfile::set(const QString &n, const QString &v) {
    for (EnvEntry &e : entries) {
        if (e.name == n) {
            e.value = v;
            e.enabled = true;
            return;
        }
    }
    entries.append({n, v, true});
}

std::optional<QString> EnvProfile::value(const QString &n) const {
    for (const EnvEntry &e : entries)
        if (e.enabled && e.name == n)
            return e.value;
    return std::nullopt;
}

QMap<QString, QString> EnvProfile::enabledMap() const {
    QMap<QString, QString> m;
    for (const EnvEntry &e : entries)
        if (e.enabled)
            m.insert(e.name, e.value);
    return m;
}

QStringList EnvProfile::assignments() const {
    QStringList out;
    for (const EnvEntry &e : entries)
        if (e.enabled)
            out << e.name + QLatin1Char('=') + e.value;
    return out;
}

QProcessEnvironment EnvProfile::applyTo(const QProcessEnvironment &env) const {
    QProcessEnvironment out = env;
    for (const EnvEntry &e : entries)
        if (e.enabled)
            out.insert(e.name, e.value);
    return out;
}

QList<EnvProblem> EnvProfile::check(const EnvReadCheck &reads) const {
    QList<EnvProblem> problems;
    for (const EnvEntry &e : entries) {
        if (!e.enabled)
            continue;
        const QString err = validateEnvValue(e.name, e.value);
        if (!err.isEmpty()) {
            problems.append({e.name, err, true});
            continue;
        }
        const auto info = findEnvVar(e.name);
        if (info && info->kind == EnvValueKind::DeviceList && e.value.trimmed().isEmpty() &&
            e.name != QLatin1String("GPU_DEVICE_ORDINAL"))
            problems.append({e.name,
                             QStringLiteral("%1 is set but empty: it hides every GPU").arg(e.name),
                             false});
        if (info && info->group == EnvGroup::Runtime && reads &&
            e.name != QLatin1String("LD_LIBRARY_PATH")) {
            const std::optional<bool> r = reads(e.name);
            if (r && !*r)
                problems.append({e.name,
                                 QStringLiteral("%1 is not read by the loaded runtime: setting it "
                                                "changes nothing there")
                                     .arg(e.name),
                                 false});
        }
    }
    return problems;
}

void writeJson(JsonWriter &w, const EnvProfile &p) {
    w.beginObject(); // keys sorted, as in a QJsonObject
    w.key("entries").beginArray();
    for (const EnvEntry &e : p.entries) {
        w.beginObject();
        w.member("enabled", e.enabled);
        w.member("name", e.name);
        w.member("value", e.value);
        w.endObject();
    }
    w.endArray();
    w.member("name", p.name);
    w.member("schema", kSchema);
    w.endObject();
}

QJsonObject EnvProfile::toJson() const {
    return jsonObjectOf(*this);
}

EnvProfile EnvProfile::fromJson(const QJsonObject &o, QString *error) {
    EnvProfile p;
    const QString schema = o.value(QStringLiteral("schema")).toString();
    if (!schema.isEmpty() && !schema.startsWith(QLatin1String("hipdoctor.env-profile/"))) {
        if (error)
            *error = QStringLiteral("not an environment profile (schema \"%1\")").arg(schema);
        return p;
    }
    if (!o.value(QStringLiteral("entries")).isArray() && !o.isEmpty()) {
        if (error)
            *error = QStringLiteral("environment profile without an \"entries\" list");
        return p;
    }
    p.name = o.value(QStringLiteral("name")).toString();
    const QJsonArray arr = o.value(QStringLiteral("entries")).toArray();
    for (const QJsonValue &v : arr) {
        const QJsonObject e = v.toObject();
        const QString n = e.value(QStringLiteral("name")).toString();
        if (n.isEmpty())
            continue;
        p.entries.append({n, e.value(QStringLiteral("value")).toString(),
                          e.value(QStringLiteral("enabled")).toBool(true)});
    }
    return p;
}

std::optional<EnvProfile> EnvProfile::fromAssignments(const QStringList &items, QString *error) {
    EnvProfile p;
    for (const QString &item : items) {
        const auto a = parseEnvAssignment(item, error); // the CLI's parser too
        if (!a)
            return std::nullopt;
        p.set(a->name, a->value);
    }
    return p;
}

bool EnvProfile::save(const QString &path, QString *error) const {
    QString why;
    if (!writeFileAtomically(path, QJsonDocument(toJson()).toJson(QJsonDocument::Indented), &why)) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2").arg(path, why);
        return false;
    }
    return true;
}

std::optional<EnvProfile> EnvProfile::load(const QString &path, QString *error) {
    // Profiles are a few KB: 16 MiB is plenty, and a FIFO is refused, not waited on.
    QString why;
    bool truncated = false;
    const QByteArray bytes = readInputFile(path, qint64(16) << 20, &why, &truncated);
    if (!why.isEmpty() || truncated) {
        if (error)
            *error = QStringLiteral("%1: cannot read: %2")
                         .arg(path, truncated ? QStringLiteral("larger than 16 MiB") : why);
        return std::nullopt;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error)
            *error =
                pe.error != QJsonParseError::NoError
                    ? QStringLiteral("%1: offset %2: not JSON: %3")
                          .arg(path, QString::number(std::min<qsizetype>(pe.offset, bytes.size())),
                               pe.errorString())
                    : QStringLiteral("%1: JSON, but not an object").arg(path);
        return std::nullopt;
    }
    QString e;
    EnvProfile p = fromJson(doc.object(), &e);
    if (!e.isEmpty()) {
        if (error)
            *error = path + QStringLiteral(": ") + e;
        return std::nullopt;
    }
    return p;
}

EnvProfile EnvProfile::merged(const EnvProfile &other) const {
    EnvProfile out = *this;
    for (const EnvEntry &e : other.entries) {
        bool found = false;
        for (EnvEntry &mine : out.entries) {
            if (mine.name == e.name) {
                mine = e;
                found = true;
                break;
            }
        }
        if (!found)
            out.entries.append(e);
    }
    return out;
}

QList<EnvProfile> envPresets() {
    EnvProfile quiet;
    quiet.name = QStringLiteral("quiet");
    quiet.set(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("0"));
    EnvProfile debug;
    debug.name = QStringLiteral("debug-log");
    debug.set(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("4"));
    debug.set(QStringLiteral("HIP_LAUNCH_BLOCKING"), QStringLiteral("1"));
    EnvProfile serialize;
    serialize.name = QStringLiteral("serialize");
    serialize.set(QStringLiteral("AMD_SERIALIZE_KERNEL"), QStringLiteral("3"));
    serialize.set(QStringLiteral("AMD_SERIALIZE_COPY"), QStringLiteral("3"));
    serialize.set(QStringLiteral("HIP_LAUNCH_BLOCKING"), QStringLiteral("1"));
    serialize.set(QStringLiteral("HIP_ENABLE_DEFERRED_LOADING"), QStringLiteral("0"));
    return {quiet, debug, serialize};
}

std::optional<EnvProfile> envPreset(const QString &n) {
    for (const EnvProfile &p : envPresets())
        if (p.name == n)
            return p;
    return std::nullopt;
}

} // namespace hd
