#include "session/make_session.h"

#include "common/version.h"

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
    s.cancelled = result.cancelled;
    return s;
}

} // namespace hd
