#include "verify/verifier.h"

#include "verify/check_runner.h"
#include "verify_context_p.h"

#include <algorithm>

namespace hd {

Verifier::Verifier(VerifyOptions options)
    : m_ctx(std::make_unique<VerifyContext>(std::move(options))) {}

Verifier::~Verifier() = default;

void Verifier::setProgressCallback(std::function<void(const VerifyProgress &)> cb) {
    m_ctx->progressCallback = std::move(cb);
}
void Verifier::setObserver(std::shared_ptr<VerifyObserver> observer) {
    m_ctx->observer = std::move(observer);
}
void Verifier::setDiagnoseHook(DiagnoseHook hook) {
    m_ctx->diagnoseHook = std::move(hook);
}
void Verifier::setEnvReadCheck(EnvReadCheck check) {
    m_ctx->envReads = std::move(check);
}

void Verifier::setFailingLineReader(FailingLineReader reader) {
    m_ctx->failingLine = std::move(reader);
}
void Verifier::setBaseEnvironment(const QProcessEnvironment &env) {
    m_ctx->baseEnv = env;
}
void Verifier::setExecutionHost(std::shared_ptr<ExecutionHost> host) {
    m_ctx->host = host ? std::move(host) : localHost();
}
const std::shared_ptr<ExecutionHost> &Verifier::executionHost() const {
    return m_ctx->host;
}
void Verifier::cancel() {
    m_ctx->cancelFlag->store(true);
}
bool Verifier::isCancelled() const {
    return m_ctx->cancelled();
}
const QList<DeviceInfo> &Verifier::devices() const {
    return m_ctx->devices;
}
const VerifyOptions &Verifier::options() const {
    return m_ctx->options;
}

VerifyResult Verifier::run(const QList<int> &steps) {
    VerifyResult r;
    r.envProblems = m_ctx->options.env.check(m_ctx->envReads);
    QList<int> order = steps;
    std::sort(order.begin(), order.end());
    order.erase(std::unique(order.begin(), order.end()), order.end());
    for (int n : order) {
        // A failed step never stops the next one; only cancellation does.
        StepPlan plan;
        if (n == 1)
            plan = baselinePlan(*m_ctx);
        else if (n == 2)
            plan = suspectPlan(*m_ctx);
        else if (n == 3)
            plan = projectPlan(*m_ctx);
        else
            continue;
        r.steps << runStepPlan(plan, m_ctx->runner());
    }
    r.devices = m_ctx->devices;
    r.cancelled = isCancelled();
    r.comparison = compareSteps(r.steps);
    return r;
}

} // namespace hd
