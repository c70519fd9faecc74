#include "remote_option.h"

#include "remote/ssh_host.h"

#include <QHash>

#include <mutex>

namespace hd::cli {

std::shared_ptr<ExecutionHost> hostFor(const QString &destination) {
    if (destination.isEmpty())
        return localHost();
    // The CLI runs one command per process: the process is the run.
    static std::mutex mutex;
    static QHash<QString, std::shared_ptr<ExecutionHost>> hosts;
    std::lock_guard lock(mutex);
    std::shared_ptr<ExecutionHost> &host = hosts[destination];
    if (!host) {
        SshHostOptions o;
        o.ssh.destination = destination;
        host = std::make_shared<SshHost>(o);
    }
    return host;
}

QString localCopyOf(const QString &file, QString *error) {
    const auto rp = parseRemotePath(file);
    if (!rp)
        return file;
    return hostFor(rp->host)->fetchFromHost(rp->path, error);
}

} // namespace hd::cli
