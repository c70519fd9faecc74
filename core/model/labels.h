#pragma once

// How the value types' enums are shown (docs/architecture.md "Foundation"): the one place for
// the marks, icons and words of a check status and a finding severity, and of where a code
// object was found. Their JSON names are
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

// checkStatusName()'s word as a sentence of "hd::Verify" (the same English), for the texts
// people read: the comparison's basis, the walkthrough's result.
Text checkStatusWord(CheckStatus s);

// Where a code object or bundle was found (CodeObject::origin, Bundle::origin, the inspector's
// words: "file", "entry ID @ SECTION+0x…", "entry ID of compressed bundle @ …", "bundle …") as
// a sentence of "hd::Diagnosis" with the same English, so the app shows it in its language;
// another origin (a section name, a file name) is plain text.
Text originText(const QString &origin);

} // namespace hd
