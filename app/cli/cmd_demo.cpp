#include "cli.h"

namespace hd::cli {

// Placeholder until the 'demo' command lands; reported as an internal failure, never as success.
int demo(const QStringList &) {
    err() << "hipdoctor-cli: 'demo' is not available in this build yet\n";
    return ExitInternal;
}

} // namespace hd::cli
