#pragma once

#include <QString>

namespace hd {

// "0.1.0", and the git revision the build came from ("unknown" outside a checkout).
QString version();
QString gitRevision();
// "hipdoctor-cli 0.1.0 (git 1a2b3c4d5e6f)" for --version.
QString versionLine(const QString &program);

} // namespace hd
