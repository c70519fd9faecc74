// hipdoctor-cli sysinfo [--json [--pretty]] [--no-python] [--timeout SECONDS] [--no-redact]
// The system inventory (docs/schema-sysinfo.md) alone: what a maintainer asks first.

#include "cli.h"

#include "report/redaction.h"
#include "sysinfo/system_inventory.h"

namespace hd::cli {

namespace {

void usage(QTextStream &s) {
    s << "usage: hipdoctor-cli sysinfo [--json [--pretty]] [--no-python] [--timeout SECONDS]\n"
         "                             [--no-redact]\n"
         "\n"
         "Prints the system inventory: OS, kernel, glibc, the amdgpu/KFD driver, /dev/kfd and\n"
         "/dev/dri permissions and your groups, ROCm/HIP packages, the HIP runtime library,\n"
         "hipcc/clang, GPUs from rocminfo / amd-smi / nvidia-smi, Python, PyTorch and Triton,\n"
         "and the GPU-related environment variables. A source that cannot be read is listed\n"
         "as \"not available\" with the reason.\n"
         "  --json             one hipdoctor.sysinfo/1 document on stdout (compact)\n"
         "  --pretty           the same, indented for reading (implies --json)\n"
         "  --no-python        do not start python3 (torch and triton are then not listed)\n"
         "  --timeout SECONDS  per child process (default 10)\n"
         "  --no-redact        keep secrets (variables named *TOKEN*, *SECRET*, *PASSWORD*,\n"
         "                     *KEY*, credentials in URLs); redacted by default\n"
         "exit codes: 0 printed, 2 usage error\n";
}

// Secrets out, as in reports (core/report/redaction.h): the values of every secret-named
// variable of the environment, wherever they appear, and credentials in URLs.
void redact(SystemInventory &inv, const QProcessEnvironment &env) {
    QStringList secrets;
    for (const QString &name : env.keys())
        if (isSecretEnvName(name) && !env.value(name).isEmpty())
            secrets << env.value(name);
    for (InventoryFact &f : inv.facts)
        f.value = f.section == QLatin1String("environment") && isSecretEnvName(f.name)
                      ? QString::fromLatin1(kRedacted)
                      : redactText(f.value, secrets);
}

} // namespace

int sysinfo(const QStringList &args) {
    InventoryOptions options;
    bool json = false, pretty = false, doRedact = true;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            usage(out());
            return ExitOk;
        } else if (a == QLatin1String("--json") || a == QLatin1String("--pretty")) {
            json = true;
            pretty |= a == QLatin1String("--pretty");
        } else if (a == QLatin1String("--no-python")) {
            options.python = false;
        } else if (a == QLatin1String("--no-redact")) {
            doRedact = false;
        } else if (a == QLatin1String("--timeout") && i + 1 < args.size()) {
            bool ok = false;
            const double s = args[++i].toDouble(&ok);
            if (!ok || s <= 0) {
                err() << "hipdoctor-cli sysinfo: --timeout " << args[i]
                      << ": expected a number of seconds\n";
                return ExitUsage;
            }
            options.timeoutMs = int(s * 1000);
        } else {
            err() << "hipdoctor-cli sysinfo: unknown option " << a << "\n";
            usage(err());
            return ExitUsage;
        }
    }
    SystemInventory inv = collectSystemInventory(options);
    if (doRedact)
        redact(inv, options.environment);
    if (json) {
        printJson(inv.toJson(), pretty);
        return ExitOk;
    }
    for (const auto &[id, title] : inventorySections()) {
        const QList<InventoryFact> facts = inv.section(id);
        if (facts.isEmpty())
            continue;
        out() << title << "\n";
        qsizetype width = 0;
        for (const InventoryFact &f : facts)
            width = std::max(width, f.name.size());
        for (const InventoryFact &f : facts)
            out() << "  " << f.name.leftJustified(width + 2)
                  << (f.available() ? f.value : QStringLiteral("not available: ") + f.unavailable)
                  << "\n";
        out() << "\n";
    }
    out() << "collected " << inv.collectedAt << "\n";
    return ExitOk;
}

} // namespace hd::cli
