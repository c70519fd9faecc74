#pragma once

// Several sessions in one report (docs/remote.md "Many nodes", docs/cli.md "report"): the node ×
// check matrix first (node_matrix.h, the rows `verify --hosts` prints) with the differing rows
// marked, the files that could not be read named, then each session's own report: in Markdown a
// section per session, its headings one level down; in HTML each folded in a <details>.
// Every session is redacted as a single report is (ReportOptions::redact), the matrix too.

#include "report/node_matrix.h"
#include "report/report.h"

namespace hd {

QString markdownComparisonReport(const QList<NodeSession> &nodes, const ReportOptions &o = {});
QString htmlComparisonReport(const QList<NodeSession> &nodes, const ReportOptions &o = {});

} // namespace hd
