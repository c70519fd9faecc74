// hipdoctor-cli devices: asks hipdoctor-probe, in a clean process, which runtime loads and which
// GPUs it sees.

#include "cli.h"
#include "options.h"
#include "probe_output.h"
#include "remote_option.h"

namespace hd::cli {

namespace {

int devices(const Args &args) {
    ProbeOptions options;
    ProbeRequest request;
    request.kind = ProbeRequest::Kind::Devices;
    QString error;
    if (!readProbe(args, &options, &request, &error))
        return usageError(args.spec(), error);
    const Output output = readOutput(args);
    return reportProbeResult(readRemote(args)->runProbe(request, options), output.json,
                             output.pretty, args.isSet(Opt::Verbose));
}

} // namespace

CommandSpec devicesCommand() {
    CommandSpec c;
    c.name = QStringLiteral("devices");
    c.summary = QStringLiteral("list the GPUs a runtime sees (through hipdoctor-probe)");
    c.groups = {{QString(),
                 {option(Opt::Verbose,
                         QStringLiteral("also the libraries tried, every runtime "
                                        "call with its time, and the timings"),
                         {}, QStringLiteral("v"))}},
                probeGroup(),
                remoteGroup(QStringLiteral("ask the probe")),
                outputGroup({QStringLiteral("one hipdoctor.probe-result/1 JSON document on "
                                            "stdout"),
                             false,
                             {},
                             true})};
    c.exitCodes = QStringLiteral("0 at least one device, 1 no runtime / no device / the probe "
                                 "died (the result line says which), 2 usage error, 3 the probe "
                                 "could not be started");
    c.run = devices;
    return c;
}

} // namespace hd::cli
