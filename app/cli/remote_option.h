#pragma once

// --remote HOST for the commands that start probes or step children (docs/remote.md): the
// same requests, run on a GPU node through the user's ssh.

#include "remote/ssh_host.h"

#include <memory>

namespace hd::cli {

// A host for destination (anything ssh accepts), the build's probe ready to be copied there.
std::shared_ptr<SshHost> makeRemoteHost(const QString &destination);

// request on host (this machine when host is null).
ProbeResult runProbeOn(const std::shared_ptr<SshHost> &host, const ProbeRequest &request,
                       const ProbeOptions &options);

// FILE as given on the command line (a local path, or host:/path on that host) → a local path
// to read here (fetched and cached when on the node). "" with *error when it cannot.
QString localCopyOf(const std::shared_ptr<SshHost> &host, const QString &file, QString *error);

} // namespace hd::cli
