#include "cli.h"

namespace hd::cli {

// Placeholder until the 'diagnose' command lands; reported as an internal failure, never as
// success.
int diagnose(const QStringList &) {
    err() << "hipdoctor-cli: 'diagnose' is not available in this build yet\n";
    return ExitInternal;
}

} // namespace hd::cli
