#pragma once

// The chart renderer as a loadable module (hipdoctor-charts.so) for hipdoctor-cli. Only
// `report` and `verify` draw charts; linking Qt Widgets, QCustomPlot and the ~30 libraries they
// pull in made every command's start-up more than twice as long (34 ms against 15 ms), twice
// over since the CLI re-executes itself at start (app/common/heap_tuning.h). The CLI loads the
// module for those two commands only; without it, HTML reports show timing tables.

#include "report/chart_renderer.h"

#include <QCoreApplication>

namespace hd::ui {

struct ChartModule {
    int version; // kChartModuleVersion of the module's build
    // makeChartCapableApplication(); the caller owns the application.
    QCoreApplication *(*makeApplication)(int &argc, char **argv);
    bool (*renderingAvailable)();
    ChartRenderer (*renderer)();
};

inline constexpr int kChartModuleVersion = 1;
inline constexpr char kChartModuleSymbol[] = "hipdoctor_chart_module";

} // namespace hd::ui
