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
    ~TimingChart() override;

    void setSpec(const ChartSpec &spec);
    // What an empty chart says (why there is nothing to draw; a default when ""), from the
    // next setSpec() on.
    void setEmptyText(const QString &text);
    const ChartSpec &spec() const { return m_spec; }
    // Colours from the widget palette (follows the system's light/dark theme), or a fixed light
    // theme for reports.
    void usePalette(const QPalette &palette);
    void useReportTheme();

    bool exportPng(const QString &path, int width = 0, int height = 0);
    bool exportPdf(const QString &path);
    void resetZoom();

    // Colour of a series (a run) by position; never the error red.
    static QColor seriesColor(int i);
    // The one colour of a phase (or of a check without phases), by its name: the same in
    // every chart, the app's and the reports'. Never the error red.
    // A probe phase or check id ("library-load", "runtime-init", docs/protocol.md) in the
    // language shown (context "hd::ui::Charts"); an id the app does not know stays as it is.
    static QString phaseName(const QString &id);
    static QColor phaseColor(const QString &phase);
    // Failures are marked apart from the phase colour: a red outline.
    static QColor errorColor();

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void drawTimeline();
    void drawBars();
    void drawHistogram();
    void drawEmpty();
    void placeLegend(bool visible);

    ChartSpec m_spec;
    QString m_emptyText;
    QColor m_text, m_grid, m_background;
};

} // namespace hd::ui
