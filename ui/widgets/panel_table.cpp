#include "widgets/panel_table.h"

#include "controllers/workspace.h"
#include "widgets/artifacts_panel.h"
#include "widgets/coverage_panel.h"
#include "widgets/devices_panel.h"
#include "widgets/env_panel.h"
#include "widgets/findings_panel.h"
#include "widgets/logs_panel.h"
#include "widgets/main_window.h"
#include "widgets/timings_panel.h"
#include "widgets/verify_panel.h"
#include "widgets/walkthrough_panel.h"

#include <QCoreApplication>

namespace hd::ui {

const QList<PanelSpec> &panelTable() {
    // The symbol table is the widest thing: it gets the middle; findings and the walkthrough
    // sit on the right; the method's other panels share the bottom as tabs.
    static const QList<PanelSpec> table{
        {"artifacts", QT_TRANSLATE_NOOP("hd::ui::MainWindow", "Artifacts & Symbols"),
         Qt::NoDockWidgetArea,
         [](Workspace &ws, MainWindow &w) -> QWidget * {
             auto *p = new ArtifactsPanel(ws.inputs(), ws.targets(), ws.diagnosis());
             QObject::connect(p, &ArtifactsPanel::openFilesRequested, &w,
                              &MainWindow::openFilesInteractive);
             QObject::connect(p, &ArtifactsPanel::openFolderRequested, &w,
                              &MainWindow::openFolderInteractive);
             QObject::connect(p, &ArtifactsPanel::demoRequested, &w, [&w] { w.openDemo(); });
             return p;
         }},
        {"findings", QT_TRANSLATE_NOOP("hd::ui::MainWindow", "Findings"), Qt::RightDockWidgetArea,
         [](Workspace &ws, MainWindow &w) -> QWidget * {
             auto *p = new FindingsPanel(ws.verification());
             QObject::connect(p, &FindingsPanel::linkActivated, &w, &MainWindow::followLink);
             return p;
         }},
        {"walkthrough", QT_TRANSLATE_NOOP("hd::ui::MainWindow", "Walkthrough"),
         Qt::RightDockWidgetArea,
         [](Workspace &ws, MainWindow &w) -> QWidget * {
             auto *p = new WalkthroughPanel(ws.inputs(), ws.targets(), ws.verification());
             QObject::connect(p, &WalkthroughPanel::showPanel, &w, &MainWindow::raisePanel);
             QObject::connect(p, &WalkthroughPanel::actionRequested, &w,
                              &MainWindow::doWalkthroughAction);
             return p;
         }},
        {"verification", QT_TRANSLATE_NOOP("hd::ui::MainWindow", "Verification"),
         Qt::BottomDockWidgetArea,
         [](Workspace &ws, MainWindow &) -> QWidget * {
             return new VerifyPanel(ws.verification());
         }},
        {"devices", QT_TRANSLATE_NOOP("hd::ui::MainWindow", "Devices"), Qt::BottomDockWidgetArea,
         [](Workspace &ws, MainWindow &) -> QWidget * { return new DevicesPanel(ws.targets()); }},
        {"coverage", QT_TRANSLATE_NOOP("hd::ui::MainWindow", "Coverage"), Qt::BottomDockWidgetArea,
         [](Workspace &ws, MainWindow &) -> QWidget * { return new CoveragePanel(ws.targets()); }},
        {"environment", QT_TRANSLATE_NOOP("hd::ui::MainWindow", "Environment"),
         Qt::BottomDockWidgetArea,
         [](Workspace &ws, MainWindow &) -> QWidget * { return new EnvPanel(ws.inputs()); }},
        {"timings", QT_TRANSLATE_NOOP("hd::ui::MainWindow", "Timings"), Qt::BottomDockWidgetArea,
         [](Workspace &ws, MainWindow &) -> QWidget * {
             return new TimingsPanel(ws.verification());
         }},
        {"logs", QT_TRANSLATE_NOOP("hd::ui::MainWindow", "Logs"), Qt::BottomDockWidgetArea,
         [](Workspace &ws, MainWindow &) -> QWidget * { return new LogsPanel(ws.verification()); }},
    };
    return table;
}

} // namespace hd::ui
