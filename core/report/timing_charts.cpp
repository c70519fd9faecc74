// The charts a session's timings make (report.h): a phase timeline, probe phases per check
// and the launch-latency distribution.

#include "report/report.h"

#include "model/records.h"

#include <QDateTime>

#include <algorithm>

namespace hd {

namespace {

// Every check (and its probe phases) on one time axis from the first check's start; a check
// without a start time follows the one before it.
ChartSpec timelineChart(const Session &s) {
    ChartSpec timeline;
    timeline.kind = ChartSpec::Kind::Timeline;
    timeline.title = QStringLiteral("Checks and phases over time");
    timeline.xLabel = QStringLiteral("ms");
    QDateTime origin;
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks) {
            const QDateTime t = QDateTime::fromString(c.startedAt, Qt::ISODateWithMs);
            if (t.isValid() && (!origin.isValid() || t < origin))
                origin = t;
        }
    double cursor = 0;
    for (const StepRecord &st : s.steps) {
        for (const CheckRecord &c : st.checks) {
            if (c.status == CheckStatus::Skipped)
                continue;
            const QDateTime t = QDateTime::fromString(c.startedAt, Qt::ISODateWithMs);
            const double start =
                t.isValid() && origin.isValid() ? double(origin.msecsTo(t)) : cursor;
            const QString row = QStringLiteral("step %1: %2").arg(st.step).arg(c.id);
            timeline.intervals.append(
                {row, c.id, start, std::max(c.durationMs, 0.01), checkStatusName(c.status)});
            for (const PhaseTiming &ph : c.phases)
                timeline.intervals.append({row + QStringLiteral(" › phases"), ph.name,
                                           start + ph.startMs, std::max(ph.ms, 0.001),
                                           ph.status == QLatin1String("ok")
                                               ? QStringLiteral("pass")
                                               : QStringLiteral("fail")});
            cursor = std::max(cursor, start + c.durationMs);
        }
    }
    return timeline;
}

// Probe phases side by side across the checks that have them (e.g. step 1 vs. step 2).
ChartSpec phaseBarsChart(const Session &s) {
    ChartSpec bars;
    bars.kind = ChartSpec::Kind::Bars;
    bars.title = QStringLiteral("Runtime phases per check");
    bars.yLabel = QStringLiteral("ms");
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            for (const PhaseTiming &ph : c.phases)
                if (!bars.categories.contains(ph.name))
                    bars.categories << ph.name;
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks) {
            if (c.phases.isEmpty())
                continue;
            ChartSeries series;
            series.name = QStringLiteral("step %1: %2").arg(st.step).arg(c.id);
            for (const QString &cat : bars.categories) {
                double sum = 0;
                for (const PhaseTiming &ph : c.phases)
                    if (ph.name == cat)
                        sum += ph.ms;
                series.values << sum;
            }
            bars.series << series;
        }
    return bars;
}

// The distribution of one check's repeated launch latencies.
ChartSpec latencyHistogram(const StepRecord &st, const CheckRecord &c) {
    ChartSpec h;
    h.kind = ChartSpec::Kind::Histogram;
    h.title = QStringLiteral("Launch latency over %1 repeats (step %2: %3)")
                  .arg(c.launchSamplesMs.size())
                  .arg(st.step)
                  .arg(c.id);
    h.xLabel = QStringLiteral("ms");
    h.yLabel = QStringLiteral("launches");
    h.series << ChartSeries{c.id, c.launchSamplesMs};
    return h;
}

} // namespace

QList<ChartSpec> timingCharts(const Session &s) {
    QList<ChartSpec> charts;
    if (const ChartSpec timeline = timelineChart(s); !timeline.intervals.isEmpty())
        charts << timeline;
    if (const ChartSpec bars = phaseBarsChart(s); !bars.series.isEmpty())
        charts << bars;
    for (const StepRecord &st : s.steps)
        for (const CheckRecord &c : st.checks)
            if (c.launchSamplesMs.size() >= 2)
                charts << latencyHistogram(st, c);
    return charts;
}

} // namespace hd
