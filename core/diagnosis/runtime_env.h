#pragma once

// Does the installed GPU runtime actually read an environment variable?
//
// The HIP runtime, ROCr (libhsa-runtime64), the thunk (libhsakmt) and comgr look their
// variables up by name (getenv / their flag tables), so every name a library reads is stored
// in it as a NUL-terminated string. A name that appears in none of the libraries is read by
// none of them: setting it changes nothing on this install (e.g. HIP_MODULE_LOAD_VERBOSE on
// ROCm 5.2). The scan maps the files read-only and never loads them.
//
// Used by the diagnosis env rules and by the verification sequence's env-profile warnings.

#include <QList>
#include <QString>
#include <QStringList>

namespace hd {

// Who is meant to read a variable, by its name (docs/formats.md "Environment variables").
enum class VariableOwner {
    HipRuntime, // AMD_*, HIP_* (not HIPCC_*), GPU_*: libamdhip64
    HsaRuntime, // HSA_*, ROCR_*: libhsa-runtime64 and libhsakmt
    Comgr,      // AMD_COMGR_*
    Compiler,   // HIPCC_*, HIP_PLATFORM, HIP_PATH, ROCM_PATH, HIP_DEVICE_LIB_PATH...: build time
    Triton,     // TRITON_*, MLIR_*, LLVM_IR_*, AMDGCN_ENABLE_DUMP
    Cuda,       // CUDA_*
    Other,
};
VariableOwner variableOwner(const QString &name);
QString variableOwnerName(VariableOwner owner); // "HIP runtime", "HSA runtime", ...

struct VariableReadCheck {
    enum class Status {
        Read,    // the name is in one of the libraries
        NotRead, // every library could be scanned and none holds the name
        Unknown, // no library could be scanned
    };
    QString variable;
    Status status = Status::Unknown;
    QString library;        // the library holding the name (Read)
    qint64 offset = -1;     // its file offset there
    QStringList scanned;    // libraries scanned
    QStringList unreadable; // "path: reason"
};

// Scans each library for `name` as a whole NUL-terminated string.
VariableReadCheck runtimeReadsVariable(const QString &name, const QStringList &libraries);

// The runtime libraries of an install: the given libamdhip64 (or the one the loader finds),
// and libhsa-runtime64.so.1, libhsakmt.so.1, libamd_comgr.so.2 next to it or on the loader
// path. Only files that exist are returned.
QStringList runtimeLibrariesFor(const QString &hipLibraryPath = {});

// Which of those libraries a variable's owner is read by (all of them for Other).
QStringList librariesForOwner(VariableOwner owner, const QStringList &runtimeLibraries);

} // namespace hd
