#include "controllers/workspace.h"

#include <QAbstractItemModel>
#include <QAbstractProxyModel>
#include <QPointer>

namespace hd::ui {

Workspace::Workspace(QObject *parent)
    : QObject(parent), m_inputs(new InputsController(this)),
      m_targets(new TargetsController(m_inputs, this)),
      m_diagnosis(new DiagnosisController(m_inputs, m_targets, this)),
      m_verification(new VerificationController(m_inputs, m_targets, m_diagnosis, this)),
      m_case(new Case(m_inputs, m_targets, m_diagnosis, m_verification, this)) {
    connect(m_inputs, &InputsController::progress, this, &Workspace::progress);
    connect(m_verification, &VerificationController::progress, this, &Workspace::progress);
    connect(m_targets, &TargetsController::progress, this, &Workspace::progress);
    connect(m_inputs, &InputsController::busyChanged, this, &Workspace::busyChanged);
    connect(m_targets, &TargetsController::busyChanged, this, &Workspace::busyChanged);
    connect(m_verification, &VerificationController::busyChanged, this, &Workspace::busyChanged);
    // The diagnosis's closing message counts the window's findings, which the verification
    // joins (it has rebuilt them on diagnosisChanged, just before).
    connect(m_diagnosis, &DiagnosisController::busyChanged, this,
            [this](const QString &kind, bool running, const QString &message) {
                if (running)
                    emit busyChanged(kind, running, message);
            });
    connect(m_diagnosis, &DiagnosisController::diagnosisFinished, this, [this] {
        emit busyChanged(QStringLiteral("diagnose"), false,
                         tr("%n finding(s)", nullptr, int(m_verification->allFindings().size())));
        m_inputs->resumeIdleWork();
    });
    // The findings before the hashes: what the user waits for first.
    m_inputs->setIdleWorkWaitsFor(
        [d = QPointer<DiagnosisController>(m_diagnosis)] { return d && d->isDiagnosing(); });
}

Workspace::~Workspace() {
    // Each reads those made before it: the last goes first.
    delete m_case;
    delete m_verification;
    delete m_diagnosis;
    delete m_targets;
    delete m_inputs;
}

void Workspace::newCase(int demoScenario) {
    cancelAll();
    m_case->startNew();
    if (demoScenario > 0)
        m_inputs->openDemo(demoScenario);
}

bool Workspace::isIdle() const {
    return !isWorking() && !m_inputs->isListingSymbols() && m_targets->probed() &&
           !m_targets->isQueryingDevices() && !m_targets->isCollectingInventory() &&
           !m_targets->isScanning() && !m_diagnosis->isDiagnosing() && !m_diagnosis->isExplaining();
}

void Workspace::retranslate() {
    // The source models; the proxies pass header and data changes on.
    for (QObject *controller : {static_cast<QObject *>(m_inputs), static_cast<QObject *>(m_targets),
                                static_cast<QObject *>(m_verification)}) {
        for (QAbstractItemModel *m :
             controller->findChildren<QAbstractItemModel *>(Qt::FindDirectChildrenOnly)) {
            if (qobject_cast<QAbstractProxyModel *>(m))
                continue;
            const int columns = m->columnCount();
            if (columns > 0)
                emit m->headerDataChanged(Qt::Horizontal, 0, columns - 1);
            const int rows = m->rowCount();
            if (rows > 0 && columns > 0)
                emit m->dataChanged(m->index(0, 0), m->index(rows - 1, columns - 1));
        }
    }
    m_diagnosis->explainName(); // its answer is in the app's language
}

} // namespace hd::ui
