#include "report/chart_renderer.h"

namespace hd {

QString chartKindName(ChartSpec::Kind k) {
    switch (k) {
    case ChartSpec::Kind::Timeline:
        return QStringLiteral("timeline");
    case ChartSpec::Kind::Bars:
        return QStringLiteral("bars");
    case ChartSpec::Kind::Histogram:
        return QStringLiteral("histogram");
    }
    return QStringLiteral("bars");
}

} // namespace hd
