#pragma once

// Coverage of whole installs: every host library, code object and vendor kernel folder under
// the given paths (a ROCm prefix, a library folder, a Python environment's torch/lib or
// site-packages) as a library x architecture matrix, with the verdict for each device and the
// fix, named once per scan (docs/cli.md "scan", docs/schema-scan.md). Reads bundle headers and
// file names only (InspectOptions::entriesOnly): no code object is decompressed or decoded.

#include "artifacts/kernel_library.h"
#include "artifacts/load_verdict.h"
#include "model/artifact_report.h"
#include "model/problem.h"
#include "targets/target_id.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>

namespace hd {

inline constexpr char kScanSchema[] = "hipdoctor.scan/1";

struct ScanOptions {
    QList<TargetId> devices;   // --target; none: the matrix without verdicts
    int maxDepth = 16;         // folders below each path
    int maxFiles = 200000;     // files looked at in all
    int threads = 0;           // files read in parallel; 0 = hardware threads (at most 4)
    QStringList ldLibraryPath; // stands in for LD_LIBRARY_PATH; empty = the process's own
    LoadRuntime runtime;       // --runtime-version; not known: a current runtime
    const std::atomic_bool *cancel = nullptr;
    // Called from the reading threads as each file is done: filesRead of the filesSeen found
    // (once with 0 before the first is read). Calls never overlap and filesRead only grows.
    std::function<void(int filesRead, int filesSeen)> progress;
};

// One device's verdict on one library.
struct ScanVerdict {
    TargetId device;
    // The load verdict in scan's words (artifacts/load_verdict.h): "covered" (a code object or
    // kernels fit), "via-generic", "feature-mismatch", "not-covered", "runtime-too-old" (a
    // compressed bundle before ROCm 6.2, a generic code object before 6.3), "loader-refuses" (ld.so
    // refuses the file before any GPU call), "no-device-code" (nothing to fit)
    QString status;
    QString closest; // the nearest target present (targets/closeness.h) when not covered
    // The library's code has no fit for the device, whatever the dynamic loader says: the
    // device's fixes (vendor build, override, rebuild) apply to it.
    bool codeMisses = false;
    Text reason;
    bool fits() const;
};

struct ScanLibrary {
    QString path;
    QString kind;    // an artifact kind name ("host-shared-library", "offload-bundle", ...) or
                     // "kernel-library"
    QString product; // the vendor's product (rocBLAS, PyTorch ...), "" for the user's own
    QString soname;
    uint64_t bytes = 0;
    int bundles = 0;
    int codeObjects = 0;     // entries holding device code (compressed ones counted unread)
    int files = 0;           // kernel-library: files in the folder
    QStringList targets;     // architectures covered, sorted
    bool deviceCode = false; // carries device code (or is a kernel folder)
    // Needed symbol versions the installed libraries lack: "libc.so.6: GLIBC_2.38, GLIBC_2.39"
    QStringList versionsMissing;
    QList<ScanVerdict> verdicts; // one per ScanOptions::devices
    QList<Problem> problems;
    QJsonObject toJson() const;
};

// A fix shared by several libraries, said once.
struct ScanFix {
    QString id; // "vendor-build", "isa-override", "rebuild", "libc"
    TargetId device;
    Text text;
    QStringList libraries; // paths it applies to
    QJsonObject toJson() const;
};

struct ScanResult {
    QStringList paths;
    QList<TargetId> devices;
    QList<ScanLibrary> libraries;
    QStringList architectures; // union of every library's targets: the matrix's columns
    QList<ScanFix> fixes;
    int filesSeen = 0;      // regular files looked at
    int filesRead = 0;      // of those, read as artifacts
    bool truncated = false; // maxFiles reached
    // Not all was read: a file or folder skipped (permission, a name that is not UTF-8, too
    // deep, a link that leads nowhere, maxFiles), each a problem with its reason.
    bool incomplete = false;
    QList<Problem> problems;
    bool cancelled = false;

    int notCovered() const; // libraries with device code some device has no fit in
    // Per device: libraries with device code that have code for it and that have none, and the
    // libraries the dynamic loader refuses here (with or without device code). One count for
    // the CLI's summary and the Coverage panel's.
    struct DeviceCount {
        int withCode = 0, without = 0, loaderRefuses = 0;
    };
    DeviceCount countFor(int device) const;
    QJsonObject toJson() const;
};

ScanResult scanPaths(const QStringList &paths, const ScanOptions &options = {});

// The scan's answer in a few sentences — what was scanned, per device how many libraries have
// code for it, lack it and are refused by the dynamic loader, then the fixes — for a report
// made where a scan ran (the app's Coverage panel; Session::coverage).
TextList coverageAnswer(const ScanResult &result);

// Scans of other paths with the same devices as one (the app keeps the folders scanned one
// after another): their libraries (a file two found kept once), architectures and counts, and
// the fixes said once over them all.
ScanResult combineScans(const QList<ScanResult> &scans);

// The path a library is shown by: relative to the first of roots (the scanned paths) it lies
// under, else (none holds it, or it is a root itself) whole.
QString scanShortPath(const QString &path, const QStringList &roots);
// That root as it was given: the first that is path or holds it; "" when none does.
QString scanRootOf(const QString &path, const QStringList &roots);

} // namespace hd
