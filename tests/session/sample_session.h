#pragma once

// A deterministic session with every kind of record (steps 1-3, probe phases, repeats,
// findings, env, a secret) for the session and report tests.

#include "model/session.h"
#include "verify/verifier.h" // compareSteps

namespace hdtest {

inline hd::Session sampleSession() {
    using namespace hd;
    Session s;
    s.createdAt = QStringLiteral("2026-11-30T07:00:00Z");
    s.tool = QStringLiteral("hipdoctor-cli 0.1.0 (rev test)");
    s.host = QStringLiteral("buildhost");
    s.origin = QStringLiteral("verify");
    s.env.name = QStringLiteral("debug-log");
    s.env.set(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("4"));
    s.env.set(QStringLiteral("HIP_LAUNCH_BLOCKING"), QStringLiteral("1"));
    s.env.set(QStringLiteral("HF_TOKEN"), QStringLiteral("hf_abcdef123456"));
    s.envProblems.append(
        {QStringLiteral("HIP_MODULE_LOAD_VERBOSE"),
         QStringLiteral("HIP_MODULE_LOAD_VERBOSE is not read by the loaded runtime"), false});
    DeviceInfo d =
        DeviceInfo::fromTarget(*TargetId::parse(QStringLiteral("gfx90a:sramecc+:xnack-")));
    d.name = QStringLiteral("AMD Instinct MI210");
    d.backend = QStringLiteral("hip");
    d.runtimeVersion = QStringLiteral("5.2.21153");
    d.library = QStringLiteral("/usr/lib/x86_64-linux-gnu/libamdhip64.so.5");
    s.devices << d;

    StepRecord s1;
    s1.step = 1;
    s1.title = QStringLiteral("Baseline: vector add with the platform compiler");
    s1.status = CheckStatus::Pass;
    s1.summary = QStringLiteral("compiler, runtime link, runtime and device work");
    s1.startedAt = QStringLiteral("2026-11-30T07:00:00.000Z");
    s1.durationMs = 812.5;
    CheckRecord comp;
    comp.id = QStringLiteral("compile-program");
    comp.title = QStringLiteral("Compile and link the vector-add program");
    comp.status = CheckStatus::Pass;
    comp.summary = QStringLiteral("built vector_add_main for gfx90a:sramecc+:xnack-");
    comp.command = {QStringLiteral("/usr/bin/hipcc"),
                    QStringLiteral("--offload-arch=gfx90a:sramecc+:xnack-"),
                    QStringLiteral("-O2"),
                    QStringLiteral("-o"),
                    QStringLiteral("/cache/vector_add_main"),
                    QStringLiteral("/src/kernels/vector_add_main.hip")};
    comp.workingDirectory = QStringLiteral("/cache");
    comp.exitCode = 0;
    comp.cached = true;
    comp.startedAt = QStringLiteral("2026-11-30T07:00:00.010Z");
    comp.durationMs = 1.5;
    comp.data.insert(QStringLiteral("original_duration_ms"), 3050.0);
    comp.artifacts = {QStringLiteral("/cache/vector_add_main")};
    // What `hipcc -###` prints: one line per tool, every argument in double quotes.
    comp.stderrText =
        QStringLiteral(" \"/usr/lib/llvm-15/bin/clang\" \"-cc1\" \"-triple\" \"amdgcn-amd-amdhsa\" "
                       "\"-aux-triple\" \"x86_64-pc-linux-gnu\" \"-emit-obj\" \"-mrelax-all\" "
                       "\"-main-file-name\" \"vector_add_main.hip\" \"-target-cpu\" \"gfx90a\" "
                       "\"-target-feature\" \"+sramecc\" \"-target-feature\" \"-xnack\" \"-o\" "
                       "\"/tmp/vector_add_main-hip-amdgcn-amd-amdhsa-gfx90a.o\" \"-x\" \"hip\" "
                       "\"/src/kernels/vector_add_main.hip\"\n");
    s1.checks << comp;
    CheckRecord launch;
    launch.id = QStringLiteral("probe-launch");
    launch.title = QStringLiteral("Module API: load, look up and launch the code object (probe)");
    launch.status = CheckStatus::Pass;
    launch.summary = QStringLiteral("hip 5.2.21153: ok");
    launch.command = {QStringLiteral("/opt/hipdoctor/libexec/hipdoctor-probe")};
    launch.env = {{QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("4")},
                  {QStringLiteral("HF_TOKEN"), QStringLiteral("hf_abcdef123456")}};
    launch.envRemoved = {QStringLiteral("HSA_OVERRIDE_GFX_VERSION")};
    launch.exitCode = 0;
    launch.startedAt = QStringLiteral("2026-11-30T07:00:00.300Z");
    launch.durationMs = 420.25;
    launch.phases = {
        {QStringLiteral("runtime-init"), 0, 300.0, QStringLiteral("ok"), QStringLiteral("hipInit")},
        {QStringLiteral("module-load"), 300.0, 12.5, QStringLiteral("ok"),
         QStringLiteral("hipModuleLoadData")},
        {QStringLiteral("launch"), 312.5, 0.02, QStringLiteral("ok"),
         QStringLiteral("hipModuleLaunchKernel")}};
    launch.launchSamplesMs = {0.021, 0.019, 0.020, 0.035, 0.018};
    launch.stdoutText = QStringLiteral(
        "{\"event\":\"hello\",\"backend\":\"hip\",\"runtime_version\":\"5.2.21153\"}\n"
        "{\"event\":\"phase\",\"name\":\"runtime-init\",\"ms\":300.0}\n"
        "{\"event\":\"result\",\"ok\":true}\n");
    launch.stderrText = QStringLiteral(":3:rocdevice.cpp            :416 : 0950176413 us: 8402 : "
                                       "[tid:0x7f23] Initializing HSA stack.\n"
                                       "fetching https://alice:s3cr3tpass@example.com/model.bin\n");
    s1.checks << launch;
    s.steps << s1;

    StepRecord s2;
    s2.step = 2;
    s2.title = QStringLiteral("The suspect operator alone");
    s2.status = CheckStatus::Pass;
    s2.summary = QStringLiteral("the operator works in isolation");
    s2.durationMs = 250;
    CheckRecord load;
    load.id = QStringLiteral("probe-load");
    load.title = QStringLiteral("Module API: load and look up the kernel (probe)");
    load.status = CheckStatus::Pass;
    load.summary = QStringLiteral("found my_kernel");
    load.durationMs = 240;
    load.phases = {
        {QStringLiteral("runtime-init"), 0, 200.0, QStringLiteral("ok"), QStringLiteral("hipInit")},
        {QStringLiteral("module-load"), 200.0, 30.0, QStringLiteral("ok"),
         QStringLiteral("hipModuleLoadData")}};
    s2.checks << load;
    s.steps << s2;

    StepRecord s3;
    s3.step = 3;
    s3.title = QStringLiteral("Back to the project");
    s3.status = CheckStatus::Fail;
    s3.summary = QStringLiteral("as is: exit 1; without Triton: passed");
    s3.durationMs = 2000;
    s3.inputs = {{QStringLiteral("switch_env"), QStringLiteral("USE_TRITON=0")}};
    CheckRecord asIs;
    asIs.id = QStringLiteral("as-is");
    asIs.title = QStringLiteral("The project's command, as is");
    asIs.status = CheckStatus::Fail;
    asIs.summary = QStringLiteral("exit 1; hipErrorInvalidDeviceFunction");
    asIs.command = {QStringLiteral("python3"), QStringLiteral("train.py"),
                    QStringLiteral("--api-key=sk-live-999"), QStringLiteral("--name"),
                    QStringLiteral("a b")};
    asIs.workingDirectory = QStringLiteral("/home/u/proj");
    asIs.exitCode = 1;
    asIs.durationMs = 1500;
    asIs.stderrText =
        QStringLiteral("Traceback (most recent call last):\n  File \"train.py\", line 3\n"
                       "RuntimeError: HIP error: hipErrorInvalidDeviceFunction\n```weird```\n");
    s3.checks << asIs;
    CheckRecord variant;
    variant.id = QStringLiteral("without-triton");
    variant.title = QStringLiteral("The project's command without the Triton path");
    variant.status = CheckStatus::Pass;
    variant.summary = QStringLiteral("passed (exit 0)");
    variant.command = asIs.command;
    variant.env = {{QStringLiteral("USE_TRITON"), QStringLiteral("0")}};
    variant.exitCode = 0;
    variant.durationMs = 500;
    // Exit 0, but the output says something went wrong: the report flags it.
    variant.stderrText = QStringLiteral("loading weights\n"
                                        "error: kernel cache at /home/u/.triton is not writable\n"
                                        "done\n");
    s3.checks << variant;
    FailureSignature f1;
    f1.exitCode = 1;
    f1.hipErrors = {QStringLiteral("hipErrorInvalidDeviceFunction")};
    f1.firstError = QStringLiteral("RuntimeError: HIP error: hipErrorInvalidDeviceFunction");
    FailureSignature f2;
    f2.passed = true;
    f2.exitCode = 0;
    s3.signatures = {f1, f2};
    s.steps << s3;

    s.comparison = compareSteps(s.steps);
    s.findings = s.comparison.findings;

    // The system inventory, as core/sysinfo records it (values as found; reports redact).
    s.inventory.collectedAt = QStringLiteral("2026-11-30T06:59:58Z");
    const auto fact = [&](const char *section, const QString &name, const QString &value,
                          const char *source) {
        s.inventory.facts.append({QLatin1String(section), name, value, QLatin1String(source), {}});
    };
    const auto missing = [&](const char *section, const QString &name, const char *source,
                             const QString &why) {
        s.inventory.facts.append({QLatin1String(section), name, {}, QLatin1String(source), why});
    };
    fact("system", QStringLiteral("os"), QStringLiteral("Ubuntu 22.04.4 LTS"), "/etc/os-release");
    fact("system", QStringLiteral("kernel"), QStringLiteral("Linux 6.5.0-35-generic"), "uname(2)");
    fact("system", QStringLiteral("machine"), QStringLiteral("x86_64"), "uname(2)");
    fact("system", QStringLiteral("glibc"), QStringLiteral("2.35"), "gnu_get_libc_version()");
    fact("driver", QStringLiteral("amdgpu"), QStringLiteral("6.7.0"), "/sys/module/amdgpu/version");
    fact("driver", QStringLiteral("kfd"), QStringLiteral("node 1: gfx_target_version 90010"),
         "/sys/class/kfd/kfd/topology/nodes/*/properties");
    fact("devices", QStringLiteral("/dev/kfd"),
         QStringLiteral("crw-rw---- root:render, this user: no access"), "stat(2), access(2)");
    fact("devices", QStringLiteral("user"), QStringLiteral("u"), "getpwuid(3)");
    fact("devices", QStringLiteral("groups"), QStringLiteral("u video (not in render)"),
         "getgroups(2)");
    for (int i = 0; i < 12; ++i)
        fact("packages", QStringLiteral("rocm-pkg-%1").arg(i, 2, 10, QLatin1Char('0')),
             QStringLiteral("6.1.0.60100-82~22.04"), "dpkg-query -W");
    fact("toolchain", QStringLiteral("hip runtime"),
         QStringLiteral("6.1.40091 (/opt/rocm-6.1.0/lib/libamdhip64.so.6.1.40091)"),
         "LD_LIBRARY_PATH, /etc/ld.so.cache");
    fact("toolchain", QStringLiteral("hipcc"),
         QStringLiteral("HIP version: 6.1.40091; AMD clang version 17.0.0 (/opt/rocm/bin/hipcc)"),
         "hipcc --version");
    missing("gpus", QStringLiteral("rocminfo"), "rocminfo",
            QStringLiteral("rocminfo exited with 1: HSA_STATUS_ERROR_OUT_OF_RESOURCES"));
    fact("python", QStringLiteral("torch"), QStringLiteral("2.3.0+rocm6.0"), "python3 -c");
    fact("python", QStringLiteral("torch.cuda.get_arch_list()"),
         QStringLiteral("gfx900 gfx906 gfx908 gfx90a gfx1030 gfx1100 gfx942"), "python3 -c");
    missing("python", QStringLiteral("triton"), "python3 -c",
            QStringLiteral("not importable: ModuleNotFoundError: No module named 'triton'"));
    fact("environment", QStringLiteral("HIP_VISIBLE_DEVICES"), QStringLiteral("0"), "environment");
    fact("environment", QStringLiteral("HF_TOKEN"), QStringLiteral("hf_abcdef123456"),
         "environment");
    fact("environment", QStringLiteral("PATH"), QStringLiteral("/opt/rocm/bin:/usr/bin"),
         "environment");
    s.unknownFields.insert(QStringLiteral("x_future_field"),
                           QJsonObject{{QStringLiteral("kept"), true}});
    return s;
}

} // namespace hdtest
