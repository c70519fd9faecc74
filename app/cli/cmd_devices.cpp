// hipdoctor-cli devices [--backend auto|hip|cuda] [--json] [--env NAME=VALUE]... [--library PATH]
// Asks hipdoctor-probe, in a clean process, which runtime loads and which GPUs it sees.

#include "cli.h"
#include "probe_output.h"
#include "remote_option.h"

namespace hd::cli {

namespace {
void usage(QTextStream &s) {
    s << "usage: hipdoctor-cli devices [--backend auto|hip|cuda] [--json] [--verbose]\n"
         "                             [--env NAME=VALUE]... [--library PATH] [--timeout SECONDS]\n"
         "                             [--remote HOST]\n"
         "  --backend   hip (libamdhip64), cuda (libcuda), auto: hip, then cuda (default)\n"
         "  --library   load this runtime file instead of searching\n"
         "  --env       set a variable for the probe process (AMD_LOG_LEVEL=4, "
         "HIP_VISIBLE_DEVICES=…)\n"
         "  --json      one hipdoctor.probe-result/1 JSON document on stdout\n"
         "  --remote    ask the GPU node HOST (anything ssh accepts) over ssh (docs/remote.md)\n"
         "exit codes: 0 at least one device, 1 no runtime / no device / the probe died,\n"
         "            2 usage error, 3 the probe could not be started\n";
}
} // namespace

int devices(const QStringList &args) {
    ProbeOptions options;
    ProbeRequest request;
    request.kind = ProbeRequest::Kind::Devices;
    bool json = false, verbose = false;
    QString remote;
    for (qsizetype i = 0; i < args.size(); ++i) {
        QString error;
        const int taken = takeProbeOption(args, i, options, request, &error);
        if (taken < 0) {
            err() << "hipdoctor-cli devices: " << error << "\n";
            usage(err());
            return ExitUsage;
        }
        if (taken)
            continue;
        if (args[i] == QLatin1String("--json"))
            json = true;
        else if (args[i] == QLatin1String("--remote") && i + 1 < args.size())
            remote = args[++i];
        else if (args[i] == QLatin1String("--verbose") || args[i] == QLatin1String("-v"))
            verbose = true;
        else if (args[i] == QLatin1String("--help") || args[i] == QLatin1String("-h")) {
            usage(out());
            return ExitOk;
        } else {
            err() << "hipdoctor-cli devices: unknown argument '" << args[i] << "'\n";
            usage(err());
            return ExitUsage;
        }
    }
    const auto host = remote.isEmpty() ? nullptr : makeRemoteHost(remote);
    return reportProbeResult(runProbeOn(host, request, options), json, verbose);
}

} // namespace hd::cli
