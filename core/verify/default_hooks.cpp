// The defaults of every Verifier: whatever a front end installed (verify/default_hooks.h).

#include "verify/default_hooks.h"

#include <QMutex>
#include <QMutexLocker>

namespace hd {

namespace {

struct Defaults {
    QMutex mutex;
    DiagnoseHook diagnose;
    EnvReadCheck envReads;
};

Defaults &defaults() {
    static Defaults d;
    return d;
}

} // namespace

void setDefaultVerifierHooks(DiagnoseHook diagnose, EnvReadCheck envReads) {
    Defaults &d = defaults();
    const QMutexLocker lock(&d.mutex);
    d.diagnose = std::move(diagnose);
    d.envReads = std::move(envReads);
}

DiagnoseHook defaultDiagnoseHook() {
    Defaults &d = defaults();
    const QMutexLocker lock(&d.mutex);
    return d.diagnose;
}

EnvReadCheck defaultEnvReadCheck() {
    Defaults &d = defaults();
    const QMutexLocker lock(&d.mutex);
    return d.envReads;
}

} // namespace hd
