#include "probe/errors.h"

#include <QVersionNumber>

namespace hd {

namespace {

struct CodeName {
    int code;
    const char *name;
};

// From hip_runtime_api.h (ROCm 5.2, Debian) — the numbers are shared by every ROCm release.
const CodeName kHip[] = {
    {0, "hipSuccess"},
    {1, "hipErrorInvalidValue"},
    {2, "hipErrorOutOfMemory"},
    {3, "hipErrorNotInitialized"},
    {4, "hipErrorDeinitialized"},
    {5, "hipErrorProfilerDisabled"},
    {6, "hipErrorProfilerNotInitialized"},
    {7, "hipErrorProfilerAlreadyStarted"},
    {8, "hipErrorProfilerAlreadyStopped"},
    {9, "hipErrorInvalidConfiguration"},
    {12, "hipErrorInvalidPitchValue"},
    {13, "hipErrorInvalidSymbol"},
    {17, "hipErrorInvalidDevicePointer"},
    {21, "hipErrorInvalidMemcpyDirection"},
    {35, "hipErrorInsufficientDriver"},
    {52, "hipErrorMissingConfiguration"},
    {53, "hipErrorPriorLaunchFailure"},
    {98, "hipErrorInvalidDeviceFunction"},
    {100, "hipErrorNoDevice"},
    {101, "hipErrorInvalidDevice"},
    {200, "hipErrorInvalidImage"},
    {201, "hipErrorInvalidContext"},
    {202, "hipErrorContextAlreadyCurrent"},
    {205, "hipErrorMapFailed"},
    {206, "hipErrorUnmapFailed"},
    {207, "hipErrorArrayIsMapped"},
    {208, "hipErrorAlreadyMapped"},
    {209, "hipErrorNoBinaryForGpu"},
    {210, "hipErrorAlreadyAcquired"},
    {211, "hipErrorNotMapped"},
    {212, "hipErrorNotMappedAsArray"},
    {213, "hipErrorNotMappedAsPointer"},
    {214, "hipErrorECCNotCorrectable"},
    {215, "hipErrorUnsupportedLimit"},
    {216, "hipErrorContextAlreadyInUse"},
    {217, "hipErrorPeerAccessUnsupported"},
    {218, "hipErrorInvalidKernelFile"},
    {219, "hipErrorInvalidGraphicsContext"},
    {300, "hipErrorInvalidSource"},
    {301, "hipErrorFileNotFound"},
    {302, "hipErrorSharedObjectSymbolNotFound"},
    {303, "hipErrorSharedObjectInitFailed"},
    {304, "hipErrorOperatingSystem"},
    {400, "hipErrorInvalidHandle"},
    {401, "hipErrorIllegalState"},
    {500, "hipErrorNotFound"},
    {600, "hipErrorNotReady"},
    {700, "hipErrorIllegalAddress"},
    {701, "hipErrorLaunchOutOfResources"},
    {702, "hipErrorLaunchTimeOut"},
    {704, "hipErrorPeerAccessAlreadyEnabled"},
    {705, "hipErrorPeerAccessNotEnabled"},
    {708, "hipErrorSetOnActiveProcess"},
    {709, "hipErrorContextIsDestroyed"},
    {710, "hipErrorAssert"},
    {712, "hipErrorHostMemoryAlreadyRegistered"},
    {713, "hipErrorHostMemoryNotRegistered"},
    {719, "hipErrorLaunchFailure"},
    {720, "hipErrorCooperativeLaunchTooLarge"},
    {801, "hipErrorNotSupported"},
    {900, "hipErrorStreamCaptureUnsupported"},
    {901, "hipErrorStreamCaptureInvalidated"},
    {902, "hipErrorStreamCaptureMerge"},
    {903, "hipErrorStreamCaptureUnmatched"},
    {904, "hipErrorStreamCaptureUnjoined"},
    {905, "hipErrorStreamCaptureIsolation"},
    {906, "hipErrorStreamCaptureImplicit"},
    {907, "hipErrorCapturedEvent"},
    {908, "hipErrorStreamCaptureWrongThread"},
    {910, "hipErrorGraphExecUpdateFailure"},
    {999, "hipErrorUnknown"},
    {1052, "hipErrorRuntimeMemory"},
    {1053, "hipErrorRuntimeOther"},
};

// From cuda.h (CUDA 13.0).
const CodeName kCuda[] = {
    {0, "CUDA_SUCCESS"},
    {1, "CUDA_ERROR_INVALID_VALUE"},
    {2, "CUDA_ERROR_OUT_OF_MEMORY"},
    {3, "CUDA_ERROR_NOT_INITIALIZED"},
    {4, "CUDA_ERROR_DEINITIALIZED"},
    {5, "CUDA_ERROR_PROFILER_DISABLED"},
    {6, "CUDA_ERROR_PROFILER_NOT_INITIALIZED"},
    {7, "CUDA_ERROR_PROFILER_ALREADY_STARTED"},
    {8, "CUDA_ERROR_PROFILER_ALREADY_STOPPED"},
    {34, "CUDA_ERROR_STUB_LIBRARY"},
    {36, "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER"},
    {46, "CUDA_ERROR_DEVICE_UNAVAILABLE"},
    {100, "CUDA_ERROR_NO_DEVICE"},
    {101, "CUDA_ERROR_INVALID_DEVICE"},
    {102, "CUDA_ERROR_DEVICE_NOT_LICENSED"},
    {200, "CUDA_ERROR_INVALID_IMAGE"},
    {201, "CUDA_ERROR_INVALID_CONTEXT"},
    {202, "CUDA_ERROR_CONTEXT_ALREADY_CURRENT"},
    {205, "CUDA_ERROR_MAP_FAILED"},
    {206, "CUDA_ERROR_UNMAP_FAILED"},
    {207, "CUDA_ERROR_ARRAY_IS_MAPPED"},
    {208, "CUDA_ERROR_ALREADY_MAPPED"},
    {209, "CUDA_ERROR_NO_BINARY_FOR_GPU"},
    {210, "CUDA_ERROR_ALREADY_ACQUIRED"},
    {211, "CUDA_ERROR_NOT_MAPPED"},
    {212, "CUDA_ERROR_NOT_MAPPED_AS_ARRAY"},
    {213, "CUDA_ERROR_NOT_MAPPED_AS_POINTER"},
    {214, "CUDA_ERROR_ECC_UNCORRECTABLE"},
    {215, "CUDA_ERROR_UNSUPPORTED_LIMIT"},
    {216, "CUDA_ERROR_CONTEXT_ALREADY_IN_USE"},
    {217, "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED"},
    {218, "CUDA_ERROR_INVALID_PTX"},
    {219, "CUDA_ERROR_INVALID_GRAPHICS_CONTEXT"},
    {220, "CUDA_ERROR_NVLINK_UNCORRECTABLE"},
    {221, "CUDA_ERROR_JIT_COMPILER_NOT_FOUND"},
    {222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"},
    {223, "CUDA_ERROR_JIT_COMPILATION_DISABLED"},
    {224, "CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY"},
    {225, "CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC"},
    {226, "CUDA_ERROR_CONTAINED"},
    {300, "CUDA_ERROR_INVALID_SOURCE"},
    {301, "CUDA_ERROR_FILE_NOT_FOUND"},
    {302, "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND"},
    {303, "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"},
    {304, "CUDA_ERROR_OPERATING_SYSTEM"},
    {400, "CUDA_ERROR_INVALID_HANDLE"},
    {401, "CUDA_ERROR_ILLEGAL_STATE"},
    {402, "CUDA_ERROR_LOSSY_QUERY"},
    {500, "CUDA_ERROR_NOT_FOUND"},
    {600, "CUDA_ERROR_NOT_READY"},
    {700, "CUDA_ERROR_ILLEGAL_ADDRESS"},
    {701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"},
    {702, "CUDA_ERROR_LAUNCH_TIMEOUT"},
    {703, "CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING"},
    {704, "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED"},
    {705, "CUDA_ERROR_PEER_ACCESS_NOT_ENABLED"},
    {708, "CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE"},
    {709, "CUDA_ERROR_CONTEXT_IS_DESTROYED"},
    {710, "CUDA_ERROR_ASSERT"},
    {711, "CUDA_ERROR_TOO_MANY_PEERS"},
    {712, "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED"},
    {713, "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED"},
    {714, "CUDA_ERROR_HARDWARE_STACK_ERROR"},
    {715, "CUDA_ERROR_ILLEGAL_INSTRUCTION"},
    {716, "CUDA_ERROR_MISALIGNED_ADDRESS"},
    {717, "CUDA_ERROR_INVALID_ADDRESS_SPACE"},
    {718, "CUDA_ERROR_INVALID_PC"},
    {719, "CUDA_ERROR_LAUNCH_FAILED"},
    {720, "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE"},
    {721, "CUDA_ERROR_TENSOR_MEMORY_LEAK"},
    {800, "CUDA_ERROR_NOT_PERMITTED"},
    {801, "CUDA_ERROR_NOT_SUPPORTED"},
    {802, "CUDA_ERROR_SYSTEM_NOT_READY"},
    {803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"},
    {804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"},
    {805, "CUDA_ERROR_MPS_CONNECTION_FAILED"},
    {806, "CUDA_ERROR_MPS_RPC_FAILURE"},
    {807, "CUDA_ERROR_MPS_SERVER_NOT_READY"},
    {808, "CUDA_ERROR_MPS_MAX_CLIENTS_REACHED"},
    {809, "CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED"},
    {810, "CUDA_ERROR_MPS_CLIENT_TERMINATED"},
    {811, "CUDA_ERROR_CDP_NOT_SUPPORTED"},
    {812, "CUDA_ERROR_CDP_VERSION_MISMATCH"},
    {900, "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"},
    {901, "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"},
    {902, "CUDA_ERROR_STREAM_CAPTURE_MERGE"},
    {903, "CUDA_ERROR_STREAM_CAPTURE_UNMATCHED"},
    {904, "CUDA_ERROR_STREAM_CAPTURE_UNJOINED"},
    {905, "CUDA_ERROR_STREAM_CAPTURE_ISOLATION"},
    {906, "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT"},
    {907, "CUDA_ERROR_CAPTURED_EVENT"},
    {908, "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD"},
    {909, "CUDA_ERROR_TIMEOUT"},
    {910, "CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE"},
    {911, "CUDA_ERROR_EXTERNAL_DEVICE"},
    {912, "CUDA_ERROR_INVALID_CLUSTER_SIZE"},
    {913, "CUDA_ERROR_FUNCTION_NOT_LOADED"},
    {914, "CUDA_ERROR_INVALID_RESOURCE_TYPE"},
    {915, "CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION"},
    {916, "CUDA_ERROR_KEY_ROTATION"},
    {999, "CUDA_ERROR_UNKNOWN"},
};

template <size_t N> QString nameIn(const CodeName (&t)[N], int code) {
    for (const auto &e : t)
        if (e.code == code)
            return QString::fromLatin1(e.name);
    return {};
}

template <size_t N> int codeIn(const CodeName (&t)[N], const QString &name) {
    for (const auto &e : t)
        if (name == QLatin1String(e.name))
            return e.code;
    return -1;
}

const QStringList kSymbolIds = {
    QStringLiteral("symbol.kernel-not-found"), QStringLiteral("symbol.mangled-name"),
    QStringLiteral("symbol.not-a-kernel"), QStringLiteral("symbol.internal-linkage")};

// Shared meaning of the codes both runtimes use with the same number (HIP copied CUDA's).
void classify(RuntimeErrorInfo &info, const QString &phase) {
    const bool lookup = phase == QLatin1String("function-lookup");
    const bool load = phase == QLatin1String("module-load");
    switch (info.code) {
    case 100: // no device
        info.findingIds = {QStringLiteral("runtime.no-device"),
                           QStringLiteral("env.visible-devices-empty")};
        break;
    case 209: // no binary for this GPU
        info.findingIds = {QStringLiteral("arch.no-compatible-code-object"),
                           QStringLiteral("arch.feature-mismatch"),
                           QStringLiteral("cov.unsupported-version"),
                           QStringLiteral("bundle.compressed")};
        break;
    case 500: // not found
    case 302: // shared object symbol not found
        info.findingIds = kSymbolIds;
        break;
    case 98: // invalid device function: on launch/lookup a symbol or arch problem
        info.findingIds = {QStringLiteral("arch.no-compatible-code-object"),
                           QStringLiteral("symbol.not-a-kernel")};
        info.ambiguous = true;
        info.note = QStringLiteral(
            "invalid device function: either no code object for this device was registered, "
            "or the name is not a kernel; check the artifact's targets and symbols");
        break;
    case 200: // invalid image
    case 218: // invalid kernel file / CUDA invalid PTX
        info.findingIds = {QStringLiteral("module.not-a-code-object"),
                           QStringLiteral("cov.unsupported-version"),
                           QStringLiteral("bundle.compressed")};
        break;
    case 301: // file not found
        info.findingIds = {QStringLiteral("module.not-a-code-object")};
        break;
    case 35: // insufficient driver
    case 3:  // not initialized
        info.findingIds = {QStringLiteral("runtime.no-device")};
        break;
    case 1: // invalid value: at launch usually the configuration or arguments
        if (phase == QLatin1String("launch")) {
            info.findingIds = {QStringLiteral("launch.block-too-large"),
                               QStringLiteral("launch.args-mismatch")};
            info.ambiguous = true;
        }
        break;
    case 9:   // invalid configuration
    case 701: // launch out of resources
        info.findingIds = {QStringLiteral("launch.block-too-large"),
                           QStringLiteral("build.lds-exceeds-limit")};
        break;
    default:
        break;
    }
    Q_UNUSED(lookup);
    Q_UNUSED(load);
}

} // namespace

QString hipErrorName(int code) {
    return nameIn(kHip, code);
}
QString cudaErrorName(int code) {
    return nameIn(kCuda, code);
}
int hipErrorCode(const QString &name) {
    return codeIn(kHip, name);
}
int cudaErrorCode(const QString &name) {
    return codeIn(kCuda, name);
}

RuntimeErrorInfo hipErrorInfo(int code, const QString &runtimeVersion, const QString &phase) {
    RuntimeErrorInfo info;
    info.code = code;
    info.name = hipErrorName(code);
    classify(info, phase);
    if (code == 303) {
        // ROCm <= 6.0 returned hipErrorSharedObjectInitFailed where 6.1+ returns
        // hipErrorNoBinaryForGpu (209) for a code object that does not fit the device.
        const QVersionNumber v = QVersionNumber::fromString(runtimeVersion);
        const bool old = v.isNull() || v < QVersionNumber(6, 1);
        info.findingIds = {QStringLiteral("arch.no-compatible-code-object"),
                           QStringLiteral("arch.feature-mismatch"),
                           QStringLiteral("cov.unsupported-version"),
                           QStringLiteral("module.not-a-code-object")};
        info.ambiguous = true;
        info.note =
            old ? QStringLiteral(
                      "runtime %1 is ROCm 6.0 or older: 303 is how it reports a code object that "
                      "does not match the device (6.1 and later return 209)")
                      .arg(runtimeVersion.isEmpty() ? QStringLiteral("(version unknown)")
                                                    : runtimeVersion)
                : QStringLiteral(
                      "runtime %1 returns 209 for a target mismatch, so 303 means the code "
                      "object could not be initialized for another reason")
                      .arg(runtimeVersion);
        if (!old)
            info.findingIds = {QStringLiteral("module.not-a-code-object"),
                               QStringLiteral("cov.unsupported-version"),
                               QStringLiteral("bundle.compressed")};
    }
    return info;
}

RuntimeErrorInfo cudaErrorInfo(int code, const QString &phase) {
    RuntimeErrorInfo info;
    info.code = code;
    info.name = cudaErrorName(code);
    classify(info, phase);
    if (code == 222 || code == 221) // unsupported PTX version / no JIT
        info.findingIds = {QStringLiteral("cov.unsupported-version")};
    if (code == 200 || code == 218) {
        info.findingIds = {QStringLiteral("module.not-a-code-object"),
                           QStringLiteral("arch.no-compatible-code-object")};
        info.ambiguous = true;
    }
    return info;
}

RuntimeErrorInfo errorInfoByName(const QString &name, const QString &runtimeVersion,
                                 const QString &phase) {
    if (int c = hipErrorCode(name); c >= 0)
        return hipErrorInfo(c, runtimeVersion, phase);
    if (int c = cudaErrorCode(name); c >= 0)
        return cudaErrorInfo(c, phase);
    RuntimeErrorInfo info;
    info.code = -1;
    info.name = name;
    return info;
}

} // namespace hd
