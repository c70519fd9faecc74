#include "verify/check_runner.h"
#include "common/engine_text.h"

#include "exec/process_run.h"

#include <QElapsedTimer>

#include <algorithm>

namespace hd {

namespace {

bool raised(const RunnerContext &context) {
    return context.cancel && context.cancel->load();
}

CheckRecord runCheck(const Check &check, StepScope &scope, const RunnerContext &context) {
    if (raised(context))
        return cancelledCheck(check.id, check.title);
    CheckRecord c;
    c.id = check.id;
    c.title = check.title;
    c.startedAt = isoNow();
    const Text skipped = check.skipReason ? check.skipReason() : Text();
    if (!skipped.isEmpty()) {
        c.status = CheckStatus::Skipped;
        c.summary = skipped;
        return c;
    }
    if (check.body)
        check.body(c, scope);
    c.id = check.id;
    c.title = check.title;
    if (raised(context) && c.status != CheckStatus::Cancelled) {
        // Cancelled while it ran: what it printed stays, its verdict does not count.
        c.status = CheckStatus::Cancelled;
        c.summary = QStringLiteral("cancelled");
    }
    return c;
}

void rollUp(const StepPlan &plan, const StepScope &scope, StepRecord &s) {
    const bool anyCancelled = std::any_of(s.checks.begin(), s.checks.end(), [](const auto &c) {
        return c.status == CheckStatus::Cancelled;
    });
    if (anyCancelled) {
        s.status = CheckStatus::Cancelled;
        s.summary = QStringLiteral("cancelled");
    } else if (scope.stopped()) {
        s.status = scope.stopStatus();
        s.summary = scope.stopSummary();
    } else if (plan.conclude) {
        plan.conclude(s);
    }
}

} // namespace

CheckRecord cancelledCheck(const QString &id, const Text &title) {
    CheckRecord c;
    c.id = id;
    c.title = title;
    c.status = CheckStatus::Cancelled;
    c.summary = HD_TEXT("hd::Verify", "not run: cancelled");
    return c;
}

StepRecord runStepPlan(const StepPlan &plan, const RunnerContext &context) {
    StepRecord s;
    s.step = plan.step;
    s.title = plan.title;
    s.inputs = plan.inputs;
    s.startedAt = isoNow();
    QElapsedTimer timer;
    timer.start();
    if (context.observer)
        context.observer->stepStarted(plan.step, plan.title);
    if (!plan.skipReason.isEmpty()) {
        s.status = CheckStatus::Skipped;
        s.summary = plan.skipReason;
    } else if (raised(context)) {
        s.status = CheckStatus::Cancelled;
        s.summary = QStringLiteral("cancelled");
    } else {
        StepScope scope(s);
        for (const Check &check : plan.checks) {
            if (check.applies && !check.applies())
                continue;
            s.checks << runCheck(check, scope, context);
            if (context.observer)
                context.observer->checkFinished(plan.step, s.checks.last());
            if (scope.stopped())
                break;
        }
        rollUp(plan, scope, s);
    }
    s.findings = mergeDuplicateFindings(s.findings);
    s.durationMs = double(timer.nsecsElapsed()) / 1e6;
    if (context.observer)
        context.observer->stepFinished(s);
    return s;
}

} // namespace hd
