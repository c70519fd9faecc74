#pragma once

// What the window works on, as two controllers: the inputs (opened artifacts and logs,
// devices, env, names and the diagnosis over them) and the verification (steps, findings,
// sessions, reports), which reads the inputs. The workspace owns both and passes their busy
// and progress signals on as one stream for the status bar; panels talk to the engine only
// through the controllers, and nothing here blocks the GUI thread
// (docs/architecture.md "The GUI").

#include "controllers/inputs_controller.h"
#include "controllers/verification_controller.h"

#include <QObject>

namespace hd::ui {

class Workspace : public QObject {
    Q_OBJECT
public:
    explicit Workspace(QObject *parent = nullptr);
    ~Workspace() override;

    InputsController *inputs() const { return m_inputs; }
    VerificationController *verification() const { return m_verification; }

    // Any background work of the window runs (inspection or verification).
    bool isWorking() const { return m_inputs->isInspecting() || m_verification->isVerifying(); }

    // Stops the inspection and the verification (the other jobs' results are dropped when
    // superseded).
    void cancelAll() {
        m_inputs->cancelInspection();
        m_verification->cancelVerification();
    }

    // Where the devices, the inventory and the steps run: null = this machine, else a GPU node
    // over ssh (docs/remote.md "In the app"). A running verification is cancelled first.
    void setExecutionHost(std::shared_ptr<ExecutionHost> host) {
        m_verification->cancelVerification();
        m_inputs->setExecutionHost(std::move(host));
    }

    // The language changed: the models' headers and texts are asked for again.
    void retranslate();

signals:
    // Both controllers' jobs, by kind ("inspect", "devices", "diagnose", "verify").
    void busyChanged(const QString &kind, bool running, const QString &message);
    void progress(const QString &kind, int done, int total, const QString &message);

private:
    InputsController *m_inputs;
    VerificationController *m_verification;
};

} // namespace hd::ui
