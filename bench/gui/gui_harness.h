#pragma once

// The desktop app's bench harnesses (bench/gui-startup.sh, bench/gui-open-big.sh): compiled
// into `hipdoctor` and switched on by an environment variable, so that they time the real
// window; they print their figures on stdout and quit the app.

#include <QElapsedTimer>
#include <QStringList>

#include <optional>

namespace hd::ui {
class MainWindow;
}

namespace hd::bench {

// HIPDOCTOR_STARTUP_BENCH: the time from the process start to the first painted window.
// HIPDOCTOR_OPEN_BENCH: the time from the window to the tree, then the symbol table, filled
// with paths (with the peak RSS at each), the progress updates and the symbol rows rebuilt
// alone; set to a target id (gfx1031) instead of 1, that device is typed first and the time to
// its findings is printed too; last, "Per code object" is ticked and the time to that table
// and the peak RSS with it are printed.
// Either runs the app's event loop to its end and gives its exit status; nothing when neither
// variable is set.
std::optional<int> runGuiBench(const QElapsedTimer &sinceStart, ui::MainWindow &window,
                               const QStringList &paths);

} // namespace hd::bench
