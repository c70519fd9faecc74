// Step 3, back to the project (docs/design.md "The method it implements"): the user's command
// as is, and without the Triton path (an env switch or a second command); their failure
// signatures are what the comparison reads.

#include "check_support_p.h"
#include "common/engine_text.h"
#include "common/shell.h"
#include "logs/amd_log.h"
#include "verify_context_p.h"

#include <QJsonArray>

namespace hd {

namespace {

struct Project {
    VerifyContext &ctx;
    const Step3Options &o;
    QMap<QString, QString> variantEnv;
    QStringList variantArgv;
    bool haveVariant = false;

    explicit Project(VerifyContext &c) : ctx(c), o(c.options.step3) {
        variantEnv = o.env;
        variantArgv = o.variantArgv.isEmpty() ? o.argv : o.variantArgv;
        haveVariant = !o.variantArgv.isEmpty();
        if (!o.switchEnv.isEmpty()) {
            const qsizetype eq = o.switchEnv.indexOf(QLatin1Char('='));
            variantEnv.insert(eq < 0 ? o.switchEnv : o.switchEnv.left(eq),
                              eq < 0 ? QStringLiteral("1") : o.switchEnv.mid(eq + 1));
            haveVariant = true;
        }
    }
};

void runCommand(const Project &p, const QStringList &argv, const QMap<QString, QString> &env,
                CheckRecord &c, StepScope &scope) {
    p.ctx.progress(3, c.id, QStringLiteral("running %1").arg(shellJoin(argv)));
    p.ctx.host->runProcess(p.ctx.spec(argv, p.o.workingDirectory, env), c);
    const FailureSignature sig = signatureOf(c, p.ctx.failingLine);
    c.summary = sig.summaryText();
    const AmdLog log = parseAmdLog(c.stderrText);
    c.data.insert(QStringLiteral("errors_returned"),
                  QJsonArray::fromStringList(log.errorsReturned));
    c.data.insert(QStringLiteral("signature"), sig.toJson());
    scope.record.signatures << sig;
}

void concludeProject(const Project &p, StepRecord &s) {
    const bool asIsOk = !s.signatures.isEmpty() && s.signatures[0].passed;
    const bool variantOk = s.signatures.size() > 1 && s.signatures[1].passed;
    if (asIsOk && (!p.haveVariant || variantOk)) {
        s.status = CheckStatus::Pass;
        s.summary = p.haveVariant ? HD_TEXT("hd::Verify", "both runs pass")
                                  : HD_TEXT("hd::Verify", "the command passes");
        return;
    }
    s.status = CheckStatus::Fail;
    s.summary = HD_TEXT("hd::Verify", "as is: %1").arg(s.signatures.value(0).summaryText());
    if (p.haveVariant)
        s.summary +=
            HD_TEXT("hd::Verify", "; without Triton: %1").arg(s.signatures.value(1).summaryText());
}

} // namespace

StepPlan projectPlan(VerifyContext &ctx) {
    const auto p = std::make_shared<Project>(ctx);
    StepPlan plan;
    plan.step = 3;
    plan.title = HD_TEXT("hd::Verify", "Back to the project").english();
    plan.inputs = p->o.toJson();
    plan.state = p;
    if (p->o.argv.isEmpty())
        plan.skipReason = HD_TEXT("hd::Verify", "no project command given (--run … --)");
    plan.checks = {
        {QStringLiteral("as-is"),
         HD_TEXT("hd::Verify", "The project's command, as is"),
         {},
         {},
         [p](CheckRecord &c, StepScope &s) { runCommand(*p, p->o.argv, p->o.env, c, s); }},
        {QStringLiteral("without-triton"),
         HD_TEXT("hd::Verify", "The project's command without the Triton path"),
         [p] { return p->haveVariant; },
         {},
         [p](CheckRecord &c, StepScope &s) {
             runCommand(*p, p->variantArgv, p->variantEnv, c, s);
             c.data.insert(QStringLiteral("switch"), p->o.switchEnv);
         }},
    };
    plan.conclude = [p](StepRecord &s) { concludeProject(*p, s); };
    return plan;
}

} // namespace hd
