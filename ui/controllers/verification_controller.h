#pragma once

// The window's verification and what it keeps of it: it runs the steps through
// Verifier::run (as the CLI does) and only observes them, keeps the step records and their
// comparison, joins them with the inputs' diagnosis into the window's findings and logs, and
// saves, opens and exports the whole as sessions and reports. It reads the inputs (env
// profile, open files), the targets (devices, host, inventory) and the diagnosis (findings, the
// name box); none of them reads it (docs/architecture.md "The GUI").

#include "env/env_profile.h"
#include "model/finding.h"
#include "model/records.h"
#include "model/session.h"
#include "verify/verifier.h"

#include "models/jobs.h"

#include <QDateTime>
#include <QMap>
#include <QObject>
#include <QStringList>

#include <memory>

namespace hd::ui {

class InputsController;
class TargetsController;
class DiagnosisController;
class FindingsModel;
class LogModel;
class LogFilterProxy;

class VerificationController : public QObject {
    Q_OBJECT
public:
    VerificationController(InputsController *inputs, TargetsController *targets,
                           DiagnosisController *diagnosis, QObject *parent = nullptr);
    ~VerificationController() override;

    // Models the panels share: the window's findings and logs (inputs' and steps').
    FindingsModel *findings() const { return m_findings; }
    LogModel *logs() const { return m_logs; }
    LogFilterProxy *logProxy() const { return m_logProxy; }

    // --- verification -------------------------------------------------------------------
    const VerifyOptions &verifyOptions() const { return m_verifyOptions; }
    void setVerifyOptions(const VerifyOptions &options) { m_verifyOptions = options; }
    // Runs the steps that can run: step 2's empty file and kernel are filled from the open
    // files and the name box first (verifyOptionsChanged), whichever button started it; a
    // step that still lacks an input is not run and needs() says what it needs.
    void runSteps(const QList<int> &steps);
    // What a step needs before it can run, in the app's words; "" when it can run.
    QString needs(int step) const { return m_needs.value(step); }
    // Fills step 2's empty file and kernel from the user's inputs (the open file holding the
    // name box's kernel, the name box; the demo's case when only the demo is open). Returns
    // what is still missing ("" when step 2 can run).
    QString prepareStep2();
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

    // --- what each result was computed from (the case, controllers/case.h) ----------------
    // What a shown step ran with: the run's options (env profile and target included), where
    // it ran, when, and the inputs open then. A session's steps: the session's options.
    struct StepBasis {
        VerifyOptions options;
        QString host; // "" = this machine
        QDateTime ranAt;
        QStringList openInputs;
        bool fromSession = false;
    };
    const QMap<int, StepBasis> &stepBases() const { return m_bases; }
    // The options a run would start with now: the form's, with the env table's profile and,
    // when step 1 names no target, the first typed one.
    VerifyOptions runOptions() const;
    // The steps whose results no longer hold for the inputs now, each with why (the case
    // decides: Case::refresh()). They stay on their cards, marked, and are left out of the
    // findings, the comparison, the verdict, sessions and reports.
    void setStaleSteps(const QMap<int, QString> &why);
    QString staleReason(int step) const { return m_stale.value(step); }
    // The steps whose results hold: what the findings, the verdict and sessions read.
    QList<StepRecord> currentSteps() const;
    // A new case: no steps, comparison, extra findings, session path; step 2's and step 3's
    // settings and step 1's target back to their defaults (step 1's compiler and cache stay).
    void clearCase();

    // The answer to the user's own question (model/case_verdict.h), over every finding shown:
    // what the verdict line says first, and the exported report's top.
    const CaseVerdict &caseVerdict() const { return m_caseVerdict; }

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
    // format "md" | "html"; path "" = for the clipboard (written, with the whole report when
    // trimmed, under the app's data folder). The same file rules as the CLI's report
    // (report/report.h writeReportFile()). keepPlaces: home folders and the host name stay
    // (ReportOptions::keepPlaces).
    void makeReport(const QString &format, const QString &path, bool redact = true,
                    bool keepPlaces = false);
    const QString &sessionPath() const { return m_sessionPath; }

signals:
    void busyChanged(const QString &kind, bool running, const QString &message);
    void progress(const QString &kind, int done, int total, const QString &message);
    void stepsChanged();
    void verifyOptionsChanged(); // replaced or filled (an opened session, step 2): forms refill
    void stepStarted(int step);
    void findingsChanged();
    void sessionSaved(const QString &path, bool ok, const QString &error);
    void sessionOpened(const QString &path, bool ok, const QString &error);
    // fullPath: the whole Markdown report beside a trimmed one, else "".
    void reportReady(const QString &format, const QString &path, const QString &text,
                     const QString &fullPath, bool toClipboard, const QString &error);

private:
    std::shared_ptr<VerifyObserver> observerFor(const JobTracker::Ticket &ticket,
                                                const StepBasis &basis);
    void applyStepRecord(const StepRecord &record, const StepBasis &basis);
    void rebuildFindings();
    void rebuildLogs();

    bool useDemoStep2Inputs();
    // After a run: whether the runtime reads each variable of the profile (the env table).
    void checkEnvReads();

    InputsController *m_inputs;
    TargetsController *m_targets;
    DiagnosisController *m_diagnosis;
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
    CaseVerdict m_caseVerdict;
    QString m_sessionPath;
    QString m_ranOn;
    QMap<int, QString> m_needs; // step -> what it needs to run
    QMap<int, StepBasis> m_bases;
    QMap<int, QString> m_stale; // step -> why its result no longer holds
};

} // namespace hd::ui
