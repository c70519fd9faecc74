// Filter latency of the symbol table (bench/gui-filter.sh): inspects a big library, builds the
// table and times SymbolFilterProxy::setFilterText for every prefix of a typed word, the work
// one debounced keystroke costs on the GUI thread. Prints one line per keystroke and a summary.

#include "artifacts/inspector.h"
#include "models/symbol_table_model.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>

using namespace hd;
using namespace hd::ui;

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: hd_gui_filter_bench FILE [WORD...]\n");
        return 2;
    }
    QElapsedTimer t;
    t.start();
    const ArtifactReport rep = inspectFile(args[1]);
    const double inspectMs = t.nsecsElapsed() / 1e6;
    std::printf("file: %s\ncode objects: %lld\ninspect-ms: %.1f\n", qPrintable(args[1]),
                qlonglong(rep.codeObjects.size()), inspectMs);
    QStringList words = args.mid(2);
    if (words.isEmpty())
        words = {QStringLiteral("csrmv"), QStringLiteral("gemmi"), QStringLiteral("xyz")};
    QList<double> all;
    for (const SymbolGrouping grouping : {SymbolGrouping::ByName, SymbolGrouping::PerCodeObject}) {
        t.restart();
        SymbolRows rows = buildSymbolRows({rep}, grouping);
        const double rowsMs = t.nsecsElapsed() / 1e6;
        SymbolTableModel model;
        SymbolFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.sort(SymbolTableModel::Demangled); // as the view: filtering keeps the order
        // The part of opening that runs on the GUI thread: the rows swapped into the model
        // and the sorted proxy rebuilt.
        t.restart();
        model.setRows(std::move(rows));
        const double swapMs = t.nsecsElapsed() / 1e6;
        std::printf(
            "\n%s: rows: %d  build-rows-ms (worker): %.1f  set-rows-ms (GUI thread): %.1f\n",
            grouping == SymbolGrouping::ByName ? "one row per name" : "one row per code object",
            model.rowCount(), rowsMs, swapMs);
        for (const QString &w : words) {
            for (int n = 1; n <= w.size(); ++n) {
                t.restart();
                proxy.setFilterText(w.left(n));
                const double ms = t.nsecsElapsed() / 1e6;
                all.append(ms);
                std::printf("keystroke %-12s %8.2f ms  %7d rows\n", qPrintable(w.left(n)), ms,
                            proxy.rowCount());
            }
            t.restart();
            proxy.setFilterText({});
            const double ms = t.nsecsElapsed() / 1e6;
            all.append(ms);
            std::printf("clear                  %8.2f ms  %7d rows\n", ms, proxy.rowCount());
        }
    }
    std::sort(all.begin(), all.end());
    std::printf("filter-ms median: %.2f  max: %.2f  (keystrokes: %lld)\n", all[all.size() / 2],
                all.last(), qlonglong(all.size()));
    return 0;
}
