#pragma once

// The verifier's children and probes on a GPU node reached over ssh (docs/remote.md): an
// ExecutionHost whose processes run under a watchdog wrapper on the node, whose probe is
// deployed to ~/.cache/hipdoctor/<version>/ there (again when its sha256 differs), and whose
// files cross through the same multiplexed connection, cached by content hash on both sides.

#include "exec/execution_host.h"
#include "remote/ssh_connection.h"

#include <QHash>

#include <functional>

#include <memory>
#include <mutex>
#include <optional>

namespace hd {

struct SshHostOptions {
    SshOptions ssh;
    QString localProbe; // the probe binary to deploy; "" = findProbeBinary()
    QString version;    // the folder under ~/.cache/hipdoctor/ on the node; "" = version()
    QString localCache; // fetched copies; "" = <XDG cache, else ~/.cache>/hipdoctor/remote
    int transferIdleTimeoutMs = 120000; // a transfer with no byte moved this long is killed
    int transferTimeoutMs = 3600000;    // and any transfer after an hour
    // and one that moves less than this in that window (a byte a second): 64 KiB in 2 min
    int transferSlowWindowMs = 120000;
    qint64 transferMinWindowBytes = 64 * 1024;
    // Told, about every 10 s of a long fetch, the node's path, the bytes so far, the file's
    // size and the time taken (the CLI says it on stderr).
    std::function<void(const QString &path, qint64 bytes, qint64 size, qint64 elapsedMs)>
        transferProgress;
    int transferProgressEveryMs = 10000;
};

class SshHost final : public ExecutionHost {
public:
    explicit SshHost(SshHostOptions options);

    QString hostName() const override { return m_conn->destination(); }
    // uname -n there once connected, else the destination.
    QString nodeName() const override;
    QString connect() override { return connectionProblem(); }
    void runProcess(const ProcessSpec &spec, CheckRecord &check) override;
    ProbeResult runProbe(const ProbeRequest &request, const ProbeOptions &options) override;
    QString stageToHost(const QString &localPath, QString *error) override;
    QString fetchFromHost(const QString &hostPath, QString *error) override;

    SshConnection &connection() { return *m_conn; }

    // Makes sure the node holds this build's probe (deploying it when missing or different);
    // returns its path there, or "" with *error. *deployed says whether it was copied now.
    QString ensureProbe(QString *error, bool *deployed = nullptr);
    // Where the probe goes on the node: <home>/.cache/hipdoctor/<version>/hipdoctor-probe.
    QString remoteProbePath() const;
    // A "name: sentence" for a failed connection (open() failed), else "".
    QString connectionProblem();

private:
    // A file transfer's bounds: idle and total deadlines, a sha256 line as the reply.
    ScriptIo transfer(QIODevice *input) const;
    void judgeSshEnd(CheckRecord &check);
    void judgeProbeEnd(ProbeResult &r, bool finished);
    // stageToHost's copy: false with *error when it failed.
    bool copyToHost(const QString &localPath, const QByteArray &hash, const QString &remote,
                    QString *error);
    std::optional<RemoteRun> putFolder(const QString &localPath, const QString &remote,
                                       QString *error);
    std::optional<RemoteRun> putFile(const QString &localPath, const QByteArray &hash,
                                     const QString &remote, QString *error);
    // fetchFromHost's parts: false with *error when they fail.
    bool askHashAndSize(const QString &path, QString *hash, qint64 *size, QString *error);
    bool copyIntoCache(const QString &path, const QString &hash, qint64 size, const QString &local,
                       QString *error);

    SshHostOptions m_options;
    std::unique_ptr<SshConnection> m_conn;
    std::mutex m_mutex;
    QString m_deployedProbe;             // this run's checked copy on the node
    QHash<QByteArray, QString> m_staged; // sha256 → path on the node
};

// The one way data from a node becomes a local path (docs/remote.md "Files"):
// cacheRoot/HASH/NAME, where HASH must be 64 characters [0-9a-f] and NAME one harmless path
// component (else "file"); the folder is created and checked, after resolving links, to lie
// inside cacheRoot. "" and *error when refused.
QString pathInCache(const QString &cacheRoot, const QString &hash, const QString &name,
                    QString *error);

// sha256 (hex) of a file, or of a folder's files (relative paths, modes and contents).
QByteArray contentHash(const QString &path, QString *error = nullptr);

} // namespace hd
