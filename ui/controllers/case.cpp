#include "controllers/case.h"

#include "controllers/diagnosis_controller.h"
#include "controllers/inputs_controller.h"
#include "controllers/targets_controller.h"
#include "controllers/verification_controller.h"
#include "models/env_table_model.h"

#include <QFileInfo>

namespace hd::ui {

Case::Case(InputsController *inputs, TargetsController *targets, DiagnosisController *diagnosis,
           VerificationController *verification, QObject *parent)
    : QObject(parent), m_inputs(inputs), m_targets(targets), m_diagnosis(diagnosis),
      m_verification(verification) {
    // Whatever a step's result was computed from: the open files, the environment, the
    // targets, where the steps run, the step settings.
    connect(m_inputs, &InputsController::artifactsChanged, this, &Case::refresh);
    connect(m_inputs->env(), &EnvTableModel::profileChanged, this, &Case::refresh);
    connect(m_targets, &TargetsController::devicesChanged, this, &Case::refresh);
    connect(m_targets, &TargetsController::executionHostChanged, this, &Case::refresh);
    connect(m_verification, &VerificationController::verifyOptionsChanged, this, &Case::refresh);
    connect(m_verification, &VerificationController::stepsChanged, this, &Case::refresh);
}

void Case::startNew() {
    m_verification->clearCase();
    m_inputs->closeAll();
    m_diagnosis->setCaseKernels({});
    m_targets->clearCaseDevices();
    refresh();
    emit started();
}

namespace {

QString hostWords(const QString &host) {
    return host.isEmpty() ? Case::tr("this machine") : host;
}

} // namespace

QString Case::staleReason(int step) const {
    const auto &bases = m_verification->stepBases();
    const auto it = bases.constFind(step);
    if (it == bases.cend() || m_verification->step(step) == nullptr)
        return {};
    const VerificationController::StepBasis &ran = *it;
    const VerifyOptions now = m_verification->runOptions();
    // Where it ran: a session's steps ran where the session was made; they hold as its record
    // until the user runs them here or elsewhere.
    const QString hostNow = m_targets->hostName();
    if (!ran.fromSession && ran.host != hostNow)
        return tr("It ran on %1; the steps now run on %2.")
            .arg(hostWords(ran.host), hostWords(hostNow));
    if (ran.options.env.enabledMap() != now.env.enabledMap())
        return tr("It ran with other environment variables than the Environment panel's now.");
    const auto targetsDiffer = [](const QString &a, const QString &b) {
        // "" ran on the first GPU the runtime saw: not a different target.
        return !a.isEmpty() && !b.isEmpty() && a != b;
    };
    switch (step) {
    case 1:
        if (targetsDiffer(ran.options.step1.target, now.step1.target))
            return tr("It ran for %1; the target is now %2.")
                .arg(ran.options.step1.target, now.step1.target);
        break;
    case 2: {
        const Step2Options &a = ran.options.step2, &b = now.step2;
        if ((!b.file.isEmpty() && a.file != b.file) ||
            (!b.kernel.isEmpty() && a.kernel != b.kernel))
            return tr("It ran on %1 (kernel %2); step 2 now names %3 (kernel %4).")
                .arg(QFileInfo(a.file).fileName(), a.kernel, QFileInfo(b.file).fileName(),
                     b.kernel);
        // Its file came from the open inputs and was closed since.
        if (ran.openInputs.contains(a.file) && !m_inputs->inputPaths().contains(a.file))
            return tr("%1 is no longer open.").arg(QFileInfo(a.file).fileName());
        const QFileInfo fi(a.file);
        if (!ran.fromSession && ran.ranAt.isValid() && fi.exists() &&
            fi.lastModified().toUTC() > ran.ranAt)
            return tr("%1 changed on disk after the step ran.").arg(fi.fileName());
        break;
    }
    case 3: {
        const Step3Options &a = ran.options.step3, &b = now.step3;
        if (!b.argv.isEmpty() &&
            (a.argv != b.argv || a.switchEnv != b.switchEnv || a.variantArgv != b.variantArgv))
            return tr("It ran another command than step 3's now.");
        break;
    }
    default:
        break;
    }
    return {};
}

void Case::refresh() {
    QMap<int, QString> stale;
    for (const StepRecord &s : m_verification->steps())
        if (const QString why = staleReason(s.step); !why.isEmpty())
            stale.insert(s.step, why);
    m_verification->setStaleSteps(stale);
}

} // namespace hd::ui
