#include "cli.h"

namespace hd::cli {

// Placeholder until the 'triton' command lands; reported as an internal failure, never as success.
int triton(const QStringList &) {
    err() << "hipdoctor-cli: 'triton' is not available in this build yet\n";
    return ExitInternal;
}

} // namespace hd::cli
