#pragma once

// Where a verification step's children run (docs/design.md "Execution hosts"). The steps, the
// system inventory and the CLI never start a process or a probe themselves: they ask their
// host, so the same code runs on this machine (LocalHost) or on a GPU node reached over ssh
// (core/remote's SshHost), and is unit-tested with a fake host. A host is never null: this
// machine is a host. Paths handed to runProcess/runProbe are paths on the host; stageToHost
// and fetchFromHost move files across when the host is not this machine.

#include "exec/process_run.h"
#include "model/records.h"
#include "probe/probe_client.h"
#include "probe/protocol.h"

#include <QString>

#include <memory>

namespace hd {

class ExecutionHost {
public:
    virtual ~ExecutionHost() = default;

    // "" for this machine; else the destination as the user gave it (anything ssh accepts).
    virtual QString hostName() const = 0;
    bool isLocal() const { return hostName().isEmpty(); }
    // The machine's own name (uname -n there; this machine's host name here), for sessions.
    virtual QString nodeName() const = 0;

    // Makes sure the host can be used (opens the connection); "" when it can, else a
    // "name: sentence" saying why not. Cheap once it succeeded.
    virtual QString connect() { return {}; }

    // Runs spec there and records it in check exactly as runProcess does (the command is the
    // argv as run on the host, never a shell line).
    virtual void runProcess(const ProcessSpec &spec, CheckRecord &check) = 0;

    // Runs one probe request there; options.probePath is a path on the host ("" = the host's
    // own probe: the one next to this executable here, the deployed one on a node).
    virtual ProbeResult runProbe(const ProbeRequest &request, const ProbeOptions &options) = 0;

    // A path on the host holding the same bytes as the local file or folder localPath
    // (itself on this machine). Returns "" and sets *error when it cannot.
    virtual QString stageToHost(const QString &localPath, QString *error) = 0;

    // A local path holding the bytes of hostPath, for the inspector and the diagnosis
    // (hostPath itself on this machine). Returns "" and sets *error when it cannot.
    virtual QString fetchFromHost(const QString &hostPath, QString *error) = 0;

    // How many children a step may run there at once: step 1 runs its compiles, its program
    // and its probe side by side up to this many (docs/performance.md "Step 1 from cold").
    // 1 = one after the other, in the order of the checks (a node, a scripted test host).
    virtual int concurrency() const { return 1; }
};

// This machine: runProcess(), ProbeClient, paths unchanged.
class LocalHost final : public ExecutionHost {
public:
    QString hostName() const override { return {}; }
    QString nodeName() const override;
    void runProcess(const ProcessSpec &spec, CheckRecord &check) override;
    ProbeResult runProbe(const ProbeRequest &request, const ProbeOptions &options) override;
    QString stageToHost(const QString &localPath, QString *error) override;
    QString fetchFromHost(const QString &hostPath, QString *error) override;
    int concurrency() const override; // the cores
};

std::shared_ptr<ExecutionHost> localHost();

} // namespace hd
