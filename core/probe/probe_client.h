#pragma once

// Runs hipdoctor-probe in a clean child process per request (docs/design.md "Architecture").
// Synchronous: call run() from a worker thread (it spins its own event loop-free wait);
// runAsync() wraps it in QtConcurrent. Crashes, aborts, hangs and protocol mismatches come
// back as a ProbeResult with every event and log line received so far; run() never throws.

#include "probe/protocol.h"

#include <QFuture>
#include <QMap>
#include <QProcessEnvironment>
#include <QString>

#include <atomic>
#include <memory>

namespace hd {

// Where the probe binary is: $HIPDOCTOR_PROBE, then next to the running executable, then
// <exe dir>/../libexec/hipdoctor/hipdoctor-probe. Returns "" (and every place looked at in
// *searched) when none exists.
QString findProbeBinary(QStringList *searched = nullptr);

// The environment a probe starts from before the env profile is applied: the caller's
// environment without the GPU runtime variables (clearRuntimeVariables(EnvChild::Probe) of
// env/env_catalogue.h: AMD_*, HIP_*, HSA_*, ROCR_*, GPU_*, ROC_*, CUDA_*, HIPCC_*, LD_PRELOAD,
// ...). PATH, HOME, LANG and LD_LIBRARY_PATH are kept (set LD_LIBRARY_PATH in the profile).
QProcessEnvironment cleanProbeBaseEnvironment();

struct ProbeOptions {
    QString probePath;          // "" = findProbeBinary()
    QMap<QString, QString> env; // the env profile, applied on top of baseEnv
    QStringList unset;          // names removed after the profile is applied
    QProcessEnvironment baseEnv = cleanProbeBaseEnvironment();
    int timeoutMs = 60000;              // whole run; a probe still running then is a hang
    std::atomic_bool *cancel = nullptr; // polled every few ms; true → kill, outcome Cancelled
    QString workingDirectory;           // "" = inherit
    // Another machine (docs/remote.md): when set, this argv runs instead of the probe (ssh
    // running it on a node, env and working directory already in the remote command line);
    // probePath then only names the probe in messages. stdin stays open until the run ends
    // (the remote side reads it as "the connection is still there").
    QStringList launcher;
};

class ProbeClient {
public:
    explicit ProbeClient(ProbeOptions options = {});

    ProbeResult run(const ProbeRequest &request) const;
    QFuture<ProbeResult> runAsync(const ProbeRequest &request) const;

    // Cancels every run of this client in flight (same effect as setting options.cancel).
    void cancel();

    const ProbeOptions &options() const { return m_options; }

private:
    ProbeOptions m_options;
    std::shared_ptr<std::atomic_bool> m_cancelled = std::make_shared<std::atomic_bool>(false);
};

// Convenience: one devices request with default options.
ProbeResult probeDevices(const QString &backend = QStringLiteral("auto"),
                         const ProbeOptions &options = {});

} // namespace hd
