// hipdoctor-cli verify --hosts: the steps on several GPU nodes at once over ssh, one session per
// node and one node × check matrix that shows where the nodes differ (docs/remote.md "Many
// nodes").

#include "verify_hosts.h"

#include "cli.h"
#include "remote_option.h"

#include "common/version.h"
#include "session/make_session.h"
#include "sysinfo/system_inventory.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace hd::cli {

QStringList readHostList(const QString &spec, QString *error) {
    QStringList hosts;
    if (QFileInfo(spec).isFile()) {
        QFile f(spec);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read %1: %2").arg(spec, f.errorString());
            return {};
        }
        for (const QString &line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))) {
            const QString h = line.section(QLatin1Char('#'), 0, 0).trimmed();
            if (!h.isEmpty())
                hosts << h;
        }
    } else {
        for (const QString &h : spec.split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!h.trimmed().isEmpty())
                hosts << h.trimmed();
    }
    hosts.removeDuplicates();
    if (hosts.isEmpty())
        *error = QStringLiteral("no host in '%1'").arg(spec);
    return hosts;
}

QString sessionFileName(const QString &host) {
    QString name = host;
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._@-]"));
    name.replace(unsafe, QStringLiteral("_"));
    return name + QStringLiteral(".session.json");
}

NodeRun runOnNode(const QString &destination, VerifyOptions options, const QList<int> &steps) {
    NodeRun n;
    n.destination = destination;
    auto host = makeRemoteHost(destination);
    if (!host->connection().open()) {
        n.failure = host->connection().lastMessage();
        return n;
    }
    Verifier verifier(options);
    verifier.setExecutionHost(host);
    const VerifyResult result = verifier.run(steps);
    n.session = sessionFromResult(options, result, versionLine(QStringLiteral("hipdoctor-cli")));
    n.session.remote = destination;
    n.session.host =
        host->connection().nodeName().isEmpty() ? destination : host->connection().nodeName();
    n.session.inventory = collectSystemInventory(*host); // the node's, read there
    n.ran = true;
    return n;
}

namespace {

QString statusOf(const CheckRecord &c) {
    QString s = checkStatusName(c.status);
    const QString why = c.data.value(QStringLiteral("remoteFailure")).toString();
    if (!why.isEmpty())
        s += QStringLiteral(" (%1)").arg(why);
    return s;
}

QString probeHelloField(const Session &s, const char *key) {
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            if (c.id == QLatin1String("runtime-devices")) {
                const QJsonObject hello = c.data.value(QStringLiteral("probe"))
                                              .toObject()
                                              .value(QStringLiteral("hello"))
                                              .toObject();
                return hello.value(QLatin1String(key)).toString();
            }
    return {};
}

} // namespace

QString nodeMatrix(const QList<NodeRun> &nodes) {
    // Rows: what a node is (target, runtime, driver), then each step and each of its checks.
    QList<QPair<QString, QStringList>> rows;
    auto add = [&](const QString &label, auto valueOf) {
        QStringList values;
        for (const NodeRun &n : nodes)
            values << (n.ran ? valueOf(n.session) : QStringLiteral("-"));
        rows.append({label, values});
    };
    QStringList conn;
    for (const NodeRun &n : nodes)
        conn << (n.ran ? QStringLiteral("ok") : n.failure.section(QLatin1Char(':'), 0, 0));
    rows.append({QStringLiteral("connection"), conn});
    add(QStringLiteral("node"), [](const Session &s) { return s.host; });
    add(QStringLiteral("target"), [](const Session &s) {
        QStringList t;
        for (const DeviceInfo &d : s.devices)
            t << d.target.toString();
        return t.isEmpty() ? QStringLiteral("(no device)") : t.join(QLatin1Char(','));
    });
    add(QStringLiteral("runtime"), [](const Session &s) {
        const QString v = probeHelloField(s, "runtime_version");
        return v.isEmpty() ? QStringLiteral("-") : v;
    });
    add(QStringLiteral("driver"), [](const Session &s) {
        const QString v = probeHelloField(s, "driver_version");
        return v.isEmpty() ? QStringLiteral("-") : v;
    });
    // What the node's inventory says (sessions without one: "-").
    const auto fact = [](const Session &s, const char *section, const char *name) {
        const InventoryFact *f = s.inventory.find(QLatin1String(section), QLatin1String(name));
        return f && f->available() && !f->value.isEmpty() ? f->value : QStringLiteral("-");
    };
    add(QStringLiteral("os"), [&](const Session &s) { return fact(s, "system", "os_id"); });
    add(QStringLiteral("kernel"), [&](const Session &s) {
        const QString k = fact(s, "system", "kernel");
        return k == QLatin1String("-") ? k : k.section(QLatin1Char(' '), 1, 1);
    });
    add(QStringLiteral("glibc"), [&](const Session &s) { return fact(s, "system", "glibc"); });
    add(QStringLiteral("amdgpu"), [&](const Session &s) { return fact(s, "driver", "amdgpu"); });
    add(QStringLiteral("hip runtime"), [&](const Session &s) {
        return fact(s, "toolchain", "hip runtime").section(QStringLiteral(" ("), 0, 0);
    });
    // Every check id in the order the first node that ran it met it.
    QList<QPair<int, QString>> checks;
    for (const NodeRun &n : nodes)
        for (const StepRecord &st : n.session.steps) {
            if (!checks.contains(qMakePair(st.step, QString())))
                checks.append({st.step, QString()});
            for (const CheckRecord &c : st.checks)
                if (!checks.contains(qMakePair(st.step, c.id)))
                    checks.append({st.step, c.id});
        }
    std::stable_sort(checks.begin(), checks.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &[step, id] : checks) {
        add(id.isEmpty() ? QStringLiteral("step %1").arg(step) : QStringLiteral("  %1").arg(id),
            [step = step, id = id](const Session &s) {
                const StepRecord *st = s.step(step);
                if (!st)
                    return QStringLiteral("-");
                if (id.isEmpty())
                    return checkStatusName(st->status);
                const CheckRecord *c = st->check(id);
                return c ? statusOf(*c) : QStringLiteral("-");
            });
    }
    add(QStringLiteral("findings"), [](const Session &s) {
        QStringList ids;
        for (const Finding &f : s.findings)
            ids << f.id;
        ids.removeDuplicates();
        return ids.isEmpty() ? QStringLiteral("none") : ids.join(QLatin1Char(','));
    });

    qsizetype labelWidth = QStringLiteral("node × check").size();
    for (const auto &r : rows)
        labelWidth = std::max(labelWidth, r.first.size());
    QList<qsizetype> widths;
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        qsizetype w = nodes[i].destination.size();
        for (const auto &r : rows)
            w = std::max(w, r.second.value(i).size());
        widths << w;
    }
    QString text;
    auto line = [&](const QString &mark, const QString &label, const QStringList &cells) {
        QString l = mark + QLatin1Char(' ') + label.leftJustified(labelWidth);
        for (qsizetype i = 0; i < cells.size(); ++i)
            l += QStringLiteral("  ") + cells[i].leftJustified(widths[i]);
        while (l.endsWith(QLatin1Char(' ')))
            l.chop(1);
        text += l + QLatin1Char('\n');
    };
    QStringList header;
    for (const NodeRun &n : nodes)
        header << n.destination;
    line(QStringLiteral(" "), QStringLiteral("node × check"), header);
    int differing = 0;
    for (const auto &[label, values] : rows) {
        QStringList distinct = values;
        distinct.removeDuplicates();
        const bool differs = distinct.size() > 1 && label != QLatin1String("node");
        differing += differs ? 1 : 0;
        line(differs ? QStringLiteral("*") : QStringLiteral(" "), label, values);
    }
    text += differing == 0
                ? QStringLiteral("the nodes agree on every row\n")
                : QStringLiteral("* %1 row(s) differ between the nodes\n").arg(differing);
    return text;
}

int verifyOnHosts(const VerifyOptions &options, const QList<int> &steps, const QStringList &hosts,
                  int jobs, const QString &sessionDir, bool json) {
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, jobs));
    QList<QFuture<NodeRun>> futures;
    for (const QString &h : hosts) {
        futures << QtConcurrent::run(&pool,
                                     [h, options, steps] { return runOnNode(h, options, steps); });
    }
    QList<NodeRun> nodes;
    for (auto &f : futures) {
        f.waitForFinished();
        nodes << f.result();
    }
    const QString dir = sessionDir.isEmpty() ? QStringLiteral(".") : sessionDir;
    QDir().mkpath(dir);
    bool anyError = false, anyFailure = false;
    QJsonArray sessions;
    for (const NodeRun &n : nodes) {
        if (!n.ran) {
            anyFailure = true;
            err() << "hipdoctor-cli verify: " << n.destination << ": " << n.failure << "\n";
            continue;
        }
        const QString path = dir + QLatin1Char('/') + sessionFileName(n.destination);
        QString se;
        if (!saveSession(n.session, path, &se)) {
            err() << "hipdoctor-cli verify: " << se << "\n";
            return ExitInternal;
        }
        err() << n.destination << ": session " << path << "\n";
        anyError = anyError || hasErrors(n.session.findings);
        sessions.append(n.session.toJson());
    }
    if (json) {
        printJson(QJsonObject{{QStringLiteral("nodes"), sessions}}, false);
    } else {
        out() << nodeMatrix(nodes);
    }
    return anyFailure ? ExitInternal : anyError ? ExitFindings : ExitOk;
}

int compareSessions(const QStringList &inputs) {
    QStringList files;
    for (const QString &in : inputs) {
        if (QFileInfo(in).isDir()) {
            const QDir d(in);
            for (const QString &f :
                 d.entryList({QStringLiteral("*.session.json"), QStringLiteral("*.json")},
                             QDir::Files, QDir::Name))
                files << d.filePath(f);
        } else {
            files << in;
        }
    }
    files.removeDuplicates();
    if (files.size() < 2) {
        err() << "hipdoctor-cli verify: --compare-sessions needs two sessions or more\n";
        return ExitUsage;
    }
    QList<NodeRun> nodes;
    for (const QString &f : files) {
        QString error;
        const auto s = loadSession(f, &error);
        if (!s) {
            err() << "hipdoctor-cli verify: " << f << ": " << error << "\n";
            return ExitUsage;
        }
        NodeRun n;
        n.destination = !s->remote.isEmpty() ? s->remote
                        : !s->host.isEmpty() ? s->host
                                             : QFileInfo(f).fileName();
        n.ran = true;
        n.session = *s;
        nodes << n;
    }
    out() << nodeMatrix(nodes);
    return ExitOk;
}

} // namespace hd::cli
