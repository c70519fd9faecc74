#pragma once

// Loads hipdoctor-charts.so (ui/charts/chart_module.h) for the commands that draw charts.

#include "charts/chart_module.h"

#include <QString>

namespace hd::cli {

// The module, loaded on first call: $HIPDOCTOR_CHARTS_MODULE when set, else next to the
// executable's build tree (../lib/hipdoctor/) or its installation (../<libdir>/hipdoctor/).
// Null when none loads (a build without the GUI, or a broken install); *why then says what
// was tried.
const hd::ui::ChartModule *chartModule(QString *why = nullptr);

} // namespace hd::cli
