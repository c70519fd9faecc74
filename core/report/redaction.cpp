#include "report/redaction.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace hd {

bool isSecretEnvName(const QString &name) {
    static const QRegularExpression re(
        QStringLiteral("TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|KEY"),
        QRegularExpression::CaseInsensitiveOption);
    return re.match(name).hasMatch();
}

namespace {

const QRegularExpression &urlCreds() {
    // scheme://user:password@ or scheme://token@ (the userinfo part of a URL)
    static const QRegularExpression re(
        QStringLiteral("\\b([A-Za-z][A-Za-z0-9+.-]*://)([^/\\s:@'\"]+(?::[^/\\s@'\"]*)?)@"));
    return re;
}

const QRegularExpression &secretOption() {
    static const QRegularExpression re(
        QStringLiteral(
            "(--?[A-Za-z0-9_-]*(?:token|secret|password|passwd|api[-_]?key)[A-Za-z0-9_-]*[= ])"
            "(\"[^\"]*\"|'[^']*'|[^\\s\"']+)"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

// NAME=value assignments of secret names inside text (e.g. a shell line in a log).
const QRegularExpression &secretAssignment() {
    static const QRegularExpression re(
        QStringLiteral("\\b([A-Za-z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|KEY)"
                       "[A-Za-z0-9_]*(?:\\s*=\\s*|[\"']\\s*:\\s*)[\"']?)([^\\s\"',;]+)"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

// Secrets recognised by their shape wherever they appear (argv, output, logs): HTTP
// authorization headers, Hugging Face, GitHub, Slack and AWS access keys, PEM private keys.
// The whole match is replaced, or capture group 1 when the pattern has one.
const QList<QRegularExpression> &tokenShapes() {
    static const QList<QRegularExpression> res{
        QRegularExpression(QStringLiteral("\\bAuthorization\\s*[:=]\\s*(?:(?:Bearer|Basic|Token|"
                                          "Digest)\\s+)?([^\\s\"',;]+)"),
                           QRegularExpression::CaseInsensitiveOption),
        QRegularExpression(QStringLiteral("\\bBearer\\s+([A-Za-z0-9._~+/-]{8,}=*)"),
                           QRegularExpression::CaseInsensitiveOption),
        QRegularExpression(QStringLiteral("\\bhf_[A-Za-z0-9]{20,}")),
        QRegularExpression(QStringLiteral("\\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}")),
        QRegularExpression(QStringLiteral("\\bgithub_pat_[A-Za-z0-9_]{20,}")),
        QRegularExpression(QStringLiteral("\\bxox[abposr]-[A-Za-z0-9-]{10,}")),
        QRegularExpression(QStringLiteral("\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b")),
        QRegularExpression(QStringLiteral("-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?"
                                          "(?:-----END [A-Z ]*PRIVATE KEY-----|$)")),
    };
    return res;
}

// An AWS secret access key (40 base64 characters) next to an access key id.
const QRegularExpression &awsSecret() {
    static const QRegularExpression re(
        QStringLiteral("(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])"));
    return re;
}

const QRegularExpression &envName() {
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return re;
}

struct Walker {
    QStringList secrets;
    QList<Redaction> found;

    void note(const QString &what, const QString &where, int n) {
        if (n <= 0)
            return;
        for (Redaction &r : found) {
            if (r.what == what && r.where == where) {
                r.count += n;
                return;
            }
        }
        found.append({what, where, n});
    }

    // Pass 1: collect the values of secret env names (env maps and env profile entries).
    void collect(const QJsonValue &v, const QString &key) {
        if (v.isObject()) {
            const QJsonObject o = v.toObject();
            const bool envMap = key == QLatin1String("env") || key == QLatin1String("environment");
            for (auto it = o.begin(); it != o.end(); ++it) {
                if (envMap && it->isString() && isSecretEnvName(it.key()) &&
                    !it->toString().isEmpty())
                    secrets << it->toString();
                collect(it.value(), it.key());
            }
            // {"name": "X_TOKEN", "value": "…"} (env profile entries)
            if (o.contains(QStringLiteral("name")) && o.contains(QStringLiteral("value")) &&
                isSecretEnvName(o.value(QStringLiteral("name")).toString()) &&
                !o.value(QStringLiteral("value")).toString().isEmpty())
                secrets << o.value(QStringLiteral("value")).toString();
        } else if (v.isArray()) {
            for (const QJsonValue &x : v.toArray()) {
                // "NAME=VALUE" strings (probe environment lists)
                const QString s = x.toString();
                const qsizetype eq = s.indexOf(QLatin1Char('='));
                if (eq > 0 && envName().match(s.left(eq)).hasMatch() &&
                    isSecretEnvName(s.left(eq)) && eq + 1 < s.size())
                    secrets << s.mid(eq + 1);
                collect(x, key);
            }
        }
    }

    // parentWhere: a readable path to v's parent ("step 3 › as-is"); key: v's key there.
    QJsonValue apply(const QJsonValue &v, const QString &key, const QString &parentWhere) {
        if (v.isObject()) {
            QJsonObject o = v.toObject();
            QString here = parentWhere;
            if (o.value(QStringLiteral("step")).isDouble() && key == QLatin1String("steps"))
                here = QStringLiteral("step %1").arg(o.value(QStringLiteral("step")).toInt());
            else if (key == QLatin1String("checks") && o.contains(QStringLiteral("id")))
                here =
                    parentWhere + QStringLiteral(" › ") + o.value(QStringLiteral("id")).toString();
            else if (!key.isEmpty())
                here = parentWhere + QStringLiteral(" › ") + key;
            const bool envMap = key == QLatin1String("env") || key == QLatin1String("environment");
            const bool entry = o.contains(QStringLiteral("name")) &&
                               o.contains(QStringLiteral("value")) &&
                               isSecretEnvName(o.value(QStringLiteral("name")).toString());
            for (auto it = o.begin(); it != o.end(); ++it) {
                if (envMap && it->isString() && isSecretEnvName(it.key())) {
                    if (!it->toString().isEmpty() && it->toString() != QLatin1String(kRedacted)) {
                        note(QStringLiteral("env %1").arg(it.key()), here, 1);
                        *it = QString::fromLatin1(kRedacted);
                    }
                    continue;
                }
                if (entry && it.key() == QLatin1String("value")) {
                    if (!it->toString().isEmpty() && it->toString() != QLatin1String(kRedacted)) {
                        note(QStringLiteral("env %1").arg(
                                 o.value(QStringLiteral("name")).toString()),
                             here, 1);
                        *it = QString::fromLatin1(kRedacted);
                    }
                    continue;
                }
                *it = apply(it.value(), it.key(), here);
            }
            return o;
        }
        if (v.isArray()) {
            QJsonArray a = v.toArray();
            for (qsizetype i = 0; i < a.size(); ++i)
                a[i] = apply(a[i], key, parentWhere);
            return a;
        }
        if (v.isString()) {
            QString s = v.toString();
            int urls = 0, opts = 0, values = 0, tokens = 0;
            s = redactOne(s, &urls, &opts, &values, &tokens);
            const QString place = parentWhere + QStringLiteral(" › ") + key;
            note(QStringLiteral("URL credentials"), place, urls);
            note(QStringLiteral("secret option or assignment"), place, opts);
            note(QStringLiteral("secret value"), place, values);
            note(QStringLiteral("token or key (by its shape)"), place, tokens);
            return s;
        }
        return v;
    }

    // Replaces every match of re (its group `group`, or the whole match) by kRedacted.
    static int replaceMatches(QString &s, const QRegularExpression &re, int group) {
        const QString red = QString::fromLatin1(kRedacted);
        QString out;
        qsizetype last = 0;
        int n = 0;
        auto it = re.globalMatch(s);
        while (it.hasNext()) {
            const auto m = it.next();
            const int g = m.lastCapturedIndex() >= group ? group : 0;
            if (m.captured(g) == red || m.capturedStart(g) < last)
                continue;
            out += s.mid(last, m.capturedStart(g) - last) + red;
            last = m.capturedEnd(g);
            ++n;
        }
        if (n)
            s = out + s.mid(last);
        return n;
    }

    QString redactOne(QString s, int *urls, int *opts, int *values, int *tokens) const {
        const QString red = QString::fromLatin1(kRedacted);
        for (const QString &secret : secrets) {
            if (secret.size() < 4 || secret == red)
                continue; // too short to replace without hitting ordinary text
            const int n = int(s.count(secret));
            if (n) {
                s.replace(secret, red);
                *values += n;
            }
        }
        *urls += replaceMatches(s, urlCreds(), 2);
        for (const QRegularExpression *re : {&secretOption(), &secretAssignment()})
            *opts += replaceMatches(s, *re, 2);
        bool awsKey = false;
        for (const QRegularExpression &re : tokenShapes()) {
            const int n = replaceMatches(s, re, 1);
            *tokens += n;
            awsKey = awsKey || (n && re.pattern().contains(QLatin1String("AKIA")));
        }
        if (awsKey)
            *tokens += replaceMatches(s, awsSecret(), 0);
        return s;
    }
};

} // namespace

namespace {

// Pass 1 of withoutPlaces: the home folders named in environments (HOME=…).
void collectHomes(const QJsonValue &v, const QString &key, QStringList &homes) {
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        const bool envMap = key == QLatin1String("env") || key == QLatin1String("environment");
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (envMap && it.key() == QLatin1String("HOME") && it->isString())
                homes << it->toString();
            collectHomes(it.value(), it.key(), homes);
        }
        // The inventory's environment facts: {"section": "environment", "name": "HOME", …}
        if (o.value(QStringLiteral("name")).toString() == QLatin1String("HOME") &&
            o.value(QStringLiteral("value")).isString())
            homes << o.value(QStringLiteral("value")).toString();
    } else if (v.isArray()) {
        for (const QJsonValue &x : v.toArray()) {
            if (x.toString().startsWith(QLatin1String("HOME=")))
                homes << x.toString().mid(5);
            collectHomes(x, key, homes);
        }
    }
}

struct Places {
    QList<QPair<QRegularExpression, QString>> rules; // pattern, replacement
    QList<int> counts;                               // per rule

    QJsonValue apply(const QJsonValue &v) {
        if (v.isObject()) {
            QJsonObject o = v.toObject();
            for (auto it = o.begin(); it != o.end(); ++it)
                *it = apply(it.value());
            return o;
        }
        if (v.isArray()) {
            QJsonArray a = v.toArray();
            for (qsizetype i = 0; i < a.size(); ++i)
                a[i] = apply(a[i]);
            return a;
        }
        if (v.isString()) {
            QString s = v.toString();
            for (int i = 0; i < rules.size(); ++i) {
                const int n = int(s.count(rules[i].first));
                if (n) {
                    s.replace(rules[i].first, rules[i].second);
                    counts[i] += n;
                }
            }
            return s;
        }
        return v;
    }
};

} // namespace

Session withoutPlaces(const Session &s, QList<Redaction> *redactions) {
    const QJsonObject o = s.toJson();
    QStringList homes;
    collectHomes(o, {}, homes);
    homes.removeDuplicates();
    // Longest first; "/" (a service account's HOME) names nobody.
    homes.removeIf(
        [](const QString &h) { return h.size() < 2 || !h.startsWith(QLatin1Char('/')); });
    std::sort(homes.begin(), homes.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
    Places p;
    // A home is a whole path component: /home/al is not the start of /home/alice.
    const QString end = QStringLiteral("(?![^/\\s\"'`:;,)\\]}>|])");
    for (const QString &h : homes) {
        QString path = h;
        while (path.size() > 1 && path.endsWith(QLatin1Char('/')))
            path.chop(1);
        p.rules.append({QRegularExpression(QStringLiteral("(?<![\\w.-])") +
                                           QRegularExpression::escape(path) + end),
                        QStringLiteral("~")});
    }
    p.rules.append({QRegularExpression(
                        QStringLiteral("(?<![\\w.-])/(?:home|Users)/[^/\\s\"'`:;,)\\]}>|]+") + end),
                    QStringLiteral("~")});
    const int homeRules = int(p.rules.size());
    // The machines: where the session was made, and the GPU node. A name shorter than 3
    // characters or "localhost" would hit ordinary words.
    QStringList hosts{s.host, s.remote};
    hosts.removeDuplicates();
    for (const QString &h : std::as_const(hosts)) {
        const QString name = h.section(QLatin1Char('@'), -1).trimmed();
        if (name.size() < 3 || name == QLatin1String("localhost"))
            continue;
        p.rules.append(
            {QRegularExpression(QStringLiteral("(?<![\\w.-])") + QRegularExpression::escape(name) +
                                QStringLiteral("(?![\\w-])")),
             QStringLiteral("<host>")});
    }
    p.counts = QList<int>(p.rules.size(), 0);
    const QJsonObject out = p.apply(o).toObject();
    if (redactions) {
        int homesReplaced = 0, hostsReplaced = 0;
        for (int i = 0; i < p.counts.size(); ++i)
            (i < homeRules ? homesReplaced : hostsReplaced) += p.counts[i];
        if (homesReplaced)
            redactions->append({QStringLiteral("home folder (shown as ~)"),
                                QStringLiteral("session"), homesReplaced});
        if (hostsReplaced)
            redactions->append({QStringLiteral("host name (shown as <host>)"),
                                QStringLiteral("session"), hostsReplaced});
    }
    const auto r = Session::fromJson(out);
    return r ? *r : s;
}

QString redactText(const QString &text, const QStringList &secretValues, int *count) {
    Walker w;
    w.secrets = secretValues;
    int a = 0, b = 0, c = 0, d = 0;
    const QString out = w.redactOne(text, &a, &b, &c, &d);
    if (count)
        *count = a + b + c + d;
    return out;
}

Session redactSession(const Session &s, QList<Redaction> *redactions) {
    Walker w;
    const QJsonObject o = s.toJson();
    w.collect(o, {});
    w.secrets.removeDuplicates();
    // Longest first, so a secret that contains another is replaced whole.
    std::sort(w.secrets.begin(), w.secrets.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
    const QJsonObject red = w.apply(o, {}, QStringLiteral("session")).toObject();
    if (redactions)
        *redactions = w.found;
    auto out = Session::fromJson(red);
    return out ? *out : s;
}

} // namespace hd
