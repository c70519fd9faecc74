// The probe and its client against the real Debian HIP runtime (ROCm 5.2, no GPU here): the
// runtime is found, loaded and answers "no device"; bad library paths, crashes, aborts, hangs,
// cancellation and protocol mismatches come back as named results while the caller continues.

#include "hip_abi.h"
#include "hip_abi_compile.h"
#include "model/runtime_errors.h"
#include "probe/probe_client.h"
#include "testpaths.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

#include <dlfcn.h>

#include <csignal>
#include <thread>

using namespace hd;

namespace {

const char *kHipLib = "/usr/lib/x86_64-linux-gnu/libamdhip64.so";

ProbeOptions options(QMap<QString, QString> env = {}, int timeoutMs = 60000) {
    ProbeOptions o;
    o.probePath = hdtest::binary(QStringLiteral("hipdoctor-probe"));
    o.env = env;
    o.timeoutMs = timeoutMs;
    return o;
}

ProbeRequest devicesRequest(const QString &backend = QStringLiteral("hip")) {
    ProbeRequest r;
    r.kind = ProbeRequest::Kind::Devices;
    r.backend = backend;
    return r;
}

// The version the runtime's own file name carries (libamdhip64.so.5.2.21153): an oracle that
// does not go through hipRuntimeGetVersion.
QString versionFromFileName() {
    const QString real = QFileInfo(QString::fromLatin1(kHipLib)).canonicalFilePath();
    return real.section(QStringLiteral(".so."), 1);
}

} // namespace

class TstProbe : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY2(QFileInfo(hdtest::binary(QStringLiteral("hipdoctor-probe"))).isExecutable(),
                 "probe not built");
        QVERIFY2(QFileInfo::exists(QString::fromLatin1(kHipLib)),
                 "Debian's libamdhip64 is not installed");
    }

    void realRuntimeNoDevice_data() {
        QTest::addColumn<QString>("backend");
        QTest::newRow("hip") << QStringLiteral("hip");
        QTest::newRow("auto picks hip first") << QStringLiteral("auto");
    }
    void realRuntimeNoDevice() {
        QFETCH(QString, backend);
        const ProbeResult r = ProbeClient(options()).run(devicesRequest(backend));
        QCOMPARE(probeOutcomeName(r.outcome), QStringLiteral("completed"));
        QVERIFY(r.helloSeen);
        QCOMPARE(r.hello.protocol, kProbeProtocolVersion);
        QCOMPARE(r.hello.backend, QStringLiteral("hip"));
        QCOMPARE(r.hello.library, QFileInfo(QString::fromLatin1(kHipLib)).canonicalFilePath());
        QCOMPARE(r.hello.runtimeVersion, versionFromFileName());
        // The ABI: the soname's major is the file name's, and a ROCm 5 runtime is read through
        // the R0000 layout's own entry point (docs/protocol.md).
        QCOMPARE(r.hello.soname,
                 QStringLiteral("libamdhip64.so.") + versionFromFileName().section(u'.', 0, 0));
        QCOMPARE(r.hello.devicePropertiesLayout, QStringLiteral("R0000"));
        QCOMPARE(r.hello.devicePropertiesApi, QStringLiteral("hipGetDeviceProperties"));
        QVERIFY2(r.hello.abiNote.isEmpty(), qPrintable(r.hello.abiNote));
        QCOMPARE(r.status, QStringLiteral("no-device"));
        QVERIFY(r.devices.isEmpty());
        QVERIFY(r.firstError.has_value());
        // the device count is what says "no device" (hipInit answers 101 on ROCm 5.2)
        bool sawCount = false;
        for (const PhaseEvent &p : r.phases)
            if (p.api == QLatin1String("hipGetDeviceCount")) {
                sawCount = true;
                QCOMPARE(p.errorCode, 100);
                QCOMPARE(p.errorName, QStringLiteral("hipErrorNoDevice"));
                QCOMPARE(p.name, QStringLiteral("runtime-init"));
            }
        QVERIFY(sawCount);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.signal, 0);
        QVERIFY(r.suggestedFindingIds().contains(QStringLiteral("runtime.no-device")));
        QVERIFY2(r.summary().contains(QStringLiteral("no-device")), qPrintable(r.summary()));
        if (backend == QLatin1String("auto")) {
            // hip loaded but saw no device, so auto went on to cuda before settling for hip
            bool hipNoted = false, cudaTried = false;
            for (const LibraryAttempt &a : r.hello.tried) {
                hipNoted |= a.loaded && a.error.contains(QStringLiteral("sees no device"));
                cudaTried |= a.path.startsWith(QLatin1String("libcuda"));
            }
            QVERIFY(hipNoted);
            QVERIFY(cudaTried);
        }
    }

    // The env profile reaches the runtime: AMD_LOG_LEVEL=4 makes it log, and the parsed log
    // agrees with the probe's phase events.
    void envProfileAndLog() {
        const ProbeResult r =
            ProbeClient(options({{QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("4")}}))
                .run(devicesRequest());
        QCOMPARE(r.status, QStringLiteral("no-device"));
        QVERIFY(r.amdLog.logLineCount > 0);
        QVERIFY(r.amdLog.errorsReturned.contains(QStringLiteral("hipErrorNoDevice")));
        QVERIFY(r.environment.contains(QStringLiteral("AMD_LOG_LEVEL=4")));
        // and the clean base does not leak the caller's setting into the next run
        qputenv("AMD_LOG_LEVEL", "4");
        const ProbeResult clean = ProbeClient(options()).run(devicesRequest());
        qunsetenv("AMD_LOG_LEVEL");
        QCOMPARE(clean.amdLog.logLineCount, 0);
    }

    void badLibrary_data() {
        QTest::addColumn<QString>("library");
        QTest::addColumn<QString>("errorPattern");
        QTest::newRow("missing file") << QStringLiteral("/nonexistent/libamdhip64.so.6")
                                      << QStringLiteral("No such file or directory");
        QTest::newRow("not a library") << hdtest::sourceDir() + QStringLiteral("/CMakeLists.txt")
                                       << QStringLiteral("invalid ELF header|file too short");
        QTest::newRow("a library without HIP")
            << QStringLiteral("libz.so.1") << QStringLiteral("has no symbol hip");
    }
    void badLibrary() {
        QFETCH(QString, library);
        QFETCH(QString, errorPattern);
        ProbeRequest rq = devicesRequest();
        rq.library = library;
        const ProbeResult r = ProbeClient(options()).run(rq);
        QCOMPARE(r.outcome, ProbeOutcome::Completed);
        QCOMPARE(r.status, QStringLiteral("no-runtime"));
        QCOMPARE(r.hello.backend, QStringLiteral("none"));
        QCOMPARE(r.hello.tried.size(), 1);
        QCOMPARE(r.hello.tried.first().path, library);
        QVERIFY(!r.hello.tried.first().loaded);
        QVERIFY2(r.hello.tried.first().error.contains(QRegularExpression(errorPattern)),
                 qPrintable(r.hello.tried.first().error));
        QVERIFY(r.message.contains(library));
        QVERIFY(r.suggestedFindingIds().contains(QStringLiteral("runtime.library-not-found")));
    }

    // "no runtime found" lists every path tried (there is no libcuda on this machine).
    void noCudaRuntime() {
        if (void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL)) {
            dlclose(h);
            QSKIP("this machine has libcuda.so.1");
        }
        const ProbeResult r = ProbeClient(options()).run(devicesRequest(QStringLiteral("cuda")));
        QCOMPARE(r.status, QStringLiteral("no-runtime"));
        QStringList paths;
        for (const auto &t : r.hello.tried)
            paths << t.path;
        QCOMPARE(paths,
                 QStringList({QStringLiteral("libcuda.so.1"), QStringLiteral("libcuda.so")}));
        QVERIFY(r.message.contains(QStringLiteral("libcuda.so.1")));
    }

    void faults_data() {
        QTest::addColumn<QString>("fault");
        QTest::addColumn<int>("timeoutMs");
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<QString>("phase");
        QTest::addColumn<QString>("api");
        QTest::addColumn<bool>("hello");
        QTest::addColumn<int>("signal");
        QTest::newRow("crash in runtime-init") << "crash:runtime-init" << 60000 << "crashed"
                                               << "runtime-init"
                                               << "hipInit" << true << int(SIGSEGV);
        QTest::newRow("abort in runtime-init") << "abort:runtime-init" << 60000 << "aborted"
                                               << "runtime-init"
                                               << "hipInit" << true << int(SIGABRT);
        QTest::newRow("hang in runtime-init") << "hang:runtime-init" << 1500 << "timed-out"
                                              << "runtime-init"
                                              << "hipInit" << true << int(SIGKILL);
        QTest::newRow("crash while loading the library")
            << "crash:library-load" << 60000 << "crashed"
            << "library-load"
            << "" << false << int(SIGSEGV);
        QTest::newRow("exit without result") << "exit:runtime-init" << 60000 << "no-result"
                                             << "runtime-init"
                                             << "hipInit" << true << 0;
    }
    void faults() {
        QFETCH(QString, fault);
        QFETCH(int, timeoutMs);
        const ProbeResult r =
            ProbeClient(options({{QStringLiteral("HIPDOCTOR_PROBE_FAULT"), fault}}, timeoutMs))
                .run(devicesRequest());
        QTEST(probeOutcomeName(r.outcome), "outcome");
        QTEST(r.diedInPhase, "phase");
        QTEST(r.diedInApi, "api");
        QTEST(r.helloSeen, "hello");
        QTEST(r.signal, "signal");
        QVERIFY(!r.message.isEmpty());
        QVERIFY2(r.summary().contains(r.diedInPhase), qPrintable(r.summary()));
        if (r.helloSeen) {
            // everything before the death is kept: the library load and its event line
            QVERIFY(!r.phases.isEmpty());
            QCOMPARE(r.phases.first().name, QStringLiteral("library-load"));
            QVERIFY(r.stdoutLines.size() >= 3);
        }
        // the probe's last words on stderr are kept too
        QVERIFY(r.stderrText.contains(QStringLiteral("fault injection")));
        // and the caller goes on: the next request works
        QCOMPARE(ProbeClient(options()).run(devicesRequest()).status, QStringLiteral("no-device"));
    }

    void cancel() {
        ProbeClient client(options(
            {{QStringLiteral("HIPDOCTOR_PROBE_FAULT"), QStringLiteral("hang:runtime-init")}}));
        QFuture<ProbeResult> f = client.runAsync(devicesRequest());
        QTest::qWait(300);
        client.cancel();
        f.waitForFinished();
        const ProbeResult r = f.result();
        QCOMPARE(r.outcome, ProbeOutcome::Cancelled);
        QCOMPARE(r.diedInPhase, QStringLiteral("runtime-init"));

        std::atomic_bool flag{false};
        ProbeOptions o =
            options({{QStringLiteral("HIPDOCTOR_PROBE_FAULT"), QStringLiteral("hang")}});
        o.cancel = &flag;
        std::thread t([&flag] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            flag = true;
        });
        const ProbeResult r2 = ProbeClient(o).run(devicesRequest());
        t.join();
        QCOMPARE(r2.outcome, ProbeOutcome::Cancelled);
    }

    void protocolMismatch() {
        // A probe claiming another protocol number.
        const ProbeResult r =
            ProbeClient(
                options({{QStringLiteral("HIPDOCTOR_PROBE_FAULT"), QStringLiteral("protocol:99")}}))
                .run(devicesRequest());
        QCOMPARE(r.outcome, ProbeOutcome::ProtocolMismatch);
        QVERIFY(r.protocolMismatch);
        QCOMPARE(r.hello.protocol, 99);
        QVERIFY(r.message.contains(QStringLiteral("99")));
        // A program that is not a probe at all: /bin/cat echoes the request without a hello.
        ProbeOptions o = options();
        o.probePath = QStringLiteral("/bin/cat");
        const ProbeResult c = ProbeClient(o).run(devicesRequest());
        QCOMPARE(c.outcome, ProbeOutcome::ProtocolMismatch);
        QCOMPARE(c.stdoutLines.size(), 1);
        // And a probe binary that does not exist.
        o.probePath = QStringLiteral("/nonexistent/hipdoctor-probe");
        QCOMPARE(ProbeClient(o).run(devicesRequest()).outcome, ProbeOutcome::FailedToStart);
    }

    // The probe refuses a request in another protocol version instead of guessing.
    void probeRefusesOtherProtocol() {
        QProcess p;
        p.start(hdtest::binary(QStringLiteral("hipdoctor-probe")), {});
        QVERIFY(p.waitForStarted());
        p.write("{\"protocol\":2,\"request\":\"devices\"}");
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished());
        const ProbeResult r = probeResultFromLines(p.readAllStandardOutput().split('\n'));
        QCOMPARE(r.status, QStringLiteral("bad-request"));
        QVERIFY(r.message.contains(QStringLiteral("protocol 2")));
        QCOMPARE(p.exitCode(), 2);
    }

    void dlopenRequest_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("status");
        QTest::newRow("the HIP runtime") << QString::fromLatin1(kHipLib) << "ok";
        QTest::newRow("missing library") << QStringLiteral("libdoesnotexist.so.3") << "error";
    }
    void dlopenRequest() {
        QFETCH(QString, path);
        ProbeRequest rq;
        rq.kind = ProbeRequest::Kind::Dlopen;
        rq.dlopenPath = path;
        const ProbeResult r = ProbeClient(options()).run(rq);
        QTEST(r.status, "status");
        QCOMPARE(r.phases.size(), 1);
        QCOMPARE(r.phases.first().api, QStringLiteral("dlopen"));
        if (r.status == QLatin1String("error"))
            QVERIFY2(r.message.contains(QStringLiteral("cannot open shared object file")),
                     qPrintable(r.message));
    }

    void badLaunchRequests_data() {
        QTest::addColumn<QString>("args");
        QTest::addColumn<QString>("expect");
        QTest::newRow("unknown type") << "buf:f99:10:rand"
                                      << "unknown element type";
        QTest::newRow("bad count") << "buf:f32:-1:rand"
                                   << "element count";
        QTest::newRow("bad scalar") << "i32:abc"
                                    << "is not a i32";
        QTest::newRow("bad initializer") << "buf:f32:4:random"
                                         << "unknown initializer";
    }
    void badLaunchRequests() {
        QFETCH(QString, args);
        QFETCH(QString, expect);
        ProbeRequest rq;
        rq.kind = ProbeRequest::Kind::Launch;
        rq.backend = QStringLiteral("hip");
        rq.file = hdtest::sourceDir() + QStringLiteral("/CMakeLists.txt");
        rq.kernel = QStringLiteral("vector_add");
        rq.args = args;
        const ProbeResult r = ProbeClient(options()).run(rq);
        QCOMPARE(r.status, QStringLiteral("bad-request"));
        QVERIFY2(r.message.contains(expect), qPrintable(r.message));
        QCOMPARE(r.exitCode, 2);
    }

    void resultRoundTrip() {
        const ProbeResult r = ProbeClient(options()).run(devicesRequest());
        const QJsonObject j = r.toJson();
        const ProbeResult back =
            ProbeResult::fromJson(QJsonDocument::fromJson(QJsonDocument(j).toJson()).object());
        QCOMPARE(back.toJson(), j);
        // lines recorded elsewhere (the GPU machine) import to the same events
        QList<QByteArray> lines;
        for (const QString &l : r.stdoutLines)
            lines << l.toUtf8();
        const ProbeResult imported = probeResultFromLines(lines);
        QCOMPARE(imported.status, r.status);
        QCOMPARE(imported.phases.size(), r.phases.size());
        QCOMPARE(imported.hello.library, r.hello.library);
    }

    // Error names come from the real runtime: hipGetErrorName is the oracle for the table.
    void hipErrorNamesMatchRuntime() {
        void *h = dlopen(kHipLib, RTLD_NOW | RTLD_LOCAL);
        QVERIFY(h);
        auto getName = reinterpret_cast<const char *(*)(int)>(dlsym(h, "hipGetErrorName"));
        QVERIFY(getName);
        for (int code : {1, 2, 3, 98, 100, 101, 200, 209, 218, 301, 302, 303, 400, 500, 700, 701,
                         719, 801, 999}) {
            const QString runtime = QString::fromLatin1(getName(code));
            QCOMPARE(hipErrorName(code), runtime);
            QCOMPARE(hipErrorCode(runtime), code == 2 ? 2 : code);
        }
        dlclose(h);
    }

    void findingMapping_data() {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("firstId");
        QTest::addColumn<bool>("ambiguous");
        QTest::newRow("hip 209") << "hip" << 209 << "6.2.0"
                                 << "hipErrorNoBinaryForGpu"
                                 << "arch.no-compatible-code-object" << false;
        QTest::newRow("cuda 209") << "cuda" << 209 << "13.0"
                                  << "CUDA_ERROR_NO_BINARY_FOR_GPU"
                                  << "arch.no-compatible-code-object" << false;
        QTest::newRow("hip 500") << "hip" << 500 << "5.2.21153"
                                 << "hipErrorNotFound"
                                 << "symbol.kernel-not-found" << false;
        QTest::newRow("cuda 500") << "cuda" << 500 << "13.0"
                                  << "CUDA_ERROR_NOT_FOUND"
                                  << "symbol.kernel-not-found" << false;
        QTest::newRow("hip 303 on ROCm 5.2") << "hip" << 303 << "5.2.21153"
                                             << "hipErrorSharedObjectInitFailed"
                                             << "arch.no-compatible-code-object" << true;
        QTest::newRow("hip 303 on ROCm 6.0") << "hip" << 303 << "6.0.32830"
                                             << "hipErrorSharedObjectInitFailed"
                                             << "arch.no-compatible-code-object" << true;
        QTest::newRow("hip 303 on ROCm 6.1") << "hip" << 303 << "6.1.40091"
                                             << "hipErrorSharedObjectInitFailed"
                                             << "module.not-a-code-object" << true;
        QTest::newRow("hip 100") << "hip" << 100 << ""
                                 << "hipErrorNoDevice"
                                 << "runtime.no-device" << false;
        QTest::newRow("hip 200") << "hip" << 200 << ""
                                 << "hipErrorInvalidImage"
                                 << "module.not-a-code-object" << false;
    }
    void findingMapping() {
        QFETCH(QString, backend);
        QFETCH(int, code);
        QFETCH(QString, runtime);
        const RuntimeErrorInfo info =
            backend == QLatin1String("cuda")
                ? cudaErrorInfo(code)
                : hipErrorInfo(code, runtime, QStringLiteral("module-load"));
        QTEST(info.name, "name");
        QVERIFY(!info.findingIds.isEmpty());
        QTEST(info.findingIds.first(), "firstId");
        QTEST(info.ambiguous, "ambiguous");
        if (code == 500)
            QVERIFY(info.findingIds.contains(QStringLiteral("symbol.mangled-name")));
        // by-name lookups agree with by-code ones
        QCOMPARE(errorInfoByName(info.name, runtime, QStringLiteral("module-load")).findingIds,
                 info.findingIds);
    }

    // Real output from the NVIDIA H200 machine (scripts/gpu/validate-probe.sh, 2026-11-30),
    // imported the way the engine imports any recorded probe output.
    void importGpuCaptures() {
        const QString dir =
            hdtest::sourceDir() + QStringLiteral("/tests/probe/data/gpu-h200-2026-11-30/");
        QMap<QString, QJsonObject> records;
        for (const char *f : {"step1.jsonl", "step2.jsonl", "other.jsonl"}) {
            QFile file(dir + QLatin1String(f));
            QVERIFY2(file.open(QIODevice::ReadOnly), f);
            for (const QByteArray &line : file.readAll().split('\n')) {
                if (line.trimmed().isEmpty())
                    continue;
                const QJsonObject o = QJsonDocument::fromJson(line).object();
                QCOMPARE(o.value(QLatin1String("schema")).toString(),
                         QStringLiteral("hipdoctor.gpu-capture/1"));
                records.insert(o.value(QLatin1String("name")).toString(), o);
            }
        }
        auto result = [&](const QString &name) {
            return probeResultFromLines(
                records.value(name).value(QLatin1String("stdout")).toString().toUtf8().split('\n'));
        };
        // step 1: the program and both module-API launches
        QCOMPARE(records.value(QStringLiteral("program-vector_add_main"))
                     .value(QLatin1String("exit_code"))
                     .toInt(),
                 0);
        for (const char *n : {"probe-launch-cubin", "probe-launch-ptx"}) {
            const ProbeResult r = result(QLatin1String(n));
            QCOMPARE(r.outcome, ProbeOutcome::Completed);
            QCOMPARE(r.status, QStringLiteral("ok"));
            QCOMPARE(r.hello.backend, QStringLiteral("cuda"));
            QVERIFY(r.validation.ran && r.validation.passed);
            QCOMPARE(r.validation.checked, qint64(1048576));
            QCOMPARE(r.devices.size(), 1);
            QCOMPARE(r.devices.first().target.toString(), QStringLiteral("sm_90"));
            QVERIFY(r.devices.first().name.contains(QStringLiteral("H200")));
            bool launch = false, kernel = false;
            for (const TimingStats &t : r.timings) {
                // this capture's probe still counted its two event creations under "launch"
                launch |= t.name == QLatin1String("launch") && (t.count == 10 || t.count == 12) &&
                          t.minMs <= t.medianMs && t.medianMs <= t.maxMs;
                kernel |= t.name == QLatin1String("kernel") && t.count == 10 && t.medianMs > 0;
            }
            QVERIFY(launch && kernel);
            QVERIFY(r.suggestedFindingIds().isEmpty());
        }
        // step 2: the sm_80-only fatbin → 209 → arch.no-compatible-code-object
        const ProbeResult arch = result(QStringLiteral("probe-load-sm_80-only"));
        QCOMPARE(arch.status, QStringLiteral("error"));
        QVERIFY(arch.firstError.has_value());
        QCOMPARE(arch.firstError->name, QStringLiteral("module-load"));
        QCOMPARE(arch.firstError->errorCode, 209);
        QCOMPARE(arch.firstError->errorName, QStringLiteral("CUDA_ERROR_NO_BINARY_FOR_GPU"));
        QCOMPARE(arch.suggestedFindingIds().value(0),
                 QStringLiteral("arch.no-compatible-code-object"));
        // the C++-mangled name → 500 → symbol findings
        const ProbeResult sym = result(QStringLiteral("probe-load-mangled"));
        QCOMPARE(sym.kernels.size(), 1);
        QVERIFY(!sym.kernels.first().found);
        QCOMPARE(sym.kernels.first().errorCode, 500);
        QCOMPARE(sym.kernels.first().errorName, QStringLiteral("CUDA_ERROR_NOT_FOUND"));
        QVERIFY(sym.suggestedFindingIds().contains(QStringLiteral("symbol.mangled-name")));
        QVERIFY(sym.suggestedFindingIds().contains(QStringLiteral("symbol.kernel-not-found")));
        QCOMPARE(result(QStringLiteral("probe-load-mangled-exact")).status, QStringLiteral("ok"));
        // a crash there is named by its phase too
        const QJsonObject crash = records.value(QStringLiteral("probe-crash-module-load"));
        QCOMPARE(crash.value(QLatin1String("signal")).toInt(), int(SIGSEGV));
        QCOMPARE(result(QStringLiteral("probe-crash-module-load")).diedInPhase,
                 QStringLiteral("module-load"));
        // auto skipped the ROCm 5.7 runtime installed there (no AMD GPU) and chose cuda
        const ProbeResult autoDevices = result(QStringLiteral("probe-devices-auto"));
        QCOMPARE(autoDevices.hello.backend, QStringLiteral("cuda"));
        bool hipSkipped = false;
        for (const LibraryAttempt &a : autoDevices.hello.tried)
            hipSkipped |= a.path.startsWith(QLatin1String("libamdhip64")) && a.loaded;
        QVERIFY(hipSkipped);
    }

    // Which hipDeviceProp_t layout the probe reads, from the runtime's version and soname
    // (app/probe/hip_abi.h): never the ROCm 5 layout from a ROCm 6 or 7 runtime.
    void hipAbiChoice_data() {
        QTest::addColumn<int>("version");
        QTest::addColumn<QString>("soname");
        QTest::addColumn<bool>("hasR0600");
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("note");
        const QString none;
        QTest::newRow("5.2") << 50221153 << QStringLiteral("libamdhip64.so.5") << false
                             << QStringLiteral("R0000") << none;
        QTest::newRow("5.7") << 50731921 << QStringLiteral("libamdhip64.so.5") << false
                             << QStringLiteral("R0000") << none;
        QTest::newRow("6.4") << 60443484 << QStringLiteral("libamdhip64.so.6") << true
                             << QStringLiteral("R0600") << none;
        QTest::newRow("7.2") << 70253211 << QStringLiteral("libamdhip64.so.7") << true
                             << QStringLiteral("R0600") << none;
        QTest::newRow("version unknown, soname 7")
            << 0 << QStringLiteral("/opt/rocm/lib/libamdhip64.so.7.1.25424") << true
            << QStringLiteral("R0600") << none;
        QTest::newRow("version and soname disagree: the version decides")
            << 60443484 << QStringLiteral("libamdhip64.so.5") << true << QStringLiteral("R0600")
            << QStringLiteral("hipRuntimeGetVersion says HIP 6 but the library's soname is "
                              "libamdhip64.so.5; ");
        QTest::newRow("6.x without the R0600 entry point")
            << 60000000 << QStringLiteral("libamdhip64.so.6") << false << QString()
            << QStringLiteral("a HIP 6 runtime without hipGetDevicePropertiesR0600: no "
                              "hipDeviceProp_t is read");
        QTest::newRow("nothing known") << 0 << QStringLiteral("libfoo.so") << true << QString()
                                       << QStringLiteral("the runtime's version is unknown: no "
                                                         "hipDeviceProp_t is read");
    }
    void hipAbiChoice() {
        QFETCH(int, version);
        QFETCH(QString, soname);
        QFETCH(bool, hasR0600);
        QFETCH(QString, layout);
        QFETCH(QString, note);
        // Every 5.x-7.x runtime exports the plain name (checked with nm in the roots).
        const hdprobe::HipAbi abi =
            hdprobe::chooseHipAbi(version, soname.toStdString(), [&](const char *n) {
                return std::string(n) == "hipGetDeviceProperties" ||
                       (hasR0600 && std::string(n) == "hipGetDevicePropertiesR0600");
            });
        QCOMPARE(QString::fromLatin1(abi.props ? abi.props->name : ""), layout);
        QCOMPARE(QString::fromStdString(abi.note), note);
    }

    // The layouts, the entry point and the attribute numbers the probe uses are the ones of
    // this machine's HIP headers (5.2); the runtime matrix checks 5.7, 6.4 and 7.2 the same way.
    void hipAbiMatchesHeaders() {
        const QString headers = QStringLiteral("/usr/include/hip");
        if (!QFileInfo::exists(headers + QStringLiteral("/hip_runtime_api.h")))
            QSKIP("no HIP headers under /usr/include/hip (libamdhip64-dev)");
        const QString error = hdtest::compileHipAbiCheck(headers);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void findProbe() {
        qputenv("HIPDOCTOR_PROBE", hdtest::binary(QStringLiteral("hipdoctor-probe")).toLocal8Bit());
        QCOMPARE(findProbeBinary(),
                 QFileInfo(hdtest::binary(QStringLiteral("hipdoctor-probe"))).absoluteFilePath());
        qunsetenv("HIPDOCTOR_PROBE");
        // from build/tests the build tree's bin/ is found too
        QStringList searched;
        QCOMPARE(findProbeBinary(&searched),
                 QFileInfo(hdtest::binary(QStringLiteral("hipdoctor-probe"))).absoluteFilePath());
        QVERIFY(searched.size() >= 2);
    }
};

QTEST_GUILESS_MAIN(TstProbe)
#include "tst_probe.moc"
