#pragma once

#include <QIcon>
#include <QString>

namespace hd::ui {

// Icons of the app (resources/icons), by name: "run", "status-pass", "severity-error"...
QIcon icon(const QString &name);
// The status light for a check/step status name ("pass", "fail", "error", "skipped",
// "cancelled", "running", "" = not run).
QIcon statusIcon(const QString &status);

} // namespace hd::ui
