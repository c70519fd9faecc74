#pragma once

// The window's verification and what it keeps of it: it runs the steps through
// Verifier::run (as the CLI does) and only observes them, keeps the step records and their
// comparison, joins them with the inputs' diagnosis into the window's findings and logs, and
// saves, opens and exports the whole as sessions and reports. It reads the InputsController
// (env profile, devices, open inputs, inventory); the inputs never read it
// (docs/architecture.md "The GUI").

#include "env/env_profile.h"
#include "model/finding.h"
#include "model/records.h"
#include "model/session.h"
#include "verify/verifier.h"

#include "models/jobs.h"

#include <QObject>
#include <QStringList>

#include <memory>

namespace hd::ui {

class InputsController;
class FindingsModel;
class LogModel;
class LogFilterProxy;

class VerificationController : public QObject {
    Q_OBJECT
public:
    explicit VerificationController(InputsController *inputs, QObject *parent = nullptr);
    ~VerificationController() override;

    // Models the panels share: the window's findings and logs (inputs' and steps').
    FindingsModel *findings() const { return m_findings; }
    LogModel *logs() const { return m_logs; }
    LogFilterProxy *logProxy() const { return m_logProxy; }

    // --- verification -------------------------------------------------------------------
    VerifyOptions &verifyOptions() { return m_verifyOptions; }
    void runSteps(const QList<int> &steps);
    void cancelVerification();
    bool isVerifying() const { return m_jobs.isRunning(QStringLiteral("verify")); }
    const QList<StepRecord> &steps() const { return m_steps; }
    const StepRecord *step(int n) const;
    const Comparison &comparison() const { return m_comparison; }
    // Where the steps shown ran: "" = this machine, else the GPU node as the user named it
    // (the last run's host, or an opened session's "remote").
    const QString &ranOn() const { return m_ranOn; }
    // Replaces everything with the contents of a session / report (used by session open).
    void setVerification(const QList<StepRecord> &steps, const Comparison &comparison);

    // --- findings -----------------------------------------------------------------------
    // The steps', the comparison's, the diagnosis's and the extra ones, one per cause.
    const QList<Finding> &allFindings() const { return m_allFindings; }
    void setExtraFindings(const QList<Finding> &findings); // e.g. from a loaded session

    // --- sessions and reports ------------------------------------------------------------
    // The whole state as a session (inputs, devices, env profile, steps, findings).
    Session makeSession() const;
    // Replaces the state with a loaded session; reopens its artifacts that still exist.
    void applySession(const Session &session);
    // Background save/load/report; results come back through the signals below.
    void saveSessionTo(const QString &path);
    void openSessionFrom(const QString &path);
    // format "md" | "html"; path "" = only emit reportReady (for the clipboard).
    void makeReport(const QString &format, const QString &path, bool redact = true);
    const QString &sessionPath() const { return m_sessionPath; }

signals:
    void busyChanged(const QString &kind, bool running, const QString &message);
    void progress(const QString &kind, int done, int total, const QString &message);
    void stepsChanged();
    void verifyOptionsChanged(); // replaced as a whole (an opened session): forms refill
    void stepStarted(int step);
    void findingsChanged();
    void sessionSaved(const QString &path, bool ok, const QString &error);
    void sessionOpened(const QString &path, bool ok, const QString &error);
    void reportReady(const QString &format, const QString &path, const QString &text,
                     const QString &error);

private:
    // The options of a run: the form's, with the env table's profile and, when step 1 names
    // no target, the first typed one.
    VerifyOptions runOptions() const;
    std::shared_ptr<VerifyObserver> observerFor(const JobTracker::Ticket &ticket);
    void applyStepRecord(const StepRecord &record);
    void rebuildFindings();
    void rebuildLogs();

    InputsController *m_inputs;
    FindingsModel *m_findings;
    LogModel *m_logs;
    LogFilterProxy *m_logProxy;

    JobTracker m_jobs;
    VerifyOptions m_verifyOptions;
    std::shared_ptr<Verifier> m_verifier;
    QList<StepRecord> m_steps;
    QList<EnvProblem> m_envProblems; // of the last run (or the opened session)
    Comparison m_comparison;
    QList<Finding> m_extraFindings;
    QList<Finding> m_allFindings;
    QString m_sessionPath;
    QString m_ranOn;
};

} // namespace hd::ui
