#include "widgets/icons.h"

#include <QWidget>

namespace hd::ui {

QIcon icon(const QString &name) {
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(name));
}

QIcon statusIcon(const QString &status) {
    if (status == QLatin1String("pass") || status == QLatin1String("ok"))
        return icon(QStringLiteral("status-pass"));
    if (status == QLatin1String("fail") || status == QLatin1String("error"))
        return icon(QStringLiteral("status-fail"));
    if (status == QLatin1String("warn"))
        return icon(QStringLiteral("status-warn"));
    if (status == QLatin1String("skipped") || status == QLatin1String("cancelled"))
        return icon(QStringLiteral("status-skipped"));
    if (status == QLatin1String("running"))
        return icon(QStringLiteral("status-running"));
    return icon(QStringLiteral("status-idle"));
}

void ignoreMinimumWidth(QWidget *label) {
    QSizePolicy sp = label->sizePolicy(); // keeps heightForWidth, which word wrap set
    sp.setHorizontalPolicy(QSizePolicy::Ignored);
    label->setSizePolicy(sp);
}

} // namespace hd::ui
