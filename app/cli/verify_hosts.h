#pragma once

// verify --hosts: the steps on several GPU nodes in parallel over ssh (docs/remote.md "Many
// nodes").

#include "model/session.h"
#include "report/node_matrix.h"
#include "verify/verifier.h"

#include <QStringList>

namespace hd::cli {

// FILE (one destination per line, # comments) or h1,h2,…
QStringList readHostList(const QString &spec, QString *error);
// "node-1.session.json" (characters other than letters, digits, . _ @ - become _).
QString sessionFileName(const QString &host);

// One node's run: NodeSession::name is the destination (report/node_matrix.h).
NodeSession runOnNode(const QString &destination, VerifyOptions options, const QList<int> &steps);

// Runs every node (jobs at a time), writes DIR/<node>.session.json each, prints the matrix (or
// {"nodes": [sessions]} with json, indented with pretty). Exit: 0, 1 findings, 3 a node could not
// be reached.
int verifyOnHosts(const VerifyOptions &options, const QList<int> &steps, const QStringList &hosts,
                  int jobs, const QString &sessionDir, bool json, bool pretty = false);

// The same matrix from saved sessions (files, or folders of *.json): the merge of sessions
// written on the nodes themselves (one srun task per node); `report` renders it with the
// sessions.
int compareSessions(const QStringList &inputs);

} // namespace hd::cli
