#pragma once

// Reads a Triton kernel cache ($TRITON_CACHE_DIR, ~/.triton/cache): one folder per compiled
// kernel holding one file per compiler stage, then the metadata json files. The stage files
// present tell how far a compile got (docs/formats.md "Triton cache").

#include "model/problem.h"
#include "targets/target_id.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hd {

struct TritonEntry {
    QString dir;        // the kernel's hash folder
    QString hash;       // folder name
    QString kernelName; // unmangled, as Triton names it ("add_kernel")
    QString backend;    // "hip" | "cuda" | "" when not known
    QString arch;       // "gfx90a", "90" (cuda), "" when not known
    int warpSize = 0;
    int numWarps = 0;
    int numStages = 0;
    qint64 sharedBytes = -1; // "shared" of the metadata, -1 when absent
    QString tritonVersion;
    QString archSource; // where backend/arch came from: "json", ".amdgcn", ".ttgir", ".llir"...

    QStringList stagesPresent; // in pipeline order, e.g. {".source", ".ttir", ..., ".hsaco"}
    QString lastStage;         // the last stage file present
    QString missingStage;      // the first stage after lastStage that is not there ("" if none)
    bool hasMetadata = false;  // <name>.json
    bool hasGroup = false;     // __grp__<name>.json
    bool isLauncher = false;   // a launcher stub folder (only .so files), not a kernel
    QString binaryPath;        // .hsaco / .cubin path when present
    int sourceArgCount = -1;   // parameters of the tt.func (.ttir), -1 when not read
    int llirArgCount = -1;     // parameters of the LLVM kernel (.llir), -1 when not read
    QList<Problem> problems;

    // True when every stage of its backend and the metadata are present.
    bool complete() const;
    // The stage order of this entry's backend (AMD when the backend is not known).
    QStringList stageOrder() const;
    std::optional<TargetId> target() const;         // gfx90a / sm_90 from backend+arch
    QString stageFile(const QString &suffix) const; // dir/<kernel><suffix>
};

struct TritonCache {
    QString root;
    bool singleEntry = false;   // root is one kernel's folder
    QList<TritonEntry> entries; // kernels only (launcher folders are skipped)
    int launcherFolders = 0;
    QList<Problem> problems;
};

// Stage suffixes Triton writes, in order, for AMD and NVIDIA.
QStringList tritonStagesAmd();    // .source .ttir .ttgir .llir .amdgcn .hsaco
QStringList tritonStagesNvidia(); // .source .ttir .ttgir .llir .ptx .cubin

// True when `dir` is a Triton cache (folders of stage files) or one kernel folder of one.
bool looksLikeTritonCache(const QString &dir);
bool looksLikeTritonEntry(const QString &dir);

TritonEntry readTritonEntry(const QString &dir);
// A whole cache (every sub-folder) or one kernel folder. Never throws; unreadable parts
// become Problems and the rest is kept.
TritonCache readTritonCache(const QString &path);

// The stage a Triton Python traceback says failed ("hsaco" for make_hsaco / stages["hsaco"]),
// with the suffix (".hsaco"), or empty when the traceback names none.
struct TritonTracebackStage {
    QString stage;      // "hsaco", "amdgcn", "llir", "ttgir", "ttir", "ptx", "cubin"
    QString suffix;     // ".hsaco"
    QString backend;    // "hip" | "cuda" | ""
    int lineNumber = 0; // 1-based line naming it
    QString errorLine;  // the exception line ("RuntimeError: LLD failed ...")
    int errorLineNumber = 0;
};
std::optional<TritonTracebackStage> tritonStageFromTraceback(const QString &text);

} // namespace hd
