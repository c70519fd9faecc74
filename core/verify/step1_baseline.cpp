// Step 1, the baseline (docs/design.md "The method it implements"): the platform compiler
// builds the vector add for the device's exact target as a program and as a code object, the
// program's runtime dependency resolves, and the program and the probe's module-API launch run
// in clean processes. Each check below states one of these; the runner does the rest.

#include "artifacts/inspector.h"
#include "common/engine_text.h"
#include "common/shell.h"
#include "verify/check_support.h"
#include "verify/compile_cache.h"
#include "verify/verify_context.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

namespace hd {

namespace {

// What step 1's checks find out, in order; later checks read what earlier ones set.
struct Baseline {
    VerifyContext &ctx;
    const Step1Options &o;
    bool noDevice = false;
    CompilerInfo compiler;
    QString version;
    std::optional<CompileCache> cache;
    QString target;
    bool nv = false;
    QString mainSrc, kernSrc;
    QStringList progFlags, coFlags;
    QString program, codeObject;     // built outputs ("" when not built)
    QString hostWork, hostWorkError; // on a node: the folder the compiles write to there
    // Where compiles went when the cache could not hold them (removed with the step).
    std::vector<std::shared_ptr<QTemporaryDir>> scratch;

    Baseline(VerifyContext &c) : ctx(c), o(c.options.step1) {}

    ProcessSpec spec(const QStringList &argv, const QString &cwd) const {
        return ctx.spec(argv, cwd);
    }
};

using BaselinePtr = std::shared_ptr<Baseline>;

void checkDevices(Baseline &b, CheckRecord &c) {
    c = b.ctx.queryDevices(1);
    const ProbeResult r = probeResultOf(c);
    b.noDevice =
        c.status != CheckStatus::Pass && (probeSaysNoDevice(r) || (r.ok() && r.devices.isEmpty()));
}

void checkCompiler(Baseline &b, CheckRecord &c, StepScope &scope) {
    VerifyContext &ctx = b.ctx;
    const bool nvidiaDevice = !ctx.devices.isEmpty() && ctx.devices.first().target.isNvidia();
    QElapsedTimer t;
    t.start();
    CompilerInfo ci;
    b.cache.emplace(b.o.cacheDir.isEmpty() ? defaultCompileCacheDir() : b.o.cacheDir);
    if (ctx.remote()) {
        // On a node the compiler is looked up there: the given one, else hipcc (nvcc for an
        // NVIDIA device) on the node's PATH; its --version run says whether it exists.
        ci.path = !b.o.compiler.isEmpty() ? b.o.compiler
                  : nvidiaDevice          ? QStringLiteral("nvcc")
                                          : QStringLiteral("hipcc");
        ci.kind = QFileInfo(ci.path).fileName().startsWith(QLatin1String("nvcc"))
                      ? QStringLiteral("nvcc")
                      : QStringLiteral("hipcc");
        ci.via = b.o.compiler.isEmpty()
                     ? HD_TEXT("hd::Verify", "PATH on %1").arg(ctx.host->hostName())
                     : QStringLiteral("--compiler");
        CheckRecord vr;
        ctx.host->runProcess(b.spec({ci.path, QStringLiteral("--version")}, {}), vr);
        ci.searched << QStringLiteral("%1:%2").arg(ctx.host->hostName(), ci.path);
        if (vr.status == CheckStatus::Pass) {
            b.version = (vr.stdoutText + vr.stderrText).trimmed();
        } else {
            ci.path.clear();
            if (!vr.summary.isEmpty())
                ci.searched << vr.summary;
        }
    } else {
        ci = detectCompiler(ctx.baseEnv, b.o.compiler, nvidiaDevice);
        if (!ci.path.isEmpty()) {
            b.version = b.cache->compilerVersion(ci.path, [&] {
                CheckRecord vr;
                ctx.host->runProcess(b.spec({ci.path, QStringLiteral("--version")}, {}), vr);
                return (vr.stdoutText + vr.stderrText).trimmed();
            });
        }
    }
    b.compiler = ci;
    c.durationMs = double(t.nsecsElapsed()) / 1e6;
    c.data.insert(QStringLiteral("searched"), QJsonArray::fromStringList(ci.searched));
    c.data.insert(QStringLiteral("via"), ci.via);
    c.data.insert(QStringLiteral("kind"), ci.kind);
    c.stdoutText = b.version;
    if (ci.path.isEmpty()) {
        c.status = CheckStatus::Fail;
        c.summary = HD_TEXT("hd::Verify", "no hipcc or nvcc found; looked at: %1")
                        .arg(ci.searched.join(QStringLiteral(", ")));
        scope.record.findings << catalogFinding(
            QStringLiteral("layer.compile-failed"), Severity::Error, Direction::RuntimeLink,
            HD_TEXT("hd::Verify", "No platform compiler found"), c.summary,
            {{QStringLiteral("search"), {}, ci.searched.join(QLatin1Char(' '))}},
            {HD_TEXT("hd::Verify",
                     "Install hipcc (Debian: apt install hipcc) or set HIP_PATH / ROCM_PATH")},
            QStringLiteral("compile"));
        scope.stop(CheckStatus::Fail, c.summary);
        return;
    }
    c.status = CheckStatus::Pass;
    c.command = {ci.path};
    c.summary = HD_TEXT("hd::Verify", "%1 (%2, found via %3)")
                    .arg(ci.path, firstLines(b.version, 1), ci.via);
}

// The sources and flags for the chosen target and compiler.
void planCompiles(Baseline &b) {
    const QString srcDir = b.ctx.sourceDir();
    b.nv = b.compiler.kind == QLatin1String("nvcc");
    const QString ext = b.nv ? QStringLiteral(".cu") : QStringLiteral(".hip");
    // The CUDA sources sit in cuda/ of the kernels folder (source tree and installed copy);
    // a --kernels-dir may also hold them directly.
    QString dir = srcDir;
    if (b.nv && !QFileInfo::exists(dir + QStringLiteral("/vector_add_main.cu")) &&
        QFileInfo::exists(dir + QStringLiteral("/cuda/vector_add_main.cu")))
        dir += QStringLiteral("/cuda");
    b.mainSrc = dir + QStringLiteral("/vector_add_main") + ext;
    b.kernSrc = dir + QStringLiteral("/vector_add") + ext;
    const QStringList archFlags =
        b.nv ? QStringList{QStringLiteral("-arch=%1").arg(b.target)}
             : QStringList{QStringLiteral("--offload-arch=%1").arg(b.target)};
    b.progFlags = archFlags + QStringList{QStringLiteral("-O2")};
    b.coFlags =
        (b.nv ? QStringList{QStringLiteral("-cubin")} : QStringList{QStringLiteral("--genco")}) +
        archFlags + QStringList{QStringLiteral("-O2")};
}

void checkTarget(Baseline &b, CheckRecord &c, StepScope &scope) {
    const QList<DeviceInfo> &devices = b.ctx.devices;
    c.status = CheckStatus::Pass;
    QString target = b.o.target;
    QString why;
    if (!target.isEmpty()) {
        why = HD_TEXT("hd::Verify", "given with --target");
    } else if (!devices.isEmpty()) {
        target = devices.first().target.toString();
        why =
            HD_TEXT("hd::Verify", "the exact target of device 0 (%1)").arg(devices.first().label());
    } else {
        target = b.compiler.kind == QLatin1String("nvcc")
                     ? QStringLiteral("sm_80")
                     : QString::fromLatin1(kDefaultStep1Target);
        why = HD_TEXT("hd::Verify", "no --target and no device: using the documented default %1 "
                                    "(give --target for the GPU the project runs on)")
                  .arg(target);
    }
    QString terr;
    const auto parsed = TargetId::parse(target, &terr);
    if (!parsed) {
        c.status = CheckStatus::Error;
        c.summary = HD_TEXT("hd::Verify", "'%1' is not a target id: %2").arg(target, terr);
        scope.stop(CheckStatus::Error, c.summary);
        return;
    }
    b.target = parsed->toString();
    c.summary = QStringLiteral("%1: %2").arg(b.target, why);
    c.data.insert(QStringLiteral("target"), b.target);
    planCompiles(b);
}

struct CompileJob {
    QString src;
    QStringList flags;
    QString outName;
    bool hashHash = false; // record the sub-commands (-###) instead of building
};

// On a node the sources are copied there and the outputs go to one fresh folder there (this
// machine's compile cache does not describe the node's compiler); "" and *error when it
// cannot be made.
QString hostWorkDir(Baseline &b, QString *error) {
    if (b.hostWork.isEmpty() && b.hostWorkError.isEmpty()) {
        CheckRecord mk;
        b.ctx.host->runProcess(
            b.spec({QStringLiteral("mktemp"), QStringLiteral("-d"), QStringLiteral("-t"),
                    QStringLiteral("hipdoctor-step1.XXXXXX")},
                   {}),
            mk);
        b.hostWork = mk.status == CheckStatus::Pass ? mk.stdoutText.trimmed() : QString();
        if (b.hostWork.isEmpty())
            b.hostWorkError =
                mk.summary.isEmpty() ? HD_TEXT("hd::Verify", "mktemp failed") : mk.summary;
    }
    *error = b.hostWorkError;
    return b.hostWork;
}

// Runs the compile on the host, or takes it from the cache (never on a node).
void runCompile(Baseline &b, const CompileJob &job, CheckRecord &c) {
    const bool remote = b.ctx.remote();
    bool useCache = b.o.useCache && !remote;
    QString srcArg = job.src, runDir, key;
    if (remote) {
        QString error;
        runDir = hostWorkDir(b, &error);
        srcArg = runDir.isEmpty() ? QString() : b.ctx.onHost(job.src, &error);
        if (srcArg.isEmpty()) {
            c.startedAt = isoNow();
            c.status = CheckStatus::Error;
            c.summary = HD_TEXT("hd::Verify", "cannot prepare the compile on %1: %2")
                            .arg(b.ctx.host->hostName(), error);
            return;
        }
    } else {
        key = b.cache->key(b.compiler.path, b.version, job.src, b.target,
                           job.hashHash ? job.flags + QStringList{QStringLiteral("-###")}
                                        : job.flags);
    }
    QElapsedTimer ct;
    ct.start();
    QString damaged, cacheProblem;
    if (useCache) {
        if (auto hit = b.cache->lookup(key, &damaged)) {
            c = *hit;
            c.cached = true;
            c.startedAt = isoNow();
            c.data.insert(QStringLiteral("original_duration_ms"), c.durationMs);
            c.durationMs = double(ct.nsecsElapsed()) / 1e6;
            return;
        }
    }
    QString tmp = remote ? runDir : b.cache->beginEntry(key, &cacheProblem);
    if (tmp.isEmpty()) {
        // The cache's disk is full or read-only: named, and the compile goes to a temporary
        // folder instead (docs/limits.md "Full and read-only disks").
        auto dir = std::make_shared<QTemporaryDir>(QDir::tempPath() +
                                                   QStringLiteral("/hipdoctor-compile-XXXXXX"));
        if (!dir->isValid()) {
            c.startedAt = isoNow();
            c.status = CheckStatus::Error;
            c.summary = HD_TEXT("hd::Verify", "cannot compile: %1; no temporary folder either (%2)")
                            .arg(cacheProblem, dir->errorString());
            c.data.insert(QStringLiteral("compile_cache"), cacheProblem);
            return;
        }
        b.scratch.push_back(dir);
        tmp = dir->path();
        useCache = false;
    }
    const QString out = tmp + QLatin1Char('/') + job.outName;
    QStringList argv{b.compiler.path};
    if (job.hashHash) // nvcc spells "print the sub-commands" --dryrun
        argv << (b.nv ? QStringLiteral("--dryrun") : QStringLiteral("-###"));
    argv << job.flags << QStringLiteral("-o") << out << srcArg;
    b.ctx.progress(
        1, c.id,
        QStringLiteral("%1 %2 for %3")
            .arg(job.hashHash ? QStringLiteral("recording") : QStringLiteral("compiling"),
                 QFileInfo(job.src).fileName(), b.target));
    b.ctx.host->runProcess(b.spec(argv, tmp), c);
    if (c.status == CheckStatus::Pass && !job.hashHash && !remote && !QFileInfo::exists(out)) {
        c.status = CheckStatus::Fail;
        c.summary = HD_TEXT("hd::Verify", "the compiler exited 0 but wrote no %1").arg(job.outName);
    } else if (c.status == CheckStatus::Pass) {
        c.summary = job.hashHash
                        ? HD_TEXT("hd::Verify", "the compiler's sub-commands for %1").arg(b.target)
                        : HD_TEXT("hd::Verify", "built %1 for %2").arg(job.outName, b.target);
    } else if (c.status == CheckStatus::Fail) {
        c.summary = HD_TEXT("hd::Verify", "compile failed (%1)").arg(signatureOf(c).summary());
    }
    c.artifacts = job.hashHash ? QStringList{} : QStringList{out};
    if (remote)
        return;
    const bool noRoom = c.stderrText.contains(QLatin1String("No space left on device"));
    if (noRoom && c.status != CheckStatus::Pass)
        c.summary =
            HD_TEXT("hd::Verify", "compile failed: no space left on the disk of %1").arg(tmp);
    if (!cacheProblem.isEmpty()) {
        c.data.insert(QStringLiteral("compile_cache"), cacheProblem);
        c.summary += HD_TEXT("hd::Verify", " (not cached: %1; built in %2, removed after the step)")
                         .arg(cacheProblem, tmp);
    }
    if (!damaged.isEmpty()) {
        c.data.insert(QStringLiteral("compile_cache"), damaged);
        c.summary +=
            HD_TEXT("hd::Verify", " (the cached entry was damaged, %1: rebuilt)").arg(damaged);
    }
    if (c.status == CheckStatus::Pass && useCache) {
        if (const auto committed = b.cache->commitEntry(key, tmp, c))
            c = *committed;
    } else if (noRoom && cacheProblem.isEmpty()) {
        b.cache->dropEntry(tmp); // nothing worth keeping, and the disk needs the room
    } else if (cacheProblem.isEmpty()) {
        b.cache->keepUncommitted(tmp);
    }
}

Finding compileFailed(const CheckRecord &c) {
    return catalogFinding(
        QStringLiteral("layer.compile-failed"), Severity::Error, Direction::None,
        HD_TEXT("hd::Verify", "The baseline vector add does not compile"), c.summary,
        {{QStringLiteral("command"), {}, shellJoin(c.command)},
         {HD_TEXT("hd::Verify", "compiler output"), {}, firstLines(c.stderrText, 8)}},
        {c.stderrText.contains(QLatin1String("No space left on device"))
             ? HD_TEXT("hd::Verify", "Free space on the disk named above, or give --cache-dir "
                                     "on another disk: the compiler may well be fine")
             : HD_TEXT("hd::Verify", "Fix the compiler installation first: every "
                                     "kernel build depends on it (see the output)")},
        QStringLiteral("compile"));
}

// A compile check: skipped when its source is missing; a failure is a finding; the output
// lands in *built.
Check compileCheck(const BaselinePtr &b, const QString &id, const QString &title,
                   std::function<CompileJob()> job, QString Baseline::*built) {
    Check c{id, title, {}, {}, {}};
    c.skipReason = [b, job] {
        const QString src = job().src;
        return QFileInfo::exists(src)
                   ? QString()
                   : HD_TEXT("hd::Verify", "source %1 not found (set --kernels-dir)").arg(src);
    };
    c.body = [b, job, built](CheckRecord &r, StepScope &scope) {
        runCompile(*b, job(), r);
        if (!built)
            return;
        if (r.status == CheckStatus::Fail)
            scope.record.findings << compileFailed(r);
        if (r.status == CheckStatus::Pass)
            (*b).*built = r.artifacts.value(0);
    };
    return c;
}

// The program's DT_NEEDED runtime library, resolved the way the dynamic loader would.
void checkRuntimeDependency(Baseline &b, CheckRecord &dep, StepScope &scope) {
    QElapsedTimer dt;
    dt.start();
    InspectOptions io;
    io.symbols = false;
    io.metadata = false;
    io.resolveLibraries = true;
    const auto ld = b.ctx.options.env.value(QStringLiteral("LD_LIBRARY_PATH"));
    io.ldLibraryPath = ld ? ld->split(QLatin1Char(':'), Qt::SkipEmptyParts)
                          : b.ctx.baseEnv.value(QStringLiteral("LD_LIBRARY_PATH"))
                                .split(QLatin1Char(':'), Qt::SkipEmptyParts);
    const ArtifactReport rep = inspectFile(b.program, io);
    dep.durationMs = double(dt.nsecsElapsed()) / 1e6;
    dep.artifacts = {b.program};
    QJsonArray res;
    const LibraryResolution *hip = nullptr;
    if (rep.host) {
        for (const LibraryResolution &lr : rep.host->resolutions) {
            res.append(lr.toJson());
            if (lr.name.startsWith(QLatin1String("libamdhip64")) ||
                lr.name.startsWith(QLatin1String("libcudart")))
                hip = &lr;
        }
        dep.data.insert(QStringLiteral("needed"), QJsonArray::fromStringList(rep.host->needed));
    }
    dep.data.insert(QStringLiteral("resolutions"), res);
    if (!rep.host) {
        dep.status = CheckStatus::Error;
        dep.summary = HD_TEXT("hd::Verify", "could not read %1 as a host binary").arg(b.program);
    } else if (!hip) {
        dep.status = b.nv ? CheckStatus::Pass : CheckStatus::Fail;
        dep.summary = b.nv ? HD_TEXT("hd::Verify", "no libcudart dependency (static CUDA runtime)")
                           : HD_TEXT("hd::Verify", "the program does not depend on libamdhip64");
    } else if (hip->found()) {
        dep.status = CheckStatus::Pass;
        dep.summary = QStringLiteral("%1 → %2 (via %3)").arg(hip->name, hip->path, hip->via);
    } else {
        dep.status = CheckStatus::Fail;
        dep.summary = HD_TEXT("hd::Verify", "%1 resolves nowhere; looked in %2")
                          .arg(hip->name, hip->searched.join(QStringLiteral(", ")));
        scope.record.findings << catalogFinding(
            QStringLiteral("runtime.library-not-found"), Severity::Error, Direction::RuntimeLink,
            HD_TEXT("hd::Verify", "%1 is not found by the dynamic loader").arg(hip->name),
            dep.summary, {{b.program, QStringLiteral("DT_NEEDED"), hip->name}},
            {HD_TEXT("hd::Verify", "Install the HIP runtime package or add its directory to "
                                   "LD_LIBRARY_PATH")},
            QStringLiteral("load"));
    }
}

void checkRunProgram(Baseline &b, CheckRecord &run) {
    b.ctx.progress(1, run.id, HD_TEXT("hd::Verify", "running the vector-add program"));
    b.ctx.host->runProcess(
        b.spec({b.program, QString::number(b.o.elements)}, QFileInfo(b.program).absolutePath()),
        run);
    const FailureSignature sig = signatureOf(run);
    if (run.status == CheckStatus::Pass) {
        run.summary = firstLines(run.stdoutText, 1);
    } else if (sig.hipErrors.contains(QStringLiteral("hipErrorNoDevice")) ||
               sig.hipErrors.contains(QStringLiteral("cudaErrorNoDevice"))) {
        run.summary =
            HD_TEXT("hd::Verify", "the runtime answers: no device (%1)").arg(sig.firstError);
        b.noDevice = true;
    } else {
        run.summary = sig.summary();
    }
}

void checkProbeLaunch(Baseline &b, CheckRecord &pl) {
    b.ctx.progress(1, pl.id,
                   HD_TEXT("hd::Verify", "loading and launching vector_add through the probe"));
    ProbeRequest req = b.ctx.request(ProbeRequest::Kind::Launch);
    req.file = b.codeObject;
    req.kernel = QStringLiteral("vector_add");
    req.kernels = {req.kernel};
    const unsigned n = unsigned(std::max(1, b.o.elements));
    req.args = QStringLiteral("buf:f32:%1:rand, buf:f32:%1:rand, buf:f32:%1:out, i32:%1").arg(n);
    req.block = {256, 1, 1};
    req.grid = {(n + 255) / 256, 1, 1};
    req.repeat = 1;
    const ProbeResult r = b.ctx.host->runProbe(req, b.ctx.probeOptions());
    fillFromProbe(r, b.ctx.profileEnv(), pl);
    pl.artifacts = {b.codeObject};
    if (probeSaysNoDevice(r)) {
        b.noDevice = true;
        pl.summary = HD_TEXT("hd::Verify", "the runtime answers: no device — %1").arg(r.summary());
    }
}

// The step's verdict once every check ran.
void concludeBaseline(const Baseline &b, StepRecord &s) {
    if (b.noDevice) {
        QList<Evidence> ev;
        for (const CheckRecord &c : s.checks)
            if ((c.id == QLatin1String("run-program") || c.id == QLatin1String("probe-launch") ||
                 c.id == QLatin1String("runtime-devices")) &&
                c.status == CheckStatus::Fail)
                ev.append({QStringLiteral("step 1: ") + c.id, {}, c.summary});
        s.findings << noDeviceFinding(ev);
    }
    const auto passed = [&](const char *id) {
        const CheckRecord *c = s.check(QString::fromLatin1(id));
        return c && c->status == CheckStatus::Pass;
    };
    // On a node the loader-path check is left to the program's run there (skipped with that
    // reason): the run below stands for it.
    const CheckRecord *dep = s.check(QStringLiteral("runtime-dependency"));
    const bool depOk =
        passed("runtime-dependency") ||
        (b.ctx.remote() && dep && dep->status == CheckStatus::Skipped && !b.program.isEmpty());
    const bool buildOk = passed("compile-program") && passed("compile-code-object") && depOk;
    const bool runOk = passed("run-program") && passed("probe-launch");
    if (buildOk && runOk) {
        s.status = CheckStatus::Pass;
        s.summary =
            HD_TEXT("hd::Verify", "compiler, runtime link, runtime and device work: the vector "
                                  "add runs as a program and through the module API on %1")
                .arg(b.target);
    } else if (buildOk && b.noDevice) {
        s.status = CheckStatus::Fail;
        s.summary = HD_TEXT("hd::Verify", "compile and link work (vector add built for %1, runtime "
                                          "resolved), but the runtime answers: no device")
                        .arg(b.target);
    } else {
        QStringList failed;
        const CheckRecord *firstSkip = nullptr;
        for (const CheckRecord &c : s.checks) {
            if (c.status == CheckStatus::Fail || c.status == CheckStatus::Error)
                failed << c.id;
            else if (c.status == CheckStatus::Skipped && !firstSkip)
                firstSkip = &c;
        }
        if (failed.isEmpty() && firstSkip) {
            // Nothing failed, the baseline just could not be built (its sources are missing):
            // that says nothing about the base chain, so the step is not a failure of it.
            s.status = CheckStatus::Skipped;
            s.summary = HD_TEXT("hd::Verify", "could not run: %1").arg(firstSkip->summary);
            return;
        }
        s.status = CheckStatus::Fail;
        s.summary = HD_TEXT("hd::Verify", "the base chain fails at: %1")
                        .arg(failed.join(QStringLiteral(", ")));
    }
}

QList<Check> compileChecks(const BaselinePtr &b) {
    const auto progJob = [b](bool hashHash) {
        return [b, hashHash] {
            return CompileJob{b->mainSrc, b->progFlags, QStringLiteral("vector_add_main"),
                              hashHash};
        };
    };
    const auto coJob = [b] {
        return CompileJob{
            b->kernSrc, b->coFlags,
            b->nv ? QStringLiteral("vector_add.cubin") : QStringLiteral("vector_add.co"), false};
    };
    return {compileCheck(b, QStringLiteral("compiler-commands"),
                         HD_TEXT("hd::Verify", "Compiler sub-commands (-###)"), progJob(true),
                         nullptr),
            compileCheck(b, QStringLiteral("compile-program"),
                         HD_TEXT("hd::Verify", "Compile and link the vector-add program"),
                         progJob(false), &Baseline::program),
            compileCheck(b, QStringLiteral("compile-code-object"),
                         HD_TEXT("hd::Verify", "Compile the kernel as a code object"), coJob,
                         &Baseline::codeObject)};
}

} // namespace

StepPlan baselinePlan(VerifyContext &ctx) {
    const auto b = std::make_shared<Baseline>(ctx);
    StepPlan plan;
    plan.step = 1;
    plan.title = HD_TEXT("hd::Verify", "Baseline: vector add with the platform compiler");
    plan.inputs = b->o.toJson();
    plan.state = b;
    const auto noProgram = [b] {
        return b->program.isEmpty() ? HD_TEXT("hd::Verify", "no program was built") : QString();
    };
    plan.checks = {
        {QStringLiteral("runtime-devices"),
         HD_TEXT("hd::Verify", "Runtime and devices (probe)"),
         {},
         {},
         [b](CheckRecord &c, StepScope &) { checkDevices(*b, c); }},
        {QStringLiteral("compiler"),
         HD_TEXT("hd::Verify", "Platform compiler"),
         {},
         {},
         [b](CheckRecord &c, StepScope &s) { checkCompiler(*b, c, s); }},
        {QStringLiteral("target"),
         HD_TEXT("hd::Verify", "Target to compile for"),
         {},
         {},
         [b](CheckRecord &c, StepScope &s) { checkTarget(*b, c, s); }},
    };
    plan.checks += compileChecks(b);
    plan.checks += {
        {QStringLiteral("runtime-dependency"),
         HD_TEXT("hd::Verify", "The program's runtime library (loader path)"),
         {},
         [b, noProgram] {
             // On a node the loader path is the node's: the program's run there shows it.
             const QString why = noProgram();
             return !why.isEmpty() || !b->ctx.remote()
                        ? why
                        : HD_TEXT("hd::Verify",
                                  "the loader path is the node's (%1): the program's run "
                                  "below shows what its loader finds")
                              .arg(b->ctx.host->hostName());
         },
         [b](CheckRecord &c, StepScope &s) { checkRuntimeDependency(*b, c, s); }},
        {QStringLiteral("run-program"),
         HD_TEXT("hd::Verify", "Run the program (hipLaunchKernelGGL, result checked)"),
         {},
         noProgram,
         [b](CheckRecord &c, StepScope &) { checkRunProgram(*b, c); }},
        {QStringLiteral("probe-launch"),
         HD_TEXT("hd::Verify", "Module API: load, look up and launch the code object (probe)"),
         {},
         [b] {
             return b->codeObject.isEmpty() ? HD_TEXT("hd::Verify", "no code object was built")
                                            : QString();
         },
         [b](CheckRecord &c, StepScope &) { checkProbeLaunch(*b, c); }},
    };
    plan.conclude = [b](StepRecord &s) { concludeBaseline(*b, s); };
    return plan;
}

} // namespace hd
