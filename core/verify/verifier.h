#pragma once

// The minimal verification sequence (docs/design.md "The method it implements"):
//   step 1, baseline: the platform compiler builds the vector add for the device's exact
//     target as a program and as a code object; the runtime dependency is resolved; the
//     program and the probe's module-API load + launch run in clean processes;
//   step 2, the suspect operator alone: a code object / bundle / host binary launched through
//     the probe, a shared library dlopen'ed, an executable run, or a source compiled first;
//   step 3, back to the project: the user's command as is and without the Triton path.
// compareSteps() turns the steps' outcomes into a direction and findings. Steps run alone or
// in any order; a failed step never blocks another; cancel() stops at the next check boundary
// and kills a running child. Call run() from a worker thread.

#include "env/env_profile.h"
#include "exec/execution_host.h"
#include "model/case_verdict.h"
#include "model/device.h"
#include "model/diagnose_request.h"
#include "model/records.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <array>
#include <atomic>
#include <functional>
#include <memory>

namespace hd {

// The target step 1 compiles for when neither --target nor a live device gives one: gfx90a
// (MI200 series), without xnack/sramecc settings so it loads with either.
inline constexpr const char *kDefaultStep1Target = "gfx90a";

struct Step1Options {
    QString target;    // "" = the first live device's target, else kDefaultStep1Target
    QString compiler;  // explicit hipcc/nvcc path; "" = detect (HIP_PATH, ROCM_PATH, PATH)
    QString sourceDir; // folder with vector_add.hip + vector_add_main.hip; "" = find
    QString cacheDir;  // "" = $XDG_CACHE_HOME/hipdoctor/compile (~/.cache/…)
    bool useCache = true;
    int elements = 1 << 20;
    QJsonObject toJson() const;
    static Step1Options fromJson(const QJsonObject &o);
};

struct Step2Options {
    enum class Mode { None, Artifact, Dlopen, Executable, Source };
    Mode mode = Mode::None;
    QString file;   // Artifact: code object / bundle / host binary; Dlopen: the .so;
                    // Source: the compile command's output file
    QString kernel; // kernel name the project asks for
    QString args;   // probe argument spec; "" = load and look up only
    std::array<unsigned, 3> grid{1, 1, 1};
    std::array<unsigned, 3> block{1, 1, 1};
    int repeat = 1;
    QStringList argv;        // Executable: the program and its arguments
    QStringList compileArgv; // Source: the compile command (argv)
    QString workingDirectory;
    QStringList targets; // device targets for the static checks; "" = the live devices
    QJsonObject toJson() const;
    static Step2Options fromJson(const QJsonObject &o);
    static QString modeName(Mode m); // "none" | "artifact" | "dlopen" | "executable" | "source"
};

struct Step3Options {
    QStringList argv; // the user's command
    QString workingDirectory;
    QMap<QString, QString> env; // additions for both runs
    // Without the Triton path: an env switch NAME=VALUE added to the second run, or a second
    // command. One of them is needed for the comparison.
    QString switchEnv;
    QStringList variantArgv;
    QJsonObject toJson() const;
    static Step3Options fromJson(const QJsonObject &o);
};

struct VerifyOptions {
    Step1Options step1;
    Step2Options step2;
    Step3Options step3;
    EnvProfile env;    // applied to every child process of every step
    QString probePath; // "" = the probe client's search
    QString backend = QStringLiteral("auto");
    int timeoutMs = 120000; // per child process
    QJsonObject toJson() const;
    static VerifyOptions fromJson(const QJsonObject &o);
};

// Explains a step's failure: the diagnosis engine's diagnose() on the request the step makes
// (its files, names, targets, devices, environment and output texts).
using DiagnoseHook = std::function<QList<Finding>(const DiagnoseRequest &)>;
// The line of a program's output that says how it failed, as the diagnosis reads the text (the
// exception of a traceback, not its "Traceback (most recent call last):"); "" when it tells none.
using FailingLineReader = std::function<QString(const QString &text)>;

struct CompilerInfo {
    QString path;
    QString kind; // "hipcc" | "nvcc" | ""
    QString via;  // "option" | "HIP_PATH" | "ROCM_PATH" | "PATH" | "CUDA_PATH"
    QString version;
    QStringList searched;
};
// Finds the platform compiler: an explicit path, then $HIP_PATH/bin/hipcc, $ROCM_PATH/bin/hipcc,
// hipcc on PATH; nvcc ($CUDA_PATH/bin, PATH) when preferNvcc or no hipcc exists.
CompilerInfo detectCompiler(const QProcessEnvironment &env, const QString &explicitPath = {},
                            bool preferNvcc = false);

struct VerifyProgress {
    int step = 0;
    QString check;   // check id being run
    QString message; // "compiling vector_add_main.hip for gfx90a"
};

struct VerifyResult {
    QList<DeviceInfo> devices;
    QList<EnvProblem> envProblems;
    QList<StepRecord> steps;
    Comparison comparison;
    bool cancelled = false;
    QList<Finding> allFindings() const; // runFindings(): steps' then the comparison's
    // What the run was asked: step 2's kernel and file, the devices the runtime saw (else step
    // 1's target, given), step 3's command.
    CaseQuestion question(const VerifyOptions &options) const;
};

// What a running verification reports, called on the thread that calls Verifier::run().
class VerifyObserver {
public:
    virtual ~VerifyObserver() = default;
    virtual void stepStarted(int step, const QString &title) {
        Q_UNUSED(step)
        Q_UNUSED(title)
    }
    // A check says what it is doing now ("compiling vector_add_main.hip for gfx90a").
    virtual void progress(const VerifyProgress &p) { Q_UNUSED(p) }
    virtual void checkFinished(int step, const CheckRecord &check) {
        Q_UNUSED(step)
        Q_UNUSED(check)
    }
    // The step's record as run() returns it (findings merged, status rolled up).
    virtual void stepFinished(const StepRecord &step) { Q_UNUSED(step) }
};

class VerifyContext;

class Verifier {
public:
    explicit Verifier(VerifyOptions options);
    ~Verifier();
    Verifier(const Verifier &) = delete;
    Verifier &operator=(const Verifier &) = delete;

    void setProgressCallback(std::function<void(const VerifyProgress &)> cb);
    void setObserver(std::shared_ptr<VerifyObserver> observer);
    // None by default (the diagnose check says so); hooks/diagnosis_hooks.h makeVerifier()
    // gives the diagnosis engine's.
    void setDiagnoseHook(DiagnoseHook hook);
    void setEnvReadCheck(EnvReadCheck check);
    // How a failed command's signature names its error (hooks/diagnosis_hooks.h wires the
    // diagnosis' event reading); without one, the first line that reads like an error.
    void setFailingLineReader(FailingLineReader reader);
    void setBaseEnvironment(const QProcessEnvironment &env); // default: this process's
    // Where every child process and probe of the steps runs (default: localHost()).
    void setExecutionHost(std::shared_ptr<ExecutionHost> host);
    const std::shared_ptr<ExecutionHost> &executionHost() const;

    // The one entry point: the given steps in order (1, 2, 3 subset; each at most once), then
    // the comparison. Each step is a list of checks run by one runner (check_runner.h);
    // devices are queried once (through the probe) when a step needs them.
    VerifyResult run(const QList<int> &steps);

    // Safe from any thread: the running child is killed, the remaining checks are
    // recorded as cancelled.
    void cancel();
    bool isCancelled() const;

    const QList<DeviceInfo> &devices() const;
    const VerifyOptions &options() const;

private:
    std::unique_ptr<VerifyContext> m_ctx;
};

// The decision over the steps that ran (docs/design.md): step 1 fails → base chain (direction 1);
// step 2 fails (like the project) → the artifact (direction 2 or 3 from its findings); only
// step 3 fails and the variant without Triton passes → context.triton-state; all pass → compare
// build commands and link lines.
Comparison compareSteps(const QList<StepRecord> &steps);

// The failure signature of a finished command (exit/signal, the line that says how it failed —
// from `reader` when given —, HIP errors seen in its output and AMD log, duration).
FailureSignature signatureOf(const CheckRecord &run, const FailingLineReader &reader = {});

// The direction an error name points at ("hipErrorNotFound" → Symbols), None when unknown.
Direction directionOfError(const QString &errorName);

// The cache folder for compiled kernels: $XDG_CACHE_HOME/hipdoctor/compile or
// ~/.cache/hipdoctor/compile.
QString defaultCompileCacheDir();

} // namespace hd
