#pragma once

// How the value types' enums are shown (docs/architecture.md "Foundation"): the one place for
// the marks and icons of a check status and a finding severity. Their JSON names are
// checkStatusName() (model/records.h) and severityName() (model/finding.h).

#include "model/finding.h"
#include "model/records.h"

#include <QString>

namespace hd {

// Four-column mark for terminal listings: "PASS", "FAIL", "skip", "ERR ", "stop".
QString checkStatusMark(CheckStatus s);
// Icon for Markdown and HTML reports: ✅ ❌ ⏭️ ⚠️ ⏹️.
QString checkStatusIcon(CheckStatus s);
// Icon for Markdown and HTML reports: ❌ (error), ⚠️ (warning), ℹ️ (info).
QString severityIcon(Severity s);

} // namespace hd
