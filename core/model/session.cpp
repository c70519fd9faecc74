#include "model/session.h"

#include "common/input_file.h"
#include "common/output_file.h"
#include "common/version.h"
#include "model/model_json.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace hd {

namespace {

const QStringList &knownKeys() {
    static const QStringList k{QStringLiteral("schema"),       QStringLiteral("created_at"),
                               QStringLiteral("tool"),         QStringLiteral("host"),
                               QStringLiteral("origin"),       QStringLiteral("inputs"),
                               QStringLiteral("devices"),      QStringLiteral("env"),
                               QStringLiteral("env_problems"), QStringLiteral("steps"),
                               QStringLiteral("comparison"),   QStringLiteral("findings"),
                               QStringLiteral("cancelled"),    QStringLiteral("inventory"),
                               QStringLiteral("remote"),       QStringLiteral("case_verdict"),
                               QStringLiteral("coverage"),     QStringLiteral("messages")};
    return k;
}

// Every engine sentence a session holds, for its "messages" (docs/schema-session.md): the
// findings' texts, the steps' and checks' summaries, the comparison, the case verdict, the
// coverage answer. S is Session or const Session.
template <typename S, typename F> void visitTexts(S &s, const F &visit) {
    const auto finding = [&visit](auto &f) {
        visit(f.title);
        visit(f.detail);
        visit(f.severityReason);
        for (auto &t : f.fix)
            visit(t);
        for (auto &e : f.evidence) {
            visit(e.location);
            visit(e.text);
        }
    };
    for (auto &f : s.findings)
        finding(f);
    for (auto &st : s.steps) {
        visit(st.summary);
        for (auto &c : st.checks) {
            visit(c.title);
            visit(c.summary);
        }
        for (auto &f : st.findings)
            finding(f);
    }
    visit(s.comparison.verdict);
    for (auto &t : s.comparison.basis)
        visit(t);
    for (auto &f : s.comparison.findings)
        finding(f);
    visit(s.caseVerdict.question);
    visit(s.caseVerdict.answer);
    for (auto &t : s.caseVerdict.notChecked)
        visit(t);
    for (auto &t : s.coverage)
        visit(t);
}

// Entries of "messages" read back at most: one per distinct sentence of a session, far fewer.
constexpr qsizetype kMaxSessionMessages = 100000;

QString describeType(const QJsonValue &v) {
    switch (v.type()) {
    case QJsonValue::Array:
        return QStringLiteral("a list");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    default:
        return QStringLiteral("null");
    }
}

} // namespace

const StepRecord *Session::step(int n) const {
    for (const StepRecord &s : steps)
        if (s.step == n)
            return &s;
    return nullptr;
}

int sessionSchemaVersion(const QJsonObject &o) {
    const QString schema = o.value(QStringLiteral("schema")).toString();
    if (!schema.startsWith(QLatin1String(kSessionSchemaPrefix)))
        return 0;
    bool ok = false;
    const int v = schema.mid(int(qstrlen(kSessionSchemaPrefix))).toInt(&ok);
    return ok && v > 0 ? v : 0;
}

QJsonObject upgradeSessionJson(const QJsonObject &o, int fromVersion) {
    QJsonObject out = o;
    // Each future schema change adds one step here (v1 → v2: …), applied in order, so every
    // older file keeps loading.
    for (int v = fromVersion; v < kSessionSchemaVersion; ++v) {
        // v1 → v2: "inventory" (the system inventory) added; a /1 session has none, which
        // reads as "not collected": nothing to convert.
    }
    out.insert(QStringLiteral("schema"),
               QString::fromLatin1(kSessionSchemaPrefix) + QString::number(kSessionSchemaVersion));
    return out;
}

QJsonObject Session::toJson() const {
    return jsonObjectOf(*this);
}

namespace {

// The session's fields that hold a list or an object.
const struct {
    const char *key;
    QJsonValue::Type type;
} kSessionShape[] = {{"steps", QJsonValue::Array},        {"devices", QJsonValue::Array},
                     {"findings", QJsonValue::Array},     {"env", QJsonValue::Object},
                     {"inputs", QJsonValue::Object},      {"comparison", QJsonValue::Object},
                     {"env_problems", QJsonValue::Array}, {"inventory", QJsonValue::Object}};

// Structure must be right; a list where an object belongs is a corrupt file, not data. The
// first field of the wrong kind, said, or empty.
QString shapeProblem(const QJsonObject &o) {
    for (const auto &s : kSessionShape) {
        const QJsonValue v = o.value(QLatin1String(s.key));
        if (!v.isUndefined() && !v.isNull() && v.type() != s.type)
            return QStringLiteral("field \"%1\" is %2, expected %3")
                .arg(QLatin1String(s.key), describeType(v),
                     s.type == QJsonValue::Array ? QStringLiteral("a list")
                                                 : QStringLiteral("an object"));
    }
    return {};
}

} // namespace

std::optional<Session> Session::fromJson(const QJsonObject &in, QString *error) {
    const auto fail = [&](const QString &m) -> std::optional<Session> {
        if (error)
            *error = m;
        return std::nullopt;
    };
    const QString schema = in.value(QStringLiteral("schema")).toString();
    const int version = sessionSchemaVersion(in);
    if (version == 0)
        return fail(schema.isEmpty()
                        ? QStringLiteral("not a hipdoctor session (no \"schema\" field)")
                        : QStringLiteral("not a hipdoctor session (schema \"%1\")").arg(schema));
    if (version > kSessionSchemaVersion)
        return fail(QStringLiteral("written by a newer hipdoctor (schema \"%1\"); this version "
                                   "reads up to %2%3")
                        .arg(schema, QString::fromLatin1(kSessionSchemaPrefix))
                        .arg(kSessionSchemaVersion));
    const QJsonObject o = version < kSessionSchemaVersion ? upgradeSessionJson(in, version) : in;
    if (const QString why = shapeProblem(o); !why.isEmpty())
        return fail(why);
    Session s;
    s.createdAt = o.value(QStringLiteral("created_at")).toString();
    s.tool = o.value(QStringLiteral("tool")).toString();
    s.host = o.value(QStringLiteral("host")).toString();
    s.remote = o.value(QStringLiteral("remote")).toString();
    s.origin = o.value(QStringLiteral("origin")).toString();
    s.inputs = o.value(QStringLiteral("inputs")).toObject();
    for (const QJsonValue &v : o.value(QStringLiteral("devices")).toArray())
        s.devices.append(DeviceInfo::fromJson(v.toObject()));
    s.env = EnvProfile::fromJson(o.value(QStringLiteral("env")).toObject());
    for (const QJsonValue &v : o.value(QStringLiteral("env_problems")).toArray()) {
        const QJsonObject p = v.toObject();
        s.envProblems.append({p.value(QStringLiteral("name")).toString(),
                              p.value(QStringLiteral("message")).toString(),
                              p.value(QStringLiteral("error")).toBool()});
    }
    int index = 0;
    for (const QJsonValue &v : o.value(QStringLiteral("steps")).toArray()) {
        if (!v.isObject())
            return fail(QStringLiteral("steps[%1] is %2, expected an object")
                            .arg(index)
                            .arg(describeType(v)));
        s.steps.append(StepRecord::fromJson(v.toObject()));
        ++index;
    }
    s.comparison = Comparison::fromJson(o.value(QStringLiteral("comparison")).toObject());
    for (const QJsonValue &v : o.value(QStringLiteral("findings")).toArray())
        s.findings.append(Finding::fromJson(v.toObject()));
    s.cancelled = o.value(QStringLiteral("cancelled")).toBool();
    s.caseVerdict = CaseVerdict::fromJson(o.value(QStringLiteral("case_verdict")).toObject());
    for (const QJsonValue &v : o.value(QStringLiteral("coverage")).toArray())
        s.coverage << Text(v.toString());
    s.inventory = SystemInventory::fromJson(o.value(QStringLiteral("inventory")).toObject());
    // The sentences' messages, so that the session is shown in the reader's language: a text
    // takes its message only when the message makes exactly its English again.
    if (const QJsonObject messages = o.value(QStringLiteral("messages")).toObject();
        !messages.isEmpty() && messages.size() <= kMaxSessionMessages) {
        visitTexts(s, [&messages](Text &t) {
            if (t.isEmpty() || t.hasSentence())
                return;
            const auto it = messages.constFind(t.english());
            if (it == messages.constEnd())
                return;
            if (std::optional<Text> m = Text::fromMessageJson(*it);
                m && m->english() == t.english())
                t = std::move(*m);
        });
    }
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!knownKeys().contains(it.key()))
            s.unknownFields.insert(it.key(), it.value());
    return s;
}

QJsonObject sessionMessages(const Session &s) {
    QJsonObject messages;
    visitTexts(s, [&messages](const Text &t) {
        if (t.hasSentence() && !messages.contains(t.english()))
            messages.insert(t.english(), t.messageJson());
    });
    return messages;
}

CaseVerdict sessionCaseVerdict(const Session &s) {
    if (!s.caseVerdict.isEmpty())
        return s.caseVerdict;
    // An older session: the question it can still tell (step 2's kernel, the devices).
    CaseQuestion q;
    const QString kernel = s.inputs.value(QStringLiteral("step2"))
                               .toObject()
                               .value(QStringLiteral("kernel"))
                               .toString();
    if (!kernel.isEmpty())
        q.kernels << kernel;
    q.devices = s.devices;
    // The runtime of the run detected them, or they were given (a typed target).
    q.devicesFrom = s.devices.isEmpty() ? QStringLiteral("none")
                    : s.devices.first().source == DeviceInfo::Source::Probe
                        ? QStringLiteral("probe")
                        : QStringLiteral("target");
    return caseVerdict(q, s.findings);
}

bool saveSession(const Session &s, const QString &path, QString *error,
                 const SessionSaveOptions &options) {
    const QByteArray bytes = QJsonDocument(s.toJson()).toJson(QJsonDocument::Indented);
    if (options.failAfterBytes >= 0 && options.failAfterBytes < bytes.size()) {
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly)) {
            if (error)
                *error = QStringLiteral("%1: cannot write: %2").arg(path, f.errorString());
            return false;
        }
        f.write(bytes.left(options.failAfterBytes));
        f.cancelWriting(); // what a crash or a full disk amounts to: nothing is committed
        f.commit();
        if (error)
            *error =
                QStringLiteral("%1: write aborted after %2 bytes; the previous file is unchanged")
                    .arg(path, QString::number(options.failAfterBytes));
        return false;
    }
    QString why;
    if (!writeFileAtomically(path, bytes, &why)) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2; the previous file is unchanged")
                         .arg(path, why);
        return false;
    }
    return true;
}

std::optional<Session> parseSession(const QByteArray &bytes, const QString &name, QString *error) {
    const auto fail = [&](const QString &m) -> std::optional<Session> {
        if (error)
            *error = name + QStringLiteral(": ") + m;
        return std::nullopt;
    };
    if (bytes.trimmed().isEmpty())
        return fail(QStringLiteral("empty file: not a session"));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError) {
        const bool atEnd = pe.offset >= bytes.size() - 1;
        // Qt reports the offset after the bad byte, one past the end for a cut file.
        return fail(QStringLiteral("%1 at byte %2 of %3: %4")
                        .arg(atEnd ? QStringLiteral("truncated or incomplete JSON (ends early)")
                                   : QStringLiteral("corrupt JSON"))
                        .arg(std::min<qsizetype>(pe.offset, bytes.size()))
                        .arg(bytes.size())
                        .arg(pe.errorString()));
    }
    if (!doc.isObject())
        return fail(QStringLiteral("the document is not a JSON object: not a session"));
    QString e;
    auto s = Session::fromJson(doc.object(), &e);
    if (!s)
        return fail(e);
    return s;
}

std::optional<Session> loadSession(const QString &path, QString *error) {
    QFile f;
    QString why;
    if (!openInputFile(f, path, &why)) {
        if (error)
            *error = QStringLiteral("%1: cannot read: %2").arg(path, why);
        return std::nullopt;
    }
    // Sessions hold capped outputs (docs/limits.md); a bigger file is not one we wrote.
    if (f.size() > kMaxSessionBytes) {
        if (error)
            *error =
                QStringLiteral("%1: %2 bytes: larger than the %3 MiB a session can be "
                               "(docs/limits.md)")
                    .arg(path, QString::number(f.size()), QString::number(kMaxSessionBytes >> 20));
        return std::nullopt;
    }
    return parseSession(f.readAll(), path, error);
}

} // namespace hd
