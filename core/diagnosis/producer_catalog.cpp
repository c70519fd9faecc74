// The producer catalogues (producer_catalog.h). Each row was copied from the program named in
// its `source`: `strings` of the library for the runtimes and math libraries (a value a C++
// stream inserts is written "%s"), the Python sources for Triton. A format that changed
// between releases has one row per wording.

#include "diagnosis/producer_catalog.h"

#include "diagnosis/text_facts.h"

#include <QRegularExpression>

namespace hd {

namespace {

constexpr const char *kHip52 = "libamdhip64.so.5.2.21153 (ROCm 5.2, Debian libamdhip64-5 5.2.3)";
constexpr const char *kHip64 = "libamdhip64.so.6.4.43484 (ROCm 6.4, Debian libamdhip64-6 6.4.3)";
constexpr const char *kHip72 = "libamdhip64.so.7.2.53211 (ROCm 7.2, Debian libamdhip64-7 7.2.4)";
constexpr const char *kHipAll = "libamdhip64 of ROCm 5.2, 6.4 and 7.2";
constexpr const char *kHip5264 = "libamdhip64 of ROCm 5.2 and 6.4";
constexpr const char *kHip6472 = "libamdhip64 of ROCm 6.4 and 7.2";
constexpr const char *kRocblas = "librocblas.so.5 (rocBLAS of ROCm 7.2, Debian librocblas5 7.2.4)";
constexpr const char *kHipblaslt = "libhipblaslt.so.1.1 (Debian libhipblaslt1 7.1.1)";
constexpr const char *kMiopen = "libMIOpen.so.1.0 (ROCm 6.4, Debian libmiopen1 6.4.3)";
constexpr const char *kCycles = "blender intern/cycles/device/cuda/device_impl.cpp, load_kernels";
// ONNX Runtime's warning when an execution provider's library does not load, as its
// onnxruntime_pybind_state.cc (CreateExecutionProviderInstance) prints it in reports.
constexpr const char *kOnnxRuntime =
    "onnxruntime python/onnxruntime_pybind_state.cc, CreateExecutionProviderInstance";
constexpr const char *kTritonRuntime = "triton python/triton/runtime/errors.py (0b057fc)";
constexpr const char *kTritonCompiler = "triton python/triton/compiler/errors.py (053af4e)";

const QList<CatalogMessage> kCatalog = {
    // --- the HIP runtime: code objects that do not fit the device ---------------------------
    {"hip:no-binary", "hip", kHip5264,
     "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!", "",
     TextLayer::Runtime, true},
    {"hip:no-binary-old", "hip", kHip52,
     "hipErrorNoBinaryForGpu: Couldn't find binary for current devices!", "", TextLayer::Runtime,
     true},
    {"hip:co-not-in-bundle", "hip", kHip64, "Cannot find CO in the bundle %s for ISA: %s",
     "path isa", TextLayer::Runtime, true},
    {"hip:missing-co-isas", "hip", kHip6472, "Missing CO for these ISAs - ", "", TextLayer::Runtime,
     true},
    {"hip:no-compatible-co", "hip", kHip6472,
     "No compatible code objects found for: %s, value of HIP_FORCE_SPIRV_CODEOBJECT: %d", "isa -",
     TextLayer::Runtime, true},
    {"hip:invalid-co-header", "hip", kHip72,
     "The code object has invalid header: compressed, uncompressed or elf", "", TextLayer::Runtime,
     true},
    {"hip:unbundle-failed", "hip", kHip72, "Failed to unbundle code object", "", TextLayer::Runtime,
     true},
    {"hip:program-isa", "hip", kHip52, "Error: Could not find the program ISA", "",
     TextLayer::Runtime, true},
    {"hip:isa-not-compatible", "hip", kHip52, "%s is not compatible with the device ISA %s",
     "code-object-isa isa", TextLayer::Runtime, true},
    {"hip:invalid-image", "hip", kHip72, "device kernel image is invalid", "", TextLayer::Runtime,
     true},
    {"hip:native-co", "hip", kHip72, "Using native code object for device: %s co: %s",
     "isa code-object", TextLayer::Runtime, false},
    {"hip:generic-co", "hip", kHip72, "Using generic code object for device: %s co: %s",
     "isa code-object", TextLayer::Runtime, false},
    // --- the HIP runtime: names that a module does not hold ---------------------------------
    {"hip:function-not-found", "hip", kHipAll, "Cannot find the function: %s for module: 0x%x",
     "function -", TextLayer::Runtime, true},
    {"hip:function-not-found-short", "hip", kHip5264, "Cannot find the function: %s", "function",
     TextLayer::Runtime, true},
    {"hip:symbol-not-found", "hip", kHipAll, "Cannot find Symbol with name: %s", "symbol",
     TextLayer::Runtime, true},
    {"hip:global-var-not-found", "hip", kHipAll,
     "Cannot find global Var: %s for module: 0x%x at device: %d", "variable - -",
     TextLayer::Runtime, true},
    {"hip:var-not-found", "hip", kHip52, "Cannot find the Var: %s", "variable", TextLayer::Runtime,
     true},
    {"hip:module-funcs", "hip", kHipAll,
     "Could not get Global Funcs from Code Obj for Module: 0x%x", "-", TextLayer::Runtime, true},
    // --- the HIP runtime: start-up ----------------------------------------------------------
    {"hip:hsa-init-failed", "hip", kHip6472, "hsa_init failed with %x", "status", TextLayer::Device,
     true},
    {"hip:hsa-init-failed-old", "hip", kHip52, "hsa_init failed.", "", TextLayer::Device, true},
    {"hip:init-failed", "hip", kHipAll, "Runtime initialization failed", "", TextLayer::Device,
     true},
    {"hip:dlopen-failed", "hip", kHip52, "hip runtime failed to load using dlopen", "",
     TextLayer::Loader, true},
    {"hip:version", "hip", kHip72, "HIP Version: %d.%d.%d.%s, Direct Dispatch: %d",
     "major minor patch build -", TextLayer::Runtime, false},
    {"hip:library-path", "hip", kHip72, "HIP Library Path: %s", "path", TextLayer::Runtime, false},
    // --- rocBLAS / Tensile ----------------------------------------------------------------
    {"rocblas:tensile-no-devices", "rocblas", kRocblas,
     "rocBLAS error: Could not initialize Tensile host: No devices found", "", TextLayer::Runtime,
     true},
    {"rocblas:tensile-host", "rocblas", kRocblas,
     "rocBLAS error: Could not initialize Tensile host:%s", "reason", TextLayer::Runtime, true},
    {"rocblas:tensile-library", "rocblas", kRocblas,
     "rocBLAS error: Could not initialize Tensile library", "", TextLayer::Runtime, true},
    {"rocblas:cannot-read", "rocblas", kRocblas, "rocBLAS error: Cannot read %s:", "path",
     TextLayer::Runtime, true},
    {"rocblas:could-not-load", "rocblas", kRocblas, "rocBLAS error: Could not load %s", "path",
     TextLayer::Runtime, true},
    {"rocblas:no-solution", "rocblas", kRocblas, "rocBLAS error: No Tensile solution found for %s",
     "problem", TextLayer::Runtime, true},
    {"rocblas:hip-error", "rocblas", kRocblas, "rocBLAS error from hip error code: '%s'",
     "error-name", TextLayer::Runtime, true},
    {"rocblas:no-paths", "rocblas", kRocblas, "rocBLAS warning: No paths matched %s", "path",
     TextLayer::Runtime, false},
    // --- hipBLASLt ---------------------------------------------------------------------------
    {"hipblaslt:tensile-no-devices", "hipblaslt", kHipblaslt,
     "rocblaslt error: Could not initialize Tensile host: No devices found", "", TextLayer::Runtime,
     true},
    {"hipblaslt:tensile-mapping", "hipblaslt", kHipblaslt,
     "rocblaslt error: Could not initialize Tensile library mapping", "", TextLayer::Runtime, true},
    {"hipblaslt:cannot-read", "hipblaslt", kHipblaslt, "rocblaslt error: Cannot read %s:", "path",
     TextLayer::Runtime, true},
    {"hipblaslt:could-not-load", "hipblaslt", kHipblaslt, "rocblaslt error: Could not load %s",
     "path", TextLayer::Runtime, true},
    {"hipblaslt:unsupported-arch", "hipblaslt", kHipblaslt,
     "Attempting to retrieve hardware constants for unsupported architecture: %s", "isa",
     TextLayer::Runtime, true},
    // --- MIOpen ------------------------------------------------------------------------------
    {"miopen:load-binary", "miopen", kMiopen, "Unable to load binary for: %s", "path",
     TextLayer::Runtime, true},
    {"miopen:create-module", "miopen", kMiopen, "Failed creating module from file %s", "path",
     TextLayer::Runtime, true},
    {"miopen:launch", "miopen", kMiopen, "Failed to launch kernel", "", TextLayer::Runtime, true},
    {"miopen:system-db", "miopen", kMiopen, "Unable to read system database file: %s", "path",
     TextLayer::Runtime, false},
    {"miopen:error", "miopen", kMiopen, "MIOpen Error: %s", "where", TextLayer::Runtime, true},
    // --- wrapper programs: Blender's Cycles (the CUDA error as cuewErrorString words it) ---
    {"cycles:cuda-kernel-load", "cycles", kCycles, "Failed to load CUDA kernel from '%s' (%s)",
     "path error-string", TextLayer::Runtime, true},
    // --- wrapper programs: ONNX Runtime ------------------------------------------------------
    {"onnxruntime:create-provider-failed", "onnxruntime", kOnnxRuntime,
     "Failed to create %sExecutionProvider", "provider", TextLayer::Loader, true},
    // --- Triton ------------------------------------------------------------------------------
    {"triton:out-of-resources", "triton", kTritonRuntime,
     "out of resource: %s, Required: %d, Hardware limit: %d", "resource required limit",
     TextLayer::Triton, true},
    {"triton:ptxas-error", "triton", kTritonRuntime, "PTXAS error: %s", "ptxas-message",
     TextLayer::Triton, true},
    {"triton:compile-time-assertion", "triton", kTritonCompiler,
     "CompileTimeAssertionFailure: at %d:%d:", "source-line source-column", TextLayer::Triton,
     true},
    {"triton:unsupported-construct", "triton", kTritonCompiler,
     "UnsupportedLanguageConstruct: at %d:%d:", "source-line source-column", TextLayer::Triton,
     true},
    {"triton:compilation-error", "triton", kTritonCompiler,
     "CompilationError: at %d:%d:", "source-line source-column", TextLayer::Triton, true},
};

// A format's pieces: fixed text and conversions.
struct Piece {
    QString text;
    QChar conversion; // 's', 'd', 'x'; null for fixed text
};

QList<Piece> piecesOf(const char *format) {
    QList<Piece> out;
    const QString f = QString::fromLatin1(format);
    QString fixed;
    for (qsizetype i = 0; i < f.size(); ++i) {
        if (f.at(i) == QLatin1Char('%') && i + 1 < f.size()) {
            qsizetype j = i + 1;
            if (f.at(j) == QLatin1Char('z'))
                ++j;
            if (j < f.size()) {
                const QChar c = f.at(j);
                const QChar kind = c == QLatin1Char('s') ? QLatin1Char('s')
                                   : (c == QLatin1Char('d') || c == QLatin1Char('u'))
                                       ? QLatin1Char('d')
                                   : c == QLatin1Char('x') ? QLatin1Char('x')
                                                           : QChar();
                if (!kind.isNull()) {
                    if (!fixed.isEmpty())
                        out.append({fixed, QChar()});
                    fixed.clear();
                    out.append({QString(), kind});
                    i = j;
                    continue;
                }
            }
        }
        fixed += f.at(i);
    }
    if (!fixed.isEmpty())
        out.append({fixed, QChar()});
    return out;
}

QString patternOf(const char *format) {
    const QList<Piece> pieces = piecesOf(format);
    QString re;
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        const Piece &p = pieces.at(i);
        if (p.conversion.isNull()) {
            // Trailing blanks of the last piece are gone from a trimmed line.
            const QString text = i + 1 == pieces.size()
                                     ? QString(p.text).replace(
                                           QRegularExpression(QStringLiteral("\\s+$")), QString())
                                     : p.text;
            re += QRegularExpression::escape(text);
        } else if (p.conversion == QLatin1Char('s')) {
            // A value inside the text ends where the fixed text goes on; a first or last one is
            // one word (a name, a path, an ISA).
            re += i > 0 && i + 1 < pieces.size() ? QStringLiteral("\\s*(.+?)")
                                                 : QStringLiteral("\\s*(\\S+)");
        } else if (p.conversion == QLatin1Char('d')) {
            re += QStringLiteral("(-?\\d+)");
        } else {
            re += QStringLiteral("([0-9a-fA-F]+)");
        }
    }
    return re;
}

struct Compiled {
    QList<QRegularExpression> entries;
    QRegularExpression prefilter;
};

const Compiled &compiled() {
    static const Compiled c = [] {
        Compiled out;
        QStringList fixed;
        for (const CatalogMessage &m : kCatalog) {
            out.entries.append(QRegularExpression(patternOf(m.format)));
            fixed << QRegularExpression::escape(m.fixedText());
        }
        out.prefilter = QRegularExpression(fixed.join(QLatin1Char('|')));
        return out;
    }();
    return c;
}

} // namespace

QString CatalogMessage::fixedText() const {
    QString best;
    for (const Piece &p : piecesOf(format))
        if (p.conversion.isNull() && p.text.trimmed().size() > best.size())
            best = p.text.trimmed();
    return best;
}

const QList<CatalogMessage> &producerCatalog() {
    return kCatalog;
}

const QList<CatalogMessage> &oneLineCatalogMessages() {
    return kCatalog;
}

std::optional<CatalogMatch> matchCatalog(const QString &line) {
    const Compiled &c = compiled();
    if (!c.prefilter.match(line).hasMatch())
        return std::nullopt;
    for (qsizetype i = 0; i < kCatalog.size(); ++i) {
        const auto m = c.entries.at(i).match(line);
        if (!m.hasMatch())
            continue;
        CatalogMatch out;
        out.entry = &kCatalog.at(i);
        const QStringList names =
            QString::fromLatin1(kCatalog.at(i).fields).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        for (int k = 0; k < names.size() && k < m.lastCapturedIndex(); ++k)
            if (names.at(k) != QLatin1String("-"))
                out.fields.append({names.at(k), m.captured(k + 1).trimmed()});
        return out;
    }
    return std::nullopt;
}

} // namespace hd
