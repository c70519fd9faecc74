// hipdoctor-cli demo: diagnoses the built-in demo programs (kernels/scenarios, one per failure
// mode of docs/scenarios.md, plus the vector add) one after another.

#include "cli.h"
#include "diagnosis_print.h"
#include "options.h"

#include "common/shell.h"
#include "diagnosis/diagnosis.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <array>

namespace hd::cli {

namespace {

// One scenario of the demo: what it shows, the inputs and options given to diagnose, and the
// finding it must produce.
struct DemoScenario {
    const char *title;
    const char *demonstrates;
    std::array<const char *, 2> inputs; // relative to the demo folder; the second may be null
    const char *kernel;                 // the name the program looks up, or null
    const char *target;                 // the device, or null
    const char *expected; // the finding id the scenario shows ("" = no error expected)
};

constexpr const char *kMi210 = "gfx90a:sramecc+:xnack-";

// docs/scenarios.md's failure modes, after the baseline they differ from.
constexpr DemoScenario kScenarios[] = {
    {"Baseline: vector add for gfx90a",
     "a clean extern \"C\" kernel for the device's processor: no error",
     {"vector_add_gfx90a.hsaco"},
     "vector_add",
     kMi210,
     ""},
    {"1. Kernel without extern \"C\"",
     "direction 2: the kernel exists only C++-mangled; the fix shows the mangled name",
     {"scenarios/s01_mangled.co"},
     "vecAdd",
     kMi210,
     "symbol.mangled-name"},
    {"2. Built for the wrong GPU",
     "direction 3: only gfx1030 code, the device is gfx90a",
     {"scenarios/s02_gfx1030.co"},
     "vector_add",
     kMi210,
     "arch.no-compatible-code-object"},
    {"3. xnack setting differs",
     "direction 3: gfx90a:xnack+ code on a device running xnack-",
     {"scenarios/s03_gfx90a_xnack_on.co"},
     "vector_add",
     kMi210,
     "arch.feature-mismatch"},
    {"4. Built for ROCm 7, run on ROCm 5",
     "direction 1: needs libamdhip64.so.7, only another major version is installed",
     {"scenarios/libs04_rocm7.so"},
     nullptr,
     nullptr,
     "runtime.soname-mismatch"},
    {"5. Runtime left off the link line",
     "direction 1: hipcc -c + g++ -shared without -lamdhip64",
     {"scenarios/libs05_not_linked.so"},
     nullptr,
     nullptr,
     "runtime.not-linked"},
    {"6. __global__ lost in porting",
     "direction 2: the name is a host function, not a kernel",
     {"scenarios/libs06_not_a_kernel.so"},
     "scaleRows",
     nullptr,
     "symbol.not-a-kernel"},
    {"7. No --offload-arch on a build host without a GPU",
     "direction 3: only clang's default target was built",
     {"scenarios/s07_default_target"},
     nullptr,
     kMi210,
     "arch.default-target"},
    {"8. A clean build",
     "extern \"C\" kernel for the device's exact target id: no error",
     {"scenarios/s08_clean.co"},
     "vector_add",
     kMi210,
     ""},
    {"9. Triton failed while producing the hsaco",
     "compile layer: the cache entry stops at .amdgcn; the traceback confirms make_hsaco",
     {"scenarios/demo/triton/cache-failed-hsaco",
      "scenarios/demo/triton/cache-failed-hsaco.traceback.txt"},
     nullptr,
     nullptr,
     "triton.stage-failed"},
    {"10. Triton kernel for another arch",
     "direction 3: a gfx90a Triton entry on a gfx1100 device",
     {"scenarios/demo/triton/cache-ok"},
     nullptr,
     "gfx1100",
     "arch.no-compatible-code-object"},
    {"11. NVIDIA: sm_80-only fatbin on an sm_90 GPU",
     "direction 3 on HIP's NVIDIA platform: no cubin for sm_90 and no PTX to JIT",
     {"scenarios/demo/nvidia/k80only.fatbin"},
     nullptr,
     "sm_90",
     "arch.no-compatible-code-object"},
    {"12. Runtime log of a missing code object",
     "AMD_LOG_LEVEL=1 output: the runtime's own device / code object listing",
     {"scenarios/demo/s12_no_binary_level1.log"},
     nullptr,
     nullptr,
     "arch.no-compatible-code-object"},
    {"13. dlopen of an extension with a missing C++ symbol",
     "direction 1: ImportError undefined symbol, shown demangled",
     {"scenarios/demo/s13_import_undefined_symbol.txt"},
     nullptr,
     nullptr,
     "runtime.undefined-symbol"},
    {"14. Runtime library not installed",
     "direction 1: OSError cannot open libamdhip64.so.7",
     {"scenarios/demo/s14_oserror_missing_runtime.txt"},
     nullptr,
     nullptr,
     "runtime.soname-mismatch"},
    {"15. CUDA flags given to hipcc",
     "build: each nvcc-only flag, with its clang replacement",
     {"scenarios/demo/s15_hipcc_nvcc_flags.txt"},
     nullptr,
     nullptr,
     "build.nvcc-flags"},
    {"16. A host object file used as a code object",
     "the file given to the module API is not device code",
     {"scenarios/s16_host.o"},
     "vector_add",
     nullptr,
     "module.not-a-code-object"},
};

QStringList inputsOf(const DemoScenario &s) {
    QStringList inputs;
    for (const char *in : s.inputs)
        if (in)
            inputs << QString::fromUtf8(in);
    return inputs;
}

// The option value a scenario gives (a kernel, a target) as a list of zero or one.
QStringList optionList(const char *value) {
    return value ? QStringList{QString::fromUtf8(value)} : QStringList{};
}

// A path that works from the current directory: relative when it lies below it, else absolute.
QString relativeForUser(const QString &path) {
    const QString abs = QFileInfo(path).absoluteFilePath();
    const QString rel = QDir::current().relativeFilePath(abs);
    return rel.startsWith(QLatin1String("..")) ? abs : rel;
}

QString findDemoDir(QStringList *looked) {
    QStringList candidates;
    const QString env = qEnvironmentVariable("HIPDOCTOR_DEMO_DIR");
    if (!env.isEmpty())
        candidates << env;
    const QString exeDir = QCoreApplication::applicationDirPath();
    candidates << QDir::cleanPath(exeDir + QStringLiteral("/../kernels"))
               << QDir::cleanPath(exeDir + QStringLiteral("/../share/hipdoctor/demo"));
    *looked = candidates;
    for (const QString &c : std::as_const(candidates))
        if (QFileInfo::exists(c + QStringLiteral("/scenarios")))
            return c;
    return {};
}

// The program as the user can type it: "hipdoctor-cli" when PATH finds this very binary, else
// its path (a build tree).
QString programForUser() {
    const QString self = QFileInfo(QCoreApplication::applicationFilePath()).canonicalFilePath();
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("hipdoctor-cli"));
    if (!onPath.isEmpty() && QFileInfo(onPath).canonicalFilePath() == self)
        return QStringLiteral("hipdoctor-cli");
    return shellQuote(relativeForUser(self));
}

// One line of the demo's summary.
struct DemoRow {
    QString title, expected, got;
    bool ok;
};

// The diagnose command that shows scenario s, runnable from where the user is (docs/cli.md,
// "demo").
QString scenarioCommand(const DemoScenario &s, const QString &dir, const QString &program) {
    QStringList argv{QStringLiteral("diagnose")};
    for (const QString &in : inputsOf(s))
        argv << relativeForUser(dir + QLatin1Char('/') + in);
    for (const QString &k : optionList(s.kernel))
        argv << QStringLiteral("--kernel") << k;
    for (const QString &t : optionList(s.target))
        argv << QStringLiteral("--target") << t;
    return program + QLatin1Char(' ') + shellJoin(argv);
}

// One scenario: its banner, its diagnosis (unless its inputs are not built here), and its row of
// the summary.
DemoRow runScenario(const DemoScenario &s, const QString &dir, const QString &program) {
    const QString rule(78, QLatin1Char('='));
    out() << "\n" << rule << "\n" << s.title << "\n  demonstrates: " << s.demonstrates << "\n";
    const QString expected = QString::fromUtf8(s.expected);
    DiagnoseRequest req;
    QStringList missing;
    for (const QString &in : inputsOf(s)) {
        const QString p = dir + QLatin1Char('/') + in;
        if (!QFileInfo::exists(p))
            missing << p;
        req.inputs << p;
    }
    req.kernels = optionList(s.kernel);
    req.targets = optionList(s.target);
    out() << "  command:      " << scenarioCommand(s, dir, program) << "\n" << rule << "\n\n";
    if (!missing.isEmpty()) {
        out() << "  skipped: not built here (" << missing.join(QStringLiteral(", ")) << ")\n";
        return {QString::fromUtf8(s.title), expected, QStringLiteral("not built"), false};
    }
    const Diagnosis d = diagnose(req);
    printDiagnosis(out(), d, false);
    QStringList errors;
    for (const Finding &f : d.findings)
        if (f.severity == Severity::Error && !errors.contains(f.id))
            errors << f.id;
    const bool ok = expected.isEmpty()
                        ? errors.isEmpty()
                        : std::any_of(d.findings.cbegin(), d.findings.cend(),
                                      [&](const Finding &f) { return f.id == expected; });
    return {QString::fromUtf8(s.title), expected,
            errors.isEmpty() ? QStringLiteral("no error") : errors.join(QStringLiteral(", ")), ok};
}

int demo(const Args &) {
    QStringList looked;
    const QString dir = findDemoDir(&looked);
    if (dir.isEmpty()) {
        err() << "hipdoctor-cli demo: the demo programs were not found; looked in:\n";
        for (const QString &l : std::as_const(looked))
            err() << "  " << l << "\n";
        err() << "Set HIPDOCTOR_DEMO_DIR to the folder holding scenarios/.\n";
        return ExitUsage;
    }
    out() << "hipdoctor demo: " << dir << "\n";
    const QString program = programForUser();
    QList<DemoRow> rows;
    for (const DemoScenario &s : kScenarios)
        rows.append(runScenario(s, dir, program));
    out() << "\n" << QString(78, QLatin1Char('=')) << "\nSummary\n";
    int shown = 0;
    for (const DemoRow &r : std::as_const(rows)) {
        out() << (r.ok ? "  [shown]   " : "  [MISSED]  ") << r.title << "\n            expected: "
              << (r.expected.isEmpty() ? QStringLiteral("no error") : r.expected)
              << "; error findings: " << r.got << "\n";
        if (r.ok)
            ++shown;
    }
    out() << shown << " of " << rows.size() << " scenarios showed the expected diagnosis.\n";
    return ExitOk;
}

} // namespace

CommandSpec demoCommand() {
    CommandSpec c;
    c.name = QStringLiteral("demo");
    c.summary = QStringLiteral("diagnose the built-in demo programs and print the report");
    c.description = QStringLiteral(
        "Diagnoses the built-in demo programs (one per failure mode) and prints each diagnosis, "
        "with the command that gives it (it runs from the current directory), then a summary "
        "of which scenarios showed the expected finding. The demo folder: $HIPDOCTOR_DEMO_DIR, "
        "else <exe dir>/../kernels, else <exe dir>/../share/hipdoctor/demo.");
    c.exitCodes = QStringLiteral("0 when the demo folder is found (its broken programs are "
                                 "supposed to give errors), 2 when it is not");
    c.run = demo;
    return c;
}

} // namespace hd::cli
