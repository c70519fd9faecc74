// Every check of the three steps through a fake ExecutionHost: scripted process and probe
// answers, every spec and request the checks asked for recorded. Each check's pass, fail,
// skip and cancel path runs here without hipcc or a probe (tst_verify runs them for real).
#include "exec/execution_host.h"
#include "exec/process_run.h"
#include "probe/protocol.h"
#include "testpaths.h"
#include "verify/verifier.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <condition_variable>
#include <functional>
#include <mutex>

using namespace hd;

namespace {

// Answers what the script says and records what it was asked. Without a script a process
// exits 0 and a probe answers "ok".
class FakeHost final : public ExecutionHost {
public:
    std::function<void(const ProcessSpec &, CheckRecord &)> process;
    std::function<ProbeResult(const ProbeRequest &)> probe;
    QList<ProcessSpec> specs;
    QList<ProbeRequest> requests;

    QString name; // "" = this machine (the checks read their files here); else a node
    QString hostName() const override { return name; }
    QString nodeName() const override { return name.isEmpty() ? QStringLiteral("here") : name; }
    // > 1: the checks may ask from several threads at once (recorded under a lock).
    int parallel = 1;
    int concurrency() const override { return parallel; }
    QMutex lock;
    void runProcess(const ProcessSpec &spec, CheckRecord &c) override {
        {
            const QMutexLocker l(&lock);
            specs << spec;
        }
        c.command = spec.argv;
        c.env = spec.env;
        c.workingDirectory = spec.workingDirectory;
        c.exitCode = 0;
        c.status = CheckStatus::Pass;
        c.summary = QStringLiteral("exit status 0");
        if (process)
            process(spec, c);
    }
    ProbeResult runProbe(const ProbeRequest &request, const ProbeOptions &) override {
        {
            const QMutexLocker l(&lock);
            requests << request;
        }
        if (probe)
            return probe(request);
        return okProbe(request);
    }
    QStringList staged;
    // On a node a staged file has a path there.
    QString stageToHost(const QString &p, QString *) override {
        staged << p;
        return name.isEmpty() ? p : QStringLiteral("/staged") + p;
    }
    QString fetchFromHost(const QString &p, QString *) override { return p; }

    static ProbeResult okProbe(const ProbeRequest &request) {
        ProbeResult r;
        r.request = request;
        r.outcome = ProbeOutcome::Completed;
        r.status = QStringLiteral("ok");
        r.exitCode = 0;
        if (request.kind == ProbeRequest::Kind::Devices) {
            DeviceInfo d = DeviceInfo::fromTarget(*TargetId::parse(QStringLiteral("gfx90a")));
            d.source = DeviceInfo::Source::Probe;
            r.devices = {d};
        }
        return r;
    }
    static ProbeResult noDevice(const ProbeRequest &request) {
        ProbeResult r = okProbe(request);
        r.devices.clear();
        r.status = QStringLiteral("no-device");
        r.message = QStringLiteral("no device");
        r.exitCode = 1;
        return r;
    }
    QStringList programs() const {
        QStringList out;
        for (const ProcessSpec &s : specs)
            out << QFileInfo(s.argv.value(0)).fileName();
        return out;
    }
};

// Records the observer's notifications in order.
struct Recorder final : VerifyObserver {
    QStringList events;
    void stepStarted(int step, const QString &) override {
        events << QStringLiteral("start %1").arg(step);
    }
    void checkFinished(int step, const CheckRecord &c) override {
        events << QStringLiteral("check %1 %2 %3").arg(step).arg(c.id, checkStatusName(c.status));
    }
    void stepFinished(const StepRecord &s) override {
        events << QStringLiteral("end %1 %2").arg(s.step).arg(checkStatusName(s.status));
    }
};

QStringList ids(const QList<CheckRecord> &checks) {
    QStringList out;
    for (const CheckRecord &c : checks)
        out << c.id;
    return out;
}

QStringList ids(const QList<Finding> &fs) {
    QStringList out;
    for (const Finding &f : fs)
        out << f.id;
    return out;
}

QString writeExecutable(const QTemporaryDir &dir, const QString &name) {
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write("#!/bin/sh\nexit 0\n"); // never run: the fake host answers for it
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return path;
}

// The file after "-o" in a compile command.
QString outputOf(const ProcessSpec &spec) {
    return spec.argv.value(spec.argv.indexOf(QStringLiteral("-o")) + 1);
}

struct Setup {
    QTemporaryDir dir;
    VerifyOptions options;
    std::shared_ptr<FakeHost> host = std::make_shared<FakeHost>();
    std::shared_ptr<Recorder> recorder = std::make_shared<Recorder>();
    QList<DiagnoseRequest> diagnosed;
    QList<Finding> diagnosis; // what the fake diagnosis answers

    Setup() {
        options.step1.compiler = writeExecutable(dir, QStringLiteral("hipcc"));
        options.step1.cacheDir = dir.filePath(QStringLiteral("cache"));
        options.step1.sourceDir = hdtest::sourceDir() + QStringLiteral("/kernels");
        options.step1.useCache = false;
        options.env.set(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("3"));
    }
    VerifyResult run(const QList<int> &steps, Verifier **out = nullptr) {
        Verifier v(options);
        v.setExecutionHost(host);
        v.setObserver(recorder);
        v.setEnvReadCheck({});
        v.setDiagnoseHook([this](const DiagnoseRequest &in) {
            diagnosed << in;
            return diagnosis;
        });
        if (out)
            *out = &v;
        return v.run(steps);
    }
    // A compile writes its output: the program is a real hipcc-built library that needs
    // libamdhip64 (the runtime-dependency check reads it) and holds a gfx90a code object
    // (step 1 takes it out), a code object of its own any bytes.
    // With programPasses the program's run prints PASSED (a device that runs it).
    void compilesSucceed(bool programPasses = false) {
        host->process = [programPasses](const ProcessSpec &spec, CheckRecord &c) {
            if (programPasses && spec.argv.value(0).endsWith(QLatin1String("vector_add_main")))
                c.stdoutText = QStringLiteral("PASSED\n");
            const QString out = outputOf(spec);
            if (out.isEmpty())
                return;
            if (spec.argv.contains(QStringLiteral("-v"))) // the driver's sub-commands, as clang
                c.stderrText = QStringLiteral("Debian clang version 15.0.6\n \"/usr/bin/clang\" "
                                              "-cc1 -triple amdgcn-amd-amdhsa\n");
            if (out.endsWith(QLatin1String("vector_add_main")))
                QFile::copy(hdtest::kernelArtifact(QStringLiteral("scenarios/libs04_rocm5.so")),
                            out);
            else if (QFile f(out); f.open(QIODevice::WriteOnly))
                f.write("code object");
        };
    }
};

Finding errorFinding(const QString &id) {
    Finding f;
    f.id = id;
    f.severity = Severity::Error;
    f.title = id;
    return f;
}

} // namespace

class TestVerifyChecks : public QObject {
    Q_OBJECT
private slots:
    // Step 1, every check passes: the host got the compiles with the target's flags, the
    // program's run and the probe's launch of the code object.
    void baselinePasses() {
        Setup t;
        t.options.step1.target = QStringLiteral("gfx90a");
        t.compilesSucceed(true);
        const VerifyResult r = t.run({1});
        const StepRecord &s = r.steps.value(0);
        QCOMPARE(ids(s.checks),
                 QStringList({"runtime-devices", "compiler", "target", "compiler-commands",
                              "compile-program", "compile-code-object", "runtime-dependency",
                              "run-program", "probe-launch"}));
        for (const CheckRecord &c : s.checks)
            QVERIFY2(c.status == CheckStatus::Pass, qPrintable(c.id + ": " + c.summary));
        QCOMPARE(s.status, CheckStatus::Pass);
        QVERIFY2(s.summary.contains(QLatin1String("on gfx90a")), qPrintable(s.summary));
        // --version, one compile (the program's, with -v: its sub-commands; the code object is
        // taken out of it), the program.
        QCOMPARE(t.host->programs(), QStringList({"hipcc", "hipcc", "vector_add_main"}));
        QVERIFY(t.host->specs[1].argv.contains(QStringLiteral("--offload-arch=gfx90a")));
        QVERIFY(t.host->specs[1].argv.contains(QStringLiteral("-v")));
        QCOMPARE(s.check(QStringLiteral("compile-code-object"))
                     ->data.value(QStringLiteral("from"))
                     .toString(),
                 QStringLiteral("compile-program"));
        QVERIFY(s.check(QStringLiteral("compiler-commands"))
                    ->stderrText.contains(QLatin1String("-cc1 -triple amdgcn-amd-amdhsa")));
        QCOMPARE(s.check(QStringLiteral("compile-program"))->stderrText, QString());
        // Every child gets the env profile and the timeout; none inherits a runtime switch.
        for (const ProcessSpec &spec : t.host->specs) {
            QCOMPARE(spec.env.value(QStringLiteral("AMD_LOG_LEVEL")), QStringLiteral("3"));
            QCOMPARE(spec.timeoutMs, t.options.timeoutMs);
            QVERIFY(spec.cancel);
        }
        QCOMPARE(t.host->requests.size(), 2);
        QCOMPARE(t.host->requests[0].kind, ProbeRequest::Kind::Devices);
        QCOMPARE(t.host->requests[1].kind, ProbeRequest::Kind::Launch);
        QCOMPARE(t.host->requests[1].kernel, QStringLiteral("vector_add"));
        QVERIFY(t.host->requests[1].file.endsWith(QLatin1String("vector_add.co")));
        QCOMPARE(r.comparison.findings.value(0).id, QStringLiteral("verify.passes-in-isolation"));
    }

    // On a host that runs several children at once (this machine) the program's compile runs
    // beside the compiler's --version and does not wait for it; hipcc compiles once: the code
    // object is taken out of the program (the fake program is a real HIP library with a gfx90a
    // code object). The program is stored under the key the version gives (a second run takes
    // it from the cache, the code object with it, and starts no compiler at all).
    void baselineSideBySide() {
        Setup t;
        t.host->parallel = 2;
        t.options.step1.target = QStringLiteral("gfx90a");
        t.options.step1.useCache = true;
        t.compilesSucceed(true);
        const auto compile = t.host->process;
        // --version answers only once the compile has started: one after the other would never
        // get past it (bounded: a failure, not a hang).
        std::mutex m;
        std::condition_variable cv;
        QStringList started;
        bool versionAnswered = false;
        QStringList beforeVersion;
        t.host->process = [&](const ProcessSpec &spec, CheckRecord &c) {
            const QString out = outputOf(spec);
            if (spec.argv.contains(QStringLiteral("--version"))) {
                std::unique_lock l(m);
                cv.wait_for(l, std::chrono::seconds(60), [&] { return !started.isEmpty(); });
                versionAnswered = true;
                c.stdoutText = QStringLiteral("HIP version: 5.2.21153-0\n");
                return;
            }
            if (spec.argv.contains(QStringLiteral("-o"))) {
                const std::lock_guard l(m);
                started << QFileInfo(out).fileName();
                if (!versionAnswered)
                    beforeVersion << QFileInfo(out).fileName();
                cv.notify_all();
            }
            compile(spec, c);
        };
        const StepRecord s = t.run({1}).steps.value(0);
        QCOMPARE(ids(s.checks),
                 QStringList({"runtime-devices", "compiler", "target", "compiler-commands",
                              "compile-program", "compile-code-object", "runtime-dependency",
                              "run-program", "probe-launch"}));
        for (const CheckRecord &c : s.checks)
            QVERIFY2(c.status == CheckStatus::Pass, qPrintable(c.id + ": " + c.summary));
        QCOMPARE(s.status, CheckStatus::Pass);
        QCOMPARE(started, QStringList{"vector_add_main"});
        QCOMPARE(beforeVersion, QStringList{"vector_add_main"});
        QCOMPARE(s.check(QStringLiteral("compiler"))->stdoutText,
                 QStringLiteral("HIP version: 5.2.21153-0"));
        // --version and one compile; the program; the devices and the launch through the probe.
        QStringList programs = t.host->programs();
        programs.sort();
        QCOMPARE(programs, QStringList({"hipcc", "hipcc", "vector_add_main"}));
        const CheckRecord *co = s.check(QStringLiteral("compile-code-object"));
        QCOMPARE(co->data.value(QStringLiteral("from")).toString(),
                 QStringLiteral("compile-program"));
        QVERIFY2(co->summary.contains(QLatin1String("gfx90a")), qPrintable(co->summary));
        const QString program = s.check(QStringLiteral("compile-program"))->artifacts.value(0);
        QCOMPARE(co->artifacts.value(0),
                 QFileInfo(program).absolutePath() + QStringLiteral("/vector_add.co"));
        // The bytes are the library's gfx90a code object (the oracle: where the bundler
        // puts it, read independently from the inspector: an ELF for amdgcn).
        QFile extracted(co->artifacts.value(0));
        QVERIFY(extracted.open(QIODevice::ReadOnly));
        const QByteArray elf = extracted.readAll();
        QVERIFY(elf.startsWith("\x7f"
                               "ELF"));
        QCOMPARE(quint8(elf.at(18)) | (quint8(elf.at(19)) << 8), 224); // EM_AMDGPU
        QCOMPARE(t.host->requests.size(), 2);
        QCOMPARE(t.host->requests[1].file, co->artifacts.value(0));
        for (const char *id : {"compiler-commands", "compile-program", "compile-code-object"})
            QVERIFY2(!s.check(QString::fromLatin1(id))->cached, id);

        // Again: the version is known, the program (with its sub-commands) comes from the
        // cache and its code object from beside it.
        t.host->specs.clear();
        t.host->requests.clear();
        const StepRecord again = t.run({1}).steps.value(0);
        for (const char *id : {"compiler-commands", "compile-program", "compile-code-object"}) {
            const CheckRecord *c = again.check(QString::fromLatin1(id));
            QVERIFY2(c && c->cached && c->status == CheckStatus::Pass, id);
        }
        QCOMPARE(again.check(QStringLiteral("compile-code-object"))->artifacts, co->artifacts);
        QCOMPARE(t.host->programs(), QStringList{"vector_add_main"});
        QCOMPARE(again.status, CheckStatus::Pass);
    }

    // A program with no code object for the target (here: a gfx90a library for gfx1030) leaves
    // the code object to its own --genco compile, which says why.
    void baselineCodeObjectNotInProgram() {
        Setup t;
        t.host->parallel = 2;
        t.options.step1.target = QStringLiteral("gfx1030");
        t.compilesSucceed(true);
        const StepRecord s = t.run({1}).steps.value(0);
        const CheckRecord *co = s.check(QStringLiteral("compile-code-object"));
        QVERIFY(co);
        QCOMPARE(co->status, CheckStatus::Pass);
        QVERIFY(co->command.contains(QStringLiteral("--genco")));
        QVERIFY(co->command.contains(QStringLiteral("--offload-arch=gfx1030")));
        QVERIFY(!co->data.contains(QStringLiteral("from")));
        const QString why = co->data.value(QStringLiteral("not_from_program")).toString();
        QVERIFY2(why.contains(QLatin1String("no code object for gfx1030")), qPrintable(why));
        QStringList programs = t.host->programs();
        programs.sort();
        QCOMPARE(programs, QStringList({"hipcc", "hipcc", "hipcc", "vector_add_main"}));
        QVERIFY(t.host->requests.last().file.endsWith(QLatin1String("vector_add.co")));
    }

    // No device: the program and the probe say so; the step fails with runtime.no-device.
    void baselineWithoutDevice() {
        Setup t;
        t.compilesSucceed();
        const auto compile = t.host->process;
        t.host->process = [compile](const ProcessSpec &spec, CheckRecord &c) {
            compile(spec, c);
            if (spec.argv.value(0).endsWith(QLatin1String("vector_add_main"))) {
                c.status = CheckStatus::Fail;
                c.exitCode = 1;
                c.stderrText = QStringLiteral("hipErrorNoDevice: no ROCm-capable device\n");
            }
        };
        t.host->probe = &FakeHost::noDevice;
        const StepRecord s = t.run({1}).steps.value(0);
        const CheckRecord *target = s.check(QStringLiteral("target"));
        QVERIFY(target && target->summary.contains(QLatin1String("documented default gfx90a")));
        QCOMPARE(s.check(QStringLiteral("run-program"))->status, CheckStatus::Fail);
        QVERIFY(s.check(QStringLiteral("probe-launch"))
                    ->summary.startsWith(QLatin1String("the runtime answers: no device")));
        QCOMPARE(s.status, CheckStatus::Fail);
        QVERIFY2(s.summary.startsWith(QLatin1String("compile and link work")),
                 qPrintable(s.summary));
        QVERIFY(ids(s.findings).contains(QStringLiteral("runtime.no-device")));
    }

    // No compiler: the step stops at the compiler check; nothing is started.
    void baselineStopsWithoutCompiler() {
        Setup t;
        t.options.step1.compiler = t.dir.filePath(QStringLiteral("missing/hipcc"));
        const StepRecord s = t.run({1}).steps.value(0);
        QCOMPARE(ids(s.checks), QStringList({"runtime-devices", "compiler"}));
        QCOMPARE(s.status, CheckStatus::Fail);
        QCOMPARE(s.summary, s.checks[1].summary);
        QCOMPARE(ids(s.findings), QStringList{"layer.compile-failed"});
        QVERIFY(t.host->specs.isEmpty());
    }

    // On a node (docs/remote.md): hipcc is the node's (found by its --version run there), the
    // sources are copied there and built in one fresh folder there, no local compile cache,
    // the loader path is left to the node's run, and the probe loads the node's code object.
    void baselineOnANode() {
        Setup t;
        t.host->name = QStringLiteral("node17");
        t.options.step1.compiler.clear();
        t.options.step1.useCache = true;
        const QString work = QStringLiteral("/tmp/hipdoctor-step1.abc");
        t.host->process = [&](const ProcessSpec &spec, CheckRecord &c) {
            if (spec.argv == QStringList{QStringLiteral("hipcc"), QStringLiteral("--version")})
                c.stdoutText = QStringLiteral("HIP version: 5.2.21153\n");
            else if (spec.argv.value(0) == QLatin1String("mktemp"))
                c.stdoutText = work + QLatin1Char('\n');
        };
        const StepRecord s = t.run({1}).steps.value(0);
        const CheckRecord *comp = s.check(QStringLiteral("compiler"));
        QVERIFY(comp);
        QCOMPARE(comp->status, CheckStatus::Pass);
        QVERIFY2(comp->summary.contains(QLatin1String("PATH on node17")),
                 qPrintable(comp->summary));
        const CheckRecord *prog = s.check(QStringLiteral("compile-program"));
        QVERIFY(prog);
        QVERIFY2(prog->status == CheckStatus::Pass, qPrintable(prog->summary));
        QVERIFY(!prog->cached);
        const QString mainSrc = t.options.step1.sourceDir + QStringLiteral("/vector_add_main.hip");
        QCOMPARE(prog->command.last(), QStringLiteral("/staged") + mainSrc);
        QCOMPARE(prog->artifacts, QStringList{work + QStringLiteral("/vector_add_main")});
        QVERIFY(t.host->staged.contains(mainSrc));
        const CheckRecord *dep = s.check(QStringLiteral("runtime-dependency"));
        QVERIFY(dep);
        QCOMPARE(dep->status, CheckStatus::Skipped);
        QVERIFY2(dep->summary.contains(QLatin1String("node17")), qPrintable(dep->summary));
        QCOMPARE(t.host->requests.last().file, work + QStringLiteral("/vector_add.co"));
        // The program's run there stands for the loader-path check: the step passes.
        QVERIFY2(s.status == CheckStatus::Pass, qPrintable(s.summary));
        QVERIFY(!QDir(t.options.step1.cacheDir).exists() ||
                QDir(t.options.step1.cacheDir).isEmpty(QDir::Files | QDir::NoDotAndDotDot));
    }

    // The baseline's sources are missing: nothing failed, so the step did not run (skipped
    // with the reason) and the comparison does not blame the base chain.
    void baselineWithoutSources() {
        Setup t;
        QTemporaryDir empty;
        t.options.step1.sourceDir = empty.path();
        const VerifyResult r = t.run({1});
        const StepRecord s = r.steps.value(0);
        QCOMPARE(s.status, CheckStatus::Skipped);
        QVERIFY2(s.summary.startsWith(QLatin1String("could not run: source ")) &&
                     s.summary.contains(QLatin1String("--kernels-dir")),
                 qPrintable(s.summary));
        QVERIFY2(!r.comparison.verdict.contains(QLatin1String("base chain")),
                 qPrintable(r.comparison.verdict));
        QVERIFY(!ids(r.comparison.findings).contains(QStringLiteral("verify.baseline-failed")));
    }

    // nvcc: the CUDA sources are taken from cuda/ of the kernels folder.
    void baselineCudaSources() {
        Setup t;
        t.options.step1.compiler = writeExecutable(t.dir, QStringLiteral("nvcc"));
        t.options.step1.target = QStringLiteral("sm_90");
        const StepRecord s = t.run({1}).steps.value(0);
        const CheckRecord *prog = s.check(QStringLiteral("compile-program"));
        QVERIFY(prog);
        QCOMPARE(prog->command.last(),
                 t.options.step1.sourceDir + QStringLiteral("/cuda/vector_add_main.cu"));
    }

    // hipcc and nvcc both on PATH: a given target's vendor picks the compiler (the device
    // cannot change it, so the compiles start before the devices answer).
    void baselineTargetPicksCompiler() {
        for (const auto &[target, compiler] :
             {std::pair{"gfx90a", "hipcc"}, std::pair{"sm_90", "nvcc"}}) {
            Setup t;
            t.options.step1.compiler.clear();
            t.options.step1.target = QLatin1String(target);
            QTemporaryDir bin;
            writeExecutable(bin, QStringLiteral("hipcc"));
            writeExecutable(bin, QStringLiteral("nvcc"));
            QProcessEnvironment env;
            env.insert(QStringLiteral("PATH"), bin.path());
            Verifier v(t.options);
            v.setExecutionHost(t.host);
            v.setEnvReadCheck({});
            v.setBaseEnvironment(env);
            const StepRecord s = v.run({1}).steps.value(0);
            const CheckRecord *c = s.check(QStringLiteral("compiler"));
            QVERIFY(c);
            QCOMPARE(c->command.value(0), bin.filePath(QLatin1String(compiler)));
            const CheckRecord *prog = s.check(QStringLiteral("compile-program"));
            QVERIFY(prog);
            QCOMPARE(prog->command.value(0), bin.filePath(QLatin1String(compiler)));
        }
    }

    // A target that is no target id: Error, the step stops there.
    void baselineStopsOnBadTarget() {
        Setup t;
        t.options.step1.target = QStringLiteral("not-a-target");
        const StepRecord s = t.run({1}).steps.value(0);
        QCOMPARE(ids(s.checks), QStringList({"runtime-devices", "compiler", "target"}));
        QCOMPARE(s.checks.last().status, CheckStatus::Error);
        QCOMPARE(s.status, CheckStatus::Error);
    }

    // A compile that fails: its finding, and the checks that need its output are skipped.
    void baselineCompileFails() {
        Setup t;
        t.host->process = [](const ProcessSpec &spec, CheckRecord &c) {
            if (outputOf(spec).endsWith(QLatin1String("vector_add_main"))) {
                c.status = CheckStatus::Fail;
                c.exitCode = 1;
                c.stderrText = QStringLiteral("error: unknown target 'gfx90a'\n");
            }
        };
        const StepRecord s = t.run({1}).steps.value(0);
        QCOMPARE(s.check(QStringLiteral("compile-program"))->status, CheckStatus::Fail);
        for (const char *id : {"runtime-dependency", "run-program"}) {
            const CheckRecord *c = s.check(QString::fromLatin1(id));
            QCOMPARE(c->status, CheckStatus::Skipped);
            QCOMPARE(c->summary, QStringLiteral("no program was built"));
        }
        QVERIFY(ids(s.findings).contains(QStringLiteral("layer.compile-failed")));
        QCOMPARE(s.status, CheckStatus::Fail);
        QVERIFY(s.summary.contains(QLatin1String("compile-program")));
    }

    // Step 2, a library: the probe's dlopen, then the diagnosis with the probe's texts.
    void suspectDlopen() {
        Setup t;
        t.options.step2.mode = Step2Options::Mode::Dlopen;
        t.options.step2.file = hdtest::kernelArtifact(QStringLiteral("scenarios/libs04_rocm5.so"));
        t.host->probe = [](const ProbeRequest &req) {
            if (req.kind != ProbeRequest::Kind::Dlopen)
                return FakeHost::okProbe(req);
            ProbeResult r = FakeHost::okProbe(req);
            r.status = QStringLiteral("error");
            r.message = QStringLiteral("undefined symbol: __hipRegisterFatBinary");
            return r;
        };
        t.diagnosis = {errorFinding(QStringLiteral("runtime.fatbin-not-registered"))};
        const StepRecord s = t.run({2}).steps.value(0);
        QCOMPARE(ids(s.checks), QStringList({"probe-dlopen", "diagnose"}));
        QCOMPARE(t.host->requests.size(), 2); // the devices, then the dlopen
        QCOMPARE(t.host->requests[1].dlopenPath,
                 QFileInfo(t.options.step2.file).absoluteFilePath());
        QCOMPARE(t.diagnosed.size(), 1);
        QVERIFY(std::any_of(t.diagnosed[0].texts.cbegin(), t.diagnosed[0].texts.cend(),
                            [](const DiagnoseText &x) {
                                return x.name == QLatin1String("probe-dlopen.log") &&
                                       x.content.contains(QLatin1String("__hipRegister"));
                            }));
        QCOMPARE(s.status, CheckStatus::Fail);
        QVERIFY2(s.summary.contains(QLatin1String("runtime.fatbin-not-registered")),
                 qPrintable(s.summary));
        QCOMPARE(s.signatures.size(), 1);
    }

    // An executable that runs: the operator works in isolation.
    void suspectExecutablePasses() {
        Setup t;
        t.options.step2.mode = Step2Options::Mode::Executable;
        t.options.step2.argv = {QStringLiteral("/opt/app/bin/op"), QStringLiteral("--n=4")};
        const StepRecord s = t.run({2}).steps.value(0);
        QCOMPARE(ids(s.checks), QStringList({"run", "diagnose"}));
        QCOMPARE(t.host->specs.value(0).argv, t.options.step2.argv);
        QCOMPARE(s.status, CheckStatus::Pass);
        QVERIFY(s.summary.startsWith(QLatin1String("the operator works in isolation")));
    }

    // A missing file: Error at the input check; nothing runs, no diagnosis.
    void suspectMissingInput() {
        Setup t;
        t.options.step2.mode = Step2Options::Mode::Artifact;
        t.options.step2.file = t.dir.filePath(QStringLiteral("gone.co"));
        const StepRecord s = t.run({2}).steps.value(0);
        QCOMPARE(ids(s.checks), QStringList{"input"});
        QCOMPARE(s.status, CheckStatus::Error);
        QVERIFY(s.summary.endsWith(QLatin1String("no such file")));
        QVERIFY(t.host->requests.isEmpty());
        QVERIFY(t.diagnosed.isEmpty());
    }

    // A source that does not compile: the finding, the diagnosis of the build output.
    void suspectSourceDoesNotCompile() {
        Setup t;
        t.options.step2.mode = Step2Options::Mode::Source;
        t.options.step2.compileArgv = {QStringLiteral("hipcc"), QStringLiteral("op.hip")};
        t.options.step2.file = QStringLiteral("op.co");
        t.options.step2.workingDirectory = t.dir.path();
        t.host->process = [](const ProcessSpec &, CheckRecord &c) {
            c.status = CheckStatus::Fail;
            c.exitCode = 1;
            c.stderrText = QStringLiteral("op.hip:3: error: use of undeclared identifier\n");
        };
        const StepRecord s = t.run({2}).steps.value(0);
        QCOMPARE(ids(s.checks), QStringList({"compile", "diagnose"}));
        QCOMPARE(ids(s.findings), QStringList{"layer.compile-failed"});
        QCOMPARE(t.diagnosed.value(0).texts.size(), 1);
        QCOMPARE(t.diagnosed.value(0).texts.value(0).name, QStringLiteral("compile-output.log"));
        QCOMPARE(s.status, CheckStatus::Fail);
        QCOMPARE(s.summary, s.checks[0].summary);
    }

    // Step 3: the Triton switch is set for the second run only; the comparison names the
    // Triton state.
    void projectTritonSwitch() {
        Setup t;
        t.options.step3.argv = {QStringLiteral("python3"), QStringLiteral("train.py")};
        t.options.step3.switchEnv = QStringLiteral("USE_TRITON=0");
        t.host->process = [](const ProcessSpec &spec, CheckRecord &c) {
            if (spec.env.value(QStringLiteral("USE_TRITON")) == QLatin1String("0"))
                return;
            c.status = CheckStatus::Fail;
            c.exitCode = 1;
            c.stderrText = QStringLiteral("RuntimeError: hipErrorInvalidDeviceFunction\n");
        };
        const VerifyResult r = t.run({3});
        const StepRecord &s = r.steps.value(0);
        QCOMPARE(ids(s.checks), QStringList({"as-is", "without-triton"}));
        QVERIFY(!t.host->specs[0].env.contains(QStringLiteral("USE_TRITON")));
        QCOMPARE(t.host->specs[1].env.value(QStringLiteral("USE_TRITON")), QStringLiteral("0"));
        QCOMPARE(s.status, CheckStatus::Fail);
        QCOMPARE(s.signatures.size(), 2);
        QVERIFY(ids(r.comparison.findings).contains(QStringLiteral("context.triton-state")));
        QVERIFY(t.host->requests.isEmpty()); // step 3 needs no device
    }

    // Nothing given for a step: Skipped with the reason, nothing run.
    void stepsWithoutInputAreSkipped() {
        Setup t;
        const VerifyResult r = t.run({2, 3});
        QCOMPARE(r.steps.size(), 2);
        for (const StepRecord &s : r.steps) {
            QCOMPARE(s.status, CheckStatus::Skipped);
            QVERIFY(!s.summary.isEmpty());
            QVERIFY(s.checks.isEmpty());
        }
        QVERIFY(t.host->specs.isEmpty());
        QVERIFY(t.host->requests.isEmpty());
    }

    // Cancelled while the first command runs: it is not judged, the second is not started,
    // the step is Cancelled and the comparison does not judge it.
    void cancelDuringACheck() {
        Setup t;
        t.options.step3.argv = {QStringLiteral("./run.sh")};
        t.options.step3.switchEnv = QStringLiteral("USE_TRITON=0");
        Verifier *v = nullptr;
        t.host->process = [&v](const ProcessSpec &, CheckRecord &c) {
            v->cancel(); // arrives while the child runs; the child still exits 0
            c.stdoutText = QStringLiteral("partial output");
        };
        const VerifyResult r = t.run({3}, &v);
        QVERIFY(r.cancelled);
        const StepRecord &s = r.steps.value(0);
        QCOMPARE(s.status, CheckStatus::Cancelled);
        QCOMPARE(s.checks.size(), 2);
        QCOMPARE(s.checks[0].status, CheckStatus::Cancelled);
        QCOMPARE(s.checks[0].stdoutText, QStringLiteral("partial output")); // kept
        QCOMPARE(s.checks[1].summary, QStringLiteral("not run: cancelled"));
        QVERIFY(s.checks[1].command.isEmpty());
        QCOMPARE(t.host->specs.size(), 1);
        QCOMPARE(r.comparison.verdict, QStringLiteral("No step ran: nothing to compare."));
    }

    // Cancelled before the run: every step that applies is Cancelled, nothing is started.
    void cancelBeforeRun() {
        Setup t;
        t.options.step3.argv = {QStringLiteral("./run.sh")};
        Verifier v(t.options);
        v.setExecutionHost(t.host);
        v.setEnvReadCheck({});
        v.cancel();
        const VerifyResult r = v.run({1, 3});
        QCOMPARE(r.steps.size(), 2);
        for (const StepRecord &s : r.steps)
            QCOMPARE(s.status, CheckStatus::Cancelled);
        QVERIFY(t.host->specs.isEmpty());
        QVERIFY(t.host->requests.isEmpty());
        QVERIFY(r.comparison.findings.isEmpty());
    }

    // The observer hears each step start, each check finish and each step end, in order.
    void observerSeesEveryCheck() {
        Setup t;
        t.options.step3.argv = {QStringLiteral("./run.sh")};
        t.run({2, 3});
        QCOMPARE(t.recorder->events, QStringList({"start 2", "end 2 skipped", "start 3",
                                                  "check 3 as-is pass", "end 3 pass"}));
    }
};

QTEST_GUILESS_MAIN(TestVerifyChecks)
#include "tst_verify_checks.moc"
