// Step 1, the baseline (docs/design.md "The method it implements"): the platform compiler
// builds the vector add for the device's exact target as a program, whose code object for that
// target the probe loads through the module API (hipcc on this machine: taken out of the
// program's offload bundle; nvcc, a node, or a program without one: a compile of its own), the
// program's runtime dependency resolves, and the program and the probe's module-API launch run
// in clean processes. Each check below states one of these; the runner does the rest.

// Work beside the checks (docs/performance.md "Step 1 from cold"): on this machine the
// compiles, the --version query, the device query, the program's run and the probe's launch
// start as soon as what they need is known and run side by side, as many at once as the host
// has cores; the checks below still record them one by one in their order, so the record is
// the same as when they ran one after the other. On a host that runs one child at a time (a
// node over ssh) each piece of work runs when its check asks for it, in the checks' order.

#include "artifacts/inspector.h"
#include "artifacts/selection.h"
#include "check_support_p.h"
#include "common/engine_text.h"
#include "common/shell.h"
#include "verify/compile_cache.h"
#include "verify_context_p.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QSaveFile>
#include <QTemporaryDir>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <vector>

namespace hd {

namespace {

// A piece of work started ahead of the check that records it.
template <class T> using Job = std::shared_future<T>;

template <class T> Job<T> readyJob(T value) {
    std::promise<T> p;
    p.set_value(std::move(value));
    return p.get_future().share();
}

// Done, or deferred (then get() runs it now, on this thread).
template <class T> bool available(const Job<T> &job) {
    return job.wait_for(std::chrono::seconds(0)) != std::future_status::timeout;
}

// At most n children at once; a waiting one with a lower rank goes first, so the longest
// compile (the step's critical path) starts at once.
class ChildSlots {
public:
    enum Rank { Program, CodeObject, Devices, Version, RunProgram, ProbeLaunch };

    explicit ChildSlots(int n) : m_free(std::max(1, n)) {}

    // The child of that rank got its slot (a cached compile never does).
    bool started(Rank rank) const { return m_started[rank].load(); }

    class Held {
    public:
        Held(ChildSlots &owner, Rank rank) : m_slots(owner) { m_slots.acquire(rank); }
        ~Held() { m_slots.release(); }
        Held(const Held &) = delete;
        Held &operator=(const Held &) = delete;

    private:
        ChildSlots &m_slots;
    };

private:
    void acquire(Rank rank) {
        std::unique_lock lock(m_mutex);
        const auto me = m_waiting.insert(rank);
        m_cv.wait(lock, [&] { return m_free > 0 && *m_waiting.begin() == rank; });
        m_waiting.erase(me);
        --m_free;
        m_started[rank] = true;
    }
    void release() {
        {
            const std::lock_guard lock(m_mutex);
            ++m_free;
        }
        m_cv.notify_all();
    }

    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::multiset<Rank> m_waiting;
    int m_free;
    std::array<std::atomic_bool, ProbeLaunch + 1> m_started{};
};

// What a piece of work found, applied to the step by its check.
struct Done {
    CheckRecord record;
    QList<Finding> findings;
    bool noDevice = false;
};

// The compiles for one compiler and target: sources and flags.
struct CompilePlan {
    QString compiler;
    bool nv = false;
    QString target;
    QString mainSrc, kernSrc;
    QStringList progFlags, coFlags;

    QString id() const {
        return QStringList{compiler,
                           target,
                           mainSrc,
                           kernSrc,
                           progFlags.join(QLatin1Char(' ')),
                           coFlags.join(QLatin1Char(' '))}
            .join(QLatin1Char('\n'));
    }
};

// The compiler's --version: its text (the compile cache's key), the ms it took, and why it
// did not answer (it could not start or exited non-zero: a broken install, a hipcc copied
// away from its Perl script), "" when it did.
struct CompilerVersion {
    QString text;
    double ms = 0;
    QString failure;
};

struct Ahead {
    Job<std::pair<ProbeResult, QString>> devices; // the answer, when it was asked
    QString versionFor;                           // the compiler the version below is of
    Job<CompilerVersion> version;                 // its --version
    QString compilesFor;                          // CompilePlan::id() of the jobs below
    Job<CheckRecord> program, codeObject;
    Job<Done> dependency, run, probe;
};

// What step 1's checks find out, in order; later checks read what earlier ones set.
struct Baseline {
    VerifyContext &ctx;
    const Step1Options &o;
    const bool concurrent; // the host runs several children at once
    ChildSlots children;
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
    // Where compiles went when the cache could not hold them (removed with the step); compiles
    // run concurrently, so it is added to under scratchMutex.
    std::mutex scratchMutex;
    std::vector<std::shared_ptr<QTemporaryDir>> scratch;
    // Declared last, so destroyed first: a job still running (the step was cancelled) is
    // waited for while what it reads still exists. Jobs hold no BaselinePtr.
    Ahead ahead;

    Baseline(VerifyContext &c)
        : ctx(c), o(c.options.step1), concurrent(c.host->concurrency() > 1),
          children(c.host->concurrency()) {}

    ProcessSpec spec(const QStringList &argv, const QString &cwd) const {
        return ctx.spec(argv, cwd);
    }
    CompileCache &compileCache() {
        if (!cache)
            cache.emplace(o.cacheDir.isEmpty() ? defaultCompileCacheDir() : o.cacheDir);
        return *cache;
    }
    // f on its own thread now, or (one child at a time) when its result is first asked for.
    template <class F> auto launch(F f) -> Job<decltype(f())> {
        return std::async(concurrent ? std::launch::async : std::launch::deferred, std::move(f))
            .share();
    }
};

using BaselinePtr = std::shared_ptr<Baseline>;

// Waits for job; says message once its child runs (never for a cached compile).
template <class T>
const T &waitFor(Baseline &b, const Job<T> &job, ChildSlots::Rank rank, const QString &checkId,
                 const QString &message) {
    bool said = !b.concurrent || message.isEmpty(); // one at a time: the work says it itself
    while (!available(job)) {
        if (!said && b.children.started(rank)) {
            b.ctx.progress(1, checkId, message);
            said = true;
        }
        job.wait_for(std::chrono::milliseconds(20));
    }
    return job.get();
}

// The compiler's --version text (kept per compiler file by the cache), computed beside the
// device query and the compiles when it is not known yet.
void startVersion(Baseline &b, const QString &compilerPath) {
    // hipcc asks rocm_agent_enumerator (a Python program) for a default target on every run
    // that names none, --version included; naming the target the user gave spares that and
    // prints the same text.
    QStringList argv{compilerPath, QStringLiteral("--version")};
    if (QFileInfo(compilerPath).fileName().startsWith(QLatin1String("hipcc")) &&
        TargetId::parse(b.o.target))
        argv.insert(
            1, QStringLiteral("--offload-arch=%1").arg(TargetId::parse(b.o.target)->toString()));
    if (b.ahead.versionFor == compilerPath && b.ahead.version.valid())
        return;
    b.ahead.versionFor = compilerPath;
    CompileCache &cache = b.compileCache();
    if (const auto known = cache.knownCompilerVersion(compilerPath)) {
        b.ahead.version = readyJob(CompilerVersion{*known, 0.0, {}});
        return;
    }
    b.ahead.version = b.launch([&b, &cache, compilerPath, argv] {
        QElapsedTimer t;
        t.start();
        CompilerVersion v;
        const auto text = cache.compilerVersion(compilerPath, [&]() -> std::optional<QString> {
            const ChildSlots::Held slot(b.children, ChildSlots::Version);
            CheckRecord vr;
            b.ctx.host->runProcess(b.spec(argv, {}), vr);
            v.text = (vr.stdoutText + vr.stderrText).trimmed();
            if (vr.status == CheckStatus::Pass)
                return v.text;
            v.failure = v.text.isEmpty() ? vr.summary.english()
                                         : QStringLiteral("%1: %2").arg(vr.summary.english(),
                                                                        firstLines(v.text, 1));
            return std::nullopt;
        });
        if (text) // ours, or the run another thread made meanwhile
            v = {*text, 0.0, {}};
        v.ms = double(t.nsecsElapsed()) / 1e6;
        return v;
    });
}

// Whether step 1 compiles with nvcc: a --target says it (sm_NN: nvcc; gfxNNN: hipcc), else
// the first device does.
bool wantsNvcc(const Baseline &b) {
    if (const auto given = TargetId::parse(b.o.target))
        return given->isNvidia();
    return !b.ctx.devices.isEmpty() && b.ctx.devices.first().target.isNvidia();
}

void checkDevices(Baseline &b, CheckRecord &c) {
    if (b.ahead.devices.valid()) {
        b.ctx.progress(1, QStringLiteral("devices"),
                       HD_TEXT("hd::Verify", "asking the runtime for its devices").english());
        const auto &[r, startedAt] = b.ahead.devices.get();
        c = b.ctx.recordDevices(r, startedAt);
    } else {
        c = b.ctx.queryDevices(1);
    }
    const ProbeResult r = probeResultOf(c);
    b.noDevice =
        c.status != CheckStatus::Pass && (probeSaysNoDevice(r) || (r.ok() && r.devices.isEmpty()));
}

// The compiler on a node; its version run there into b.version. An empty path when it could not
// be run, with why in searched.
CompilerInfo nodeCompiler(Baseline &b, bool nvcc) {
    VerifyContext &ctx = b.ctx;
    CompilerInfo ci;
    // On a node the compiler is looked up there: the given one, else hipcc (nvcc for an
    // NVIDIA target or device) on the node's PATH; its --version run says whether it exists.
    ci.path = !b.o.compiler.isEmpty() ? b.o.compiler
              : nvcc                  ? QStringLiteral("nvcc")
                                      : QStringLiteral("hipcc");
    ci.kind = QFileInfo(ci.path).fileName().startsWith(QLatin1String("nvcc"))
                  ? QStringLiteral("nvcc")
                  : QStringLiteral("hipcc");
    ci.via = b.o.compiler.isEmpty()
                 ? HD_TEXT("hd::Verify", "PATH on %1").arg(ctx.host->hostName()).english()
                 : QStringLiteral("--compiler");
    CheckRecord vr;
    ctx.host->runProcess(b.spec({ci.path, QStringLiteral("--version")}, {}), vr);
    ci.searched << QStringLiteral("%1:%2").arg(ctx.host->hostName(), ci.path);
    if (vr.status == CheckStatus::Pass) {
        b.version = (vr.stdoutText + vr.stderrText).trimmed();
    } else {
        ci.path.clear();
        if (!vr.summary.isEmpty())
            ci.searched << vr.summary.english();
    }
    return ci;
}

void checkCompiler(Baseline &b, CheckRecord &c, StepScope &scope) {
    VerifyContext &ctx = b.ctx;
    const bool nvcc = wantsNvcc(b);
    QElapsedTimer t;
    t.start();
    double versionMs = 0;
    QString versionFailure;
    CompilerInfo ci;
    b.compileCache();
    if (ctx.remote()) {
        ci = nodeCompiler(b, nvcc);
    } else {
        ci = detectCompiler(ctx.baseEnv, b.o.compiler, nvcc);
        if (!ci.path.isEmpty()) {
            startVersion(b, ci.path); // already running when the device could not change it
            const CompilerVersion &v = b.ahead.version.get();
            b.version = v.text;
            versionMs = v.ms;
            versionFailure = v.failure;
        }
    }
    b.compiler = ci;
    // The lookup here, plus the --version run wherever it ran.
    c.durationMs = double(t.nsecsElapsed()) / 1e6;
    if (versionMs > 0)
        c.durationMs = std::max(c.durationMs, versionMs);
    c.data.insert(QStringLiteral("searched"), QJsonArray::fromStringList(ci.searched));
    c.data.insert(QStringLiteral("via"), ci.via);
    c.data.insert(QStringLiteral("kind"), ci.kind);
    c.stdoutText = b.version;
    if (ci.path.isEmpty()) {
        c.status = CheckStatus::Fail;
        c.summary = HD_TEXT("hd::Verify", "no hipcc or nvcc found; looked at: %1")
                        .arg(ci.searched.join(QStringLiteral(", ")));
        scope.record.findings << catalogFinding(
            QStringLiteral("layer.compile-failed"), Direction::RuntimeLink,
            HD_TEXT("hd::Verify", "No platform compiler found"), c.summary,
            {{QStringLiteral("search"), {}, ci.searched.join(QLatin1Char(' '))}},
            {HD_TEXT("hd::Verify",
                     "Install hipcc (Debian: apt install hipcc) or set HIP_PATH / ROCM_PATH")},
            QStringLiteral("compile"));
        scope.stop(CheckStatus::Fail, c.summary);
        return;
    }
    c.command = {ci.path};
    if (!versionFailure.isEmpty()) {
        // Found but not working: the compiles below fail too and say how (their findings);
        // this check says the compiler itself does not run, not only its compiles.
        c.status = CheckStatus::Fail;
        c.data.insert(QStringLiteral("version_failure"), versionFailure);
        c.summary = HD_TEXT("hd::Verify", "%1 (found via %2) does not answer --version: %3")
                        .arg(ci.path, ci.via, versionFailure);
        return;
    }
    c.status = CheckStatus::Pass;
    c.summary = HD_TEXT("hd::Verify", "%1 (%2, found via %3)")
                    .arg(ci.path, firstLines(b.version, 1), ci.via);
}

// The sources and flags for a target and compiler.
CompilePlan planCompiles(const Baseline &b, const CompilerInfo &compiler, const QString &target) {
    CompilePlan p;
    p.compiler = compiler.path;
    p.target = target;
    const QString srcDir = b.ctx.sourceDir();
    p.nv = compiler.kind == QLatin1String("nvcc");
    const QString ext = p.nv ? QStringLiteral(".cu") : QStringLiteral(".hip");
    // The CUDA sources sit in cuda/ of the kernels folder (source tree and installed copy);
    // a --kernels-dir may also hold them directly.
    QString dir = srcDir;
    if (p.nv && !QFileInfo::exists(dir + QStringLiteral("/vector_add_main.cu")) &&
        QFileInfo::exists(dir + QStringLiteral("/cuda/vector_add_main.cu")))
        dir += QStringLiteral("/cuda");
    p.mainSrc = dir + QStringLiteral("/vector_add_main") + ext;
    p.kernSrc = dir + QStringLiteral("/vector_add") + ext;
    const QStringList archFlags =
        p.nv ? QStringList{QStringLiteral("-arch=%1").arg(target)}
             : QStringList{QStringLiteral("--offload-arch=%1").arg(target)};
    p.progFlags = archFlags + QStringList{QStringLiteral("-O2")};
    p.coFlags =
        (p.nv ? QStringList{QStringLiteral("-cubin")} : QStringList{QStringLiteral("--genco")}) +
        archFlags + QStringList{QStringLiteral("-O2")};
    return p;
}

void startCompiles(Baseline &b, const CompilePlan &plan);

// Before the first check: the device query, and when the device cannot change them (--target
// given: its vendor picks the compiler) the --version query and the compiles; without
// --target the --version query when only one compiler is there.
void startAhead(Baseline &b) {
    const auto startDevices = [&b] {
        if (b.ctx.devicesQueried)
            return;
        b.ahead.devices = b.launch([&b] {
            const ChildSlots::Held slot(b.children, ChildSlots::Devices);
            const QString startedAt = isoNow();
            return std::pair<ProbeResult, QString>{
                b.ctx.host->runProbe(b.ctx.request(ProbeRequest::Kind::Devices),
                                     b.ctx.probeOptions()),
                startedAt};
        });
    };
    if (b.ctx.remote() || !b.concurrent)
        return startDevices(); // the rest each in its check's turn
    const auto target = TargetId::parse(b.o.target);
    if (target) {
        // The program's compile is the step's critical path: it takes a core before the device
        // query does (which would hold it for the probe's run while the compile waited).
        const CompilerInfo compiler =
            detectCompiler(b.ctx.baseEnv, b.o.compiler, target->isNvidia());
        if (!compiler.path.isEmpty()) { // else the compiler check says so
            startVersion(b, compiler.path);
            startCompiles(b, planCompiles(b, compiler, target->toString()));
        }
    }
    startDevices();
    if (!target) {
        // The device's target: the compiles wait for it; the --version query does not when
        // there is one compiler to choose from (or the target check stops the step).
        const CompilerInfo only = detectCompiler(b.ctx.baseEnv, b.o.compiler, false);
        if (!only.path.isEmpty() &&
            only.path == detectCompiler(b.ctx.baseEnv, b.o.compiler, true).path)
            startVersion(b, only.path);
    }
}

void checkTarget(Baseline &b, CheckRecord &c, StepScope &scope) {
    const QList<DeviceInfo> &devices = b.ctx.devices;
    c.status = CheckStatus::Pass;
    QString target = b.o.target;
    Text why;
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
    const CompilePlan plan = planCompiles(b, b.compiler, parsed->toString());
    b.target = plan.target;
    b.nv = plan.nv;
    b.mainSrc = plan.mainSrc;
    b.kernSrc = plan.kernSrc;
    b.progFlags = plan.progFlags;
    b.coFlags = plan.coFlags;
    c.summary = Text(QStringLiteral("%1: %2")).arg(Text(b.target), why);
    c.data.insert(QStringLiteral("target"), b.target);
    // Given, a device's, or the default: a given target is a GPU elsewhere (comparison.cpp).
    c.data.insert(QStringLiteral("target_source"), !b.o.target.isEmpty() ? QStringLiteral("given")
                                                   : !devices.isEmpty()
                                                       ? QStringLiteral("device")
                                                       : QStringLiteral("default"));
    startCompiles(b, plan); // unless they run already
}

struct CompileJob {
    QString src;
    QStringList flags;
    QString outName;
    ChildSlots::Rank rank = ChildSlots::Program;
};

// What a compile's -v printed (kept as the record's "driver_commands") and the rest, the
// compiler's own diagnostics. The sub-commands come from the program's compile itself instead
// of a separate -### run: one hipcc run less on a cold cache (docs/performance.md "Step 1
// from cold"). clang prints its version header, the installations it found, each command
// (a space and the quoted program) and the include search; nvcc each command after "#$ ".
// Anything else stays with the compile.
std::pair<QString, QString> splitDriverVerbose(const QString &stderrText) {
    static const QLatin1String prefixes[] = {
        QLatin1String("Target: "),
        QLatin1String("Thread model: "),
        QLatin1String("InstalledDir: "),
        QLatin1String("Configuration file: "),
        QLatin1String("System configuration file directory: "),
        QLatin1String("User configuration file directory: "),
        QLatin1String("Build config: "),
        QLatin1String("Found candidate GCC installation: "),
        QLatin1String("Selected GCC installation: "),
        QLatin1String("Candidate multilib: "),
        QLatin1String("Selected multilib: "),
        QLatin1String("Found CUDA installation: "),
        QLatin1String("Found HIP installation: "),
        QLatin1String("Found ROCm installation: "),
        QLatin1String("clang -cc1 version "),
        QLatin1String("clang -cc1as version "),
        QLatin1String("ignoring nonexistent directory \""),
        QLatin1String("ignoring duplicate directory \""),
        QLatin1String("#include \"...\" search starts here:"),
        QLatin1String("#include <...> search starts here:"),
        QLatin1String("End of search list."),
        QLatin1String(" \""), // a sub-command
        QLatin1String(" /"),  // a folder of the include search
        QLatin1String("#$ "), // nvcc's sub-command
    };
    const auto isVerbose = [](QStringView line) {
        if (line.contains(QLatin1String("clang version ")) && !line.contains(QLatin1String(": ")))
            return true; // "Debian clang version 15.0.6", "AMD clang version 17.0.0 (…)"
        return std::any_of(std::begin(prefixes), std::end(prefixes),
                           [line](QLatin1String p) { return line.startsWith(p); });
    };
    QString verbose, rest;
    for (const QStringView line : QStringView(stderrText).split(QLatin1Char('\n'))) {
        QString &to = isVerbose(line) ? verbose : rest;
        to += line;
        to += QLatin1Char('\n');
    }
    return {verbose.trimmed(), rest.trimmed()};
}

// On a node the sources are copied there and the outputs go to one fresh folder there (this
// machine's compile cache does not describe the node's compiler); "" and *error when it
// cannot be made. (A node runs one child at a time: only the checks' own thread gets here.)
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
                (mk.summary.isEmpty() ? HD_TEXT("hd::Verify", "mktemp failed") : mk.summary)
                    .english();
    }
    *error = b.hostWorkError;
    return b.hostWork;
}

// Where one compile happens: its source argument, its folder and its cache entry.
struct CompilePlace {
    QString srcArg;       // the source as the compiler sees it (a copy on a node)
    QString runDir;       // on a node: the fresh folder there
    QString key;          // the cache key; "" until the compiler's version is known
    QString dir;          // where the compile writes
    QString damaged;      // a damaged cache entry met on lookup
    QString cacheProblem; // why the cache cannot take the compile
    bool useCache = false;
};

QString compileKey(Baseline &b, const CompilePlan &plan, const CompileJob &job,
                   const QString &compilerVersion) {
    return b.cache->key(plan.compiler, compilerVersion, job.src, plan.target, job.flags);
}

// The compile's folder: the node's, the cache's new entry, or (the cache's disk full or
// read-only: named, docs/limits.md "Full and read-only disks") a temporary folder. False, with
// c the error, when there is none.
bool compileFolder(Baseline &b, bool remote, CompilePlace &place, CheckRecord &c) {
    place.dir =
        remote ? place.runDir
               : b.cache->beginEntry(place.key.isEmpty() ? QStringLiteral("pending") : place.key,
                                     &place.cacheProblem);
    if (!place.dir.isEmpty())
        return true;
    auto dir = std::make_shared<QTemporaryDir>(QDir::tempPath() +
                                               QStringLiteral("/hipdoctor-compile-XXXXXX"));
    if (!dir->isValid()) {
        c.startedAt = isoNow();
        c.status = CheckStatus::Error;
        c.summary = HD_TEXT("hd::Verify", "cannot compile: %1; no temporary folder either (%2)")
                        .arg(place.cacheProblem, dir->errorString());
        c.data.insert(QStringLiteral("compile_cache"), place.cacheProblem);
        return false;
    }
    {
        const std::lock_guard lock(b.scratchMutex);
        b.scratch.push_back(dir);
    }
    place.dir = dir->path();
    place.useCache = false;
    return true;
}

// Runs the compiler in place.dir; c says how it went (its summary, its artifact).
void runCompiler(Baseline &b, const CompilePlan &plan, const CompileJob &job,
                 const QString &checkId, const CompilePlace &place, bool remote, CheckRecord &c) {
    const QString out = place.dir + QLatin1Char('/') + job.outName;
    QStringList argv{plan.compiler};
    argv << job.flags << QStringLiteral("-o") << out << place.srcArg;
    if (!b.concurrent) // else the check says it when it waits for this
        b.ctx.progress(
            1, checkId,
            QStringLiteral("compiling %1 for %2").arg(QFileInfo(job.src).fileName(), plan.target));
    {
        const ChildSlots::Held slot(b.children, job.rank);
        b.ctx.host->runProcess(b.spec(argv, place.dir), c);
    }
    if (job.flags.contains(QStringLiteral("-v"))) { // the driver printed its sub-commands
        const auto [verbose, rest] = splitDriverVerbose(c.stderrText);
        c.stderrText = rest;
        c.data.insert(QStringLiteral("driver_commands"), verbose);
    }
    if (c.status == CheckStatus::Pass && !remote && !QFileInfo::exists(out)) {
        c.status = CheckStatus::Fail;
        c.summary = HD_TEXT("hd::Verify", "the compiler exited 0 but wrote no %1").arg(job.outName);
    } else if (c.status == CheckStatus::Pass) {
        c.summary = HD_TEXT("hd::Verify", "built %1 for %2").arg(job.outName, plan.target);
    } else if (c.status == CheckStatus::Fail) {
        c.summary = HD_TEXT("hd::Verify", "compile failed (%1)").arg(signatureOf(c).summaryText());
    }
    c.artifacts = {out};
}

// The compiler-commands check: the sub-commands the program's compile printed with -v.
CheckRecord subCommandsOf(const CheckRecord &program, const QString &target) {
    CheckRecord c;
    c.status = program.status;
    if (program.status == CheckStatus::Skipped)
        return c;
    c.startedAt = program.startedAt;
    c.command = program.command;
    c.cached = program.cached;
    c.stderrText = program.data.value(QStringLiteral("driver_commands")).toString();
    c.data.insert(QStringLiteral("from"), QStringLiteral("compile-program"));
    if (!c.stderrText.isEmpty()) {
        c.status = CheckStatus::Pass;
        c.summary = HD_TEXT("hd::Verify", "the compiler's sub-commands for %1, as the program's "
                                          "compile ran them (-v)")
                        .arg(target);
    } else if (program.status == CheckStatus::Pass) {
        c.status = CheckStatus::Skipped;
        c.summary = HD_TEXT("hd::Verify", "the program's compile printed no sub-commands with -v");
    } else {
        c.summary = HD_TEXT("hd::Verify", "the program's compile printed no sub-commands: %1")
                        .arg(program.summary);
    }
    return c;
}

// After a compile on this machine: the cache's state said in c, and the entry committed (under
// its key, known by now), dropped (no room) or kept uncommitted.
void settleCacheEntry(Baseline &b, const CompilePlan &plan, const CompileJob &job,
                      Job<CompilerVersion> &version, CompilePlace &place, CheckRecord &c) {
    const bool noRoom = c.stderrText.contains(QLatin1String("No space left on device"));
    if (noRoom && c.status != CheckStatus::Pass)
        c.summary =
            HD_TEXT("hd::Verify", "compile failed: no space left on the disk of %1").arg(place.dir);
    if (!place.cacheProblem.isEmpty()) {
        c.data.insert(QStringLiteral("compile_cache"), place.cacheProblem);
        c.summary += HD_TEXT("hd::Verify", " (not cached: %1; built in %2, removed after the step)")
                         .arg(place.cacheProblem, place.dir);
    }
    if (!place.damaged.isEmpty()) {
        c.data.insert(QStringLiteral("compile_cache"), place.damaged);
        c.summary += HD_TEXT("hd::Verify", " (the cached entry was damaged, %1: rebuilt)")
                         .arg(place.damaged);
    }
    // A compiler that did not answer --version has no identity to key its outputs by.
    if (c.status == CheckStatus::Pass && place.useCache && version.get().failure.isEmpty()) {
        if (place.key.isEmpty())
            place.key = compileKey(b, plan, job, version.get().text);
        if (const auto committed = b.cache->commitEntry(place.key, place.dir, c))
            c = *committed;
    } else if (noRoom && place.cacheProblem.isEmpty()) {
        b.cache->dropEntry(place.dir); // nothing worth keeping, and the disk needs the room
    } else if (place.cacheProblem.isEmpty()) {
        b.cache->keepUncommitted(place.dir);
    }
}

// Runs the compile on the host, or takes it from the cache (never on a node). When the
// compiler's --version is still running the compile starts anyway and is stored under its
// key once that is known.
CheckRecord runCompile(Baseline &b, const CompilePlan &plan, Job<CompilerVersion> version,
                       const CompileJob &job, const QString &checkId) {
    CheckRecord c;
    if (!QFileInfo::exists(job.src)) { // the check is skipped: nothing to compile
        c.status = CheckStatus::Skipped;
        return c;
    }
    const bool remote = b.ctx.remote();
    CompilePlace place;
    place.useCache = b.o.useCache && !remote;
    place.srcArg = job.src;
    if (remote) {
        QString error;
        place.runDir = hostWorkDir(b, &error);
        place.srcArg = place.runDir.isEmpty() ? QString() : b.ctx.onHost(job.src, &error);
        if (place.srcArg.isEmpty()) {
            c.startedAt = isoNow();
            c.status = CheckStatus::Error;
            c.summary = HD_TEXT("hd::Verify", "cannot prepare the compile on %1: %2")
                            .arg(b.ctx.host->hostName(), error);
            return c;
        }
    } else if (available(version)) {
        place.key = compileKey(b, plan, job, version.get().text);
    }
    QElapsedTimer ct;
    ct.start();
    if (place.useCache && !place.key.isEmpty()) {
        if (auto hit = b.cache->lookup(place.key, &place.damaged)) {
            c = *hit;
            c.cached = true;
            c.startedAt = isoNow();
            c.data.insert(QStringLiteral("original_duration_ms"), c.durationMs);
            c.durationMs = double(ct.nsecsElapsed()) / 1e6;
            return c;
        }
    }
    if (!compileFolder(b, remote, place, c))
        return c;
    runCompiler(b, plan, job, checkId, place, remote, c);
    if (!remote)
        settleCacheEntry(b, plan, job, version, place, c);
    return c;
}

Finding compileFailed(const CheckRecord &c) {
    return catalogFinding(
        QStringLiteral("layer.compile-failed"), Direction::None,
        HD_TEXT("hd::Verify", "The baseline vector add does not compile"), c.summary,
        {{QStringLiteral("command"), {}, shellJoin(c.command)},
         {HD_TEXT("hd::Verify", "compiler output").english(), {}, firstLines(c.stderrText, 8)}},
        {c.stderrText.contains(QLatin1String("No space left on device"))
             ? HD_TEXT("hd::Verify", "Free space on the disk named above, or give --cache-dir "
                                     "on another disk: the compiler may well be fine")
             : HD_TEXT("hd::Verify", "Fix the compiler installation first: every "
                                     "kernel build depends on it (see the output)")},
        QStringLiteral("compile"));
}

// Where the kernel's code object taken out of the program goes: beside the program (its compile
// cache entry: a warm run finds it there), else, when that folder cannot be written, a folder
// removed with the step. "" with *why when neither can be written.
QString writeExtracted(Baseline &b, const QString &programDir, const QByteArray &bytes,
                       QString *why) {
    const QString name = QStringLiteral("/vector_add.co");
    const QString beside = programDir + name;
    if (QFileInfo(beside).size() == bytes.size()) {
        QFile have(beside);
        if (have.open(QIODevice::ReadOnly) && have.readAll() == bytes)
            return beside;
    }
    const auto write = [&bytes, why](const QString &path) {
        QSaveFile f(path); // whole or not at all: another run may read the same entry
        if (f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.commit())
            return true;
        *why = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    };
    if (write(beside))
        return beside;
    auto dir = std::make_shared<QTemporaryDir>(QDir::tempPath() +
                                               QStringLiteral("/hipdoctor-compile-XXXXXX"));
    if (!dir->isValid() || !write(dir->path() + name))
        return {};
    const std::lock_guard lock(b.scratchMutex);
    b.scratch.push_back(dir);
    return dir->path() + name;
}

// The kernel's code object for the target, taken out of the program's offload bundle: the
// same kernel, compiled once (docs/performance.md "Step 1 from cold": the separate --genco
// compile was about a quarter of step 1's CPU). nullopt, with *why, when the program was not built
// or holds no code object that can be read for the target; the caller then compiles it.
std::optional<CheckRecord> codeObjectFromProgram(Baseline &b, const CompilePlan &plan,
                                                 const CheckRecord &program, QString *why) {
    if (program.status != CheckStatus::Pass) {
        *why = QStringLiteral("the program was not built");
        return std::nullopt;
    }
    const QString path = program.artifacts.value(0);
    CheckRecord c;
    c.startedAt = isoNow();
    QElapsedTimer t;
    t.start();
    const auto target = TargetId::parse(plan.target);
    if (!target) {
        *why = QStringLiteral("'%1' is not a target id").arg(plan.target);
        return std::nullopt;
    }
    const PickedCodeObject picked = pickCodeObject(path, *target, why);
    if (picked.bytes.isEmpty())
        return std::nullopt;
    const CodeObject &co = picked.codeObject;
    const QByteArray &bytes = picked.bytes;
    const QString out = writeExtracted(b, QFileInfo(path).absolutePath(), bytes, why);
    if (out.isEmpty())
        return std::nullopt;
    c.durationMs = double(t.nsecsElapsed()) / 1e6;
    c.status = CheckStatus::Pass;
    c.command = program.command; // the compile that made it
    c.cached = program.cached;
    c.artifacts = {out};
    c.data.insert(QStringLiteral("from"), QStringLiteral("compile-program"));
    c.data.insert(QStringLiteral("origin"), co.origin);
    c.summary = HD_TEXT("hd::Verify", "took the kernel's code object for %1 out of the "
                                      "program (%2): the same kernel, compiled once")
                    .arg(Text(co.target.toString()), Text(co.origin));
    return c;
}

// The program's DT_NEEDED runtime library, resolved the way the dynamic loader would.
Done runtimeDependency(const Baseline &b, const QString &program, bool nv) {
    Done d;
    CheckRecord &dep = d.record;
    dep.startedAt = isoNow();
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
    const ArtifactReport rep = inspectFile(program, io);
    dep.durationMs = double(dt.nsecsElapsed()) / 1e6;
    dep.artifacts = {program};
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
        dep.summary = HD_TEXT("hd::Verify", "could not read %1 as a host binary").arg(program);
    } else if (!hip) {
        dep.status = nv ? CheckStatus::Pass : CheckStatus::Fail;
        dep.summary = nv ? HD_TEXT("hd::Verify", "no libcudart dependency (static CUDA runtime)")
                         : HD_TEXT("hd::Verify", "the program does not depend on libamdhip64");
    } else if (hip->found()) {
        dep.status = CheckStatus::Pass;
        dep.summary = HD_TEXT("hd::Verify", "%1 → %2 (via %3)").arg(hip->name, hip->path, hip->via);
    } else {
        dep.status = CheckStatus::Fail;
        dep.summary = HD_TEXT("hd::Verify", "%1 resolves nowhere; looked in %2")
                          .arg(hip->name, hip->searched.join(QStringLiteral(", ")));
        d.findings << catalogFinding(
            QStringLiteral("runtime.library-not-found"), Direction::RuntimeLink,
            HD_TEXT("hd::Verify", "%1 is not found by the dynamic loader").arg(hip->name),
            dep.summary, {{program, QStringLiteral("DT_NEEDED"), hip->name}},
            {HD_TEXT("hd::Verify", "Install the HIP runtime package or add its directory to "
                                   "LD_LIBRARY_PATH")},
            QStringLiteral("load"));
    }
    return d;
}

Done runProgram(Baseline &b, const QString &program) {
    Done d;
    CheckRecord &run = d.record;
    if (!b.concurrent)
        b.ctx.progress(1, QStringLiteral("run-program"),
                       HD_TEXT("hd::Verify", "running the vector-add program").english());
    {
        const ChildSlots::Held slot(b.children, ChildSlots::RunProgram);
        b.ctx.host->runProcess(
            b.spec({program, QString::number(b.o.elements)}, QFileInfo(program).absolutePath()),
            run);
    }
    const FailureSignature sig = signatureOf(run);
    if (run.status == CheckStatus::Pass) {
        run.summary = firstLines(run.stdoutText, 1);
    } else if (sig.hipErrors.contains(QStringLiteral("hipErrorNoDevice")) ||
               sig.hipErrors.contains(QStringLiteral("cudaErrorNoDevice"))) {
        run.summary =
            HD_TEXT("hd::Verify", "the runtime answers: no device (%1)").arg(sig.firstError);
        d.noDevice = true;
    } else {
        run.summary = sig.summaryText();
    }
    return d;
}

Done probeLaunch(Baseline &b, const QString &codeObject) {
    Done d;
    CheckRecord &pl = d.record;
    if (!b.concurrent)
        b.ctx.progress(
            1, QStringLiteral("probe-launch"),
            HD_TEXT("hd::Verify", "loading and launching vector_add through the probe").english());
    ProbeRequest req = b.ctx.request(ProbeRequest::Kind::Launch);
    req.file = codeObject;
    req.kernel = QStringLiteral("vector_add");
    req.kernels = {req.kernel};
    const unsigned n = unsigned(std::max(1, b.o.elements));
    req.args = QStringLiteral("buf:f32:%1:rand, buf:f32:%1:rand, buf:f32:%1:out, i32:%1").arg(n);
    req.block = {256, 1, 1};
    req.grid = {(n + 255) / 256, 1, 1};
    req.repeat = 1;
    const ChildSlots::Held slot(b.children, ChildSlots::ProbeLaunch);
    pl.startedAt = isoNow();
    const ProbeResult r = b.ctx.host->runProbe(req, b.ctx.probeOptions());
    fillFromProbe(r, b.ctx.profileEnv(), pl);
    pl.artifacts = {codeObject};
    if (probeSaysNoDevice(r)) {
        d.noDevice = true;
        pl.summary = HD_TEXT("hd::Verify", "the runtime answers: no device — %1").arg(r.summary());
    }
    return d;
}

// The compiles for plan and what follows each (the program's loader path and run, the
// probe's launch of the code object), unless they were started for the same plan already.
// What follows a compile that did not pass is not run (its check is skipped).
void startCompiles(Baseline &b, const CompilePlan &plan) {
    if (b.ahead.compilesFor == plan.id())
        return;
    b.ahead.compilesFor = plan.id();
    // A node's compiler answered in the compiler check (its compiles are not cached).
    if (b.ctx.remote())
        b.ahead.version = readyJob(CompilerVersion{b.version, 0.0, {}});
    else
        startVersion(b, plan.compiler); // known by now: the compiler check asked for it
    const auto version = b.ahead.version;
    const auto compile = [&b, plan, version](CompileJob job, QString checkId) {
        return b.launch([&b, plan, version, job, checkId] {
            return runCompile(b, plan, version, job, checkId);
        });
    };
    // The program's compile prints its sub-commands (-v), recorded as compiler-commands.
    b.ahead.program = compile({plan.mainSrc, plan.progFlags + QStringList{QStringLiteral("-v")},
                               QStringLiteral("vector_add_main"), ChildSlots::Program},
                              QStringLiteral("compile-program"));
    const CompileJob coJob{plan.kernSrc, plan.coFlags,
                           plan.nv ? QStringLiteral("vector_add.cubin")
                                   : QStringLiteral("vector_add.co"),
                           ChildSlots::CodeObject};
    if (plan.nv || b.ctx.remote()) {
        // nvcc's fat binaries are not taken apart yet, and a node's program is on the node:
        // the kernel is compiled on its own.
        b.ahead.codeObject = compile(coJob, QStringLiteral("compile-code-object"));
    } else {
        // On this machine hipcc compiles once: the code object is the program's own, taken out
        // of its offload bundle; a program that fails to build, or holds no code object that
        // can be read (a compressed bundle), leaves it to a --genco compile of the kernel.
        b.ahead.codeObject = b.launch([&b, plan, version, coJob, program = b.ahead.program] {
            QString why;
            if (auto c = codeObjectFromProgram(b, plan, program.get(), &why))
                return *c;
            CheckRecord c =
                runCompile(b, plan, version, coJob, QStringLiteral("compile-code-object"));
            c.data.insert(QStringLiteral("not_from_program"), why);
            return c;
        });
    }
    const auto built = [](const Job<CheckRecord> &job) {
        const CheckRecord &r = job.get();
        return r.status == CheckStatus::Pass ? r.artifacts.value(0) : QString();
    };
    const auto program = b.ahead.program, codeObject = b.ahead.codeObject;
    if (!b.ctx.remote()) // on a node the program's run stands for it
        b.ahead.dependency = b.launch([&b, program, built, nv = plan.nv] {
            const QString p = built(program);
            return p.isEmpty() ? Done{} : runtimeDependency(b, p, nv);
        });
    b.ahead.run = b.launch([&b, program, built] {
        const QString p = built(program);
        return p.isEmpty() ? Done{} : runProgram(b, p);
    });
    b.ahead.probe = b.launch([&b, codeObject, built] {
        const QString co = built(codeObject);
        return co.isEmpty() ? Done{} : probeLaunch(b, co);
    });
}

// A check that records a job's result: it says what runs while it waits, takes over the
// job's findings and its "no device".
Check jobCheck(const BaselinePtr &b, const QString &id, const Text &title, Job<Done> Ahead::*job,
               ChildSlots::Rank rank, QString message, std::function<Text()> skipReason) {
    Check c{id, title, {}, std::move(skipReason), {}};
    c.body = [b, job, rank, message, id](CheckRecord &r, StepScope &scope) {
        const Done &d = waitFor(*b, b->ahead.*job, rank, id, message);
        r = d.record;
        scope.record.findings << d.findings;
        b->noDevice = b->noDevice || d.noDevice;
    };
    return c;
}

// A compile check: skipped when its source is missing; a failure is a finding; the output
// lands in *built. Without built, the sub-commands the compile printed (compiler-commands).
Check compileCheck(const BaselinePtr &b, const QString &id, const Text &title,
                   QString Baseline::*src, Job<CheckRecord> Ahead::*job, ChildSlots::Rank rank,
                   QString Baseline::*built) {
    Check c{id, title, {}, {}, {}};
    c.skipReason = [b, src] {
        const QString path = (*b).*src;
        return QFileInfo::exists(path)
                   ? QString()
                   : HD_TEXT("hd::Verify", "source %1 not found (set --kernels-dir)").arg(path);
    };
    c.body = [b, id, src, job, rank, built](CheckRecord &r, StepScope &scope) {
        r = waitFor(
            *b, b->ahead.*job, rank, id,
            QStringLiteral("compiling %1 for %2").arg(QFileInfo((*b).*src).fileName(), b->target));
        if (!built) { // compiler-commands: what the program's compile printed with -v
            r = subCommandsOf(r, b->target);
            return;
        }
        r.data.remove(QStringLiteral("driver_commands")); // compiler-commands shows them
        if (r.status == CheckStatus::Fail)
            scope.record.findings << compileFailed(r);
        if (r.status == CheckStatus::Pass)
            (*b).*built = r.artifacts.value(0);
    };
    return c;
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
    return {compileCheck(b, QStringLiteral("compiler-commands"),
                         HD_TEXT("hd::Verify", "Compiler sub-commands (-v)"), &Baseline::mainSrc,
                         &Ahead::program, ChildSlots::Program, nullptr),
            compileCheck(b, QStringLiteral("compile-program"),
                         HD_TEXT("hd::Verify", "Compile and link the vector-add program"),
                         &Baseline::mainSrc, &Ahead::program, ChildSlots::Program,
                         &Baseline::program),
            compileCheck(b, QStringLiteral("compile-code-object"),
                         HD_TEXT("hd::Verify", "Compile the kernel as a code object"),
                         &Baseline::kernSrc, &Ahead::codeObject, ChildSlots::CodeObject,
                         &Baseline::codeObject)};
}

// What the baseline needs before it compiles: the runtime and its devices, the compiler, the
// target.
QList<Check> setupChecks(const BaselinePtr &b) {
    return {
        {QStringLiteral("runtime-devices"),
         HD_TEXT("hd::Verify", "Runtime and devices (probe)"),
         {},
         {},
         [b](CheckRecord &c, StepScope &) {
             startAhead(*b);
             checkDevices(*b, c);
         }},
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
}

// What runs the vector add once it is built: the loader path, the program, the probe's
// module-API load and launch.
QList<Check> runChecks(const BaselinePtr &b) {
    const auto noProgram = [b] {
        return b->program.isEmpty() ? HD_TEXT("hd::Verify", "no program was built") : QString();
    };
    return {
        jobCheck(b, QStringLiteral("runtime-dependency"),
                 HD_TEXT("hd::Verify", "The program's runtime library (loader path)"),
                 &Ahead::dependency, ChildSlots::RunProgram, {},
                 [b, noProgram] {
                     // On a node the loader path is the node's: the program's run there
                     // shows it.
                     const Text why = noProgram();
                     return !why.isEmpty() || !b->ctx.remote()
                                ? why
                                : HD_TEXT("hd::Verify",
                                          "the loader path is the node's (%1): the program's run "
                                          "below shows what its loader finds")
                                      .arg(b->ctx.host->hostName());
                 }),
        jobCheck(b, QStringLiteral("run-program"),
                 HD_TEXT("hd::Verify", "Run the program (hipLaunchKernelGGL, result checked)"),
                 &Ahead::run, ChildSlots::RunProgram,
                 HD_TEXT("hd::Verify", "running the vector-add program").english(), noProgram),
        jobCheck(
            b, QStringLiteral("probe-launch"),
            HD_TEXT("hd::Verify", "Module API: load, look up and launch the code object (probe)"),
            &Ahead::probe, ChildSlots::ProbeLaunch,
            HD_TEXT("hd::Verify", "loading and launching vector_add through the probe").english(),
            [b] {
                return b->codeObject.isEmpty() ? HD_TEXT("hd::Verify", "no code object was built")
                                               : QString();
            }),
    };
}

} // namespace

StepPlan baselinePlan(VerifyContext &ctx) {
    const auto b = std::make_shared<Baseline>(ctx);
    StepPlan plan;
    plan.step = 1;
    plan.title = HD_TEXT("hd::Verify", "Baseline: vector add with the platform compiler").english();
    plan.inputs = b->o.toJson();
    plan.state = b;
    plan.checks = setupChecks(b);
    plan.checks += compileChecks(b);
    plan.checks += runChecks(b);
    plan.conclude = [b](StepRecord &s) { concludeBaseline(*b, s); };
    return plan;
}

} // namespace hd
