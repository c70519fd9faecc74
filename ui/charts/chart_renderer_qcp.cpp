#include "charts/chart_renderer_qcp.h"

#include "charts/timing_charts.h"

#include <QApplication>
#include <QBuffer>
#include <QThread>

namespace hd::ui {

bool chartRenderingAvailable() {
    return qobject_cast<QApplication *>(QCoreApplication::instance()) != nullptr;
}

static QByteArray renderOnGuiThread(const ChartSpec &spec, QSize size) {
    if (size.width() <= 0 || size.height() <= 0)
        size = QSize(720, 360);
    TimingChart chart;
    chart.setAttribute(Qt::WA_DontShowOnScreen);
    chart.useReportTheme();
    chart.resize(size);
    chart.setSpec(spec);
    const QPixmap pixmap = chart.toPixmap(size.width(), size.height(), 1.0);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!pixmap.save(&buffer, "PNG"))
        return {};
    return png;
}

QByteArray renderChartPng(const ChartSpec &spec, QSize size) {
    if (!chartRenderingAvailable())
        return {};
    if (QThread::currentThread() == qApp->thread())
        return renderOnGuiThread(spec, size);
    QByteArray png;
    QMetaObject::invokeMethod(
        qApp, [&] { png = renderOnGuiThread(spec, size); }, Qt::BlockingQueuedConnection);
    return png;
}

ChartRenderer qcpChartRenderer() {
    return &renderChartPng;
}

std::unique_ptr<QCoreApplication> makeChartCapableApplication(int &argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    return std::make_unique<QApplication>(argc, argv);
}

} // namespace hd::ui
