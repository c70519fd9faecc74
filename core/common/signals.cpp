#include "common/signals.h"

#include <cstring>

namespace hd {

QString signalName(int signal) {
    // glibc's own table (2.32+), so every signal has its usual abbreviation.
    if (const char *abbrev = sigabbrev_np(signal))
        return QStringLiteral("SIG") + QLatin1String(abbrev);
    return QStringLiteral("signal %1").arg(signal);
}

} // namespace hd
