#include "cli.h"

namespace hd::cli {

// Placeholder until the 'launch' command lands; reported as an internal failure, never as success.
int launch(const QStringList &) {
    err() << "hipdoctor-cli: 'launch' is not available in this build yet\n";
    return ExitInternal;
}

} // namespace hd::cli
