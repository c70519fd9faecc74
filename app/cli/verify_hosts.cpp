// hipdoctor-cli verify --hosts: the steps on several GPU nodes at once over ssh, one session per
// node and one node × check matrix that shows where the nodes differ (docs/remote.md "Many
// nodes").

#include "verify_hosts.h"

#include "cli.h"
#include "remote_option.h"

#include "common/json_writer.h"
#include "common/version.h"
#include "hooks/diagnosis_hooks.h"
#include "model/model_json.h"
#include "session/make_session.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <mutex>

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

QStringList sessionFileNames(const QStringList &hosts) {
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._@-]"));
    QStringList names;
    QSet<QString> taken; // lower case: a case-insensitive file system is one name too
    for (const QString &host : hosts) {
        QString base = host.left(100);
        base.replace(unsafe, QStringLiteral("_"));
        // Visible (report DIR/ and ls skip dot files) and never an option.
        if (base.isEmpty() || base.startsWith(QLatin1Char('.')) ||
            base.startsWith(QLatin1Char('-')))
            base.prepend(QStringLiteral("node_"));
        QString name = base;
        for (int n = 2; taken.contains(name.toLower()); ++n)
            name = base + QStringLiteral("-%1").arg(n);
        taken.insert(name.toLower());
        names << name + QStringLiteral(".session.json");
    }
    return names;
}

NodeSession runOnNode(const QString &destination, VerifyOptions options, const QList<int> &steps) {
    NodeSession n;
    n.name = destination;
    const std::shared_ptr<ExecutionHost> host = hostFor(destination);
    if (const QString problem = host->connect(); !problem.isEmpty()) {
        n.ran = false;
        n.failure = problem;
        releaseHost(destination);
        return n;
    }
    const auto verifier = makeVerifier(options);
    verifier->setExecutionHost(host);
    const VerifyResult result = verifier->run(steps);
    n.session =
        sessionFromRun(options, result, *host, versionLine(QStringLiteral("hipdoctor-cli")));
    // Done with the node: its shared connection ends now, not minutes after the whole run, so
    // no more ssh masters are alive than nodes running (docs/remote.md "Many nodes").
    releaseHost(destination);
    return n;
}

int verifyOnHosts(const VerifyOptions &options, const QList<int> &steps, const QStringList &hosts,
                  int jobs, const QString &sessionDir, bool json, bool pretty) {
    const QString dir = sessionDir.isEmpty() ? QStringLiteral(".") : sessionDir;
    QDir().mkpath(dir);
    const QStringList files = sessionFileNames(hosts);
    // Each node is told as it answers (stderr) and its session written then: a slow or dead
    // node holds only its own slot and its own line, never the others' (docs/remote.md).
    std::mutex told;
    int answered = 0;
    bool saveFailed = false;
    QElapsedTimer clock;
    clock.start();
    const auto tell = [&](qsizetype i, const NodeSession &n) {
        const std::lock_guard lock(told);
        ++answered;
        const QString when = QStringLiteral("[%1/%2, %3 s] ")
                                 .arg(answered)
                                 .arg(hosts.size())
                                 .arg(double(clock.elapsed()) / 1000.0, 0, 'f', 1);
        if (!n.ran) {
            err() << when << "hipdoctor-cli verify: " << n.name << ": " << n.failure << "\n";
        } else {
            const QString path = dir + QLatin1Char('/') + files.at(i);
            QString se;
            if (!saveSession(n.session, path, &se)) {
                err() << "hipdoctor-cli verify: " << se << "\n";
                saveFailed = true;
            } else {
                err() << when << n.name << ": session " << path << "\n";
            }
        }
        err().flush();
    };
    QList<NodeSession> nodes(hosts.size());
    NodeSession *slot = nodes.data(); // each worker fills its own slot
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, jobs));
    QList<QFuture<void>> futures;
    for (qsizetype i = 0; i < hosts.size(); ++i) {
        futures << QtConcurrent::run(&pool, [&, i] {
            NodeSession n = runOnNode(hosts.at(i), options, steps);
            tell(i, n);
            slot[i] = std::move(n);
        });
    }
    for (auto &f : futures)
        f.waitForFinished();
    if (saveFailed)
        return ExitInternal;
    bool anyError = false, anyFailure = false;
    QList<const Session *> sessions; // the nodes that ran, in --hosts order
    for (const NodeSession &n : std::as_const(nodes)) {
        if (!n.ran) {
            anyFailure = true;
            continue;
        }
        anyError = anyError || hasErrors(n.session.findings);
        sessions.append(&n.session);
    }
    if (json) {
        const bool written = streamJson(pretty, [&sessions](JsonWriter &w) {
            w.beginObject();
            w.key("nodes").beginArray();
            for (const Session *s : sessions)
                writeJson(w, *s);
            w.endArray();
            w.endObject();
        });
        if (!written)
            return jsonWriteFailed(QStringLiteral("verify"));
    } else {
        out() << nodeMatrixText(nodeMatrix(nodes));
    }
    return anyFailure ? ExitInternal : anyError ? ExitFindings : ExitOk;
}

int compareSessions(const QStringList &inputs) {
    const QList<NodeSession> nodes = loadNodeSessions(inputs);
    if (nodes.size() < 2) {
        err() << "hipdoctor-cli verify: --compare-sessions needs two sessions or more\n";
        return ExitUsage;
    }
    for (const NodeSession &n : nodes)
        if (!n.ran) {
            err() << "hipdoctor-cli verify: " << n.failure.section(QLatin1Char(':'), 1).trimmed()
                  << "\n";
            return ExitUsage;
        }
    out() << nodeMatrixText(nodeMatrix(nodes));
    return ExitOk;
}

} // namespace hd::cli
