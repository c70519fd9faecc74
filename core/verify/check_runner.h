#pragma once

// One verification step as a list of small checks, and the one runner that runs every step
// (docs/architecture.md "Verification: checks and one runner"). A check states what it checks:
// an id, a title, when it applies, why it would be skipped, and a body that fills its record.
// The runner owns the rest: cancellation at check boundaries, skipping, timing, the observer's
// notifications and the step's status roll-up. Private to hd_verify.

#include "model/records.h"
#include "verify/verifier.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace hd {

// What a check's body sees of its step: the record (findings, signatures, earlier checks) and
// the one way to end the step early.
class StepScope {
public:
    explicit StepScope(StepRecord &record) : record(record) {}

    StepRecord &record;

    // The step ends after this check with this verdict: later checks are not recorded and the
    // plan's conclude() is not called (the compiler is missing, the input does not exist).
    void stop(CheckStatus status, const Text &summary) {
        m_stopped = true;
        m_status = status;
        m_summary = summary;
    }
    bool stopped() const { return m_stopped; }
    CheckStatus stopStatus() const { return m_status; }
    const Text &stopSummary() const { return m_summary; }

private:
    bool m_stopped = false;
    CheckStatus m_status = CheckStatus::Fail;
    Text m_summary;
};

struct Check {
    QString id;
    Text title;
    // false: the check has nothing to do in this run (another mode of the step) and leaves no
    // record. Unset = it always applies. Asked when the check's turn comes.
    std::function<bool()> applies;
    // Why it is not run, given what the earlier checks found ("no program was built");
    // "" or unset = it runs. A skipped check is recorded with this as its summary.
    std::function<Text()> skipReason;
    // Fills the record (status, summary, command, output, artifacts). id, title and startedAt
    // are set before it runs; id and title are put back after it (a cached compile record
    // replaces the whole record).
    std::function<void(CheckRecord &, StepScope &)> body;
};

struct StepPlan {
    int step = 0;
    QString title;
    QJsonObject inputs;
    // The whole step does not apply (nothing was given for it): recorded Skipped with this.
    Text skipReason;
    QList<Check> checks;
    // The step's verdict once its checks ran, none cancelled and none stopped the step:
    // sets status and summary, may add findings.
    std::function<void(StepRecord &)> conclude;
    // Keeps what the checks share alive while they run (a step's own state object).
    std::shared_ptr<void> state;
};

// Where the runner reports and what stops it.
struct RunnerContext {
    const std::atomic_bool *cancel = nullptr;
    VerifyObserver *observer = nullptr;
};

// Runs plan's checks in order. Rules: once cancel is raised, every remaining check that
// applies is recorded "not run: cancelled", and a check whose body returns after it was
// raised is not judged (Cancelled, its output kept); any cancelled check makes the step
// Cancelled. Otherwise a stopped step takes the stop's verdict, else plan.conclude()'s.
// The step's findings are merged by Finding::key (docs/findings.md "One finding per cause").
StepRecord runStepPlan(const StepPlan &plan, const RunnerContext &context);

// The record of a check that did not run because the run was cancelled.
CheckRecord cancelledCheck(const QString &id, const Text &title);

} // namespace hd
