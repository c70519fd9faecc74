#pragma once

// The main window as the GUI tests start it: settings and the demo away from the user's, the
// probe beside the tests' binaries, shown at 1280x800 (the smallest size the app is fitted to).

#include "testpaths.h"

#include "widgets/main_window.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTest>

namespace hdtest {

// nullptr when the window was not exposed (the caller's QVERIFY says so).
inline hd::ui::MainWindow *startTestWindow() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    qputenv("HIPDOCTOR_DEMO_DIR", buildDir().toUtf8() + "/kernels");
    qputenv("HIPDOCTOR_PROBE", binary(QStringLiteral("hipdoctor-probe")).toUtf8());
    auto *window = new hd::ui::MainWindow;
    window->resize(1280, 800);
    window->show();
    if (!QTest::qWaitForWindowExposed(window)) {
        delete window;
        return nullptr;
    }
    return window;
}

} // namespace hdtest
