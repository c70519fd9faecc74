#pragma once

// Secrets are taken out of reports by default (docs/design.md "Sessions and reports"): the values
// of environment variables whose names contain TOKEN, SECRET, PASSWORD, PASSWD, PASSPHRASE,
// CREDENTIAL or KEY (wherever the value appears: env maps, command lines, output, logs),
// credentials in URLs (https://user:pass@host → https://[redacted]@host), --token=/--password=
// style options, and tokens known by their shape in any text (Authorization/Bearer headers,
// hf_, ghp_/github_pat_, xox*, AKIA/ASIA keys with their secret, PEM private keys).
// The report lists what was redacted and where.

#include "model/session.h"

#include <QList>
#include <QString>

namespace hd {

struct Redaction {
    QString what;  // "env GITHUB_TOKEN", "URL credentials", "--password option"
    QString where; // "step 3 › as-is › env", "step 3 › as-is › stdout"
    int count = 1;
    bool operator==(const Redaction &) const = default;
};

inline constexpr const char *kRedacted = "[redacted]";

bool isSecretEnvName(const QString &name);

// A copy of the session with every secret replaced by kRedacted; *redactions lists them.
Session redactSession(const Session &s, QList<Redaction> *redactions);

// A copy of the session without the places that name a user or a machine: every home folder
// (the HOME of the step records' and inventory's environments, and /home/NAME, /Users/NAME)
// becomes "~", the session's host name and the node's "<host>"; *redactions lists them.
Session withoutPlaces(const Session &s, QList<Redaction> *redactions);

// Text alone (URL credentials, secret options, and the given secret values).
QString redactText(const QString &text, const QStringList &secretValues, int *count = nullptr);

} // namespace hd
