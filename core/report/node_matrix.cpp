// The node × check matrix of several sessions (node_matrix.h, docs/remote.md "Many nodes").

#include "report/node_matrix.h"

#include "report/redaction.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonObject>

#include <algorithm>

namespace hd {

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

int NodeMatrix::differing() const {
    return int(
        std::count_if(rows.begin(), rows.end(), [](const NodeMatrixRow &r) { return r.differs; }));
}

namespace {

// Appends rows to the matrix: one value per node ("-" for a node without a session).
struct MatrixRows {
    const QList<NodeSession> &nodes;
    NodeMatrix &m;

    template <typename ValueOf>
    void add(const QString &label, ValueOf valueOf, bool check = false, bool status = false) {
        NodeMatrixRow r{label, check, status, {}};
        for (const NodeSession &n : nodes)
            r.values << (n.ran ? valueOf(n.session) : QStringLiteral("-"));
        m.rows.append(r);
    }
};

// What the node's inventory says (sessions without one: "-").
QString inventoryFact(const Session &s, const char *section, const char *name) {
    const InventoryFact *f = s.inventory.find(QLatin1String(section), QLatin1String(name));
    return f && f->available() && !f->value.isEmpty() ? f->value : QStringLiteral("-");
}

// The rows of what a node is: connection, target, runtime, driver, system and environment.
void addNodeRows(MatrixRows &rows) {
    NodeMatrixRow conn{QStringLiteral("connection"), false, false, {}};
    for (const NodeSession &n : rows.nodes)
        conn.values << (n.ran ? QStringLiteral("ok") : n.failure.section(QLatin1Char(':'), 0, 0));
    rows.m.rows.append(conn);
    rows.add(QStringLiteral("node"), [](const Session &s) { return s.host; });
    rows.add(QStringLiteral("target"), [](const Session &s) {
        QStringList t;
        for (const DeviceInfo &d : s.devices)
            t << d.target.toString();
        return t.isEmpty() ? QStringLiteral("(no device)") : t.join(QLatin1Char(','));
    });
    rows.add(QStringLiteral("runtime"), [](const Session &s) {
        const QString v = probeHelloField(s, "runtime_version");
        return v.isEmpty() ? QStringLiteral("-") : v;
    });
    rows.add(QStringLiteral("driver"), [](const Session &s) {
        const QString v = probeHelloField(s, "driver_version");
        return v.isEmpty() ? QStringLiteral("-") : v;
    });
    rows.add(QStringLiteral("os"),
             [](const Session &s) { return inventoryFact(s, "system", "os_id"); });
    rows.add(QStringLiteral("kernel"), [](const Session &s) {
        const QString k = inventoryFact(s, "system", "kernel");
        return k == QLatin1String("-") ? k : k.section(QLatin1Char(' '), 1, 1);
    });
    rows.add(QStringLiteral("glibc"),
             [](const Session &s) { return inventoryFact(s, "system", "glibc"); });
    rows.add(QStringLiteral("amdgpu"),
             [](const Session &s) { return inventoryFact(s, "driver", "amdgpu"); });
    rows.add(QStringLiteral("hip runtime"), [](const Session &s) {
        return inventoryFact(s, "toolchain", "hip runtime").section(QStringLiteral(" ("), 0, 0);
    });
    // The profile every child started with: a variable set on one node only is a difference.
    // Secret values never show, not even in the terminal (report/redaction.h).
    rows.add(QStringLiteral("environment"), [](const Session &s) {
        QStringList a;
        for (const EnvEntry &e : s.env.entries)
            if (e.enabled)
                a << e.name + QLatin1Char('=') +
                         (isSecretEnvName(e.name) ? QLatin1String(kRedacted) : e.value);
        return a.isEmpty() ? QStringLiteral("(clean)") : a.join(QLatin1Char(' '));
    });
}

// A row per step and per check: every check id in the order the first node that ran it met it.
void addCheckRows(MatrixRows &rows) {
    QList<QPair<int, QString>> checks;
    for (const NodeSession &n : rows.nodes)
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
        rows.add(
            id.isEmpty() ? QStringLiteral("step %1").arg(step) : id,
            [step = step, id = id](const Session &s) {
                const StepRecord *st = s.step(step);
                if (!st)
                    return QStringLiteral("-");
                if (id.isEmpty())
                    return checkStatusName(st->status);
                const CheckRecord *c = st->check(id);
                return c ? statusOf(*c) : QStringLiteral("-");
            },
            !id.isEmpty(), true);
    }
}

// Among the nodes that have a session: one that could not be reached (or read) differs in
// its connection only, not in every row.
void markDifferences(NodeMatrix &m, const QList<NodeSession> &nodes) {
    for (NodeMatrixRow &r : m.rows) {
        QStringList distinct;
        for (qsizetype i = 0; i < nodes.size(); ++i)
            if (nodes[i].ran || &r == &m.rows.front())
                distinct << r.values.value(i);
        distinct.removeDuplicates();
        r.differs = distinct.size() > 1 && r.label != QLatin1String("node");
    }
}

} // namespace

NodeMatrix nodeMatrix(const QList<NodeSession> &nodes) {
    NodeMatrix m;
    for (const NodeSession &n : nodes)
        m.nodes << n.name;
    // Rows: what a node is (target, runtime, driver, environment), then each step and each of
    // its checks, then the findings.
    MatrixRows rows{nodes, m};
    addNodeRows(rows);
    addCheckRows(rows);
    rows.add(QStringLiteral("findings"), [](const Session &s) {
        QStringList ids;
        for (const Finding &f : s.findings)
            ids << f.id;
        ids.removeDuplicates();
        return ids.isEmpty() ? QStringLiteral("none") : ids.join(QLatin1Char(','));
    });
    markDifferences(m, nodes);
    return m;
}

QString nodeMatrixText(const NodeMatrix &m) {
    const auto labelOf = [](const NodeMatrixRow &r) {
        return r.check ? QStringLiteral("  ") + r.label : r.label;
    };
    qsizetype labelWidth = QStringLiteral("node × check").size();
    for (const NodeMatrixRow &r : m.rows)
        labelWidth = std::max(labelWidth, labelOf(r).size());
    QList<qsizetype> widths;
    for (qsizetype i = 0; i < m.nodes.size(); ++i) {
        qsizetype w = m.nodes[i].size();
        for (const NodeMatrixRow &r : m.rows)
            w = std::max(w, r.values.value(i).size());
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
    line(QStringLiteral(" "), QStringLiteral("node × check"), m.nodes);
    for (const NodeMatrixRow &r : m.rows)
        line(r.differs ? QStringLiteral("*") : QStringLiteral(" "), labelOf(r), r.values);
    const int differing = m.differing();
    text += differing == 0
                ? QStringLiteral("the nodes agree on every row\n")
                : QStringLiteral("* %1 row(s) differ between the nodes\n").arg(differing);
    return text;
}

namespace {

// "gpu17.session.json" → "gpu17".
QString baseName(const QString &file) {
    QString name = QFileInfo(file).fileName();
    for (const QLatin1String suffix : {QLatin1String(".session.json"), QLatin1String(".json")})
        if (name.endsWith(suffix) && name.size() > suffix.size())
            return name.chopped(suffix.size());
    return name;
}

} // namespace

QList<NodeSession> loadNodeSessions(const QStringList &inputs) {
    QStringList files;
    for (const QString &in : inputs) {
        if (QFileInfo(in).isDir()) {
            const QDir d(in);
            for (const QString &f :
                 d.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
                files << d.filePath(f);
        } else {
            files << in;
        }
    }
    files.removeDuplicates();
    QList<NodeSession> nodes;
    QHash<QString, int> uses;
    for (const QString &f : files) {
        NodeSession n;
        n.file = f;
        QString error;
        if (auto s = loadSession(f, &error)) {
            n.session = std::move(*s);
            n.name = !n.session.remote.isEmpty() ? n.session.remote
                     : !n.session.host.isEmpty() ? n.session.host
                                                 : baseName(f);
        } else {
            n.ran = false;
            n.failure = QStringLiteral("unreadable: %1").arg(error);
            n.name = baseName(f);
        }
        ++uses[n.name];
        nodes << n;
    }
    for (NodeSession &n : nodes)
        if (uses.value(n.name) > 1)
            n.name = baseName(n.file);
    return nodes;
}

} // namespace hd
