#pragma once

// The window's panels, one row each: the name (--panel, the dock's object name, saved
// layouts), the title, where it docks and how it is made from the controllers it shows. The
// window is built from this table alone, so a new panel is its own files and one row here
// (docs/architecture.md "The GUI").

#include <QList>
#include <Qt>

#include <functional>

class QWidget;

namespace hd::ui {

class MainWindow;
class Workspace;

struct PanelSpec {
    const char *name;
    const char *title; // QT_TRANSLATE_NOOP("hd::ui::MainWindow", ...)
    // NoDockWidgetArea: the window's central widget. Docks of one area are tabbed in the
    // table's order, the first of each area in front.
    Qt::DockWidgetArea area;
    // Makes the panel from the controllers it shows, connecting what it asks of the window.
    std::function<QWidget *(Workspace &workspace, MainWindow &window)> make;
};

const QList<PanelSpec> &panelTable();

} // namespace hd::ui
