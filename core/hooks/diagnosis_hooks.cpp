#include "hooks/diagnosis_hooks.h"

#include "diagnosis/diagnosis.h"
#include "diagnosis/runtime_env.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

namespace hd {

DiagnoseHook diagnosisHook() {
    return [](const DiagnoseHookInput &in) {
        DiagnoseRequest req;
        req.inputs = in.files;
        req.kernels = in.kernels;
        req.targets = in.targets;
        req.probeDevices = in.devices;
        req.probeRan = in.probeRan;
        req.runtimeVersion = in.runtimeVersion;
        for (auto it = in.env.begin(); it != in.env.end(); ++it)
            req.env.append({it.key(), it.value()});
        // The diagnosis reads logs from files: the step's output goes into a private folder
        // (until the request takes texts in memory; this is the one place to change).
        QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/hipdoctor-step-XXXXXX"));
        int n = 0;
        for (const QString &t : in.texts) {
            const QString name = in.textNames.value(n, QStringLiteral("output-%1.log").arg(n));
            const QString path = dir.filePath(name);
            QFile f(path);
            if (f.open(QIODevice::WriteOnly)) {
                f.write(t.toUtf8());
                req.inputs << path;
                req.textInputs << path;
            }
            ++n;
        }
        return diagnose(req).findings;
    };
}

EnvReadCheck runtimeEnvReadCheck() {
    return [](const QString &name) -> std::optional<bool> {
        static const QStringList libs = runtimeLibrariesFor();
        const VariableReadCheck r =
            runtimeReadsVariable(name, librariesForOwner(variableOwner(name), libs));
        if (r.status == VariableReadCheck::Status::Unknown)
            return std::nullopt;
        return r.status == VariableReadCheck::Status::Read;
    };
}

std::unique_ptr<Verifier> makeVerifier(VerifyOptions options) {
    auto verifier = std::make_unique<Verifier>(std::move(options));
    verifier->setDiagnoseHook(diagnosisHook());
    verifier->setEnvReadCheck(runtimeEnvReadCheck());
    return verifier;
}

} // namespace hd
