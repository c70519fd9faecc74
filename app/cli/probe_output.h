#pragma once

// Shared by the devices and launch commands: option parsing for the probe environment and
// the human rendering of a ProbeResult.

#include "probe/probe_client.h"

#include <QTextStream>

namespace hd::cli {

// Consumes --env NAME=VALUE, --backend, --library, --timeout at args[i] (advancing i).
// Returns 1 when consumed, 0 when not a probe option, -1 on a usage error (message in *error).
int takeProbeOption(const QStringList &args, qsizetype &i, ProbeOptions &options,
                    ProbeRequest &request, QString *error);
void printProbeResult(QTextStream &s, const ProbeResult &r, bool verbose);
// 0 ok, 1 the runtime/device/kernel failed (a finding), 3 the probe itself could not be used.
int exitCodeFor(const ProbeResult &r);
// Writes the result to stdout (JSON or text) and returns exitCodeFor(r).
int reportProbeResult(const ProbeResult &r, bool json, bool verbose);

} // namespace hd::cli
