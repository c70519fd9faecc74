#pragma once

// An environment profile: a named set of NAME=VALUE settings, each enabled or not, applied to
// every child process of a verification step. Saved and loaded as JSON
// ({"schema":"hipdoctor.env-profile/1","name":…,"entries":[{"name","value","enabled"}]}).

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace hd {

struct EnvEntry {
    QString name;
    QString value;
    bool enabled = true;
    bool operator==(const EnvEntry &) const = default;
};

struct EnvProblem {
    QString name;
    QString message;
    bool error = false; // true: the value is invalid; false: a warning (e.g. not read)
    bool operator==(const EnvProblem &) const = default;
};

// Answers whether the loaded runtime reads a variable: true / false, or nothing when it
// cannot tell (no runtime found). The diagnosis engine supplies the real one.
using EnvReadCheck = std::function<std::optional<bool>(const QString &name)>;

struct EnvProfile {
    QString name;
    QList<EnvEntry> entries;

    // Sets (or adds) an entry, enabled.
    void set(const QString &name, const QString &value);
    // The value of an enabled entry.
    std::optional<QString> value(const QString &name) const;
    // Enabled entries as a map.
    QMap<QString, QString> enabledMap() const;
    // "NAME=VALUE" for every enabled entry, in order.
    QStringList assignments() const;

    // Copies env and sets every enabled entry in it.
    QProcessEnvironment applyTo(const QProcessEnvironment &env) const;

    // Invalid values (errors) and, with a read check, variables the runtime does not read
    // (warnings). Disabled entries are not checked.
    QList<EnvProblem> check(const EnvReadCheck &reads = {}) const;

    QJsonObject toJson() const; // from writeJson() below
    // Reads a profile; *error gets a sentence when the object is not a profile.
    static EnvProfile fromJson(const QJsonObject &o, QString *error = nullptr);
    // Parses "NAME=VALUE" items (--env); *error names the first malformed item.
    static std::optional<EnvProfile> fromAssignments(const QStringList &items,
                                                     QString *error = nullptr);

    bool save(const QString &path, QString *error = nullptr) const; // atomic (QSaveFile)
    static std::optional<EnvProfile> load(const QString &path, QString *error = nullptr);

    // Entries of other override these (same name) or are appended.
    EnvProfile merged(const EnvProfile &other) const;

    bool operator==(const EnvProfile &) const = default;
};

class JsonWriter;
// The hipdoctor.env-profile/1 document; toJson() and save() are made from it.
void writeJson(JsonWriter &w, const EnvProfile &p);

// The built-in presets: "quiet" (runtime logging off), "debug-log" (AMD_LOG_LEVEL=4 +
// HIP_LAUNCH_BLOCKING=1), "serialize" (every kernel and copy serialized, blocking launches).
QList<EnvProfile> envPresets();
std::optional<EnvProfile> envPreset(const QString &name);

} // namespace hd
