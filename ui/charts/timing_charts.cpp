#include "charts/timing_charts.h"

#include <QApplication>
#include <QCoreApplication>
#include <QEvent>

#include <algorithm>
#include <cmath>

namespace hd::ui {

TimingChart::TimingChart(QWidget *parent) : QCustomPlot(parent) {
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom | QCP::iSelectPlottables);
    setNoAntialiasingOnDrag(true);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(
        0, 0, new QCPTextElement(this, QString(), QFont(font().family(), 11, QFont::Bold)));
    // The legend sits beside the plot, never over the data: its own layout cell.
    axisRect()->insetLayout()->take(legend);
    legend->setVisible(false);
    usePalette(palette());
}

TimingChart::~TimingChart() {
    placeLegend(true); // back in the layout, which deletes it
}

void TimingChart::placeLegend(bool visible) {
    legend->setVisible(visible);
    const bool placed = plotLayout()->hasElement(1, 1);
    if (visible && !placed) {
        plotLayout()->addElement(1, 1, legend);
        plotLayout()->setColumnStretchFactor(1, 0.001);
        legend->setMargins(QMargins(6, 4, 6, 4));
    } else if (!visible && placed) {
        plotLayout()->take(legend);
        plotLayout()->simplify();
    }
}

namespace {
// Distinct hues that read on light and dark backgrounds; no red (it means "failed").
const QColor kColors[] = {
    QColor(0x3b, 0x82, 0xf6), QColor(0xf5, 0x9e, 0x0b), QColor(0x10, 0xb9, 0x81),
    QColor(0x8b, 0x5c, 0xf6), QColor(0x06, 0xb6, 0xd4), QColor(0xec, 0x48, 0x99),
    QColor(0x84, 0xcc, 0x16), QColor(0x64, 0x74, 0x8b), QColor(0xa1, 0x62, 0x07),
    QColor(0x1e, 0x3a, 0x8a), QColor(0x0f, 0x76, 0x6e), QColor(0xc0, 0x84, 0xfc),
    QColor(0xfb, 0xbf, 0x24), QColor(0x4d, 0x7c, 0x0f), QColor(0x7d, 0xd3, 0xfc),
    QColor(0x9d, 0x17, 0x4d), QColor(0x37, 0x41, 0x51), QColor(0xfd, 0xa4, 0xaf),
    QColor(0x5e, 0xea, 0xd4), QColor(0x6d, 0x28, 0xd9), QColor(0xd9, 0x77, 0x06),
    QColor(0x93, 0xc5, 0xfd), QColor(0x16, 0x65, 0x34), QColor(0xa8, 0xa2, 0x9e)};
constexpr int kColorCount = int(std::size(kColors));
} // namespace

QColor TimingChart::seriesColor(int i) {
    return kColors[std::abs(i) % kColorCount];
}

QString TimingChart::phaseName(const QString &id) {
    // The probe's phases (docs/protocol.md) and the steps' checks that have no phases, marked
    // for lupdate: the English is the id itself.
    static const char *const known[] = {
        QT_TRANSLATE_NOOP("hd::ui::Charts", "library-load"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "runtime-init"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "device-query"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "module-load"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "function-lookup"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "allocation"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "copy-h2d"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "launch"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "kernel"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "synchronize"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "copy-d2h"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "validation"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "compiler"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "compiler-commands"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "compile-program"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "compile-code-object"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "runtime-dependency"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "run-program"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "inspect"),
        QT_TRANSLATE_NOOP("hd::ui::Charts", "diagnose"),
    };
    for (const char *k : known)
        if (id == QLatin1String(k))
            return QCoreApplication::translate("hd::ui::Charts", k);
    return id;
}

QColor TimingChart::phaseColor(const QString &phase) {
    // The probe's phases in launch order (docs/protocol.md), then the steps' checks without
    // phases: a colour each. Other names get one by their name.
    static const QStringList known = {QStringLiteral("library-load"),
                                      QStringLiteral("runtime-init"),
                                      QStringLiteral("device-query"),
                                      QStringLiteral("module-load"),
                                      QStringLiteral("function-lookup"),
                                      QStringLiteral("allocation"),
                                      QStringLiteral("copy-h2d"),
                                      QStringLiteral("launch"),
                                      QStringLiteral("kernel"),
                                      QStringLiteral("synchronize"),
                                      QStringLiteral("copy-d2h"),
                                      QStringLiteral("validation"),
                                      QStringLiteral("compiler"),
                                      QStringLiteral("compiler-commands"),
                                      QStringLiteral("compile-program"),
                                      QStringLiteral("compile-code-object"),
                                      QStringLiteral("runtime-dependency"),
                                      QStringLiteral("run-program"),
                                      QStringLiteral("inspect"),
                                      QStringLiteral("diagnose"),
                                      QStringLiteral("compile"),
                                      QStringLiteral("run"),
                                      QStringLiteral("as-is"),
                                      QStringLiteral("without-triton")};
    const qsizetype i = known.indexOf(phase);
    return kColors[i >= 0 ? int(i) : int(qHash(phase, 0) % kColorCount)];
}

QColor TimingChart::errorColor() {
    return QColor(0xdc, 0x26, 0x26);
}

void TimingChart::setEmptyText(const QString &text) {
    m_emptyText = text;
}

void TimingChart::usePalette(const QPalette &pal) {
    m_text = pal.color(QPalette::WindowText);
    m_background = pal.color(QPalette::Base);
    m_grid = pal.color(QPalette::Mid);
    rebuild();
}

void TimingChart::useReportTheme() {
    m_text = QColor(0x1f, 0x29, 0x37);
    m_background = Qt::white;
    m_grid = QColor(0xd1, 0xd5, 0xdb);
    rebuild();
}

void TimingChart::changeEvent(QEvent *event) {
    if (event->type() == QEvent::PaletteChange)
        usePalette(palette());
    QCustomPlot::changeEvent(event);
}

void TimingChart::setSpec(const ChartSpec &spec) {
    m_spec = spec;
    rebuild();
}

void TimingChart::resetZoom() {
    rebuild();
}

void TimingChart::rebuild() {
    clearPlottables();
    clearItems();
    placeLegend(false);
    setBackground(m_background);
    for (QCPAxis *axis : {xAxis, yAxis}) {
        axis->setBasePen(QPen(m_text));
        axis->setTickPen(QPen(m_text));
        axis->setSubTickPen(QPen(m_text));
        axis->setTickLabelColor(m_text);
        axis->setLabelColor(m_text);
        axis->grid()->setPen(QPen(m_grid, 0, Qt::DotLine));
        axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        axis->setTickLabelRotation(0);
    }
    legend->setBrush(m_background);
    legend->setTextColor(m_text);
    legend->setBorderPen(QPen(m_grid));
    if (auto *title = qobject_cast<QCPTextElement *>(plotLayout()->element(0, 0))) {
        title->setText(m_spec.title);
        title->setTextColor(m_text);
    }
    xAxis->setLabel(m_spec.xLabel);
    yAxis->setLabel(m_spec.yLabel);
    if (m_spec.isEmpty())
        drawEmpty();
    else if (m_spec.kind == ChartSpec::Kind::Timeline)
        drawTimeline();
    else if (m_spec.kind == ChartSpec::Kind::Bars)
        drawBars();
    else
        drawHistogram();
    replot();
}

void TimingChart::drawEmpty() {
    auto *text = new QCPItemText(this);
    text->position->setType(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(0.5, 0.5);
    text->setText(m_emptyText.isEmpty() ? tr("No timings yet: run a verification step.")
                                        : m_emptyText);
    text->setColor(m_text);
    xAxis->setRange(0, 1);
    yAxis->setRange(0, 1);
}

void TimingChart::drawTimeline() {
    // Rows top to bottom in the order they first appear; y grows upwards, so row i sits at -i.
    QStringList rows;
    QStringList phases;
    for (const ChartInterval &iv : m_spec.intervals) {
        if (!rows.contains(iv.row))
            rows.append(iv.row);
        if (!phases.contains(iv.label))
            phases.append(iv.label);
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int r = 0; r < rows.size(); ++r)
        ticker->addTick(-r, rows[r]);
    yAxis->setTicker(ticker);
    yAxis->grid()->setVisible(false);
    double end = 0;
    bool anyFailed = false;
    for (const ChartInterval &iv : m_spec.intervals) {
        const int r = int(rows.indexOf(iv.row));
        auto *rect = new QCPItemRect(this);
        rect->topLeft->setCoords(iv.startMs, -r + 0.35);
        rect->bottomRight->setCoords(iv.startMs + std::max(iv.durationMs, 0.0), -r - 0.35);
        const QColor c = phaseColor(iv.label);
        const bool failed =
            iv.status == QLatin1String("fail") || iv.status == QLatin1String("error");
        anyFailed = anyFailed || failed;
        rect->setBrush(iv.status == QLatin1String("skipped") ? QBrush(c, Qt::Dense5Pattern)
                                                             : QBrush(c));
        rect->setPen(failed ? QPen(errorColor(), 3) : QPen(c.darker(130)));
        rect->setSelectable(false);
        end = std::max(end, iv.startMs + iv.durationMs);
    }
    // A legend of phases: one invisible graph per phase carries its name and a swatch.
    auto addSwatch = [this](const QString &name, const QPen &pen, const QBrush &brush) {
        QCPGraph *g = addGraph();
        g->setName(name);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, pen, brush, 11));
    };
    for (const QString &phase : phases)
        addSwatch(phaseName(phase), QPen(phaseColor(phase).darker(130)), phaseColor(phase));
    if (anyFailed)
        addSwatch(tr("failed (outline)"), QPen(errorColor(), 3), Qt::NoBrush);
    placeLegend(!phases.isEmpty() && phases.size() <= 16);
    xAxis->setRange(0, end > 0 ? end * 1.05 : 1);
    yAxis->setRange(-double(rows.size()) + 0.4, 0.6);
    axisRect()->setRangeZoom(Qt::Horizontal);
    axisRect()->setRangeDrag(Qt::Horizontal);
}

void TimingChart::drawBars() {
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < m_spec.categories.size(); ++i)
        ticker->addTick(i + 1, phaseName(m_spec.categories[i]));
    xAxis->setTicker(ticker);
    xAxis->setTickLabelRotation(m_spec.categories.size() > 5 ? 30 : 0);
    xAxis->grid()->setVisible(false);
    auto *group = new QCPBarsGroup(this);
    double top = 0;
    const int n = int(m_spec.series.size());
    for (int s = 0; s < n; ++s) {
        auto *bars = new QCPBars(xAxis, yAxis);
        bars->setName(m_spec.series[s].name);
        bars->setWidth(0.8 / std::max(1, n));
        bars->setBrush(seriesColor(s));
        bars->setPen(QPen(seriesColor(s).darker(130)));
        bars->setBarsGroup(group);
        QVector<double> keys, values;
        for (int i = 0; i < m_spec.series[s].values.size(); ++i) {
            keys << i + 1;
            values << m_spec.series[s].values[i];
            top = std::max(top, m_spec.series[s].values[i]);
        }
        bars->setData(keys, values);
    }
    placeLegend(n > 1);
    xAxis->setRange(0.3, std::max<qsizetype>(1, m_spec.categories.size()) + 0.7);
    yAxis->setRange(0, top > 0 ? top * 1.15 : 1);
    axisRect()->setRangeZoom(Qt::Vertical);
    axisRect()->setRangeDrag(Qt::Vertical);
}

void TimingChart::drawHistogram() {
    double lo = INFINITY, hi = -INFINITY;
    qsizetype count = 0;
    for (const ChartSeries &s : m_spec.series) {
        for (double v : s.values) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        count = std::max(count, s.values.size());
    }
    if (count == 0) {
        drawEmpty();
        return;
    }
    // Square-root rule, at least 5 bins; one bin when every sample is equal.
    int bins = m_spec.histogramBins > 0 ? m_spec.histogramBins
                                        : std::clamp(int(std::sqrt(double(count))), 5, 60);
    if (hi <= lo) {
        bins = 1;
        hi = lo + std::max(std::abs(lo) * 0.1, 1e-3);
    }
    const double width = (hi - lo) / bins;
    double top = 0;
    const int n = int(m_spec.series.size());
    for (int s = 0; s < n; ++s) {
        QVector<double> keys(bins), values(bins, 0);
        for (int b = 0; b < bins; ++b)
            keys[b] = lo + width * (b + 0.5);
        for (double v : m_spec.series[s].values) {
            int b = int((v - lo) / width);
            b = std::clamp(b, 0, bins - 1);
            values[b] += 1;
        }
        auto *bars = new QCPBars(xAxis, yAxis);
        bars->setName(m_spec.series[s].name);
        bars->setWidth(width * (n > 1 ? 0.9 / n : 0.95));
        QColor c = seriesColor(s);
        c.setAlpha(n > 1 ? 170 : 255);
        bars->setBrush(c);
        bars->setPen(QPen(c.darker(130)));
        bars->setData(keys, values);
        top = std::max(top, *std::max_element(values.begin(), values.end()));
    }
    placeLegend(n > 1);
    xAxis->setRange(lo - width, hi + width);
    yAxis->setRange(0, top * 1.15);
    if (yAxis->label().isEmpty())
        yAxis->setLabel(tr("launches"));
    axisRect()->setRangeZoom(Qt::Horizontal);
    axisRect()->setRangeDrag(Qt::Horizontal);
}

bool TimingChart::exportPng(const QString &path, int width, int height) {
    return savePng(path, width, height);
}

bool TimingChart::exportPdf(const QString &path) {
    return savePdf(path);
}

} // namespace hd::ui
