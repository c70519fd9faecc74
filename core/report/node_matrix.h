#pragma once

// The node × check matrix (docs/remote.md "Many nodes"): one column per node (or saved
// session), rows for what each node is (connection, node, target, runtime, driver, environment),
// every step and check, and the findings; rows whose values differ between the nodes are
// marked. `verify --hosts` prints it; `report` with several sessions renders it first.

#include "model/session.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace hd {

struct NodeSession {
    QString name;    // the column: ssh destination, else the session's host, else its file name
    bool ran = true; // false: there is no session (node unreachable, file unreadable)
    QString failure; // when !ran: "host-unreachable: …", "unreadable: …"
    QString file;    // the session file it was read from ("" for a run)
    Session session;
};

struct NodeMatrixRow {
    QString label;        // "connection", "target", "step 1", "compile-program", …
    bool check = false;   // a check of the step above (indented)
    bool status = false;  // the values are check statuses ("pass", "fail (why)", "-")
    QStringList values;   // one per node
    bool differs = false; // the nodes disagree ("node" never counts)
};

struct NodeMatrix {
    QStringList nodes; // column names
    QList<NodeMatrixRow> rows;
    int differing() const;
};

NodeMatrix nodeMatrix(const QList<NodeSession> &nodes);

// As `verify --hosts` prints it: aligned columns, differing rows start with '*', and a last
// line that counts them.
QString nodeMatrixText(const NodeMatrix &m);

// Saved sessions to compare: files, or folders (their *.json files, by name). A file that does
// not load is kept as a column that did not run, failure "unreadable: <why>" (the message names
// the file). Columns are named by the session's remote, else its host, else the file's name
// without ".session.json" (or ".json"); where two would share a name, those take their file's.
QList<NodeSession> loadNodeSessions(const QStringList &inputs);

} // namespace hd
