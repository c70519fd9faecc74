// hipdoctor-cli sysinfo: the system inventory (docs/schema-sysinfo.md) alone: what a maintainer
// asks first.

#include "cli.h"
#include "options.h"
#include "remote_option.h"

#include "common/json_writer.h"
#include "model/model_json.h"

#include "report/redaction.h"
#include "sysinfo/system_inventory.h"

namespace hd::cli {

namespace {

// Secrets out, as in reports (core/report/redaction.h): the values of every secret-named
// variable of the environment (and, for a node's inventory, of the node's variables it
// lists), wherever they appear, and credentials in URLs.
void redact(SystemInventory &inv, const QProcessEnvironment &env) {
    QStringList secrets;
    for (const QString &name : env.keys())
        if (isSecretEnvName(name) && !env.value(name).isEmpty())
            secrets << env.value(name);
    for (const InventoryFact &f : inv.facts)
        if (f.section == QLatin1String("environment") && isSecretEnvName(f.name) &&
            !f.value.isEmpty())
            secrets << f.value;
    for (InventoryFact &f : inv.facts)
        f.value = f.section == QLatin1String("environment") && isSecretEnvName(f.name)
                      ? QString::fromLatin1(kRedacted)
                      : redactText(f.value, secrets);
}

int sysinfo(const Args &args) {
    InventoryOptions options;
    const Output output = readOutput(args);
    const bool json = output.json, pretty = output.pretty;
    const bool doRedact = !args.isSet(Opt::NoRedact);
    options.python = !args.isSet(Opt::NoPython);
    QString error;
    if (!readTimeout(args, &options.timeoutMs, &error))
        return usageError(args.spec(), error);
    const std::shared_ptr<ExecutionHost> host = readRemote(args);
    if (const QString problem = host->connect(); !problem.isEmpty()) {
        err() << "hipdoctor-cli sysinfo: " << problem << "\n";
        return ExitInternal;
    }
    SystemInventory inv = collectSystemInventory(*host, options);
    if (doRedact)
        redact(inv, options.environment);
    if (json) {
        const QString remote = host->hostName();
        const QString node = host->isLocal() ? QString() : host->nodeName();
        return streamJson(pretty, [&inv, &remote,
                                   &node](JsonWriter &w) { writeJson(w, inv, remote, node); })
                   ? ExitOk
                   : jsonWriteFailed(QStringLiteral("sysinfo"));
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
    if (!host->isLocal())
        out() << "collected on " << host->nodeName() << " (" << host->hostName() << ", over ssh) "
              << inv.collectedAt << "\n";
    else
        out() << "collected " << inv.collectedAt << "\n";
    return ExitOk;
}

} // namespace

CommandSpec sysinfoCommand() {
    CommandSpec c;
    c.name = QStringLiteral("sysinfo");
    c.summary = QStringLiteral("the system inventory: OS, driver, packages, GPUs, Python/PyTorch");
    c.description = QStringLiteral(
        "Prints the system inventory: OS, kernel, glibc, the amdgpu/KFD driver, /dev/kfd and "
        "/dev/dri permissions and your groups, ROCm/HIP packages, the HIP runtime library, "
        "hipcc/clang, GPUs from rocminfo / amd-smi / nvidia-smi, Python, PyTorch and Triton, and "
        "the GPU-related environment variables. A source that cannot be read is listed as \"not "
        "available\" with the reason. With --remote, those of the GPU node, read there over "
        "ssh.");
    c.groups = {{QString(),
                 {option(Opt::NoPython,
                         QStringLiteral("do not start python3 (torch and triton are then not "
                                        "listed)")),
                  timeoutOption(QStringLiteral("seconds per child process"), QStringLiteral("10")),
                  option(Opt::NoRedact,
                         QStringLiteral("keep secrets (variables named *TOKEN*, *SECRET*, "
                                        "*PASSWORD*, *KEY*, credentials in URLs); redacted by "
                                        "default"))}},
                remoteGroup(QStringLiteral("collect the inventory"),
                            QStringLiteral("the node's files, tools and login environment")),
                outputGroup({QStringLiteral("one hipdoctor.sysinfo/1 document on stdout (compact)"),
                             true,
                             {},
                             true})};
    c.exitCodes = QStringLiteral("0 printed, 2 usage error, 3 the --remote node not reached");
    c.run = sysinfo;
    return c;
}

} // namespace hd::cli
