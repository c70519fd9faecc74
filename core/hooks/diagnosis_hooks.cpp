#include "hooks/diagnosis_hooks.h"

#include "diagnosis/diagnosis.h"
#include "diagnosis/runtime_env.h"
#include "diagnosis/text_events.h"

namespace hd {

DiagnoseHook diagnosisHook() {
    return [](const DiagnoseRequest &req) { return diagnose(req).findings; };
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
