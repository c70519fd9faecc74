// The layer of each line of a text (docs/findings.md, "Layers of a text").

#include "diagnosis/text_facts.h"

#include <QRegularExpression>

namespace hd {

namespace {

// Compiler, assembler, linker and build-system diagnostics. The tool names come first: a line
// only counts when a compiler-shaped prefix says who is speaking.
const QRegularExpression &compilerErrorLine() {
    static const QRegularExpression re(
        QStringLiteral(
            // file:line[:col]: [fatal] error:   (also C:\path\x.hip:3:5: and nvcc's x.cu(12):
            // error)
            R"(^(?:[A-Za-z]:)?[^\s:()]*[^\s:()/\\]\.[A-Za-z0-9+]+(?::\d+){1,2}:\s*(?:fatal\s+)?error\b)"
            R"(|^(?:[A-Za-z]:)?[^\s:()]+\.[A-Za-z0-9+]+\(\d+\)(?:\s*:)?\s*(?:fatal\s+)?error\b)"
            R"(|^<inline asm>:\d+:\d+: error)"
            // tool: error / fatal
            R"(|^(?:\S*[/\\])?(?:clang|clang\+\+|clang-\d+|clang\+\+-\d+|amdclang|amdclang\+\+|hipcc|hipcc\.pl|hipcc\.bin|nvcc|gcc|g\+\+|cc|c\+\+|cc1|cc1plus|gfortran|flang|flang-new|ld|ld\.lld|ld\.bfd|ld\.gold|lld|lld-link|collect2|ptxas|nvlink|fatbinary|llvm-link|llc|opt|clang-offload-bundler|clang-offload-wrapper|clang-linker-wrapper|amdgcn-link|x86_64-linux-gnu-g\+\+(?:-\d+)?|x86_64-linux-gnu-gcc(?:-\d+)?|cl|link)(?:\.exe)?(?:-\d+)?\s*:\s*(?:\w+\s+)?(?:fatal\s+)?error\b)"
            R"(|^nvcc (?:fatal|error)\b|^ptxas (?:fatal|error)|error: linker command failed)"
            R"(|undefined reference to\b|\b(?:ld\.lld|lld|ld):\s*error:|^/usr/bin/ld:|^\S*/ld(?:\.\w+)?:\s)"
            R"(|\bcannot find -l\S+|\berror LNK\d{4}\b|\bfatal error LNK\d{4}\b|\berror C\d{4}\b|\bfatal error C\d{4}\b)"
            R"(|^\d+ errors? generated|^FAILED: |^ninja: build stopped|^g?make(?:\[\d+\])?: \*\*\* .*\bError \d+)"
            R"(|^CMake Error\b|^LLVM ERROR:|^error: command '[^']*(?:gcc|g\+\+|c\+\+|clang|hipcc|nvcc|cl\.exe)[^']*' failed)"
            R"(|CalledProcessError: Command '\[?'?[^']*(?:hipcc|nvcc|clang|ninja|g\+\+|gcc|c\+\+|ld\.lld|ptxas)\b)"
            R"(|^RuntimeError: Error building extension\b|^error: (?:unknown|unsupported) (?:target|argument|option)\b)"
            R"(|^error: (?:invalid target ID|cannot find ROCm device librar))"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

// Runtime errors: names and messages of the error table, runtimes' and math libraries' own
// error prefixes, runtime log lines.
const QRegularExpression &runtimeLine() {
    static const QRegularExpression re(QStringLiteral(
        R"(\b(?:HIP|CUDA|hip|cuda|HSA) error\b|\bhipError[A-Z]\w+|\bcudaError[A-Z]\w+|\bCUDA_ERROR_[A-Z_]+)"
        R"(|\bHSA_STATUS_ERROR\w*|^:\d:|\bhipModule\w+\s*\(|hip_code_object\.cpp|hip_fatbin\.cpp)"
        R"(|\b(?:rocBLAS|rocblas|rocblaslt|hipBLASLt|hipblaslt|hipBLAS|hipblas|MIOpen|miopen|Tensile|rocFFT|rocfft|rocSPARSE|rocsparse|hipSPARSE|RCCL|rccl|MIGraphX|migraphx|hipFFT|rocRAND|hipRAND|rocSOLVER|hipSOLVER)\b[^\n]{0,40}?\b(?:error|Error|ERROR|warning)\b)"
        R"(|TensileLibrary\S*\.(?:dat|yaml|co)\b|\bout of memory\b|\bOutOfMemoryError\b|\bdevice-side assert)"));
    return re;
}

const QRegularExpression &loaderLine() {
    static const QRegularExpression re(
        QStringLiteral(
            R"(^(?:ImportError|ModuleNotFoundError|OSError)\b|cannot open shared object file)"
            R"(|error while loading shared libraries|\bundefined symbol:|symbol lookup error)"
            R"(|DLL load failed|\[WinError 126\]|\[WinError 127\]|Error loading "[^"]+\.dll"|LoadLibrary\w*\s*(?:failed|error))"
            R"(|\bdlopen\b.*(?:fail|error)|(?:fail(?:ed)?|could not|cannot|unable) to dlopen\b|not defined in file \S+ with link time reference|Library not loaded|could not load library\b|unable to load (?:shared )?library)"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

const QRegularExpression &tritonLine() {
    static const QRegularExpression re(QStringLiteral(
        R"(\bmake_(?:ttir|ttgir|llir|amdgcn|hsaco|ptx|cubin)\b|triton\.compiler\.errors|\bCompilationError\b)"
        R"(|\bPassManager::run failed|triton/backends/(?:amd|nvidia)/compiler\.py|MLIRCompilationError|TritonCompilationError|PTXASError|\.runtime\.errors\.\w+Error)"));
    return re;
}

const QRegularExpression &deviceLine() {
    static const QRegularExpression re(
        QStringLiteral(
            R"(/dev/kfd|/dev/dri|hsa_init failed|ROCk module is NOT loaded|No devices found|no ROCm-capable device)"
            R"(|no CUDA-capable device|Memory access fault by GPU|Page not present|HW Exception by GPU|GPU Hang)"
            R"(|amdgpu:.*(?:page fault|timeout|reset)|ring \w+ timeout|illegal memory access|NVIDIA-SMI has failed)"
            R"(|Unable to open /dev|HSA Agents|TARGET_GRAPHICS_VERSION|Marketing Name:|amdgpu driver)"
            R"(|Torch is not able to use GPU|could not select device driver "[^"]*" with capabilities|ProcessGroupNCCL::WorkNCCL::checkTimeout|\bncclCommWatchdog\b|hsaKmtOpenKFD|HSAKMT_STATUS_|\bKFD\b.*\bnot\b)"),
        QRegularExpression::CaseInsensitiveOption);
    return re;
}

} // namespace

bool textSaysError(const QString &line) {
    static const QRegularExpression re(
        QStringLiteral(
            R"(\berror\b|\bfatal\b|\bfailed\b|\bfailure\b|\bcannot\b|\bcould not\b|\bunable to\b|\bnot found\b|\bno such\b|\bundefined\b|\babort|\bfault\b|\bexception\b|\btimed? ?out\b|\bhang\b|\bdenied\b|\binvalid\b)"),
        QRegularExpression::CaseInsensitiveOption);
    return re.match(line).hasMatch();
}

QString textLayerName(TextLayer layer) {
    switch (layer) {
    case TextLayer::Compiler:
        return QStringLiteral("compiler");
    case TextLayer::Runtime:
        return QStringLiteral("runtime");
    case TextLayer::Loader:
        return QStringLiteral("loader");
    case TextLayer::Triton:
        return QStringLiteral("triton");
    case TextLayer::Device:
        return QStringLiteral("device");
    }
    return {};
}

QStringList TextFacts::layers() const {
    QStringList out;
    for (int i = 0; i < kTextLayerCount; ++i)
        if (layerLines[size_t(i)] > 0)
            out << textLayerName(TextLayer(i));
    return out;
}

std::optional<LineClass> classifyLine(const QString &t) {
    if (t.isEmpty())
        return std::nullopt;
    const bool error = textSaysError(t);
    // Order matters: a line that names a runtime error is a runtime line even when it has the
    // shape of a diagnostic ("error: 'hipErrorInvalidDevice'(101) at main.cpp:42"); a loader
    // message inside a compiler run ("ld: cannot find -lamdhip64") is the linker's.
    if (tritonLine().match(t).hasMatch())
        return LineClass{TextLayer::Triton, error};
    if (compilerErrorLine().match(t).hasMatch() && !runtimeLine().match(t).hasMatch())
        return LineClass{TextLayer::Compiler, true};
    if (loaderLine().match(t).hasMatch())
        return LineClass{TextLayer::Loader, error};
    if (deviceLine().match(t).hasMatch())
        return LineClass{TextLayer::Device, error};
    if (runtimeLine().match(t).hasMatch())
        return LineClass{TextLayer::Runtime, error};
    return std::nullopt;
}

} // namespace hd
