#pragma once

// What the diagnosis is asked (docs/architecture.md): files, in-memory texts, names, targets,
// devices and environment. In the model so that every front end and the verifier (which does
// not link the diagnosis) build the same request; hd_diagnosis' diagnose() answers it.

#include "model/artifact_report.h"
#include "model/device.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <atomic>

namespace hd {

// A text held in memory (a paste, standard input): diagnosed like a text file, without one.
struct DiagnoseText {
    QString name;    // how findings cite it: "<stdin>", "pasted log"
    QString content; // the text
    // What the reader left out of the middle of a longer stream (content then holds its head,
    // a marker line and its tail): said as a problem on the input.
    qint64 droppedBytes = 0;
    qint64 droppedLines = 0;
};

struct DiagnoseRequest {
    QStringList inputs;        // files or folders; kinds are detected from content
    QList<DiagnoseText> texts; // in-memory texts, diagnosed after `inputs`
    // Inputs among `inputs` known to be text (output hipdoctor captured itself, such as a
    // runtime log with binary bytes in it): read as text, never taken for an artifact.
    QStringList textInputs;
    QStringList kernels; // names the caller looks up (hipModuleGetFunction)
    QStringList targets; // --target ids: AMD target ids or NVIDIA sm_XX
    // Devices from the live probe (used only when neither --target nor a rocminfo dump gives
    // any). probeRan says the probe was asked: with no devices that is runtime.no-device.
    QList<DeviceInfo> probeDevices;
    bool probeRan = false;
    QString probeLibrary;               // the runtime file the probe loaded
    QList<QPair<QString, QString>> env; // --env NAME=VALUE, in order
    QString runtimeVersion;             // --runtime-version "6.2"; "" = infer, else unknown
    QStringList ldLibraryPath;          // loader search path stand-in; empty = this process's
    QStringList runtimeLibraries; // libraries scanned for env names; empty = the installed ones
    const std::atomic_bool *cancel = nullptr;
    // Files among `inputs` the caller has already inspected (the app's open artifacts), with
    // InspectOptions' defaults but verifyCcobHash (as diagnose() reads them) and this
    // ldLibraryPath: used as they are, not read again. Their
    // lists are shared, not copied.
    QList<ArtifactReport> inspected;
    // A text input larger than this is read as its first and last halves of it
    // (docs/limits.md, "Text, logs, sessions, reports"): 16 MiB keeps a 2 GB paste within
    // about 250 MB and seconds (bench/hostile-streams.sh); a failure is at a log's start or end.
    qint64 maxTextBytes = 16LL * 1024 * 1024;
};

} // namespace hd
