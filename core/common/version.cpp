#include "common/version.h"

#include "common/build_info.h"

namespace hd {

QString version() {
    return QStringLiteral(HIPDOCTOR_VERSION_STRING);
}

QString gitRevision() {
    return QStringLiteral(HIPDOCTOR_GIT_REVISION);
}

QString versionLine(const QString &program) {
    return QStringLiteral("%1 %2 (git %3)").arg(program, version(), gitRevision());
}

} // namespace hd
