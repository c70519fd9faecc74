#include "widgets/timings_panel.h"

#include "charts/timing_charts.h"
#include "common/format.h"
#include "controllers/verification_controller.h"
#include "widgets/icons.h"
#include "widgets/language.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace hd::ui {

TimingsPanel::TimingsPanel(VerificationController *verification, QWidget *parent)
    : QWidget(parent), m_verification(verification) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *row = new QHBoxLayout;
    m_kind = new QComboBox;
    m_kind->addItem(tr("Phase timeline per step"));
    m_kind->addItem(tr("Phases across runs"));
    m_kind->addItem(tr("Launch latency distribution"));
    auto *reset = new QPushButton;
    HD_TR_SET(reset, "text", QT_TR_NOOP("Reset zoom"));
    auto *png = new QPushButton(icon(QStringLiteral("export")), QString());
    HD_TR_SET(png, "text", QT_TR_NOOP("Export PNG…"));
    auto *pdf = new QPushButton(icon(QStringLiteral("export")), QString());
    HD_TR_SET(pdf, "text", QT_TR_NOOP("Export PDF…"));
    row->addWidget(HD_TR_LABEL(QT_TR_NOOP("Chart:")));
    row->addWidget(m_kind);
    row->addStretch();
    row->addWidget(HD_TR_LABEL(QT_TR_NOOP("wheel: zoom · drag: pan")));
    row->addWidget(reset);
    row->addWidget(png);
    row->addWidget(pdf);
    layout->addLayout(row);
    m_chart = new TimingChart;
    m_chart->setMinimumHeight(200);
    layout->addWidget(m_chart, 1);

    connect(m_kind, &QComboBox::currentIndexChanged, this, &TimingsPanel::redraw);
    connect(reset, &QPushButton::clicked, m_chart, &TimingChart::resetZoom);
    connect(png, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export chart"), QStringLiteral("timings.png"), tr("PNG images (*.png)"));
        if (!path.isEmpty() && !m_chart->exportPng(path))
            QMessageBox::warning(this, tr("Export chart"), tr("Could not write %1").arg(path));
    });
    connect(pdf, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export chart"), QStringLiteral("timings.pdf"), tr("PDF documents (*.pdf)"));
        if (!path.isEmpty() && !m_chart->exportPdf(path))
            QMessageBox::warning(this, tr("Export chart"), tr("Could not write %1").arg(path));
    });
    connect(verification, &VerificationController::stepsChanged, this, [this] {
        collectRuns();
        redraw();
    });
    redraw();
}

void TimingsPanel::setChartKind(int index) {
    m_kind->setCurrentIndex(index);
}

void TimingsPanel::collectRuns() {
    for (const StepRecord &s : m_verification->steps()) {
        const QString key = QStringLiteral("%1@%2").arg(s.step).arg(s.startedAt);
        if (m_seen.contains(key))
            continue;
        m_seen.append(key);
        int n = 1;
        for (const TimedRun &r : m_runs)
            n += r.record.step == s.step;
        const QString env = envLabel(s);
        m_runs.append({env.isEmpty() ? tr("step %1 #%2").arg(s.step).arg(n)
                                     : tr("step %1 #%2 (%3)").arg(s.step).arg(n).arg(env),
                       s});
    }
}

void TimingsPanel::redraw() {
    // An empty chart says why: nothing ran yet, or what ran timed nothing of this kind.
    QString why;
    if (!m_verification->steps().isEmpty()) {
        switch (m_kind->currentIndex()) {
        case 1:
            why = tr("The steps ran, but none recorded phases: phases come from the probe "
                     "loading and launching a kernel on a GPU (none did here).");
            break;
        case 2:
            why = tr("No launch was timed: latencies come from step 2's repeated launches on a "
                     "GPU (none ran here, or step 2 did not launch).");
            break;
        default:
            why = tr("No launch story: nothing was loaded and launched on a device (without a "
                     "GPU there is none).");
            break;
        }
        // The time spent compiling, running and diagnosing, apart from the device's.
        why += QLatin1Char('\n') + tr("Analysis (compiling, running the programs, the "
                                      "diagnosis): %1; each check's time is on its step card.")
                                       .arg(formatDuration(analysisMs(m_verification->steps())));
    }
    m_chart->setEmptyText(why);
    switch (m_kind->currentIndex()) {
    case 1:
        m_chart->setSpec(phaseBarsSpec(m_runs));
        break;
    case 2:
        m_chart->setSpec(latencyHistogramSpec(m_verification->steps()));
        break;
    default:
        m_chart->setSpec(timelineSpec(m_verification->steps()));
        break;
    }
}

void TimingsPanel::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    // The texts set once (labels, buttons) follow through retranslateTree(); these are
    // computed from the state.
    if (event->type() == QEvent::LanguageChange) {
        m_kind->setItemText(0, tr("Phase timeline per step"));
        m_kind->setItemText(1, tr("Phases across runs"));
        m_kind->setItemText(2, tr("Launch latency distribution"));
        redraw();
    }
}

} // namespace hd::ui
