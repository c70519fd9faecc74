#pragma once

#include "report/chart_renderer.h"

#include <qcustomplot.h>

namespace hd::ui {

// One QCustomPlot that draws any ChartSpec: a per-step phase timeline (Gantt-style rows), bars
// per phase across runs, or a latency histogram. Wheel zooms and dragging pans along the time
// axis; the chart exports itself as PNG or PDF.
class TimingChart : public QCustomPlot {
    Q_OBJECT
public:
    explicit TimingChart(QWidget *parent = nullptr);

    void setSpec(const ChartSpec &spec);
    const ChartSpec &spec() const { return m_spec; }
    // Colours from the widget palette (follows the system's light/dark theme), or a fixed light
    // theme for reports.
    void usePalette(const QPalette &palette);
    void useReportTheme();

    bool exportPng(const QString &path, int width = 0, int height = 0);
    bool exportPdf(const QString &path);
    void resetZoom();

    // Colour of a phase/series by position, shared by the three chart kinds.
    static QColor seriesColor(int i);
    static QColor statusColor(const QString &status, int fallbackIndex);

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void drawTimeline();
    void drawBars();
    void drawHistogram();
    void drawEmpty();

    ChartSpec m_spec;
    QColor m_text, m_grid, m_background;
};

} // namespace hd::ui
