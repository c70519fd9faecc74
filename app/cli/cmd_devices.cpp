#include "cli.h"

namespace hd::cli {

// Placeholder until the 'devices' command lands; reported as an internal failure, never as success.
int devices(const QStringList &) {
    err() << "hipdoctor-cli: 'devices' is not available in this build yet\n";
    return ExitInternal;
}

} // namespace hd::cli
