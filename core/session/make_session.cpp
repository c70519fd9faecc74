#include "session/make_session.h"

#include "common/version.h"

#include <QDateTime>
#include <QSysInfo>

namespace hd {

Session sessionFromResult(const VerifyOptions &options, const VerifyResult &result) {
    Session s;
    s.createdAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    s.tool = versionLine(QStringLiteral("hipdoctor"));
    s.host = QSysInfo::machineHostName();
    s.origin = QStringLiteral("verify");
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
