// The entry point of hipdoctor-charts.so (chart_module.h).

#include "charts/chart_module.h"
#include "charts/chart_renderer_qcp.h"

namespace {

QCoreApplication *makeApplication(int &argc, char **argv) {
    return hd::ui::makeChartCapableApplication(argc, argv).release();
}

} // namespace

extern "C" Q_DECL_EXPORT const hd::ui::ChartModule *hipdoctor_chart_module() {
    static const hd::ui::ChartModule module{hd::ui::kChartModuleVersion, &makeApplication,
                                            &hd::ui::chartRenderingAvailable,
                                            &hd::ui::qcpChartRenderer};
    return &module;
}
