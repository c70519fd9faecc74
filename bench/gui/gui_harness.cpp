#include "gui_harness.h"

#include "controllers/diagnosis_controller.h"
#include "controllers/targets_controller.h"
#include "controllers/workspace.h"
#include "widgets/main_window.h"

#include <QApplication>
#include <QFile>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <unistd.h>

namespace hd::bench {

namespace {

int startupBench(const QElapsedTimer &sinceStart, ui::MainWindow &window) {
    QTimer::singleShot(0, qApp, [&] {
        window.repaint();
        std::printf("first-window-ms: %.1f\n", double(sinceStart.nsecsElapsed()) / 1e6);
        std::fflush(stdout);
        QApplication::quit();
    });
    return QApplication::exec();
}

// Peak RSS so far (VmHWM), in MB; -1 when /proc says nothing.
long long peakRssMb() {
    QFile status(QStringLiteral("/proc/self/status"));
    if (status.open(QIODevice::ReadOnly))
        for (const QByteArray &line : status.readAll().split('\n'))
            if (line.startsWith("VmHWM:"))
                return line.mid(6).trimmed().split(' ').first().toLongLong() / 1024;
    return -1;
}

// Peak private memory so far, in MB: /proc/self/statm's resident less its shared pages,
// sampled every 5 ms on a thread of its own. VmHWM counts the file's pages that the inspection
// maps, and on kernels whose page cache holds large folios (6.18 on ext4 here: about 260 KB
// mapped per page fault) those are most of it; they are the page cache's, shared, not the app's.
class AnonPeak {
public:
    AnonPeak()
        : m_thread([this] {
              const long page = ::sysconf(_SC_PAGESIZE);
              while (!m_stop.load()) {
                  if (FILE *f = std::fopen("/proc/self/statm", "r")) {
                      long long size = 0, resident = 0, shared = 0;
                      if (std::fscanf(f, "%lld %lld %lld", &size, &resident, &shared) == 3)
                          m_peak = std::max(m_peak.load(), (resident - shared) * page >> 20);
                      std::fclose(f);
                  }
                  std::this_thread::sleep_for(std::chrono::milliseconds(5));
              }
          }) {}
    ~AnonPeak() {
        m_stop = true;
        m_thread.join();
    }
    long long mb() const { return m_peak.load(); }

private:
    std::atomic<long long> m_peak{0};
    std::atomic_bool m_stop{false};
    std::thread m_thread;
};

// The table's rows built again here, timed alone (the app built them on a worker).
void printRowBuilds(ui::MainWindow &window) {
    ui::InputsController *inputs = window.workspace()->inputs();
    for (const auto grouping : {ui::SymbolGrouping::ByName, ui::SymbolGrouping::PerCodeObject}) {
        QElapsedTimer t;
        t.start();
        const auto rows = ui::buildSymbolRows(inputs->artifacts(), grouping);
        std::printf("build-rows-%s-ms: %.1f (%zu rows)\n",
                    grouping == ui::SymbolGrouping::ByName ? "by-name" : "per-code-object",
                    double(t.nsecsElapsed()) / 1e6, rows.size());
    }
    std::fflush(stdout);
}

int openBench(ui::MainWindow &window, const QStringList &paths) {
    QElapsedTimer shown;
    shown.start();
    const AnonPeak anon;
    int progressCalls = 0;
    QObject::connect(window.workspace(), &ui::Workspace::progress, qApp,
                     [&](const QString &kind, int, int, const QString &message) {
                         if (kind != QLatin1String("inspect") ||
                             !message.contains(QLatin1String("bundle")))
                             return;
                         if (++progressCalls == 1)
                             std::printf("window-to-first-progress-ms: %.1f (%s)\n",
                                         double(shown.nsecsElapsed()) / 1e6, qPrintable(message));
                     });
    // HIPDOCTOR_OPEN_BENCH=<target id> types that device first: the findings for it are timed
    // too (the diagnosis starts once the artifacts are filled).
    const QString target = qEnvironmentVariable("HIPDOCTOR_OPEN_BENCH");
    const bool withFindings = target != QLatin1String("1");
    if (withFindings && !window.workspace()->targets()->addTarget(target)) {
        std::fprintf(stderr, "gui bench: not a target id: %s\n", qPrintable(target));
        return 2;
    }
    // Each stage once, in the order it comes: the tree (artifacts), the findings for the typed
    // device (after the tree), the symbol table's rows (from a worker after the tree).
    // Then the person ticks "Per code object": the time from the click to that table and the
    // peak RSS with it (both tables live for a moment, as in the app).
    bool tree = false, findings = !withFindings, symbols = false, perCodeObject = false;
    ui::InputsController *inputs = window.workspace()->inputs();
    QElapsedTimer clicked;
    auto stage = [&](const char *from, const char *what, const QElapsedTimer &since) {
        window.repaint();
        std::printf("%s-to-%s-ms: %.1f\npeak-rss-with-%s-mb: %lld\npeak-private-with-%s-mb: "
                    "%lld\n",
                    from, what, double(since.nsecsElapsed()) / 1e6, what, peakRssMb(), what,
                    anon.mb());
        std::fflush(stdout);
        if (tree && findings && symbols && !perCodeObject && !clicked.isValid()) {
            std::printf("progress-updates: %d\nsymbol-rows: %d\nfindings: %d\n", progressCalls,
                        inputs->symbols()->rowCount(),
                        int(window.workspace()->diagnosis()->findings().size()));
            clicked.start();
            inputs->setSymbolGrouping(ui::SymbolGrouping::PerCodeObject);
        }
    };
    // The live count while the per-code-object rows are built: how often, and the first one.
    int countUpdates = 0;
    double firstCountMs = -1;
    QObject::connect(inputs, &ui::InputsController::symbolsProgress, qApp, [&] {
        if (!clicked.isValid() || perCodeObject)
            return;
        if (++countUpdates == 1)
            firstCountMs = double(clicked.nsecsElapsed()) / 1e6;
    });
    // The first rows shown while the rest are built (SymbolRowsPreview): when, and how many.
    double firstRowsMs = -1;
    int firstRows = 0;
    QObject::connect(inputs->symbols(), &QAbstractItemModel::modelReset, qApp, [&] {
        if (clicked.isValid() && !perCodeObject && firstRowsMs < 0 &&
            inputs->symbols()->rowCount() > 0 && inputs->isListingSymbols()) {
            firstRowsMs = double(clicked.nsecsElapsed()) / 1e6;
            firstRows = inputs->symbols()->rowCount();
        }
    });
    // The compressed bundles' hashes, checked after the rest at idle priority: when they are
    // done, and the peak RSS then. The bench ends once this and the tables are done.
    bool hashesDone = true, tablesDone = false;
    const auto finish = [&] {
        if (hashesDone && tablesDone)
            QApplication::quit();
    };
    QObject::connect(
        inputs, &ui::InputsController::hashesChecked, qApp, [&](int bundles, int mismatches) {
            std::printf("hashes-checked: %d bundles, %d mismatches\n", bundles, mismatches);
            stage("window", "hashes-checked", shown);
            hashesDone = true;
            finish();
        });
    QObject::connect(inputs, &ui::InputsController::artifactsChanged, qApp, [&] {
        if (tree)
            return;
        for (const ArtifactReport &a : inputs->artifacts())
            for (const Bundle &b : a.bundles)
                hashesDone = hashesDone && !b.compressed;
        tree = true;
        stage("window", "tree", shown);
    });
    QObject::connect(inputs, &ui::InputsController::symbolsRebuilt, qApp, [&] {
        if (tree && !symbols && (symbols = true)) {
            stage("window", "symbols", shown);
        } else if (clicked.isValid() && !perCodeObject && (perCodeObject = true)) {
            stage("click", "per-code-object", clicked);
            std::printf("per-code-object-rows: %d\nclick-to-first-count-ms: %.1f\n"
                        "count-updates: %d\nclick-to-first-rows-ms: %.1f\nfirst-rows: %d\n",
                        inputs->symbols()->rowCount(), firstCountMs, countUpdates, firstRowsMs,
                        firstRows);
            inputs->setSymbolGrouping(ui::SymbolGrouping::ByName);
            printRowBuilds(window); // after the peaks above: it allocates more
            tablesDone = true;
            finish();
        }
    });
    QObject::connect(window.workspace()->diagnosis(), &ui::DiagnosisController::diagnosisFinished,
                     qApp, [&] {
                         if (tree && !findings && (findings = true))
                             stage("window", "findings", shown);
                     });
    window.openPaths(paths);
    return QApplication::exec();
}

} // namespace

std::optional<int> runGuiBench(const QElapsedTimer &sinceStart, ui::MainWindow &window,
                               const QStringList &paths) {
    if (qEnvironmentVariableIsSet("HIPDOCTOR_STARTUP_BENCH"))
        return startupBench(sinceStart, window);
    if (qEnvironmentVariableIsSet("HIPDOCTOR_OPEN_BENCH"))
        return openBench(window, paths);
    return std::nullopt;
}

} // namespace hd::bench
