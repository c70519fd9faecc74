#include "hooks/diagnosis_hooks.h"

#include "diagnosis/diagnosis.h"
#include "diagnosis/runtime_env.h"
#include "diagnosis/text_events.h"

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
        // The step's output is diagnosed in memory, cited by its name ("probe-dlopen.log").
        for (qsizetype n = 0; n < in.texts.size(); ++n)
            req.texts.append(
                {in.textNames.value(n, QStringLiteral("output-%1.log").arg(n)), in.texts.at(n)});
        return diagnose(req).findings;
    };
}

FailingLineReader failingLineReader() {
    return [](const QString &text) -> QString {
        const QList<TextEvent> events = readEvents(text);
        if (const TextEvent *e = failingEvent(events))
            return e->text;
        // A program's own exception has no layer, and is still how it failed.
        for (auto it = events.crbegin(); it != events.crend(); ++it)
            if (it->error && (it->kind == EventKind::Traceback || it->kind == EventKind::Exception))
                return it->text;
        return {};
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
    verifier->setFailingLineReader(failingLineReader());
    return verifier;
}

} // namespace hd
