#pragma once

// --remote HOST for the commands that start probes or step children (docs/remote.md): the
// same requests, run on a GPU node through the user's ssh.

#include "exec/execution_host.h"
#include "remote/ssh_connection.h" // parseRemotePath

#include <memory>

namespace hd::cli {

// The host of destination for this run: this machine for "", else the one SshHost of that
// destination (one connection per host per run), shared by --remote, --hosts and every
// HOST:/path argument naming it.
std::shared_ptr<ExecutionHost> hostFor(const QString &destination);
// Ends destination's shared connection (ssh -O exit) and forgets its host: a node of --hosts
// whose run is over holds no ssh process and no memory while the others run (docs/remote.md
// "Many nodes"). The next hostFor() of it opens a new one.
void releaseHost(const QString &destination);

// FILE as given on the command line (a local path, or host:/path on that host) → a local path
// to read here (fetched through hostFor(host) and cached when on a node). "" with *error when
// it cannot.
QString localCopyOf(const QString &file, QString *error);

} // namespace hd::cli
