#pragma once

// The inspector's progress (InspectOptions::progress, called on the inspecting thread) carried
// to the GUI thread: the status line's per-job text and the tree filling as bundles arrive
// while a big library is read (librocsparse: 111 bundles, 1.3 GB).

#include "artifacts/inspector.h"

#include <QPointer>

#include <functional>

namespace hd::ui {

// What the GUI shows of one file being inspected.
struct InspectSnapshot {
    QString file; // the path being inspected
    int fileIndex = 0, fileCount = 1;
    InspectProgress counts; // partial is null here: see `partial`
    // The bundles read so far (their entries name the targets); no code objects yet.
    ArtifactReport partial;
};

// A progress callback for InspectOptions that hands a snapshot to `onGui` on the GUI thread
// (dropped once `guard` is gone) at most every `intervalMs`, and always for the last call.
// The snapshot's bundles are copied on the inspecting thread (a shared QList: cheap).
std::function<void(const InspectProgress &)>
forwardInspectProgress(const QPointer<QObject> &guard, const QString &file, int fileIndex,
                       int fileCount, std::function<void(const InspectSnapshot &)> onGui,
                       int intervalMs = 200);

// "Inspecting librocsparse.so.0.1: bundle 37 of 111" (translated), with "(file 2 of 3)" when
// several files are opened at once.
QString inspectProgressText(const InspectSnapshot &s);

} // namespace hd::ui
