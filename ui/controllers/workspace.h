#pragma once

// What the window works on, as four controllers by concern: the inputs (opened artifacts and
// logs, the env profile), the targets (devices, the inventory and the host where steps run),
// the diagnosis (the name box and the diagnosis over the inputs) and the verification (steps,
// findings, sessions, reports), each reading only those before it. The workspace owns them and
// passes their busy and progress signals on as one stream for the status bar; panels get the
// controllers they show, and nothing here blocks the GUI thread (docs/architecture.md "The GUI").

#include "controllers/case.h"
#include "controllers/diagnosis_controller.h"
#include "controllers/inputs_controller.h"
#include "controllers/targets_controller.h"
#include "controllers/verification_controller.h"

#include <QObject>

namespace hd::ui {

class Workspace : public QObject {
    Q_OBJECT
public:
    explicit Workspace(QObject *parent = nullptr);
    ~Workspace() override;

    InputsController *inputs() const { return m_inputs; }
    TargetsController *targets() const { return m_targets; }
    DiagnosisController *diagnosis() const { return m_diagnosis; }
    VerificationController *verification() const { return m_verification; }
    // The case over them: a new one, and which results still hold (controllers/case.h).
    Case *currentCase() const { return m_case; }
    // File › New case, Close all, another demo case (n > 0): every job stops, the case starts
    // clean, then the demo's files open.
    void newCase(int demoScenario = 0);

    // Any background work of the window runs that Cancel stops (inspection, verification, a
    // Coverage scan).
    bool isWorking() const {
        return m_inputs->isInspecting() || m_verification->isVerifying() || m_targets->isScanning();
    }
    // Nothing is running or about to (devices, inventory, diagnosis, the name's lookup too).
    bool isIdle() const;

    // Stops the inspection, the verification and a Coverage scan (the other jobs' results are
    // dropped when superseded).
    void cancelAll() {
        m_inputs->cancelInspection();
        m_verification->cancelVerification();
        m_targets->cancelScan();
    }

    // Where the devices, the inventory and the steps run: null = this machine, else a GPU node
    // over ssh (docs/remote.md "In the app"). A running verification is cancelled first.
    void setExecutionHost(std::shared_ptr<ExecutionHost> host) {
        m_verification->cancelVerification();
        m_targets->setExecutionHost(std::move(host));
    }

    // The language changed: the models' headers and texts are asked for again.
    void retranslate();

signals:
    // The controllers' jobs, by kind ("inspect", "devices", "connect", "diagnose", "verify").
    void busyChanged(const QString &kind, bool running, const QString &message);
    void progress(const QString &kind, int done, int total, const QString &message);

private:
    InputsController *m_inputs;
    TargetsController *m_targets;
    DiagnosisController *m_diagnosis;
    VerificationController *m_verification;
    Case *m_case;
};

} // namespace hd::ui
