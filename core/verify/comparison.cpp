// The comparison over the steps that ran (docs/design.md "The method it implements"): a pure
// function of the step records.
#include "check_support_p.h"
#include "common/engine_text.h"
#include "verify/verifier.h"

#include "model/labels.h"

#include "common/shell.h"
#include "model/runtime_errors.h"
#include "model/verification_findings.h"

#include <algorithm>

namespace hd {

namespace {

struct Steps {
    const StepRecord *s1 = nullptr, *s2 = nullptr, *s3 = nullptr;
};

bool ran(const StepRecord *s) {
    return s && s->status != CheckStatus::Skipped && s->status != CheckStatus::Cancelled;
}

bool failed(const StepRecord *s) {
    return ran(s) && (s->status == CheckStatus::Fail || s->status == CheckStatus::Error);
}

Direction directionFromFindings(const StepRecord &s) {
    for (const Finding &f : s.findings)
        if (f.severity == Severity::Error && f.direction != Direction::None)
            return f.direction;
    for (const FailureSignature &sig : s.signatures)
        for (const QString &e : sig.hipErrors)
            if (directionOfError(e) != Direction::None)
                return directionOfError(e);
    return Direction::None;
}

QList<Evidence> stepEvidence(const StepRecord &s) {
    QList<Evidence> ev;
    for (const CheckRecord &ck : s.checks)
        if (ck.status == CheckStatus::Fail || ck.status == CheckStatus::Error)
            ev.append({QStringLiteral("step %1: %2").arg(s.step).arg(ck.id), {}, ck.summary});
    return ev;
}

// A step whose only error is that this machine's runtime sees no GPU.
bool failsOnlyForNoDevice(const StepRecord &s) {
    bool noDevice = false;
    for (const Finding &f : s.findings) {
        if (f.id == QLatin1String("runtime.no-device"))
            noDevice = true;
        else if (f.severity == Severity::Error)
            return false;
    }
    return noDevice;
}

// Step 1 failed only because this machine's runtime sees no GPU, where none was expected: the
// target was given (the GPU is elsewhere) and nothing else failed (compile, link, the runtime's
// load all passed). A defaulted target is no such sign: a GPU machine whose user may not open
// /dev/kfd fails the same way, and that is the broken base chain.
bool noGpuExpectedHere(const StepRecord &s1) {
    if (!failsOnlyForNoDevice(s1))
        return false;
    for (const CheckRecord &ck : s1.checks)
        if (ck.id == QLatin1String("target"))
            return ck.data.value(QStringLiteral("target_source")).toString() ==
                   QLatin1String("given");
    return false;
}

void onlyWithTriton(const Steps &st, Comparison &c);

// Step 1 fails: the base chain (direction 1).
void baselineFails(const Steps &st, Comparison &c) {
    const StepRecord *s1 = st.s1, *s3 = st.s3;
    if (noGpuExpectedHere(*s1)) {
        // Not broken: not run here. The steps that need a GPU run on the GPU machine.
        c.direction = Direction::None;
        c.verdict = HD_TEXT("hd::Verify",
                            "Step 1 (baseline) was not run on a GPU here: this machine's runtime "
                            "sees none. What it could check works (%1); run the steps on the GPU "
                            "machine to compare them.")
                        .arg(s1->summary);
    } else {
        c.direction = Direction::RuntimeLink;
        c.verdict =
            HD_TEXT("hd::Verify", "Step 1 (baseline) fails: the base chain — compiler, runtime "
                                  "link, runtime, device — is broken. Fix that first; the "
                                  "project's kernel cannot be judged until a plain vector add "
                                  "runs. (%1)")
                .arg(s1->summary);
        c.findings << catalogFinding(
            QStringLiteral("verify.baseline-failed"), Direction::RuntimeLink,
            HD_TEXT("hd::Verify", "The baseline (step 1) fails"), s1->summary, stepEvidence(*s1),
            {HD_TEXT("hd::Verify", "Follow the step 1 findings (runtime.*, "
                                   "layer.compile-failed) before looking at the "
                                   "project's kernel")},
            QStringLiteral("load"));
    }
    // With no device the base chain cannot pass here, but step 3's with/without-Triton
    // signal needs no device: it is still reported (docs/user-guide.md "The comparison").
    if (ran(s3) && !findingsWithId(s1->findings, QStringLiteral("runtime.no-device")).isEmpty()) {
        // Judged with the steps that ran (not step 3 alone, which would say steps 1 and 2 did
        // not run).
        Comparison later;
        const QList<FailureSignature> &sig = s3->signatures;
        if (sig.size() > 1 && !sig.first().passed && sig[1].passed)
            onlyWithTriton(st, later);
        const QList<Finding> triton =
            findingsWithId(later.findings, QStringLiteral("context.triton-state"));
        if (!triton.isEmpty()) {
            c.verdict += HD_TEXT("hd::Verify", " Step 3 still shows: %1").arg(later.verdict);
            c.findings += triton;
        }
    }
}

// Step 2 fails: the artifact (direction 2 or 3 from its findings).
void operatorFails(const Steps &st, Comparison &c) {
    const StepRecord *s1 = st.s1, *s2 = st.s2, *s3 = st.s3;
    const bool s1ok = ran(s1) && s1->status == CheckStatus::Pass;
    const Direction d = directionFromFindings(*s2);
    c.direction = d == Direction::None ? Direction::CodeObject : d;
    QString same;
    if (ran(s3) && !s3->signatures.isEmpty() && !s2->signatures.isEmpty() &&
        s2->signatures.first().sameFailureAs(s3->signatures.first()))
        same = HD_TEXT("hd::Verify", " It fails the same way as the project (step 3: %1).")
                   .arg(s3->signatures.first().summary())
                   .english();
    c.verdict = HD_TEXT("hd::Verify", "%1The suspect operator fails on its own (step 2: %2): the "
                                      "artifact is at fault, direction %3 (%4).%5")
                    .arg(s1ok ? HD_TEXT("hd::Verify", "The baseline works (step 1). ") : QString(),
                         s2->summary)
                    .arg(int(c.direction))
                    .arg(directionName(c.direction), same);
    QList<Evidence> ev = stepEvidence(*s2);
    if (s1ok)
        ev.prepend({QStringLiteral("step 1"), {}, s1->summary});
    c.findings << catalogFinding(
        QStringLiteral("verify.operator-fails"), c.direction,
        HD_TEXT("hd::Verify", "The operator fails in isolation (step 2)"), c.verdict, ev,
        {HD_TEXT("hd::Verify", "Apply the step 2 findings' fixes to the artifact "
                               "(build flags, extern \"C\", --offload-arch)")},
        QStringLiteral("load"));
}

// The run failed for want of code for the device, unambiguously: hipErrorNoBinaryForGpu /
// cudaErrorNoKernelImageForDevice / CUDA_ERROR_NO_BINARY_FOR_GPU (209). "invalid device
// function" is not enough: a kernel that was never registered (state) says it too.
bool failedForMissingCode(const FailureSignature &s) {
    return std::any_of(s.hipErrors.cbegin(), s.hipErrors.cend(), [](const QString &name) {
        const RuntimeErrorMeaning *m = runtimeErrorMeaningByName(name);
        return m && m->code == 209;
    });
}

// Only step 3 fails, and its variant without the Triton path passes: context.triton-state, or
// code on the Triton path without the device's architecture when that is what the error says.
void onlyWithTriton(const Steps &st, Comparison &c) {
    const StepRecord *s2 = st.s2, *s3 = st.s3;
    const FailureSignature &asIs = s3->signatures.first();
    c.direction = Direction::CodeObject;
    const QString sw = s3->inputs.value(QStringLiteral("switch_env")).toString();
    const bool missingCode = failedForMissingCode(asIs);
    // "Only the project" when the isolated steps ran and passed: never more than they showed.
    c.verdict =
        (missingCode
             ? HD_TEXT("hd::Verify", "The project fails only with the Triton path: as is it fails "
                                     "(%1), without Triton (%2) it passes%3. The error says a "
                                     "kernel has no code for the GPU: code only the Triton path "
                                     "loads was built for another architecture.")
             : (ran(st.s1) && ran(s2) && !failed(st.s1) && !failed(s2)
                    ? HD_TEXT("hd::Verify",
                              "Only the project fails, and only with the Triton path: as is "
                              "it fails (%1), without Triton (%2) it passes%3. The process "
                              "state Triton leaves behind breaks the HIP kernel.")
                : ran(st.s1) && ran(s2)
                    ? HD_TEXT("hd::Verify",
                              "The project fails only with the Triton path: as is it fails "
                              "(%1), without Triton (%2) it passes%3. The process state "
                              "Triton leaves behind breaks the HIP kernel.")
                    : HD_TEXT("hd::Verify",
                              "The project fails only with the Triton path: as is it fails "
                              "(%1), without Triton (%2) it passes%3. The process state "
                              "Triton leaves behind breaks the HIP kernel (steps 1 and 2 "
                              "did not both run to compare with).")))
            .arg(asIs.summary(), sw.isEmpty() ? HD_TEXT("hd::Verify", "second command") : sw,
                 ran(s2) && !failed(s2)
                     ? HD_TEXT("hd::Verify", ", and the operator alone passes (step 2)")
                     : QString());
    QList<Evidence> ev{{HD_TEXT("hd::Verify", "step 3: as-is").english(), {}, asIs.summary()},
                       {HD_TEXT("hd::Verify", "step 3: without-triton").english(), sw,
                        s3->signatures[1].summary()}};
    if (ran(s2) && !failed(s2))
        ev.append({QStringLiteral("step 2"), {}, s2->summary});
    // The diagnosis engine owns the finding's wording and fix; the steps add evidence.
    const QString without =
        sw.isEmpty() ? shellJoin(stringsOf(s3->inputs.value(QStringLiteral("variant_argv")))) : sw;
    Finding f = missingCode ? tritonPathArchFinding(asIs.summary(), without, ev)
                            : tritonStateFinding(asIs.summary(), without, ev);
    f.direction = Direction::CodeObject;
    f.layer = QStringLiteral("load");
    if (ran(s2) && !failed(s2))
        f.detail += HD_TEXT("hd::Verify", " The operator alone passes too (step 2).");
    c.findings << f;
}

// The project fails while the isolated steps pass: compare build commands and link lines.
void projectFails(const Steps &st, Comparison &c) {
    const StepRecord *s3 = st.s3;
    const FailureSignature &asIs = s3->signatures.first();
    const bool haveVariant = s3->signatures.size() > 1;
    Direction d = directionFromFindings(*s3);
    c.direction = d;
    c.verdict =
        (ran(st.s1) && ran(st.s2)
             ? HD_TEXT("hd::Verify", "The project fails (%1)%2%3, while the isolated steps pass: "
                                     "compare the project's build commands and link lines with "
                                     "the steps' (recorded in the step 1 and 2 checks).")
             : HD_TEXT("hd::Verify", "The project fails (%1)%2%3. Steps 1 and 2 did not both run: "
                                     "run them to tell the base chain and the operator apart from "
                                     "the project."))
            .arg(asIs.summary(),
                 haveVariant ? HD_TEXT("hd::Verify", " with and without the Triton path (%1)")
                                   .arg(s3->signatures[1].summary())
                             : QString(),
                 d != Direction::None
                     ? HD_TEXT("hd::Verify", "; its errors point at direction %1 (%2)")
                           .arg(int(d))
                           .arg(directionName(d))
                     : QString());
    c.findings << catalogFinding(
        QStringLiteral("verify.project-fails"), d,
        HD_TEXT("hd::Verify", "The project's command fails, the isolated steps do not"), c.verdict,
        stepEvidence(*s3),
        {HD_TEXT("hd::Verify", "Diff the project's compile and link commands "
                               "(HIPCC_VERBOSE=1) against step 1's recorded "
                               "commands: --offload-arch, -lamdhip64, rpath"),
         HD_TEXT("hd::Verify", "Run step 2 on the exact artifact the project loads")},
        QStringLiteral("load"));
}

} // namespace

Comparison compareSteps(const QList<StepRecord> &steps) {
    Comparison c;
    Steps st;
    for (const StepRecord &s : steps) {
        if (s.step == 1)
            st.s1 = &s;
        else if (s.step == 2)
            st.s2 = &s;
        else if (s.step == 3)
            st.s3 = &s;
        if (s.status != CheckStatus::Skipped)
            c.basis << HD_TEXT("hd::Verify", "step %1 (%2): %3 — %4")
                           .arg(s.step)
                           .arg(s.title, checkStatusWord(s.status), s.summary);
    }
    if (!ran(st.s1) && !ran(st.s2) && !ran(st.s3)) {
        c.verdict = HD_TEXT("hd::Verify", "No step ran: nothing to compare.");
        return c;
    }
    if (failed(st.s1)) {
        // Without a GPU here, step 2 can still fail for its own reason (a name, a file): that
        // is the answer, not the missing GPU.
        if (noGpuExpectedHere(*st.s1) && failed(st.s2) && !failsOnlyForNoDevice(*st.s2)) {
            operatorFails(st, c);
            return c;
        }
        baselineFails(st, c);
        return c;
    }
    if (failed(st.s2)) {
        operatorFails(st, c);
        return c;
    }
    if (ran(st.s3) && !st.s3->signatures.isEmpty()) {
        const FailureSignature &asIs = st.s3->signatures.first();
        const bool haveVariant = st.s3->signatures.size() > 1;
        if (!asIs.passed && haveVariant && st.s3->signatures[1].passed) {
            onlyWithTriton(st, c);
            return c;
        }
        if (!asIs.passed) {
            projectFails(st, c);
            return c;
        }
    }
    c.verdict = HD_TEXT("hd::Verify",
                        "Everything that ran passes in isolation. If the project still fails "
                        "elsewhere, compare its build commands and link lines with the steps'.");
    c.findings << catalogFinding(
        QStringLiteral("verify.passes-in-isolation"), Direction::None,
        HD_TEXT("hd::Verify", "Every step that ran passes"), c.verdict, {},
        {HD_TEXT("hd::Verify", "Compare the project's build and link lines (HIPCC_VERBOSE=1) "
                               "with the steps' recorded commands")});
    return c;
}

} // namespace hd
