#pragma once

// Facts read from text inputs, after its events (text_events.h): Python tracebacks, dlopen / ld /
// lld / clang / hipcc / nvcc output, `hipcc -###` and HIPCC_VERBOSE command lines, `rocminfo`
// dumps. AMD_LOG_LEVEL output is parsed by logs/amd_log.h. Every fact keeps its 1-based line
// number.

#include "diagnosis/text_events.h"
#include "model/device.h"
#include "names/kernel_names.h" // symbolBaseName

#include <array>
#include <optional>

#include <QList>
#include <QString>
#include <QStringList>

namespace hd {

struct TextLine {
    int number = 0; // 1-based
    QString text;   // the line, trimmed, at most 1000 characters
};

// Which layer a line of text speaks for (docs/findings.md, "Layers of a text"). Every line is
// classified before any rule reads it; layer.compile-failed is only ever reported from
// Compiler lines.
enum class TextLayer {
    Compiler, // compiler / assembler / linker / build-system diagnostics
    Runtime,  // HIP / CUDA runtime errors, math-library errors, runtime log lines
    Loader,   // dynamic loader: ImportError, OSError, dlopen, undefined symbol at load time
    Triton,   // a Triton compile stage (make_ttir ... make_hsaco / make_cubin)
    Device,   // device and driver state: rocminfo / amd-smi, /dev/kfd, no GPU, page faults
};
inline constexpr int kTextLayerCount = 5;
QString textLayerName(TextLayer layer); // "compiler" | "runtime" | "loader" | "triton" | "device"

struct LineClass {
    TextLayer layer;
    bool error = false; // the line reports a failure (not only a fact or a warning)
};
// The layer a single line speaks for, or nothing for lines that carry no signal
// (text_layers.cpp).
std::optional<LineClass> classifyLine(const QString &trimmedLine);
// The line reports a failure: error, fatal, failed, cannot, not found, fault, timed out...
bool textSaysError(const QString &line);

// One compiler / linker / driver command line found in the text.
struct CommandLine {
    int lineNumber = 0;
    QString tool;     // "hipcc", "clang++", "clang", "nvcc", "g++", "ld", "ld.lld"...
    QStringList args; // without the tool
    QString raw;
    bool fromVerbose = false; // HIPCC_VERBOSE "hipcc-cmd:" or a `-###` job line
    bool isCc1 = false;       // a `-###` "-cc1" job

    bool has(const QString &flag) const;      // exact arg or "flag=..."
    QString value(const QString &flag) const; // "--offload-arch=gfx90a" -> "gfx90a"
    bool compilesOnly() const;                // -c / -S / -E / --genco / -fsyntax-only
    bool hasHipSource() const;                // .hip/.cu source or -x hip
    QStringList offloadArchs() const;         // every --offload-arch / --amdgpu-target
};

struct TextFacts {
    // The events of the text (text_events.h), in order: the facts below are read from them
    // and from the lines they leave to the fact readers (boilerplate and traceback frames
    // are not read for failures).
    QList<TextEvent> events;

    // Lines per layer (TextLayer order), and the first error lines of each layer.
    std::array<int, kTextLayerCount> layerLines{};
    std::array<QList<TextLine>, kTextLayerCount> layerErrors; // at most 20 each
    QList<TextLine> unclassifiedErrors; // lines that say "error" but no layer claimed
    bool hasLayer(TextLayer l) const { return layerLines[size_t(l)] > 0; }
    QStringList layers() const; // names of the layers present, in TextLayer order

    // What the text looks like (several can hold for one terminal session).
    bool pythonTraceback = false;
    bool rocminfo = false;
    bool compilerOutput = false; // clang/hipcc/nvcc/ld diagnostics
    bool commandLines = false;

    struct MissingLibrary {
        TextLine line;
        QString library;       // "libamdhip64.so.7"
        QString requester;     // the file whose load failed, when named
        bool linkTime = false; // "ld: cannot find -lX"
    };
    QList<MissingLibrary> missingLibraries;

    struct UndefinedSymbol {
        TextLine line;
        QString symbol;        // as printed (mangled)
        QString demangled;     // itanium-demangled, equal to symbol when plain C
        QString file;          // the object or library named
        bool linkTime = false; // ld "undefined reference" / lld "undefined symbol"
    };
    QList<UndefinedSymbol> undefinedSymbols;

    struct RuntimeError {
        TextLine line;
        QString errorName; // "hipErrorNoBinaryForGpu", or the canonical name for a message
        QString message;   // "invalid device function"
    };
    QList<RuntimeError> runtimeErrors;

    QList<TextLine> compileErrors;  // error lines of the Compiler layer only
    QList<TextLine> exceptionLines; // Python "XxxError: ..." lines

    struct UnsupportedFlag {
        TextLine line;
        QString flag;
    };
    QList<UnsupportedFlag> unsupportedFlags; // clang "unsupported option" / "unknown argument"

    struct LdsOverLimit {
        TextLine line;
        qint64 used = 0, limit = 0;
        QString function;
    };
    QList<LdsOverLimit> ldsOverLimit;
    QList<TextLine> deviceLibsMissing; // "cannot find ROCm device library" and friends
    QList<TextLine> noDevice;          // "no ROCm-capable device", hipErrorNoDevice...

    // A math library without kernels for the GPU (rocBLAS/Tensile, MIOpen, hipBLASLt...).
    struct LibraryArchMissing {
        TextLine line;
        QString library; // "rocBLAS", "MIOpen", "hipBLASLt"
        QString arch;    // "gfx1031", from the line
    };
    QList<LibraryArchMissing> libraryArchMissing;
    // MIOpen's warning that its precompiled kernel database for the GPU is not installed: it
    // compiles at first use instead, so this is never the failure (docs/findings.md).
    QList<LibraryArchMissing> libraryDataMissing;

    // Look-alikes: the code loaded, then something else failed.
    QList<TextLine> outOfMemory;
    QList<TextLine> memoryFaults;
    QList<TextLine> hangs;

    QList<TextLine> invalidIsa;          // HSA_STATUS_ERROR_INVALID_ISA
    QStringList hsaOverrides;            // HSA_OVERRIDE_GFX_VERSION values set in the text
    QList<TextLine> deviceLinkUndefined; // device-side (amdgcn) undefined symbols
    QList<TextLine> wrongCompiler;       // a host compiler rejecting HIP flags or HIP code
    QList<TextLine> sourceLanguage;      // CUDA-vs-HIP language mix-ups (clang / nvcc)
    QStringList deviceTargets; // gfx targets named as the device (amd-smi, rocminfo lines)
    // Every distinct GPU target the text names anywhere ("my gfx1031", "sm_120"), at most 8: the
    // device of a paste that names one target and no more (diagnosis.cpp, chooseDevices).
    QStringList namedTargets;
    QList<TextLine> hipBuiltinsUnknown; // threadIdx / __global__ unknown to the compiler
    QList<TextLine> deviceLibsUnlinked; // device-library functions (__ockl_*) undefined at link
    bool fatbinNameMismatch = false;    // lld: "did you mean: __hip_fatbin_" (a renamed symbol)
    QList<TextLine> invalidCodeObject;  // HSA_STATUS_ERROR_INVALID_CODE_OBJECT
    QList<TextLine> frameworkArchUnsupported; // PyTorch: "sm_120 is not compatible with ..."
    QList<TextLine> tritonErrors; // Triton compile errors (PTXASError, CompilationError)
    QList<QPair<QString, QString>> envAssignments; // `export X=Y`, `X=Y cmd` in the text
    QStringList rocmVersions; // releases in paths and names (/opt/rocm-6.3.1, _rocm63.so)
    QList<TextLine> releaseNamedLibraries; // failures naming libfoo_rocm63.so
    QStringList sonamesMentioned;          // every versioned libX.so.N the text names (64 at most)
    bool windows = false;                  // Windows paths (C:\..., C:/...) in the text

    QList<CommandLine> commands;
    QList<DeviceInfo> rocminfoDevices;
    QString rocminfoRuntimeVersion; // "Runtime Version: 1.1"

    QStringList kernelNamesRequested; // names a log asks for (hipModuleGetFunction etc.)
};

TextFacts readTextFacts(const QString &text);

// Parses a `rocminfo` dump: one DeviceInfo per GPU agent (Source::Rocminfo).
QList<DeviceInfo> parseRocminfo(const QString &text);
bool looksLikeRocminfo(const QString &text);

// Itanium-demangles a name; returns it unchanged when it is not mangled.
QString demangleSymbol(const QString &name);

// The nvcc-only options among a command's arguments (each as given).
QStringList nvccOnlyFlags(const QStringList &args);

} // namespace hd
