// Step 2, the suspect operator alone (docs/design.md "The method it implements"): a code
// object, bundle or host binary loaded (and launched) through the probe, a shared library
// dlopen'ed, an executable run, or a source compiled first and then treated by what it built;
// then the diagnosis explains what failed. Each check below states one of these.

#include "artifacts/inspector.h"
#include "check_support_p.h"
#include "common/engine_text.h"
#include "common/shell.h"
#include "logs/amd_log.h"
#include "verify/import_records.h"
#include "verify_context_p.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>

namespace hd {

namespace {

using Mode = Step2Options::Mode;

// What step 2's checks find out, in order.
struct Suspect {
    VerifyContext &ctx;
    const Step2Options &o;
    QString file;     // the operator's file (a source's output once compiled)
    Mode mode;        // a source becomes what its output is
    QString loadFile; // what the module API gets (a host binary's extracted bundle)
    QList<QPair<QString, QString>> texts; // (file name for the evidence, text) to diagnose
    bool compileFailed = false;
    QStringList kernels; // the kernels the inspected file holds
    QStringList targets; // device targets for the diagnosis
    QString mainId;      // the check that ran the operator

    explicit Suspect(VerifyContext &c) : ctx(c), o(c.options.step2), file(o.file), mode(o.mode) {}
    ~Suspect() {
        if (!loadFile.isEmpty() && loadFile != file)
            QFile::remove(loadFile);
    }
    bool runs(Mode m) const { return !compileFailed && mode == m; }
};

using SuspectPtr = std::shared_ptr<Suspect>;

void checkCompile(Suspect &st, CheckRecord &c, StepScope &scope) {
    st.ctx.progress(2, c.id, HD_TEXT("hd::Verify", "compiling the operator").english());
    st.ctx.host->runProcess(st.ctx.spec(st.o.compileArgv, st.o.workingDirectory), c);
    st.texts.append({QStringLiteral("compile-output.log"), c.stderrText + c.stdoutText});
    QString out = QDir(st.o.workingDirectory).absoluteFilePath(st.file);
    // On a node the output is brought back (cached by content) to be read here.
    QString fetchError;
    if (c.status == CheckStatus::Pass && st.ctx.remote() && !st.file.isEmpty())
        out = st.ctx.host->fetchFromHost(out, &fetchError);
    if (c.status == CheckStatus::Pass &&
        (st.file.isEmpty() || out.isEmpty() || (!st.ctx.remote() && !QFileInfo::exists(out)))) {
        c.status = CheckStatus::Fail;
        c.summary = HD_TEXT("hd::Verify", "the compile command exited 0 but %1 does not exist")
                        .arg(st.file);
        if (!fetchError.isEmpty())
            c.summary += QStringLiteral(" (%1)").arg(fetchError);
    }
    if (c.status == CheckStatus::Cancelled)
        return;
    if (c.status != CheckStatus::Pass) {
        st.compileFailed = true;
        scope.record.findings << catalogFinding(
            QStringLiteral("layer.compile-failed"), Direction::None,
            HD_TEXT("hd::Verify", "The operator does not compile"), c.summary,
            {{QStringLiteral("command"), {}, shellJoin(c.command)},
             {HD_TEXT("hd::Verify", "compiler output").english(), {}, firstLines(c.stderrText, 8)}},
            {HD_TEXT("hd::Verify", "Fix the compile error first (see the compiler output)")},
            QStringLiteral("compile"));
        return;
    }
    st.file = out;
    const ArtifactKind k = detectArtifactKind(st.file);
    st.mode = k == ArtifactKind::HostExecutable      ? Mode::Executable
              : k == ArtifactKind::HostSharedLibrary ? Mode::Dlopen
                                                     : Mode::Artifact;
}

// A library to dlopen on a node is a path there.
bool pathOnNode(const Suspect &st) {
    return st.ctx.remote() && st.mode == Mode::Dlopen;
}

bool inputMissing(const Suspect &st) {
    return !st.compileFailed && !st.o.file.isEmpty() && st.mode != Mode::Executable &&
           !pathOnNode(st) && !QFileInfo::exists(st.file);
}

// Before the operator runs: the devices (once) and the targets the diagnosis checks against.
void askDevices(Suspect &st) {
    st.ctx.queryDevices(2);
    st.targets = st.o.targets;
    if (st.targets.isEmpty())
        for (const DeviceInfo &d : st.ctx.devices)
            st.targets << d.target.toString();
}

// The operator's run is the step's signature; a probe that saw no device says so first.
void operatorRan(Suspect &st, CheckRecord &c, StepScope &scope) {
    st.mainId = c.id;
    if (probeSaysNoDevice(probeResultOf(c)))
        c.summary = HD_TEXT("hd::Verify", "the runtime answers: no device — %1").arg(c.summary);
    scope.record.signatures << signatureOf(c, st.ctx.failingLine);
}

void checkDlopen(Suspect &st, CheckRecord &c, StepScope &scope) {
    askDevices(st);
    st.ctx.progress(
        2, c.id, HD_TEXT("hd::Verify", "dlopen of %1 in a clean process").arg(st.file).english());
    ProbeRequest req = st.ctx.request(ProbeRequest::Kind::Dlopen);
    req.dlopenPath = pathOnNode(st) ? st.file : QFileInfo(st.file).absoluteFilePath();
    const ProbeResult r = st.ctx.host->runProbe(req, st.ctx.probeOptions());
    fillFromProbe(r, st.ctx.profileEnv(), c);
    c.artifacts = {st.file};
    QStringList lines;
    for (const PhaseEvent &p : r.phases)
        if (!p.ok() && !p.detail.isEmpty())
            lines << p.detail;
    if (!r.message.isEmpty() && !r.ok() && !lines.contains(r.message))
        lines << r.message;
    st.texts.append({QStringLiteral("probe-dlopen.log"), lines.join(QLatin1Char('\n'))});
    st.texts.append({QStringLiteral("probe-dlopen-stderr.log"), r.stderrText});
    operatorRan(st, c, scope);
}

void checkRun(Suspect &st, CheckRecord &c, StepScope &scope) {
    askDevices(st);
    const QStringList argv = st.o.argv.isEmpty() ? QStringList{st.file} : st.o.argv;
    st.ctx.progress(2, c.id, QStringLiteral("running %1").arg(argv.first()));
    st.ctx.host->runProcess(st.ctx.spec(argv, st.o.workingDirectory), c);
    const AmdLog log = parseAmdLog(c.stderrText);
    c.data.insert(QStringLiteral("log_lines"), log.logLineCount);
    c.data.insert(QStringLiteral("errors_returned"),
                  QJsonArray::fromStringList(log.errorsReturned));
    st.texts.append({QStringLiteral("run-stderr.log"), c.stderrText});
    st.texts.append({QStringLiteral("run-stdout.log"), c.stdoutText});
    if (st.file.isEmpty())
        st.file = argv.first();
    operatorRan(st, c, scope);
}

// A host binary: the runtime gets its embedded bundle, as the program would hand it over.
QString extractBundle(const Suspect &st, const ArtifactReport &rep) {
    const ArtifactKind k = detectArtifactKind(st.file);
    if ((k != ArtifactKind::HostExecutable && k != ArtifactKind::HostSharedLibrary &&
         k != ArtifactKind::HostRelocatable) ||
        rep.bundles.isEmpty())
        return {};
    QFile in(st.file);
    const Bundle &b = rep.bundles.first();
    if (!in.open(QIODevice::ReadOnly) || !in.seek(qint64(b.fileOffset)))
        return {};
    const QByteArray bytes = in.read(qint64(b.size));
    const QString path = QDir::temp().filePath(QStringLiteral("hipdoctor-step2-%1-%2.bundle")
                                                   .arg(QCoreApplication::applicationPid())
                                                   .arg(quintptr(&st)));
    QFile outF(path);
    if (outF.open(QIODevice::WriteOnly))
        outF.write(bytes);
    return path;
}

void checkInspect(Suspect &st, CheckRecord &c) {
    askDevices(st);
    QElapsedTimer it;
    it.start();
    InspectOptions io;
    io.cancel = st.ctx.cancelFlag.get();
    const ArtifactReport rep = inspectFile(st.file, io);
    c.durationMs = double(it.nsecsElapsed()) / 1e6;
    QStringList coTargets;
    for (const CodeObject &co : rep.codeObjects) {
        coTargets << co.target.toString();
        for (const KernelInfo &kk : co.kernels)
            st.kernels << kk.name;
    }
    st.kernels.removeDuplicates();
    coTargets.removeDuplicates();
    c.status = rep.codeObjects.isEmpty() ? CheckStatus::Fail : CheckStatus::Pass;
    const auto listed = [](const QStringList &l) {
        return l.isEmpty() ? QStringLiteral("-") : l.mid(0, 12).join(QStringLiteral(", "));
    };
    c.summary = HD_TEXT("hd::Verify", "%1: %2 code object(s) for %3; kernels: %4")
                    .arg(artifactKindName(rep.kind))
                    .arg(rep.codeObjects.size())
                    .arg(listed(coTargets), listed(st.kernels));
    c.artifacts = {st.file};
    c.data.insert(QStringLiteral("kind"), artifactKindName(rep.kind));
    c.data.insert(QStringLiteral("targets"), QJsonArray::fromStringList(coTargets));
    c.data.insert(QStringLiteral("kernels"), QJsonArray::fromStringList(st.kernels));
    st.loadFile = extractBundle(st, rep);
    if (!st.loadFile.isEmpty())
        c.summary += HD_TEXT("hd::Verify", "; bundle at %1 extracted for the module API")
                         .arg(rep.bundles.first().origin);
    else
        st.loadFile = st.file;
}

void checkProbe(Suspect &st, CheckRecord &c, StepScope &scope) {
    const Step2Options &o = st.o;
    ProbeRequest req =
        st.ctx.request(o.args.isEmpty() ? ProbeRequest::Kind::Load : ProbeRequest::Kind::Launch);
    QString stageError;
    req.file = st.ctx.onHost(st.loadFile.isEmpty() ? st.file : st.loadFile, &stageError);
    req.kernel = o.kernel;
    req.kernels = o.kernel.isEmpty() ? st.kernels.mid(0, 1) : QStringList{o.kernel};
    req.args = o.args;
    req.grid = o.grid;
    req.block = o.block;
    req.repeat = std::max(1, o.repeat);
    req.validate = QStringLiteral("none");
    st.ctx.progress(
        2, QStringLiteral("probe"),
        HD_TEXT("hd::Verify", "%1 %2 through the probe")
            .arg(o.args.isEmpty() ? QStringLiteral("loading") : QStringLiteral("launching"),
                 o.kernel)
            .english());
    ProbeResult r;
    if (req.file.isEmpty()) { // it could not be copied to the node
        r.request = req;
        r.outcome = ProbeOutcome::FailedToStart;
        r.message = stageError;
    } else {
        r = st.ctx.host->runProbe(req, st.ctx.probeOptions());
    }
    fillFromProbe(r, st.ctx.profileEnv(), c);
    c.artifacts = {st.file};
    st.texts.append({QStringLiteral("probe-stderr.log"), r.stderrText});
    operatorRan(st, c, scope);
}

// What the runtime itself answered, where the static diagnosis has no finding that already
// explains it (the same id, or any symbol.* finding for a symbol failure).
void addProbeFindings(const Suspect &st, bool artifactRead, StepScope &scope) {
    const CheckRecord *main = scope.record.check(st.mainId);
    if (!main || !main->data.value(QStringLiteral("probe")).isObject() ||
        !main->signalName.isEmpty())
        return;
    const ProbeResult r = probeResultOf(*main);
    if (r.ok())
        return;
    QList<Finding> &findings = scope.record.findings;
    for (const Finding &f : findingsFromProbe(r, main->id, artifactRead)) {
        const bool explained = std::any_of(findings.begin(), findings.end(), [&](const auto &g) {
            return g.id == f.id || (f.id.startsWith(QLatin1String("symbol.")) &&
                                    g.id.startsWith(QLatin1String("symbol.")));
        });
        if (!explained)
            findings << f;
    }
}

void checkDiagnose(Suspect &st, CheckRecord &c, StepScope &scope) {
    DiagnoseRequest in;
    const QMap<QString, QString> env = st.ctx.profileEnv();
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        in.env.append({it.key(), it.value()});
    if (st.compileFailed) { // the diagnosis may still explain the build output
        for (const auto &[name, text] : st.texts)
            in.texts.append({name, text});
        scope.record.findings << st.ctx.diagnose(in, c);
        return;
    }
    if (!st.file.isEmpty() && QFileInfo(st.file).isFile())
        in.inputs << st.file;
    if (!st.o.kernel.isEmpty())
        in.kernels << st.o.kernel;
    in.targets = st.targets;
    for (const auto &[name, text] : st.texts)
        if (!text.trimmed().isEmpty())
            in.texts.append({name, text});
    in.probeDevices = st.ctx.devices;
    in.probeRan = st.ctx.devicesQueried;
    in.runtimeVersion = st.ctx.runtimeVersion;
    st.ctx.progress(2, c.id, QStringLiteral("diagnosing"));
    scope.record.findings << st.ctx.diagnose(in, c);
    addProbeFindings(st, !in.inputs.isEmpty(), scope);
}

void concludeSuspect(const Suspect &st, StepRecord &s) {
    if (st.compileFailed) {
        s.status = CheckStatus::Fail;
        s.summary = s.checks.value(0).summary;
        return;
    }
    const auto has = [&](CheckStatus x) {
        return std::any_of(s.checks.begin(), s.checks.end(),
                           [x](const CheckRecord &c) { return c.status == x; });
    };
    s.status = has(CheckStatus::Fail)    ? CheckStatus::Fail
               : has(CheckStatus::Error) ? CheckStatus::Error
                                         : CheckStatus::Pass;
    const CheckRecord *main = s.check(st.mainId);
    if (!main)
        return;
    if (main->status == CheckStatus::Pass && !hasErrors(s.findings)) {
        s.status = CheckStatus::Pass;
        s.summary = HD_TEXT("hd::Verify", "the operator works in isolation: %1").arg(main->summary);
        return;
    }
    QStringList ids;
    for (const Finding &f : s.findings)
        if (f.severity == Severity::Error)
            ids << f.id;
    ids.removeDuplicates();
    s.status =
        main->status == CheckStatus::Pass && ids.isEmpty() ? CheckStatus::Pass : CheckStatus::Fail;
    s.summary = main->summary;
    if (!ids.isEmpty())
        s.summary += QStringLiteral(" — findings: %1").arg(ids.join(QStringLiteral(", ")));
}

} // namespace

StepPlan suspectPlan(VerifyContext &ctx) {
    const auto st = std::make_shared<Suspect>(ctx);
    StepPlan plan;
    plan.step = 2;
    plan.title = HD_TEXT("hd::Verify", "The suspect operator alone").english();
    plan.inputs = st->o.toJson();
    plan.state = st;
    if (st->o.mode == Mode::None)
        plan.skipReason =
            HD_TEXT("hd::Verify", "no operator given (--artifact, --dlopen, --exec or --source)");
    const bool launch = !st->o.args.isEmpty();
    plan.checks = {
        {QStringLiteral("compile"),
         HD_TEXT("hd::Verify", "Compile the operator"),
         [st] { return st->o.mode == Mode::Source; },
         {},
         [st](CheckRecord &c, StepScope &s) { checkCompile(*st, c, s); }},
        {QStringLiteral("input"),
         HD_TEXT("hd::Verify", "The operator's file"),
         [st] { return inputMissing(*st); },
         {},
         [st](CheckRecord &c, StepScope &s) {
             c.status = CheckStatus::Error;
             c.summary = HD_TEXT("hd::Verify", "%1: no such file").arg(st->file);
             s.stop(CheckStatus::Error, c.summary);
         }},
        {QStringLiteral("probe-dlopen"),
         HD_TEXT("hd::Verify", "dlopen the library in a clean process (probe)"),
         [st] { return st->runs(Mode::Dlopen); },
         {},
         [st](CheckRecord &c, StepScope &s) { checkDlopen(*st, c, s); }},
        {QStringLiteral("run"),
         HD_TEXT("hd::Verify", "Run the operator's program in a clean process"),
         [st] { return st->runs(Mode::Executable); },
         {},
         [st](CheckRecord &c, StepScope &s) { checkRun(*st, c, s); }},
        {QStringLiteral("inspect"),
         HD_TEXT("hd::Verify", "What the file holds"),
         [st] { return st->runs(Mode::Artifact); },
         {},
         [st](CheckRecord &c, StepScope &) { checkInspect(*st, c); }},
        {launch ? QStringLiteral("probe-launch") : QStringLiteral("probe-load"),
         launch ? HD_TEXT("hd::Verify", "Module API: load, look up and launch the kernel (probe)")
                : HD_TEXT("hd::Verify", "Module API: load and look up the kernel (probe)"),
         [st] { return st->runs(Mode::Artifact); },
         {},
         [st](CheckRecord &c, StepScope &s) { checkProbe(*st, c, s); }},
        {QStringLiteral("diagnose"),
         HD_TEXT("hd::Verify", "Diagnosis of the artifact and the logs"),
         {},
         {},
         [st](CheckRecord &c, StepScope &s) { checkDiagnose(*st, c, s); }},
    };
    plan.conclude = [st](StepRecord &s) { concludeSuspect(*st, s); };
    return plan;
}

} // namespace hd
