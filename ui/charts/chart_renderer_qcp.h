#pragma once

// The QCustomPlot implementation of the engine's ChartRenderer (core/report/chart_renderer.h):
// renders a ChartSpec offscreen to PNG bytes for the HTML report.
//
// QCustomPlot is a QWidget, so rendering needs a QApplication. A front end that only has a
// QCoreApplication (the CLI) makes one with makeChartCapableApplication() before anything else
// (it picks the offscreen platform when there is no display); without a QApplication the
// renderer returns an empty array and the report falls back to tables. The renderer may be
// called from any thread: off the GUI thread it hands the work to the GUI thread and waits.

#include "report/chart_renderer.h"

#include <QCoreApplication>

#include <memory>

namespace hd::ui {

QByteArray renderChartPng(const ChartSpec &spec, QSize size);
ChartRenderer qcpChartRenderer();
bool chartRenderingAvailable();
// A QApplication on the offscreen platform unless a display is set (QT_QPA_PLATFORM wins).
std::unique_ptr<QCoreApplication> makeChartCapableApplication(int &argc, char **argv);

} // namespace hd::ui
