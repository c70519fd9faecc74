#include "remote_option.h"

#include "cli.h"
#include "common/format.h"
#include "remote/ssh_host.h"

#include <QHash>

#include <mutex>

namespace hd::cli {

namespace {

// The CLI runs one command per process: the process is the run.
std::mutex hostsMutex;
QHash<QString, std::shared_ptr<ExecutionHost>> hosts;

} // namespace

std::shared_ptr<ExecutionHost> hostFor(const QString &destination) {
    if (destination.isEmpty())
        return localHost();
    std::lock_guard lock(hostsMutex);
    std::shared_ptr<ExecutionHost> &host = hosts[destination];
    if (!host) {
        SshHostOptions o;
        o.ssh.destination = destination;
        // A long fetch is never silent: about every 10 s, how far it got (docs/limits.md
        // "A broken or hostile node").
        o.transferProgress = [destination](const QString &path, qint64 bytes, qint64 size,
                                           qint64 ms) {
            static std::mutex progressMutex;
            std::lock_guard progressLock(progressMutex);
            err() << "hipdoctor-cli: fetching " << destination << ':' << path << ": "
                  << formatBytes(uint64_t(bytes)) << " of " << formatBytes(uint64_t(size)) << " in "
                  << ms / 1000 << " s\n";
            err().flush();
        };
        host = std::make_shared<SshHost>(o);
    }
    return host;
}

void releaseHost(const QString &destination) {
    std::shared_ptr<ExecutionHost> host;
    {
        std::lock_guard lock(hostsMutex);
        host = hosts.take(destination);
    }
    // ControlPersist would keep its master for minutes after the run (ssh_connection.h).
    if (auto *ssh = dynamic_cast<SshHost *>(host.get()); ssh && ssh->connection().isOpen())
        ssh->connection().close();
}

QString localCopyOf(const QString &file, QString *error) {
    const auto rp = parseRemotePath(file);
    if (!rp)
        return file;
    return hostFor(rp->host)->fetchFromHost(rp->path, error);
}

} // namespace hd::cli
