// The three steps for real on this machine (hipcc, the Debian HIP runtime without a GPU, the
// kernels/scenarios programs, small real commands), the comparison's decisions, the compile
// cache, cancellation and the import of GPU-run capture records.
#include "diagnosis/diagnosis.h"
#include "exec/process_run.h"
#include "hooks/diagnosis_hooks.h"
#include "probe/protocol.h"
#include "testpaths.h"
#include "verify/compile_cache.h"
#include "verify/import_records.h"
#include "verify/verifier.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSemaphore>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <future>

#include <thread>

using namespace hd;

namespace {

QStringList ids(const QList<Finding> &fs) {
    QStringList out;
    for (const Finding &f : fs)
        out << f.id;
    out.removeDuplicates();
    return out;
}

QString writeScript(const QTemporaryDir &dir, const QString &name, const QByteArray &body) {
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write("#!/bin/sh\n" + body);
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return path;
}

// A script that fails like a HIP program when the Triton path is on (USE_TRITON unset or 1).
QByteArray tritonScript() {
    return "if [ \"${USE_TRITON:-1}\" = 0 ]; then echo 'result ok'; exit 0; fi\n"
           "echo 'launching fused kernel'\n"
           "echo 'RuntimeError: HIP error: hipErrorInvalidDeviceFunction' >&2\n"
           "exit 1\n";
}

VerifyOptions baseOptions(const QTemporaryDir &cache) {
    VerifyOptions o;
    o.probePath = hdtest::binary(QStringLiteral("hipdoctor-probe"));
    o.step1.cacheDir = cache.path();
    o.step1.sourceDir = hdtest::sourceDir() + QStringLiteral("/kernels");
    o.step1.elements = 4096;
    o.timeoutMs = 300000; // hipcc on a loaded 2-core machine
    return o;
}

// One step through the one entry point, Verifier::run().
StepRecord runStep(const VerifyOptions &o, int n) {
    const auto v = makeVerifier(o);
    return v->run({n}).steps.value(0);
}

const CheckRecord &check(const StepRecord &s, const QString &id) {
    const CheckRecord *c = s.check(id);
    if (!c)
        qFatal("check %s missing", qPrintable(id));
    return *c;
}

} // namespace

class TestVerify : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY2(QFileInfo::exists(hdtest::binary(QStringLiteral("hipdoctor-probe"))),
                 "probe not built");
    }

    // Step 1 for real: hipcc builds the vector add (program + code object) for the documented
    // default target, the program's libamdhip64 resolves, and the runtime answers "no device".
    void step1CompilesAndReachesRuntimeWithoutDevice() {
        QTemporaryDir cache;
        const auto v = makeVerifier(baseOptions(cache));
        QList<VerifyProgress> progress;
        v->setProgressCallback([&](const VerifyProgress &p) { progress << p; });
        const StepRecord s = v->run({1}).steps.value(0);

        QCOMPARE(check(s, QStringLiteral("compiler")).status, CheckStatus::Pass);
        QVERIFY(check(s, QStringLiteral("compiler")).summary.contains(QLatin1String("hipcc")));
        const CheckRecord &target = check(s, QStringLiteral("target"));
        QVERIFY2(target.summary.contains(QLatin1String("documented default gfx90a")),
                 qPrintable(target.summary));
        const CheckRecord &hh = check(s, QStringLiteral("compiler-commands"));
        QCOMPARE(hh.status, CheckStatus::Pass);
        // The program's own compile printed them (-v): its command, the cc1 lines for the
        // target; the compile's own output keeps none of them.
        QVERIFY(hh.command.contains(QStringLiteral("-v")));
        QCOMPARE(hh.command, check(s, QStringLiteral("compile-program")).command);
        QVERIFY2(hh.stderrText.contains(QLatin1String("-cc1")) &&
                     hh.stderrText.contains(QLatin1String("gfx90a")),
                 qPrintable(hh.stderrText.left(500)));
        QVERIFY(hh.stderrText.contains(QLatin1String("clang version")));
        QVERIFY2(
            !check(s, QStringLiteral("compile-program")).stderrText.contains(QLatin1String("-cc1")),
            qPrintable(check(s, QStringLiteral("compile-program")).stderrText.left(500)));
        QVERIFY(!check(s, QStringLiteral("compile-program"))
                     .data.contains(QStringLiteral("driver_commands")));
        for (const char *id : {"compile-program", "compile-code-object"}) {
            const CheckRecord &c = check(s, QString::fromLatin1(id));
            QVERIFY2(c.status == CheckStatus::Pass, qPrintable(c.summary + c.stderrText));
            QVERIFY(c.command.contains(QStringLiteral("--offload-arch=gfx90a")));
            QVERIFY(QFileInfo::exists(c.artifacts.value(0)));
            QVERIFY(!c.cached);
        }
        // hipcc compiled once: the code object is the program's own, byte for byte what LLVM's
        // tools take out of it (llvm-objcopy dumps .hip_fatbin, clang-offload-bundler
        // unbundles the gfx90a entry).
        const CheckRecord &co = check(s, QStringLiteral("compile-code-object"));
        QCOMPARE(co.data.value(QStringLiteral("from")).toString(),
                 QStringLiteral("compile-program"));
        QCOMPARE(co.command, check(s, QStringLiteral("compile-program")).command);
        QVERIFY2(co.summary.contains(QLatin1String("gfx90a")), qPrintable(co.summary));
        {
            const QString objcopy =
                QStandardPaths::findExecutable(QStringLiteral("llvm-objcopy-15"));
            const QString bundler =
                QStandardPaths::findExecutable(QStringLiteral("clang-offload-bundler-15"));
            QVERIFY2(!objcopy.isEmpty() && !bundler.isEmpty(), "llvm-15 tools not installed");
            QTemporaryDir work;
            const QString fatbin = work.filePath(QStringLiteral("fatbin")),
                          oracle = work.filePath(QStringLiteral("oracle.co"));
            const auto ok = [](const QString &program, const QStringList &args) {
                QProcess p;
                p.start(program, args);
                return p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit &&
                       p.exitCode() == 0;
            };
            QVERIFY(ok(objcopy,
                       {QStringLiteral("--dump-section"), QStringLiteral(".hip_fatbin=") + fatbin,
                        check(s, QStringLiteral("compile-program")).artifacts.value(0),
                        work.filePath(QStringLiteral("copy"))}));
            QVERIFY(
                ok(bundler, {QStringLiteral("--type=bc"),
                             QStringLiteral("--targets=hipv4-amdgcn-amd-amdhsa--gfx90a"),
                             QStringLiteral("--input=") + fatbin,
                             QStringLiteral("--output=") + oracle, QStringLiteral("--unbundle")}));
            QFile a(co.artifacts.value(0)), b(oracle);
            QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
            const QByteArray ours = a.readAll();
            QVERIFY(ours.startsWith("\x7f"
                                    "ELF"));
            QCOMPARE(ours, b.readAll());
        }
        const CheckRecord &dep = check(s, QStringLiteral("runtime-dependency"));
        QCOMPARE(dep.status, CheckStatus::Pass);
        QVERIFY2(dep.summary.startsWith(QStringLiteral("libamdhip64.so.5 → /")),
                 qPrintable(dep.summary));
        // Oracle: ldd resolves the same file.
        QProcess ldd;
        ldd.start(QStringLiteral("ldd"),
                  {check(s, QStringLiteral("compile-program")).artifacts.value(0)});
        QVERIFY(ldd.waitForFinished(60000));
        const QString lddOut = QString::fromUtf8(ldd.readAllStandardOutput());
        const QString resolved =
            dep.summary.english().section(QStringLiteral(" → "), 1).section(QLatin1Char(' '), 0, 0);
        QVERIFY2(
            lddOut.contains(QStringLiteral("libamdhip64.so.5 => ") + resolved) ||
                lddOut.contains(QStringLiteral("=> ") + QFileInfo(resolved).canonicalFilePath()),
            qPrintable(lddOut + "\nvs " + resolved));

        const CheckRecord &run = check(s, QStringLiteral("run-program"));
        QCOMPARE(run.status, CheckStatus::Fail);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.summary.contains(QLatin1String("no device")), qPrintable(run.summary));
        QVERIFY(run.stderrText.contains(QLatin1String("hipErrorNoDevice")));
        const CheckRecord &pl = check(s, QStringLiteral("probe-launch"));
        QCOMPARE(pl.status, CheckStatus::Fail);
        QVERIFY2(pl.summary.contains(QLatin1String("no device")), qPrintable(pl.summary));
        QVERIFY(!pl.phases.isEmpty());

        QCOMPARE(s.status, CheckStatus::Fail);
        QVERIFY2(s.summary.startsWith(QLatin1String("compile and link work")),
                 qPrintable(s.summary));
        QVERIFY(ids(s.findings).contains(QStringLiteral("runtime.no-device")));
        QVERIFY(!ids(s.findings).contains(QStringLiteral("layer.compile-failed")));
        QVERIFY(!progress.isEmpty());

        // Again, warm: the compiles come from the cache, the verdict is the same.
        const auto warm = makeVerifier(baseOptions(cache));
        const StepRecord s2 = warm->run({1}).steps.value(0);
        for (const char *id : {"compile-program", "compile-code-object"}) {
            const CheckRecord &c = check(s2, QString::fromLatin1(id));
            QVERIFY2(c.cached, id);
            QCOMPARE(c.status, CheckStatus::Pass);
        }
        QVERIFY(check(s2, QStringLiteral("compile-program"))
                    .data.value(QStringLiteral("original_duration_ms"))
                    .toDouble() > 0);
        // The code object the cold run took out of the cached program is found beside it.
        QCOMPARE(check(s2, QStringLiteral("compile-code-object")).artifacts, co.artifacts);
        QVERIFY(check(s2, QStringLiteral("compiler-commands")).cached);
        QCOMPARE(check(s2, QStringLiteral("compiler-commands")).stderrText, hh.stderrText);
        QCOMPARE(s2.status, CheckStatus::Fail);
        QCOMPARE(s2.summary, s.summary);

        // The comparison over step 1 alone, the target defaulted on a machine whose runtime sees
        // no GPU: a GPU machine whose user may not open /dev/kfd looks the same — the broken
        // base chain, direction 1.
        const Comparison c = compareSteps({s2});
        QCOMPARE(c.direction, Direction::RuntimeLink);
        QVERIFY(ids(c.findings).contains(QStringLiteral("verify.baseline-failed")));
        // The same step with the target given — the GPU is another machine's — is not broken,
        // only not run here (no direction, no baseline-failed).
        StepRecord given = s2;
        for (CheckRecord &ck : given.checks)
            if (ck.id == QLatin1String("target"))
                ck.data.insert(QStringLiteral("target_source"), QStringLiteral("given"));
        const Comparison elsewhere = compareSteps({given});
        QCOMPARE(elsewhere.direction, Direction::None);
        QVERIFY(!ids(elsewhere.findings).contains(QStringLiteral("verify.baseline-failed")));
        QVERIFY2(elsewhere.verdict.contains(QLatin1String("was not run on a GPU here")),
                 qPrintable(elsewhere.verdict.english()));
    }

    void step1TargetOptionAndCompilerFailure() {
        QTemporaryDir cache;
        VerifyOptions o = baseOptions(cache);
        o.step1.target = QStringLiteral("gfx1030");
        o.step1.compiler = QStringLiteral("/nonexistent/hipcc");
        const auto v = makeVerifier(o);
        const StepRecord s = v->run({1}).steps.value(0);
        QCOMPARE(check(s, QStringLiteral("compiler")).status, CheckStatus::Fail);
        QVERIFY(ids(s.findings).contains(QStringLiteral("layer.compile-failed")));
        QCOMPARE(s.status, CheckStatus::Fail);
    }

    // A hipcc that is there but does not run: Debian's /usr/bin/hipcc linked elsewhere looks
    // for its Perl script beside itself and exits 2. The compiler check fails and says why (it
    // used to pass, with the error as the compiler's version, kept in the cache), the compiles
    // fail with the same words, and nothing is kept as the compiler's version.
    void step1CompilerThatDoesNotRun() {
        QTemporaryDir cache, elsewhere;
        const QString hipcc = elsewhere.filePath(QStringLiteral("hipcc"));
        QVERIFY(QFile::link(QStringLiteral("/usr/bin/hipcc"), hipcc));
        VerifyOptions o = baseOptions(cache);
        o.step1.target = QStringLiteral("gfx90a");
        o.step1.compiler = hipcc;
        const StepRecord s = runStep(o, 1);
        const CheckRecord &c = check(s, QStringLiteral("compiler"));
        QCOMPARE(c.status, CheckStatus::Fail);
        QVERIFY2(c.summary.english().contains(QLatin1String("does not answer --version")),
                 qPrintable(c.summary.english()));
        QVERIFY2(c.data.value(QStringLiteral("version_failure"))
                     .toString()
                     .contains(QLatin1String("hipcc.pl")),
                 qPrintable(c.summary.english()));
        QCOMPARE(check(s, QStringLiteral("compile-program")).status, CheckStatus::Fail);
        QVERIFY(ids(s.findings).contains(QStringLiteral("layer.compile-failed")));
        QCOMPARE(s.status, CheckStatus::Fail);
        QVERIFY(!CompileCache(cache.path()).knownCompilerVersion(hipcc));
    }

    // Step 2 on the not-linked library (scenario 5): the probe's dlopen fails on
    // __hipRegisterFatBinary and the findings are diagnose's own.
    void step2DlopenNotLinked() {
        const QString lib =
            hdtest::kernelArtifact(QStringLiteral("scenarios/libs05_not_linked.so"));
        if (!QFileInfo::exists(lib))
            QSKIP("kernels/scenarios not built");
        QTemporaryDir cache;
        VerifyOptions o = baseOptions(cache);
        o.step2.mode = Step2Options::Mode::Dlopen;
        o.step2.file = lib;
        const auto v = makeVerifier(o);
        const StepRecord s = v->run({2}).steps.value(0);
        const CheckRecord &dl = check(s, QStringLiteral("probe-dlopen"));
        QCOMPARE(dl.status, CheckStatus::Fail);
        QVERIFY2(
            (dl.stdoutText + dl.summary).contains(QLatin1String("undefined symbol: __hipRegister")),
            qPrintable(dl.summary + "\n" + dl.stdoutText.left(2000)));
        QCOMPARE(s.status, CheckStatus::Fail);
        QVERIFY2(ids(s.findings).contains(QStringLiteral("runtime.not-linked")),
                 qPrintable(ids(s.findings).join(',')));
        // The same findings as diagnose on the same input.
        DiagnoseRequest req;
        req.inputs = {lib};
        const QStringList direct = ids(diagnose(req).findings);
        for (const QString &id : direct)
            if (id != QLatin1String("runtime.no-device"))
                QVERIFY2(ids(s.findings).contains(id), qPrintable(id));
        QCOMPARE(compareSteps({s}).direction, Direction::RuntimeLink);
    }

    void step2KernelNames_data() {
        QTest::addColumn<QString>("artifact");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<int>("direction");
        QTest::newRow("mangled (scenario 1)") << "scenarios/s01_mangled.co"
                                              << "vecAdd"
                                              << "symbol.mangled-name" << int(Direction::Symbols);
        QTest::newRow("missing name") << "scenarios/s08_clean.co"
                                      << "vector_addd"
                                      << "symbol.kernel-not-found" << int(Direction::Symbols);
        QTest::newRow("wrong gpu (scenario 2)")
            << "scenarios/s02_gfx1030.co"
            << "vector_add"
            << "arch.no-compatible-code-object" << int(Direction::CodeObject);
    }
    void step2KernelNames() {
        QFETCH(QString, artifact);
        QFETCH(QString, kernel);
        QFETCH(QString, expected);
        QFETCH(int, direction);
        const QString file = hdtest::kernelArtifact(artifact);
        if (!QFileInfo::exists(file))
            QSKIP("kernels/scenarios not built");
        QTemporaryDir cache;
        VerifyOptions o = baseOptions(cache);
        o.step2.mode = Step2Options::Mode::Artifact;
        o.step2.file = file;
        o.step2.kernel = kernel;
        o.step2.targets = {QStringLiteral("gfx90a:sramecc+:xnack-")};
        const auto v = makeVerifier(o);
        const StepRecord s = v->run({2}).steps.value(0);
        QCOMPARE(check(s, QStringLiteral("inspect")).status, CheckStatus::Pass);
        QVERIFY(s.check(QStringLiteral("probe-load")));
        QCOMPARE(s.status, CheckStatus::Fail);
        QVERIFY2(ids(s.findings).contains(expected), qPrintable(ids(s.findings).join(',')));
        DiagnoseRequest req;
        req.inputs = {file};
        req.kernels = {kernel};
        req.targets = o.step2.targets;
        QVERIFY(ids(diagnose(req).findings).contains(expected));
        QCOMPARE(int(compareSteps({s}).direction), direction);
    }

    void step2Executable() {
        QTemporaryDir dir;
        const QString prog =
            writeScript(dir, QStringLiteral("op.sh"),
                        "echo 'hipModuleGetFunction failed: hipErrorNotFound' >&2; exit 3\n");
        VerifyOptions o = baseOptions(dir);
        o.step2.mode = Step2Options::Mode::Executable;
        o.step2.argv = {prog};
        const auto v = makeVerifier(o);
        const StepRecord s = v->run({2}).steps.value(0);
        const CheckRecord &run = check(s, QStringLiteral("run"));
        QCOMPARE(run.exitCode, 3);
        QCOMPARE(s.signatures.value(0).hipErrors, QStringList{QStringLiteral("hipErrorNotFound")});
        QCOMPARE(s.status, CheckStatus::Fail);
    }

    // Step 3 with a script that fails only with the Triton path on: context.triton-state.
    void step3TritonSwitch() {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("train.sh"), tritonScript());
        VerifyOptions o = baseOptions(dir);
        o.step3.argv = {script, QStringLiteral("--epochs"), QStringLiteral("1")};
        o.step3.workingDirectory = dir.path();
        o.step3.switchEnv = QStringLiteral("USE_TRITON=0");
        o.env.set(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("1"));
        const auto v = makeVerifier(o);
        const StepRecord s = v->run({3}).steps.value(0);
        QCOMPARE(s.checks.size(), 2);
        const CheckRecord &asIs = check(s, QStringLiteral("as-is"));
        QCOMPARE(asIs.exitCode, 1);
        QCOMPARE(asIs.workingDirectory, dir.path());
        QCOMPARE(asIs.env.value(QStringLiteral("AMD_LOG_LEVEL")),
                 QStringLiteral("1")); // the profile
        QCOMPARE(check(s, QStringLiteral("without-triton")).env.value(QStringLiteral("USE_TRITON")),
                 QStringLiteral("0"));
        QCOMPARE(s.signatures.size(), 2);
        QVERIFY(!s.signatures[0].passed);
        QCOMPARE(s.signatures[0].hipErrors,
                 QStringList{QStringLiteral("hipErrorInvalidDeviceFunction")});
        QCOMPARE(s.signatures[0].firstError,
                 QStringLiteral("RuntimeError: HIP error: hipErrorInvalidDeviceFunction"));
        QVERIFY(s.signatures[1].passed);
        const Comparison c = compareSteps({s});
        QCOMPARE(c.direction, Direction::CodeObject);
        QCOMPARE(ids(c.findings), QStringList{QStringLiteral("context.triton-state")});
        QVERIFY(c.findings[0].evidence.size() >= 2);

        // Step 1 failed for want of a device (as on a machine without a GPU): the baseline
        // verdict stands, and step 3's with/without-Triton signal is still reported.
        StepRecord s1;
        s1.step = 1;
        s1.status = CheckStatus::Fail;
        s1.summary = QStringLiteral("no device");
        Finding noDevice;
        noDevice.id = QStringLiteral("runtime.no-device");
        noDevice.severity = Severity::Error;
        s1.findings = {noDevice};
        const Comparison both = compareSteps({s1, s});
        QCOMPARE(both.direction, Direction::RuntimeLink);
        QCOMPARE(ids(both.findings), (QStringList{QStringLiteral("verify.baseline-failed"),
                                                  QStringLiteral("context.triton-state")}));
        QVERIFY2(both.verdict.contains(QLatin1String("USE_TRITON=0")), qPrintable(both.verdict));
        // Issue 41: steps 1 and 2 both ran (step 2 failing too, for want of a device): the
        // verdict does not say they did not (the control: step 3 alone says so).
        StepRecord s2 = s1;
        s2.step = 2;
        s2.findings = {noDevice};
        const Comparison all = compareSteps({s1, s2, s});
        QCOMPARE(ids(all.findings), ids(both.findings));
        QVERIFY2(!all.verdict.contains(QLatin1String("did not both run")), qPrintable(all.verdict));
        QVERIFY2(!all.verdict.contains(QLatin1String("operator alone passes")),
                 qPrintable(all.verdict));
        QVERIFY(compareSteps({s}).verdict.contains(QLatin1String("did not both run")));
        // Step 1 failing for another reason still stops the comparison there.
        s1.findings.clear();
        QCOMPARE(ids(compareSteps({s1, s}).findings),
                 QStringList{QStringLiteral("verify.baseline-failed")});

        // The Triton path failing for want of code for the GPU (209, as a CUDA program on the
        // H200 printed it: docs/gpu-validation.md) is code built for another architecture,
        // not shared state: no "synchronize" advice.
        const QString noImage = writeScript(
            dir, QStringLiteral("noimage.sh"),
            "if [ \"${USE_TRITON:-1}\" = 0 ]; then exit 0; fi\n"
            "echo 'vector_add_main: FAILED: cudaGetLastError() returned "
            "cudaErrorNoKernelImageForDevice (209): no kernel image is available for execution "
            "on the device' >&2\nexit 1\n");
        o.step3.argv = {noImage};
        const StepRecord n = makeVerifier(o)->run({3}).steps.value(0);
        const Comparison arch = compareSteps({n});
        QCOMPARE(ids(arch.findings), QStringList{QStringLiteral("arch.no-compatible-code-object")});
        QVERIFY(!arch.findings[0].fix.join(QLatin1Char(' ')).contains(QLatin1String("ynchronize")));
        QVERIFY2(arch.verdict.contains(QLatin1String("another architecture")),
                 qPrintable(arch.verdict));
    }

    void step3SecondCommandAndSameFailure() {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("train.sh"), tritonScript());
        const QString hipOnly = writeScript(
            dir, QStringLiteral("hip_only.sh"),
            "echo 'hipModuleLaunchKernel returned hipErrorInvalidDeviceFunction' >&2; exit 1\n");
        VerifyOptions o = baseOptions(dir);
        o.step3.argv = {script};
        o.step3.variantArgv = {hipOnly};
        const auto v = makeVerifier(o);
        const StepRecord s = v->run({3}).steps.value(0);
        QVERIFY(s.signatures[0].sameFailureAs(s.signatures[1]));
        const Comparison c = compareSteps({s});
        QCOMPARE(ids(c.findings), QStringList{QStringLiteral("verify.project-fails")});
        QCOMPARE(c.direction, directionOfError(QStringLiteral("hipErrorInvalidDeviceFunction")));
        QVERIFY(c.direction != Direction::None);

        // Both pass: nothing to blame in isolation.
        const QString ok = writeScript(dir, QStringLiteral("ok.sh"), "exit 0\n");
        o.step3.argv = {ok};
        o.step3.variantArgv = {ok};
        const StepRecord passing = runStep(o, 3);
        QCOMPARE(passing.status, CheckStatus::Pass);
        QCOMPARE(ids(compareSteps({passing}).findings),
                 QStringList{QStringLiteral("verify.passes-in-isolation")});
    }

    // Step 3's signature names the event that failed, as the diagnosis reads the output: the
    // exception of a Python traceback, not its first line; a program's own exception too.
    void signatureIsTheFailingEvent() {
        QTemporaryDir dir;
        const QString script = writeScript(
            dir, QStringLiteral("traceback.sh"),
            "echo 'loading model' \n"
            "printf 'Traceback (most recent call last):\\n  File \"run.py\", line 3, in "
            "<module>\\n    main()\\nRuntimeError: HIP error: invalid device function\\n"
            "Compile with `TORCH_USE_HIP_DSA` to enable device-side assertions.\\n' >&2\n"
            "exit 1\n");
        VerifyOptions o;
        o.step3.argv = {script};
        const auto v = makeVerifier(o);
        const StepRecord s = v->run({3}).steps.value(0);
        QCOMPARE(s.signatures.value(0).firstError,
                 QStringLiteral("RuntimeError: HIP error: invalid device function"));

        const QString own = writeScript(
            dir, QStringLiteral("own.sh"),
            "printf 'Traceback (most recent call last):\\n  File \"run.py\", line 9, in "
            "<module>\\nValueError: unexpected shape (3, 4)\\n' >&2\nexit 1\n");
        o.step3.argv = {own};
        const StepRecord t = makeVerifier(o)->run({3}).steps.value(0);
        QCOMPARE(t.signatures.value(0).firstError,
                 QStringLiteral("ValueError: unexpected shape (3, 4)"));
        // Without the diagnosis' reading, the first line that reads like an error.
        CheckRecord c;
        ProcessSpec spec;
        spec.argv = {own};
        runProcess(spec, c);
        QCOMPARE(signatureOf(c).firstError, QStringLiteral("Traceback (most recent call last):"));
    }

    void signatureOfSignal() {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("crash.sh"),
                                           "echo 'about to crash' >&2\nkill -SEGV $$\n");
        CheckRecord c;
        ProcessSpec spec;
        spec.argv = {script};
        runProcess(spec, c);
        QCOMPARE(c.status, CheckStatus::Fail);
        QCOMPARE(c.signalName, QStringLiteral("SIGSEGV"));
        const FailureSignature sig = signatureOf(c);
        QCOMPARE(sig.signalName, QStringLiteral("SIGSEGV"));
        QVERIFY(sig.summary().contains(QLatin1String("killed by SIGSEGV")));
    }

    // The comparison's decisions over recorded outcomes (docs/design.md "The method").
    void comparisonDecisions() {
        const auto step = [](int n, CheckStatus st, QList<Finding> fs = {}) {
            StepRecord s;
            s.step = n;
            s.status = st;
            s.summary = QStringLiteral("step %1").arg(n);
            s.findings = fs;
            return s;
        };
        Finding mangled;
        mangled.id = QStringLiteral("symbol.mangled-name");
        mangled.severity = Severity::Error;
        mangled.direction = Direction::Symbols;
        Finding arch;
        arch.id = QStringLiteral("arch.no-compatible-code-object");
        arch.severity = Severity::Error;
        arch.direction = Direction::CodeObject;
        // Step 1 fails → base chain, whatever the others say.
        Comparison c =
            compareSteps({step(1, CheckStatus::Fail), step(2, CheckStatus::Fail, {mangled})});
        QCOMPARE(c.direction, Direction::RuntimeLink);
        QCOMPARE(ids(c.findings), QStringList{QStringLiteral("verify.baseline-failed")});
        // Step 2 fails → the artifact, direction from its findings.
        c = compareSteps({step(1, CheckStatus::Pass), step(2, CheckStatus::Fail, {mangled})});
        QCOMPARE(c.direction, Direction::Symbols);
        QCOMPARE(ids(c.findings), QStringList{QStringLiteral("verify.operator-fails")});
        c = compareSteps({step(1, CheckStatus::Pass), step(2, CheckStatus::Fail, {arch})});
        QCOMPARE(c.direction, Direction::CodeObject);
        // Nothing ran.
        c = compareSteps({step(1, CheckStatus::Skipped)});
        QVERIFY(c.findings.isEmpty());
        // Cancelled steps are not judged.
        c = compareSteps({step(1, CheckStatus::Cancelled), step(2, CheckStatus::Pass)});
        QCOMPARE(ids(c.findings), QStringList{QStringLiteral("verify.passes-in-isolation")});
    }

    // A failed step never stops the next one.
    void failedStepDoesNotBlockOthers() {
        QTemporaryDir dir;
        VerifyOptions o = baseOptions(dir);
        o.step1.compiler = QStringLiteral("/nonexistent/hipcc"); // step 1 fails fast
        o.step3.argv = {writeScript(dir, QStringLiteral("ok.sh"), "exit 0\n")};
        const auto v = makeVerifier(o);
        const VerifyResult r = v->run({3, 1});
        QCOMPARE(r.steps.size(), 2);
        QCOMPARE(r.steps[0].step, 1);
        QCOMPARE(r.steps[0].status, CheckStatus::Fail);
        QCOMPARE(r.steps[1].step, 3);
        QCOMPARE(r.steps[1].status, CheckStatus::Pass);
        QCOMPARE(r.comparison.direction, Direction::RuntimeLink);
    }

    // cancel() from another thread kills the running child and ends the run.
    void cancelKillsRunningChild() {
        QTemporaryDir dir;
        VerifyOptions o = baseOptions(dir);
        o.step3.argv = {writeScript(dir, QStringLiteral("slow.sh"), "sleep 600\n")};
        o.step3.switchEnv = QStringLiteral("USE_TRITON=0");
        const auto v = makeVerifier(o);
        QSemaphore started;
        v->setProgressCallback([&](const VerifyProgress &p) {
            if (p.step == 3)
                started.release();
        });
        VerifyResult r;
        std::thread worker([&] { r = v->run({3}); });
        started.acquire();
        v->cancel();
        worker.join();
        QVERIFY(r.cancelled);
        QCOMPARE(r.steps.size(), 1);
        QCOMPARE(r.steps[0].status, CheckStatus::Cancelled);
        QCOMPARE(r.steps[0].checks[0].status, CheckStatus::Cancelled);
        QCOMPARE(r.steps[0].checks[1].status, CheckStatus::Cancelled); // never started
        QVERIFY(r.steps[0].checks[1].command.isEmpty());
    }

    void compileCacheKeys() {
        QTemporaryDir dir;
        CompileCache cache(dir.path());
        const QString src = hdtest::sourceDir() + QStringLiteral("/kernels/vector_add.hip");
        const QString k = cache.key(QStringLiteral("/usr/bin/hipcc"), QStringLiteral("v1"), src,
                                    QStringLiteral("gfx90a"), {QStringLiteral("-O2")});
        QCOMPARE(cache.key(QStringLiteral("/usr/bin/hipcc"), QStringLiteral("v1"), src,
                           QStringLiteral("gfx90a"), {QStringLiteral("-O2")}),
                 k);
        QVERIFY(cache.key(QStringLiteral("/usr/bin/hipcc"), QStringLiteral("v2"), src,
                          QStringLiteral("gfx90a"), {QStringLiteral("-O2")}) != k);
        QVERIFY(cache.key(QStringLiteral("/usr/bin/hipcc"), QStringLiteral("v1"), src,
                          QStringLiteral("gfx1030"), {QStringLiteral("-O2")}) != k);
        QVERIFY(cache.key(QStringLiteral("/usr/bin/hipcc"), QStringLiteral("v1"), src,
                          QStringLiteral("gfx90a"), {QStringLiteral("-O3")}) != k);
        // A changed source is another key.
        const QString copy = dir.filePath(QStringLiteral("vector_add.hip"));
        QVERIFY(QFile::copy(src, copy));
        const QString k1 = cache.key(QStringLiteral("/usr/bin/hipcc"), QStringLiteral("v1"), copy,
                                     QStringLiteral("gfx90a"), {});
        QFile f(copy);
        QVERIFY(f.open(QIODevice::Append));
        f.write("// changed\n");
        f.close();
        QVERIFY(cache.key(QStringLiteral("/usr/bin/hipcc"), QStringLiteral("v1"), copy,
                          QStringLiteral("gfx90a"), {}) != k1);
        // Entries: miss, commit, hit; an entry missing its output is a miss.
        QVERIFY(!cache.lookup(k));
        QString problem;
        const QString tmp = cache.beginEntry(k, &problem);
        QVERIFY2(!tmp.isEmpty(), qPrintable(problem));
        QFile out(tmp + QStringLiteral("/a.co"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("x");
        out.close();
        CheckRecord rec;
        rec.id = QStringLiteral("compile");
        rec.status = CheckStatus::Pass;
        rec.artifacts = {tmp + QStringLiteral("/a.co")};
        rec.summary = HD_TEXT("hd::Verify", "built %1 for %2")
                          .arg(QStringLiteral("a.co"), QStringLiteral("gfx90a"));
        const auto committed = cache.commitEntry(k, tmp, rec);
        QVERIFY(committed);
        QVERIFY(committed->artifacts.value(0).startsWith(dir.path() + QLatin1Char('/') + k));
        QVERIFY(cache.lookup(k));
        // The summary comes back as the sentence it was (shown in the reader's language), not
        // only its English (issue 41 item 4).
        QCOMPARE(cache.lookup(k)->summary.english(), QStringLiteral("built a.co for gfx90a"));
        QVERIFY(cache.lookup(k)->summary.hasSentence());
        // A passing record with an empty file list is damaged, not a PASS without outputs.
        {
            QFile rf(dir.path() + QLatin1Char('/') + k + QStringLiteral("/record.json"));
            QVERIFY(rf.open(QIODevice::ReadOnly));
            QJsonObject o = QJsonDocument::fromJson(rf.readAll()).object();
            rf.close();
            const QJsonValue files = o.value(QStringLiteral("files"));
            o.insert(QStringLiteral("files"), QJsonArray());
            QVERIFY(rf.open(QIODevice::WriteOnly | QIODevice::Truncate));
            rf.write(QJsonDocument(o).toJson());
            rf.close();
            QString damaged;
            QVERIFY(!cache.lookup(k, &damaged));
            QVERIFY2(damaged.contains(QLatin1String("without output files")), qPrintable(damaged));
            o.insert(QStringLiteral("files"), files);
            // An older version's entry (no summary_message): compiled again, once.
            const QJsonValue message = o.take(QStringLiteral("summary_message"));
            QVERIFY(rf.open(QIODevice::WriteOnly | QIODevice::Truncate));
            rf.write(QJsonDocument(o).toJson());
            rf.close();
            QVERIFY(!cache.lookup(k));
            o.insert(QStringLiteral("summary_message"), message);
            QVERIFY(rf.open(QIODevice::WriteOnly | QIODevice::Truncate));
            rf.write(QJsonDocument(o).toJson());
            rf.close();
            QVERIFY(cache.lookup(k));
        }
        QVERIFY(QFile::remove(committed->artifacts.value(0)));
        QVERIFY(!cache.lookup(k));
        // The compiler's version text is computed once per compiler file.
        int calls = 0;
        const auto compute = [&]() -> std::optional<QString> {
            ++calls;
            return QStringLiteral("hipcc 5.2");
        };
        QCOMPARE(cache.compilerVersion(QStringLiteral("/usr/bin/hipcc"), compute),
                 QStringLiteral("hipcc 5.2"));
        QCOMPARE(
            CompileCache(dir.path()).compilerVersion(QStringLiteral("/usr/bin/hipcc"), compute),
            QStringLiteral("hipcc 5.2"));
        QCOMPARE(calls, 1);
        // A compiler that did not answer is not kept: asked again the next time.
        const auto fails = [&]() -> std::optional<QString> {
            ++calls;
            return std::nullopt;
        };
        const QString broken = QStringLiteral("/usr/bin/hipconfig"); // another compiler file
        QVERIFY(!cache.compilerVersion(broken, fails));
        QVERIFY(!cache.knownCompilerVersion(broken));
        QVERIFY(!CompileCache(dir.path()).compilerVersion(broken, fails));
        QCOMPARE(calls, 3);
    }

    // Asked from two threads at once (verify's inventory beside step 1): one run, and a
    // reader that only waits (knownCompilerVersion) gets its text; nothing running: nothing.
    void compilerVersionSharedBetweenThreads() {
        QTemporaryDir dir;
        const QString hipcc = QStringLiteral("/usr/bin/hipcc");
        QVERIFY(!CompileCache(dir.path()).knownCompilerVersion(hipcc));
        std::promise<void> computing, release;
        std::atomic_int calls = 0;
        auto first = std::async(std::launch::async, [&] {
            return CompileCache(dir.path()).compilerVersion(hipcc, [&]() -> std::optional<QString> {
                ++calls;
                computing.set_value();
                release.get_future().wait();
                return QStringLiteral("HIP version: 5.2.21153-0");
            });
        });
        computing.get_future().wait(); // the first is running its query now
        auto reader = std::async(std::launch::async, [&] {
            return CompileCache(dir.path()).knownCompilerVersion(hipcc);
        });
        auto second = std::async(std::launch::async, [&] {
            return CompileCache(dir.path()).compilerVersion(hipcc, [&]() -> std::optional<QString> {
                ++calls;
                return QStringLiteral("a second run");
            });
        });
        QCOMPARE(reader.wait_for(std::chrono::milliseconds(50)), std::future_status::timeout);
        release.set_value();
        QCOMPARE(first.get().value_or(QString()), QStringLiteral("HIP version: 5.2.21153-0"));
        QCOMPARE(second.get().value_or(QString()), QStringLiteral("HIP version: 5.2.21153-0"));
        QCOMPARE(reader.get().value_or(QString()), QStringLiteral("HIP version: 5.2.21153-0"));
        QCOMPARE(calls.load(), 1);
    }

    void compilerDetection() {
        QTemporaryDir dir;
        QDir().mkpath(dir.filePath(QStringLiteral("rocm/bin")));
        const QString fake = dir.filePath(QStringLiteral("rocm/bin/hipcc"));
        QVERIFY(QFile::link(QStringLiteral("/usr/bin/hipcc"), fake));
        QProcessEnvironment env;
        env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin"));
        CompilerInfo c = detectCompiler(env);
        QCOMPARE(c.via, QStringLiteral("PATH"));
        QCOMPARE(c.kind, QStringLiteral("hipcc"));
        env.insert(QStringLiteral("ROCM_PATH"), dir.filePath(QStringLiteral("rocm")));
        c = detectCompiler(env);
        QCOMPARE(c.via, QStringLiteral("ROCM_PATH"));
        QCOMPARE(c.path, fake);
        env.insert(QStringLiteral("HIP_PATH"), QStringLiteral("/nonexistent"));
        c = detectCompiler(env);
        QCOMPARE(c.via, QStringLiteral("ROCM_PATH"));
        QCOMPARE(c.searched.first(), QStringLiteral("/nonexistent/bin/hipcc"));
        env.insert(QStringLiteral("PATH"), QStringLiteral("/nowhere"));
        env.remove(QStringLiteral("ROCM_PATH"));
        c = detectCompiler(env);
        QVERIFY(c.path.isEmpty());
        QVERIFY(c.searched.contains(QStringLiteral("/nowhere/hipcc")));
    }

    void envReadCheckUsesTheInstalledRuntime() {
        const EnvReadCheck reads = runtimeEnvReadCheck();
        const auto level = reads(QStringLiteral("AMD_LOG_LEVEL"));
        if (!level)
            QSKIP("no HIP runtime library installed");
        QVERIFY(*level);
        QCOMPARE(reads(QStringLiteral("HIP_MODULE_LOAD_VERBOSE")), std::optional<bool>(false));
        EnvProfile p;
        p.set(QStringLiteral("HIP_MODULE_LOAD_VERBOSE"), QStringLiteral("1"));
        const QList<EnvProblem> problems = p.check(reads);
        QCOMPARE(problems.size(), 1);
        QVERIFY(problems[0].message.contains(QLatin1String("not read")));
    }

    // Capture records as scripts/gpu/validate-probe.sh writes them (its capture helper, built
    // here with g++ and run on the real probe) become steps 1 and 2 of a session.
    void importCaptureRecords() {
        QTemporaryDir dir;
        const QString src = hdtest::sourceDir();
        const QString capture = dir.filePath(QStringLiteral("capture"));
        QProcess gxx;
        gxx.start(QStringLiteral("g++"),
                  {QStringLiteral("-std=c++17"), QStringLiteral("-O0"),
                   QStringLiteral("-I") + src + QStringLiteral("/app/probe"),
                   src + QStringLiteral("/scripts/gpu/capture.cpp"),
                   src + QStringLiteral("/app/probe/json.cpp"), QStringLiteral("-o"), capture});
        QVERIFY(gxx.waitForFinished(300000));
        QVERIFY2(gxx.exitCode() == 0, gxx.readAllStandardError().constData());
        const QString probe = hdtest::binary(QStringLiteral("hipdoctor-probe"));
        const QString out = dir.filePath(QStringLiteral("records"));
        QDir().mkpath(out);
        const auto cap = [&](const QString &file, int step, const QString &name,
                             const QString &kind, const QByteArray &request,
                             const QStringList &argv) {
            QStringList args{QStringLiteral("--out"),  out + QLatin1Char('/') + file,
                             QStringLiteral("--step"), QString::number(step),
                             QStringLiteral("--name"), name,
                             QStringLiteral("--kind"), kind};
            if (!request.isEmpty()) {
                const QString req = dir.filePath(name + QStringLiteral(".json"));
                QFile f(req);
                f.open(QIODevice::WriteOnly);
                f.write(request);
                f.close();
                args << QStringLiteral("--stdin") << req;
            }
            args << QStringLiteral("--") << argv;
            QProcess p;
            p.start(capture, args);
            return p.waitForFinished(120000);
        };
        QVERIFY(cap(QStringLiteral("other.jsonl"), 0, QStringLiteral("probe-devices"),
                    QStringLiteral("probe"),
                    R"({"protocol":1,"request":"devices","backend":"hip"})", {probe}));
        QVERIFY(cap(QStringLiteral("step1.jsonl"), 1, QStringLiteral("program"),
                    QStringLiteral("program"), {},
                    {QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                     QStringLiteral("echo 'vector_add_main: OK'")}));
        QVERIFY(cap(
            QStringLiteral("step2.jsonl"), 2, QStringLiteral("probe-load-missing"),
            QStringLiteral("probe"),
            R"({"protocol":1,"request":"load","backend":"hip","file":"/nonexistent.co","kernels":["vector_add"]})",
            {probe}));
        QVERIFY(cap(QStringLiteral("bench.jsonl"), 0, QStringLiteral("bench-1"),
                    QStringLiteral("bench"), {}, {QStringLiteral("/bin/true")}));
        // A damaged line is reported and skipped, the rest is kept.
        QFile damaged(out + QStringLiteral("/step2.jsonl"));
        QVERIFY(damaged.open(QIODevice::Append));
        damaged.write("{\"schema\":\"hipdoctor.gpu-capture/1\",\"step\":2,\n");
        damaged.close();

        const ImportedRecords imp = importGpuRecords(out);
        QCOMPARE(imp.files.size(), 4);
        QCOMPARE(imp.recordCount, 4);
        QCOMPARE(imp.skippedBench, 1);
        QCOMPARE(imp.problems.size(), 1);
        QVERIFY2(imp.problems[0].contains(QLatin1String("step2.jsonl:2")),
                 qPrintable(imp.problems[0]));
        QCOMPARE(imp.steps.size(), 2);
        const StepRecord &s1 = imp.steps[0];
        QCOMPARE(s1.step, 1);
        QCOMPARE(s1.checks.size(), 2);
        const CheckRecord &devs = check(s1, QStringLiteral("probe-devices"));
        QCOMPARE(devs.status, CheckStatus::Fail); // no device here
        QVERIFY2(devs.summary.contains(QLatin1String("no device")) ||
                     devs.summary.contains(QLatin1String("no-device")),
                 qPrintable(devs.summary));
        QCOMPARE(check(s1, QStringLiteral("program")).status, CheckStatus::Pass);
        QCOMPARE(check(s1, QStringLiteral("program")).summary,
                 QStringLiteral("exit status 0: vector_add_main: OK"));
        const StepRecord &s2 = imp.steps[1];
        QCOMPARE(s2.step, 2);
        QCOMPARE(check(s2, QStringLiteral("probe-load-missing")).status, CheckStatus::Fail);
        QVERIFY(check(s2, QStringLiteral("probe-load-missing"))
                    .data.contains(QStringLiteral("request")));
    }
    // The records scripts/gpu/validate-probe.sh brought back from an NVIDIA H200 (2026-11-30,
    // committed under tests/verify/gpu-records/): step 1 passes there, step 2 fails with
    // CUDA 209 (sm_80-only fatbin) and 500 (mangled name), and the import proves the mangled
    // case from the record that found the mangled symbol in the same cubin.
    void importRealGpuRecords() {
        const QString dir =
            hdtest::sourceDir() + QStringLiteral("/tests/verify/gpu-records/h200-2026-11-30");
        const ImportedRecords imp = importGpuRecords(dir);
        QVERIFY2(imp.problems.isEmpty(), qPrintable(imp.problems.join('\n')));
        QCOMPARE(imp.steps.size(), 2);
        QCOMPARE(imp.devices.size(), 1);
        QCOMPARE(imp.devices[0].target.toString(), QStringLiteral("sm_90"));
        QVERIFY(imp.devices[0].name.contains(QLatin1String("H200")));
        const StepRecord &s1 = imp.steps[0];
        QCOMPARE(s1.status, CheckStatus::Pass);
        const CheckRecord &cubin = check(s1, QStringLiteral("probe-launch-cubin"));
        QCOMPARE(cubin.status, CheckStatus::Pass);
        QVERIFY(!cubin.phases.isEmpty());
        QCOMPARE(ProbeResult::fromJson(cubin.data.value(QStringLiteral("probe")).toObject())
                     .validation.passed,
                 true);
        const StepRecord &s2 = imp.steps[1];
        QCOMPARE(s2.status, CheckStatus::Fail);
        const QStringList found = ids(s2.findings);
        QVERIFY2(found.contains(QStringLiteral("arch.no-compatible-code-object")),
                 qPrintable(found.join(',')));
        QVERIFY2(found.contains(QStringLiteral("symbol.mangled-name")),
                 qPrintable(found.join(',')));
        for (const Finding &f : s2.findings)
            if (f.id == QLatin1String("symbol.mangled-name")) {
                QCOMPARE(f.severity, Severity::Error);
                QVERIFY(f.title.contains(QLatin1String("_Z14vector_add_cppPKfS0_Pfi")));
            }
        QCOMPARE(check(s2, QStringLiteral("probe-crash-module-load")).signalName,
                 QStringLiteral("SIGSEGV"));
        const Comparison c = compareSteps(imp.steps);
        QCOMPARE(ids(c.findings), QStringList{QStringLiteral("verify.operator-fails")});
        QCOMPARE(c.direction, Direction::CodeObject);
    }
};

QTEST_GUILESS_MAIN(TestVerify)
#include "tst_verify.moc"
