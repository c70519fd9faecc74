// What a report is made from (private/report_p.h): the session with its findings grouped and,
// unless turned off, its secrets redacted.

#include "report_p.h"

namespace hd::reportdetail {

Prepared prepare(const Session &in, const ReportOptions &o) {
    Prepared p;
    p.redacted = o.redact;
    // Grouped first (a session written before grouping may hold 10^5 copies of a finding),
    // so each is redacted and written once.
    Session grouped = in;
    grouped.findings = mergeDuplicateFindings(in.findings);
    p.s = o.redact ? redactSession(grouped, &p.redactions) : grouped;
    return p;
}

} // namespace hd::reportdetail
