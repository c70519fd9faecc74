#pragma once

#include "models/chart_specs.h"

#include <QWidget>

class QComboBox;

namespace hd::ui {

class TimingChart;
class VerificationController;

// Timings: QCustomPlot charts of the verification records — phase timeline, phases across
// runs, launch-latency histogram — with zoom/pan and PNG/PDF export.
class TimingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit TimingsPanel(VerificationController *verification, QWidget *parent = nullptr);
    TimingChart *chart() const { return m_chart; }
    const QList<TimedRun> &runs() const { return m_runs; }
    void setChartKind(int index); // 0 timeline, 1 bars, 2 histogram

protected:
    void changeEvent(QEvent *event) override;

private:
    void collectRuns();
    void redraw();

    VerificationController *m_verification;
    QComboBox *m_kind;
    TimingChart *m_chart;
    QList<TimedRun> m_runs;
    QStringList m_seen; // startedAt+step of records already in m_runs
};

} // namespace hd::ui
