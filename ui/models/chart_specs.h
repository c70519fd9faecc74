#pragma once

// Chart specifications (the engine's ChartSpec) built from verification records, shared by
// the Timings panel and anything else that draws the same charts.

#include "model/records.h"
#include "report/chart_renderer.h"

namespace hd::ui {

// One recorded run of a step, kept across runs so bars can compare them (e.g.
// HIP_LAUNCH_BLOCKING=0 vs 1).
struct TimedRun {
    QString label; // "step 1 #2 (HIP_LAUNCH_BLOCKING=1)"
    StepRecord record;
};

// The launch story: one row per check the probe ran on a device, its phases as bars from
// their start (empty without a device).
ChartSpec timelineSpec(const QList<StepRecord> &steps);
// The analysis time apart from it: the checks without device phases (compiling, running the
// programs, the diagnosis), in ms.
double analysisMs(const QList<StepRecord> &steps);
// Total time per phase name, one series per run.
ChartSpec phaseBarsSpec(const QList<TimedRun> &runs);
// Launch latencies over repeats, one series per check that has samples.
ChartSpec latencyHistogramSpec(const QList<StepRecord> &steps);
// "HIP_LAUNCH_BLOCKING=1 AMD_LOG_LEVEL=4" from a check's environment ("" when none).
QString envLabel(const StepRecord &record);

} // namespace hd::ui
