#pragma once

// What a maintainer asks first about a GPU load failure (docs/schema-sysinfo.md): OS, kernel,
// glibc, the amdgpu/KFD driver, device node permissions and groups, ROCm/HIP packages, the
// HIP runtime library, the compilers, the GPUs the vendor tools list, Python/PyTorch/Triton
// and the relevant environment variables. Every source is optional: one that cannot be read
// becomes a fact with the reason. Child processes get an argv (never a shell) and a timeout.
// Values are stored as found; whoever shows them redacts secrets (core/report/redaction.h).

#include "model/system_inventory.h"

#include <QJsonObject>
#include <QList>
#include <QProcessEnvironment>
#include <QString>

#include <functional>
#include <optional>

namespace hd {

class ExecutionHost;

struct InventoryOptions {
    // PATH (to find the tools) and the variables reported; the process's own by default.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    int timeoutMs = 10000; // per child process
    bool python = true;    // ask python3 about torch and triton (the slowest source)
    // Import torch and triton (their arch list too); false: their versions read from their
    // package files, which takes a Python start instead of seconds where torch is installed.
    bool pythonImports = true;
    // A tool's `--version` text the caller has already (verify: the compile cache's, which
    // step 1's own query fills; it may wait for that query), used instead of running the tool
    // again (docs/performance.md "Step 1 from cold"); nothing: the tool is run.
    std::function<std::optional<QString>(const QString &toolPath)> knownVersion;
};

SystemInventory collectSystemInventory(const InventoryOptions &options = {});

// The same inventory of host (this machine's own path when host is local), a GPU node over ssh
// (docs/remote.md "The node's inventory"): each source one argv run there through host.runProcess
// (cat, grep, find, uname, getconf, id, env -0, the tools by their path there), /etc/ld.so.cache
// fetched and read here. The tools' PATH and the variables are the host's login environment
// (options.environment is not used); timeoutMs and python apply. A source that cannot be read there
// is a fact with the reason, as here.
SystemInventory collectSystemInventory(ExecutionHost &host, const InventoryOptions &options = {});

// The inventory a verification session records where it is made (docs/schema-session.md
// "inventory"): every source, Python included, in the process's own environment; knownVersion
// and pythonImports as in InventoryOptions.
SystemInventory collectSessionInventory(
    std::function<std::optional<QString>(const QString &toolPath)> knownVersion = {},
    bool pythonImports = true);

} // namespace hd
