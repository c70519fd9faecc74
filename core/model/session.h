#pragma once

// A verification session: inputs, device snapshot, env profile, every step's records and the
// findings, and the system inventory (core/sysinfo), saved as versioned JSON (schema
// "hipdoctor.session/2", docs/schema-session.md; /1 files are upgraded when read).
// Saving is atomic (QSaveFile): a crash or a full disk leaves the previous file as it was.
// Loading is strict about structure and lenient about content: fields this version does not
// know are kept and written back; a truncated or corrupt file is refused with the byte offset.

#include "env/env_profile.h"
#include "model/case_verdict.h"
#include "model/device.h"
#include "model/records.h"
#include "model/system_inventory.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace hd {

inline constexpr int kSessionSchemaVersion = 2;
inline constexpr const char *kSessionSchemaPrefix = "hipdoctor.session/";

struct Session {
    QString createdAt;  // ISO 8601 UTC
    QString tool;       // "hipdoctor-cli 0.1.0 (rev abc)"
    QString host;       // machine name where the steps ran
    QString remote;     // the ssh destination the steps ran through ("" = this machine)
    QString origin;     // "verify" | "import:<dir>" | "gui"
    QJsonObject inputs; // VerifyOptions::toJson()
    QList<DeviceInfo> devices;
    EnvProfile env;
    QList<EnvProblem> envProblems;
    QList<StepRecord> steps;
    Comparison comparison;
    QList<Finding> findings; // all findings, steps' and the comparison's
    // The answer to the question asked (model/case_verdict.h), computed when the session was
    // made; empty in older files (sessionCaseVerdict() answers for them).
    CaseVerdict caseVerdict;
    // Where a scan of installed libraries ran (the app's Coverage panel): its answer, sentence
    // by sentence (scan's coverageAnswer()); empty otherwise.
    TextList coverage;
    bool cancelled = false;
    // Where the steps ran (docs/schema-sysinfo.md): empty when not collected (an import, a
    // session of schema /1).
    SystemInventory inventory;
    // Top-level fields written by a newer version of the same schema: kept, written back.
    QJsonObject unknownFields;

    const StepRecord *step(int n) const;

    QJsonObject toJson() const;
    // *error: what is wrong; no session is returned for another schema or a newer major version.
    static std::optional<Session> fromJson(const QJsonObject &o, QString *error = nullptr);
    // A session made from a verification: sessionFromResult() (session/make_session.h).
};

// The schema version a session document says it has: 1 for "hipdoctor.session/1", 0 when the
// document is not a session.
int sessionSchemaVersion(const QJsonObject &o);
// Brings an older document up to the current version (/1 → /2 adds "inventory"; a /1 session
// has none, which reads as "not collected").
QJsonObject upgradeSessionJson(const QJsonObject &o, int fromVersion);

// The engine sentences of the session by their English, each with its message
// (Text::messageJson()): the "messages" member, so that a saved session opens in the reader's
// language (docs/schema-session.md "messages").
QJsonObject sessionMessages(const Session &s);

// The session's case verdict; for an older session without one, the answer its findings give
// to what it can still tell of the question (step 2's kernel, its devices).
CaseVerdict sessionCaseVerdict(const Session &s);

struct SessionSaveOptions {
    // For tests: abort the write after this many bytes (as a crash or a full disk would).
    qint64 failAfterBytes = -1;
};

bool saveSession(const Session &s, const QString &path, QString *error = nullptr,
                 const SessionSaveOptions &options = {});
// Largest session file loadSession() reads (docs/limits.md "Sessions").
inline constexpr qint64 kMaxSessionBytes = qint64(256) << 20;
std::optional<Session> loadSession(const QString &path, QString *error = nullptr);
// Same, for bytes already read; name is used in messages.
std::optional<Session> parseSession(const QByteArray &bytes, const QString &name,
                                    QString *error = nullptr);

} // namespace hd
