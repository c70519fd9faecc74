#include "chart_loader.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <dlfcn.h>
#include <unistd.h>

namespace hd::cli {

namespace {

// The executable's directory. QCoreApplication::applicationDirPath() needs the application,
// which is made by the module's function, so /proc/self/exe is read directly.
QByteArray exeDir() {
    const QString exe = QFileInfo(QStringLiteral("/proc/self/exe")).symLinkTarget();
    return QFile::encodeName(QFileInfo(exe).absolutePath());
}

struct Loaded {
    const hd::ui::ChartModule *module = nullptr;
    QString why;
};

Loaded load() {
    Loaded r;
    QList<QByteArray> candidates;
    if (const QByteArray env = qgetenv("HIPDOCTOR_CHARTS_MODULE"); !env.isEmpty()) {
        candidates << env;
    } else {
        const QByteArray dir = exeDir();
        candidates << dir + "/../lib/hipdoctor/hipdoctor-charts.so"
                   << dir + "/../" HIPDOCTOR_INSTALL_LIBDIR "/hipdoctor/hipdoctor-charts.so";
    }
    QStringList tried;
    for (const QByteArray &path : candidates) {
        if (::access(path.constData(), R_OK) != 0) {
            tried << QString::fromLocal8Bit(path) + QStringLiteral(" (absent)");
            continue;
        }
        void *handle = ::dlopen(path.constData(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            tried << QString::fromLocal8Bit(path) + QStringLiteral(" (") +
                         QString::fromLocal8Bit(::dlerror()) + QStringLiteral(")");
            continue;
        }
        using Entry = const hd::ui::ChartModule *(*)();
        const auto entry = reinterpret_cast<Entry>(::dlsym(handle, hd::ui::kChartModuleSymbol));
        const hd::ui::ChartModule *m = entry ? entry() : nullptr;
        if (!m || m->version != hd::ui::kChartModuleVersion) {
            tried << QString::fromLocal8Bit(path) +
                         QStringLiteral(" (not a hipdoctor chart module of this version)");
            ::dlclose(handle);
            continue;
        }
        r.module = m; // never unloaded: the application and its widgets live in it
        return r;
    }
    r.why = tried.join(QStringLiteral("; "));
    return r;
}

} // namespace

const hd::ui::ChartModule *chartModule(QString *why) {
    static const Loaded loaded = load();
    if (why)
        *why = loaded.why;
    return loaded.module;
}

} // namespace hd::cli
