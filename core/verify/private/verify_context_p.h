#pragma once

// What the checks of every step share within one Verifier (private to hd_verify): the
// options, the host every child and probe runs on, the environment children start from, the
// cancel flag, the hooks, the observer, and the devices asked for once per Verifier.

#include "exec/execution_host.h"
#include "exec/process_run.h"
#include "verify/check_runner.h"
#include "verify/verifier.h"

#include <QProcessEnvironment>

#include <atomic>
#include <memory>

namespace hd {

class VerifyContext {
public:
    explicit VerifyContext(VerifyOptions options);

    VerifyOptions options;
    std::shared_ptr<std::atomic_bool> cancelFlag = std::make_shared<std::atomic_bool>(false);
    DiagnoseHook diagnoseHook;
    EnvReadCheck envReads;
    FailingLineReader failingLine;
    QProcessEnvironment baseEnv;
    std::shared_ptr<ExecutionHost> host = localHost();
    std::function<void(const VerifyProgress &)> progressCallback;
    std::shared_ptr<VerifyObserver> observer;

    // The devices, asked for once (the first step that needs them).
    QList<DeviceInfo> devices;
    bool devicesQueried = false;
    CheckRecord devicesCheck;
    QString runtimeVersion;

    bool cancelled() const { return cancelFlag->load(); }
    // Another machine (docs/remote.md): paths given to the host are paths there.
    bool remote() const { return !host->hostName().isEmpty(); }
    // A local file as a path on the host (copied there when the host is another machine).
    QString onHost(const QString &local, QString *error) const {
        return remote() ? host->stageToHost(local, error) : local;
    }
    RunnerContext runner() const { return {cancelFlag.get(), observer.get()}; }
    // A check says what it does now (the observer and the progress callback hear it).
    void progress(int step, const QString &check, const QString &message) const;

    // A child's spec: this environment without runtime switches (the toolchain's variables
    // stay: a step may compile), plus the profile and extra; the timeout and cancel flag.
    ProcessSpec spec(const QStringList &argv, const QString &cwd,
                     const QMap<QString, QString> &extra = {}) const;
    ProbeOptions probeOptions() const;
    ProbeRequest request(ProbeRequest::Kind kind) const;
    QMap<QString, QString> profileEnv() const { return options.env.enabledMap(); }

    // Asks the runtime for its devices through the probe, once; the check that did it.
    const CheckRecord &queryDevices(int step);
    // The same from an answer asked for elsewhere (step 1 asks beside its compiles), the
    // request started at startedAt.
    const CheckRecord &recordDevices(const ProbeResult &r, const QString &startedAt);
    // Step 1's kernel sources: --kernels-dir, $HIPDOCTOR_KERNELS_SRC, the installed and the
    // source tree's kernels/.
    QString sourceDir() const;
    // The diagnosis hook over in, recorded in c (id "diagnose").
    QList<Finding> diagnose(const DiagnoseRequest &in, CheckRecord &c) const;
};

// The steps' check lists (step1_baseline.cpp, step2_suspect.cpp, step3_project.cpp).
StepPlan baselinePlan(VerifyContext &ctx);
StepPlan suspectPlan(VerifyContext &ctx);
StepPlan projectPlan(VerifyContext &ctx);

} // namespace hd
