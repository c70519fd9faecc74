#include "session/make_session.h"

#include "common/version.h"
#include "exec/execution_host.h"
#include "sysinfo/system_inventory.h"

#include <QDateTime>
#include <QSysInfo>

namespace hd {

Session sessionFromResult(const VerifyOptions &options, const VerifyResult &result,
                          const QString &tool, const QString &origin) {
    Session s;
    s.createdAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    s.tool = tool.isEmpty() ? versionLine(QStringLiteral("hipdoctor")) : tool;
    s.host = QSysInfo::machineHostName();
    s.origin = origin;
    s.inputs = options.toJson();
    s.devices = result.devices;
    s.env = options.env;
    s.envProblems = result.envProblems;
    s.steps = result.steps;
    s.comparison = result.comparison;
    s.findings = result.allFindings();
    s.caseVerdict = caseVerdict(result.question(options), s.findings);
    s.cancelled = result.cancelled;
    return s;
}

Session sessionFromRun(const VerifyOptions &options, const VerifyResult &result,
                       ExecutionHost &host, const QString &tool, const QString &origin,
                       const SystemInventory *inventory) {
    Session s = sessionFromResult(options, result, tool, origin);
    s.remote = host.hostName();
    s.host = host.nodeName();
    // The inventory of the machine the steps ran on (docs/remote.md "The node's inventory").
    s.inventory = inventory ? *inventory : collectSystemInventory(host);
    return s;
}

} // namespace hd
