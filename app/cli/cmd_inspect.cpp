#include "cli.h"

namespace hd::cli {

// Placeholder until the 'inspect' command lands; reported as an internal failure, never as success.
int inspect(const QStringList &) {
    err() << "hipdoctor-cli: 'inspect' is not available in this build yet\n";
    return ExitInternal;
}

} // namespace hd::cli
