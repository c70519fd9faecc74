#include "cli.h"

namespace hd::cli {

// Placeholder until the 'verify' command lands; reported as an internal failure, never as success.
int verify(const QStringList &) {
    err() << "hipdoctor-cli: 'verify' is not available in this build yet\n";
    return ExitInternal;
}

} // namespace hd::cli
