#pragma once

// Shared by the devices and launch commands: the human rendering of a ProbeResult (their
// options are the probe group of options.h).

#include "probe/probe_client.h"

#include <QTextStream>

namespace hd::cli {

void printProbeResult(QTextStream &s, const ProbeResult &r, bool verbose);
// 0 ok, 1 the runtime/device/kernel failed (a finding), 3 the probe itself could not be used.
int exitCodeFor(const ProbeResult &r);
// Writes the result to stdout (JSON or text) and returns exitCodeFor(r).
int reportProbeResult(const ProbeResult &r, bool json, bool pretty, bool verbose);

} // namespace hd::cli
