#pragma once

#include <QIcon>
#include <QString>

class QWidget;

namespace hd::ui {

// Icons of the app (resources/icons), by name: "run", "status-pass", "severity-error"...
QIcon icon(const QString &name);
// The status light for a check/step status name ("pass", "fail", "error", "skipped",
// "cancelled", "running", "" = not run).
QIcon statusIcon(const QString &status);
// Lets a word-wrapped label be narrower than its longest word (a long name or path): the layout
// gives it its width, the label wraps to it, so a long text never widens the window.
void ignoreMinimumWidth(QWidget *label);

} // namespace hd::ui
