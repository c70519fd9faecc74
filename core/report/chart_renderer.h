#pragma once

// The engine's HTML report embeds timing charts as PNG images, but core/ may not use Qt
// Widgets or QCustomPlot. The report asks a ChartRenderer for the PNG bytes of a ChartSpec;
// the GUI library (ui/charts, target hd_charts) supplies one backed by QCustomPlot
// (ui/charts/chart_renderer_qcp.h). Without a renderer the report falls back to tables.

#include <QByteArray>
#include <QList>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>

namespace hd {

// One bar of a timeline (Gantt-style): a phase from start to start + duration, on a row.
struct ChartInterval {
    QString row;   // "step 1: probe launch" — one row per run/check
    QString label; // "module load"
    double startMs = 0;
    double durationMs = 0;
    QString status; // "pass" | "fail" | "skipped" | "error" | "" — colours the bar
};

// One named series of values. For Bars: values[i] belongs to ChartSpec::categories[i].
// For Histogram: the raw samples (e.g. launch latencies over repeats), binned by the renderer.
struct ChartSeries {
    QString name; // legend text, e.g. "HIP_LAUNCH_BLOCKING=0"
    QList<double> values;
};

struct ChartSpec {
    enum class Kind { Timeline, Bars, Histogram };
    Kind kind = Kind::Bars;
    QString title;
    QString xLabel; // "ms" for timelines and histograms, "" for bars
    QString yLabel;
    QStringList categories;         // Bars: one label per value index (phase names)
    QList<ChartSeries> series;      // Bars, Histogram
    QList<ChartInterval> intervals; // Timeline
    int histogramBins = 0;          // 0 = the renderer chooses

    bool isEmpty() const { return series.isEmpty() && intervals.isEmpty(); }
};

QString chartKindName(ChartSpec::Kind k); // "timeline" | "bars" | "histogram"

// Returns PNG bytes of the chart at the given pixel size; an empty array when it cannot
// render (the report then falls back to a table). Must be callable from a non-GUI thread
// only when the implementation says so; the CLI calls it from the main thread.
using ChartRenderer = std::function<QByteArray(const ChartSpec &, QSize)>;

} // namespace hd
