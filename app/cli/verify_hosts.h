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
// One file name per host, in order: "node-1.session.json" (characters other than letters,
// digits, . _ @ - become _; a name that would be hidden or start with - gets "node_" in
// front). Unique by construction, also on a case-insensitive file system: a name already
// given gets -2, -3, … ("node_1", "node 1" and "node/1" → node_1, node_1-2, node_1-3).
QStringList sessionFileNames(const QStringList &hosts);

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
