#include "cli.h"

namespace hd::cli {

// Placeholder until the 'report' command lands; reported as an internal failure, never as success.
int report(const QStringList &) {
    err() << "hipdoctor-cli: 'report' is not available in this build yet\n";
    return ExitInternal;
}

} // namespace hd::cli
