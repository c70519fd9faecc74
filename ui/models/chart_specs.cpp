#include "models/chart_specs.h"

#include "models/engine_text.h"

#include <QCoreApplication>

#include <algorithm>

namespace hd::ui {

ChartSpec timelineSpec(const QList<StepRecord> &steps) {
    ChartSpec spec;
    spec.kind = ChartSpec::Kind::Timeline;
    spec.title = QCoreApplication::translate("hd::ui::Charts", "Phase timeline per step");
    spec.xLabel = QCoreApplication::translate("hd::ui::Charts", "ms from the start of each check");
    // The launch story only: the probe's phases on the device. Compiling, running programs
    // and the diagnosis are analysis time, told apart (analysisMs()), so that a 5 s diagnosis
    // never dwarfs a kernel's milliseconds.
    for (const StepRecord &s : steps) {
        for (const CheckRecord &c : s.checks) {
            const QString row = QStringLiteral("%1 · %2").arg(s.step).arg(
                c.title.isEmpty() ? c.id : shownEngineText(c.title));
            for (const PhaseTiming &p : c.phases)
                spec.intervals.append(
                    {row, p.name, p.startMs, p.ms,
                     p.status == QLatin1String("error") ? QStringLiteral("fail") : QString()});
        }
    }
    return spec;
}

double analysisMs(const QList<StepRecord> &steps) {
    double ms = 0;
    for (const StepRecord &s : steps)
        for (const CheckRecord &c : s.checks)
            if (c.phases.isEmpty())
                ms += std::max(0.0, double(c.durationMs));
    return ms;
}

QString envLabel(const StepRecord &record) {
    QMap<QString, QString> env;
    for (const CheckRecord &c : record.checks)
        for (auto it = c.env.cbegin(); it != c.env.cend(); ++it)
            env.insert(it.key(), it.value());
    QStringList parts;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        parts.append(QStringLiteral("%1=%2").arg(it.key(), it.value()));
    return parts.join(QLatin1Char(' '));
}

ChartSpec phaseBarsSpec(const QList<TimedRun> &runs) {
    ChartSpec spec;
    spec.kind = ChartSpec::Kind::Bars;
    spec.title = QCoreApplication::translate("hd::ui::Charts", "Time per phase across runs");
    spec.yLabel = QCoreApplication::translate("hd::ui::Charts", "ms");
    for (const TimedRun &run : runs)
        for (const CheckRecord &c : run.record.checks)
            for (const PhaseTiming &p : c.phases)
                if (!spec.categories.contains(p.name))
                    spec.categories.append(p.name);
    for (const TimedRun &run : runs) {
        ChartSeries series;
        series.name = run.label;
        series.values = QList<double>(spec.categories.size(), 0.0);
        bool any = false;
        for (const CheckRecord &c : run.record.checks)
            for (const PhaseTiming &p : c.phases) {
                series.values[spec.categories.indexOf(p.name)] += p.ms;
                any = true;
            }
        if (any)
            spec.series.append(series);
    }
    return spec;
}

ChartSpec latencyHistogramSpec(const QList<StepRecord> &steps) {
    ChartSpec spec;
    spec.kind = ChartSpec::Kind::Histogram;
    spec.title = QCoreApplication::translate("hd::ui::Charts", "Launch latency over repeats");
    spec.xLabel = QCoreApplication::translate("hd::ui::Charts", "ms per launch");
    spec.yLabel = QCoreApplication::translate("hd::ui::Charts", "launches");
    for (const StepRecord &s : steps)
        for (const CheckRecord &c : s.checks)
            if (!c.launchSamplesMs.isEmpty())
                spec.series.append({QStringLiteral("%1 · %2").arg(s.step).arg(
                                        c.title.isEmpty() ? c.id : shownEngineText(c.title)),
                                    c.launchSamplesMs});
    return spec;
}

} // namespace hd::ui
