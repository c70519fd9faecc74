#include "remote_option.h"

#include "probe/probe_client.h"

namespace hd::cli {

std::shared_ptr<SshHost> makeRemoteHost(const QString &destination) {
    SshHostOptions o;
    o.ssh.destination = destination;
    return std::make_shared<SshHost>(o);
}

ProbeResult runProbeOn(const std::shared_ptr<SshHost> &host, const ProbeRequest &request,
                       const ProbeOptions &options) {
    return host ? host->runProbe(request, options) : ProbeClient(options).run(request);
}

QString localCopyOf(const std::shared_ptr<SshHost> &host, const QString &file, QString *error) {
    const auto rp = parseRemotePath(file);
    if (!rp)
        return file;
    if (host && rp->host == host->hostName())
        return host->fetchFromHost(rp->path, error);
    // host:/path without --remote (or another host): its own connection.
    return makeRemoteHost(rp->host)->fetchFromHost(rp->path, error);
}

} // namespace hd::cli
