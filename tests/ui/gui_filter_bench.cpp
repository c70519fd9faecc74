// Filter latency of the symbol table (bench/gui-filter.sh): inspects a big library, builds the
// table behind a name-sorted SymbolFilterProxy and a QTableView set up like the Symbols tab's
// (offscreen), then types every prefix of a few words, one (debounced) keystroke at a time,
// each after the previous result is shown. Per keystroke it prints:
//   gui-ms     time on the GUI thread: the filter request plus the swap-in of the result (one
//              model reset, with the view's own reset handling)
//   paint-ms   the view repainting the new rows (GUI thread too)
//   shown-ms   keystroke to result on screen: the worker's scan (or the scan done at once on a
//              small candidate set), the queued hand-over, the swap-in and the paint
// and a summary per table. A 1 ms timer on the GUI thread records the longest gap between its
// ticks while typing: the longest time the event loop was blocked, whatever blocked it.
//   hd_gui_filter_bench FILE [--chunks N] [--sync-limit N] [--no-view] [WORD...]

#include "artifacts/inspector.h"
#include "models/symbol_table_model.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <cstdio>

using namespace hd;
using namespace hd::ui;

namespace {

struct Summary {
    QList<double> gui, shown;
    void add(double g, double s) {
        gui.append(g);
        shown.append(s);
    }
};

double median(QList<double> v) {
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v[v.size() / 2];
}

double maximum(const QList<double> &v) {
    return v.isEmpty() ? 0 : *std::max_element(v.begin(), v.end());
}

} // namespace

int main(int argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int chunks = 0, syncLimit = SymbolFilterProxy::kDefaultSyncLimit;
    // --no-view: the proxy alone, to tell its own cost from the view's.
    const bool withView = !args.removeAll(QStringLiteral("--no-view"));
    for (int i = 0; i + 1 < args.size();) {
        if (args[i] == QLatin1String("--chunks"))
            chunks = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--sync-limit"))
            syncLimit = args[i + 1].toInt();
        else {
            ++i;
            continue;
        }
        args.remove(i, 2);
    }
    if (args.isEmpty()) {
        std::fprintf(stderr,
                     "usage: hd_gui_filter_bench FILE [--chunks N] [--sync-limit N] [--no-view] "
                     "[WORD...]\n");
        return 2;
    }
    QElapsedTimer t;
    t.start();
    const ArtifactReport rep = inspectFile(args[0]);
    const double inspectMs = t.nsecsElapsed() / 1e6;
    std::printf("file: %s\ncode objects: %lld\ninspect-ms: %.1f\n", qPrintable(args[0]),
                qlonglong(rep.codeObjects.size()), inspectMs);
    QStringList words = args.mid(1);
    if (words.isEmpty())
        words = {QStringLiteral("csrmv"), QStringLiteral("gemmi"), QStringLiteral("xyz")};

    // The event loop's longest blocked stretch while typing.
    QElapsedTimer tick;
    double maxGapMs = 0;
    bool watching = false;
    QTimer watchdog;
    watchdog.setTimerType(Qt::PreciseTimer);
    watchdog.setInterval(1);
    QObject::connect(&watchdog, &QTimer::timeout, [&] {
        if (watching)
            maxGapMs = std::max(maxGapMs, tick.nsecsElapsed() / 1e6);
        tick.restart();
    });

    for (const SymbolGrouping grouping : {SymbolGrouping::ByName, SymbolGrouping::PerCodeObject}) {
        t.restart();
        SymbolRows rows = buildSymbolRows({rep}, grouping);
        const double rowsMs = t.nsecsElapsed() / 1e6;
        SymbolTableModel model;
        SymbolFilterProxy proxy;
        proxy.setSyncLimit(syncLimit);
        if (chunks > 0)
            proxy.setFilterChunks(chunks);
        proxy.setSourceModel(&model);
        QTableView view; // set up as the Symbols tab
        if (withView)
            view.setModel(&proxy);
        view.setSortingEnabled(true);
        // Sorted by name (the tab starts unsorted): the scan then visits the rows, and their
        // keys, out of memory order, the slower case.
        view.sortByColumn(SymbolTableModel::Demangled, Qt::AscendingOrder);
        view.setSelectionBehavior(QAbstractItemView::SelectRows);
        view.setAlternatingRowColors(true);
        view.setWordWrap(false);
        view.verticalHeader()->hide();
        view.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        view.verticalHeader()->setDefaultSectionSize(view.fontMetrics().height() + 6);
        view.horizontalHeader()->setStretchLastSection(true);
        view.resize(1200, 700);
        if (withView)
            view.show();
        QCoreApplication::processEvents();
        // The part of opening that runs on the GUI thread: the rows swapped into the model
        // and the sorted proxy rebuilt.
        t.restart();
        model.setRows(std::move(rows));
        const double swapMs = t.nsecsElapsed() / 1e6;
        std::printf(
            "\n%s: rows: %d  build-rows-ms (worker): %.1f  set-rows-ms (GUI thread): "
            "%.1f  scan slices: %s  sync limit: %d%s\n",
            grouping == SymbolGrouping::ByName ? "one row per name" : "one row per code object",
            model.rowCount(), rowsMs, swapMs, qPrintable(QString::number(proxy.filterChunks())),
            syncLimit, withView ? "" : "  (no view)");
        std::printf("%-22s %8s %8s %9s %7s %8s  %s\n", "keystroke", "gui-ms", "paint-ms",
                    "shown-ms", "rows", "scanned", "where");
        Summary typed, cleared;
        auto keystroke = [&](const QString &text, Summary &into) {
            QElapsedTimer k;
            k.start();
            proxy.setFilterText(text);
            while (proxy.isFiltering())
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
            const SymbolFilterProxy::FilterStats s = proxy.lastFilterStats();
            QElapsedTimer p;
            p.start();
            if (withView)
                view.viewport()->repaint();
            const double paintMs = p.nsecsElapsed() / 1e6;
            const double guiMs = s.guiNs / 1e6 + paintMs;
            const double shownMs = k.nsecsElapsed() / 1e6;
            into.add(guiMs, shownMs);
            QCoreApplication::processEvents(); // the watchdog ticks between keystrokes
            std::printf("%-22s %8.2f %8.2f %9.2f %7d %8d  %s\n",
                        text.isEmpty() ? "(clear)" : qPrintable(text), s.guiNs / 1e6, paintMs,
                        shownMs, proxy.rowCount(), s.scanned, s.async ? "worker" : "GUI thread");
        };
        maxGapMs = 0;
        watchdog.start();
        QCoreApplication::processEvents();
        tick.restart(); // the gap before typing (building the rows) is not the loop's
        watching = true;
        for (const QString &w : words) {
            for (int n = 1; n <= w.size(); ++n)
                keystroke(w.left(n), typed);
            keystroke(QString(), cleared);
        }
        watching = false;
        watchdog.stop();
        std::printf("summary %s: keystrokes %lld: GUI thread (incl. paint) median %.2f max %.2f "
                    "ms; keystroke->shown median %.2f max %.2f ms; clear: GUI thread max %.2f "
                    "ms, shown max %.2f ms; longest event-loop block %.1f ms; stale results "
                    "dropped %d\n",
                    grouping == SymbolGrouping::ByName ? "per-name" : "per-code-object",
                    qlonglong(typed.gui.size()), median(typed.gui), maximum(typed.gui),
                    median(typed.shown), maximum(typed.shown), maximum(cleared.gui),
                    maximum(cleared.shown), maxGapMs, proxy.lastFilterStats().staleDropped);
    }
    return 0;
}
