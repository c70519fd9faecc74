#include "model/runtime_errors.h"

#include <QRegularExpression>
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

// From driver_types.h of CUDA 13.0 (/usr/local/cuda-13.0/include): every cudaError_t, so a
// number a program prints has its name; most numbers agree with the driver API's.
const CodeName kCudaRuntime[] = {
    {1, "cudaErrorInvalidValue"},
    {2, "cudaErrorMemoryAllocation"},
    {3, "cudaErrorInitializationError"},
    {4, "cudaErrorCudartUnloading"},
    {5, "cudaErrorProfilerDisabled"},
    {6, "cudaErrorProfilerNotInitialized"},
    {7, "cudaErrorProfilerAlreadyStarted"},
    {8, "cudaErrorProfilerAlreadyStopped"},
    {9, "cudaErrorInvalidConfiguration"},
    {12, "cudaErrorInvalidPitchValue"},
    {13, "cudaErrorInvalidSymbol"},
    {16, "cudaErrorInvalidHostPointer"},
    {17, "cudaErrorInvalidDevicePointer"},
    {18, "cudaErrorInvalidTexture"},
    {19, "cudaErrorInvalidTextureBinding"},
    {20, "cudaErrorInvalidChannelDescriptor"},
    {21, "cudaErrorInvalidMemcpyDirection"},
    {22, "cudaErrorAddressOfConstant"},
    {23, "cudaErrorTextureFetchFailed"},
    {24, "cudaErrorTextureNotBound"},
    {25, "cudaErrorSynchronizationError"},
    {26, "cudaErrorInvalidFilterSetting"},
    {27, "cudaErrorInvalidNormSetting"},
    {28, "cudaErrorMixedDeviceExecution"},
    {31, "cudaErrorNotYetImplemented"},
    {32, "cudaErrorMemoryValueTooLarge"},
    {34, "cudaErrorStubLibrary"},
    {35, "cudaErrorInsufficientDriver"},
    {36, "cudaErrorCallRequiresNewerDriver"},
    {37, "cudaErrorInvalidSurface"},
    {43, "cudaErrorDuplicateVariableName"},
    {44, "cudaErrorDuplicateTextureName"},
    {45, "cudaErrorDuplicateSurfaceName"},
    {46, "cudaErrorDevicesUnavailable"},
    {49, "cudaErrorIncompatibleDriverContext"},
    {52, "cudaErrorMissingConfiguration"},
    {53, "cudaErrorPriorLaunchFailure"},
    {65, "cudaErrorLaunchMaxDepthExceeded"},
    {66, "cudaErrorLaunchFileScopedTex"},
    {67, "cudaErrorLaunchFileScopedSurf"},
    {68, "cudaErrorSyncDepthExceeded"},
    {69, "cudaErrorLaunchPendingCountExceeded"},
    {98, "cudaErrorInvalidDeviceFunction"},
    {100, "cudaErrorNoDevice"},
    {101, "cudaErrorInvalidDevice"},
    {102, "cudaErrorDeviceNotLicensed"},
    {103, "cudaErrorSoftwareValidityNotEstablished"},
    {127, "cudaErrorStartupFailure"},
    {200, "cudaErrorInvalidKernelImage"},
    {201, "cudaErrorDeviceUninitialized"},
    {205, "cudaErrorMapBufferObjectFailed"},
    {206, "cudaErrorUnmapBufferObjectFailed"},
    {207, "cudaErrorArrayIsMapped"},
    {208, "cudaErrorAlreadyMapped"},
    {209, "cudaErrorNoKernelImageForDevice"},
    {210, "cudaErrorAlreadyAcquired"},
    {211, "cudaErrorNotMapped"},
    {212, "cudaErrorNotMappedAsArray"},
    {213, "cudaErrorNotMappedAsPointer"},
    {214, "cudaErrorECCUncorrectable"},
    {215, "cudaErrorUnsupportedLimit"},
    {216, "cudaErrorDeviceAlreadyInUse"},
    {217, "cudaErrorPeerAccessUnsupported"},
    {218, "cudaErrorInvalidPtx"},
    {219, "cudaErrorInvalidGraphicsContext"},
    {220, "cudaErrorNvlinkUncorrectable"},
    {221, "cudaErrorJitCompilerNotFound"},
    {222, "cudaErrorUnsupportedPtxVersion"},
    {223, "cudaErrorJitCompilationDisabled"},
    {224, "cudaErrorUnsupportedExecAffinity"},
    {225, "cudaErrorUnsupportedDevSideSync"},
    {226, "cudaErrorContained"},
    {300, "cudaErrorInvalidSource"},
    {301, "cudaErrorFileNotFound"},
    {302, "cudaErrorSharedObjectSymbolNotFound"},
    {303, "cudaErrorSharedObjectInitFailed"},
    {304, "cudaErrorOperatingSystem"},
    {400, "cudaErrorInvalidResourceHandle"},
    {401, "cudaErrorIllegalState"},
    {402, "cudaErrorLossyQuery"},
    {500, "cudaErrorSymbolNotFound"},
    {600, "cudaErrorNotReady"},
    {700, "cudaErrorIllegalAddress"},
    {701, "cudaErrorLaunchOutOfResources"},
    {702, "cudaErrorLaunchTimeout"},
    {703, "cudaErrorLaunchIncompatibleTexturing"},
    {704, "cudaErrorPeerAccessAlreadyEnabled"},
    {705, "cudaErrorPeerAccessNotEnabled"},
    {708, "cudaErrorSetOnActiveProcess"},
    {709, "cudaErrorContextIsDestroyed"},
    {710, "cudaErrorAssert"},
    {711, "cudaErrorTooManyPeers"},
    {712, "cudaErrorHostMemoryAlreadyRegistered"},
    {713, "cudaErrorHostMemoryNotRegistered"},
    {714, "cudaErrorHardwareStackError"},
    {715, "cudaErrorIllegalInstruction"},
    {716, "cudaErrorMisalignedAddress"},
    {717, "cudaErrorInvalidAddressSpace"},
    {718, "cudaErrorInvalidPc"},
    {719, "cudaErrorLaunchFailure"},
    {720, "cudaErrorCooperativeLaunchTooLarge"},
    {721, "cudaErrorTensorMemoryLeak"},
    {800, "cudaErrorNotPermitted"},
    {801, "cudaErrorNotSupported"},
    {802, "cudaErrorSystemNotReady"},
    {803, "cudaErrorSystemDriverMismatch"},
    {804, "cudaErrorCompatNotSupportedOnDevice"},
    {805, "cudaErrorMpsConnectionFailed"},
    {806, "cudaErrorMpsRpcFailure"},
    {807, "cudaErrorMpsServerNotReady"},
    {808, "cudaErrorMpsMaxClientsReached"},
    {809, "cudaErrorMpsMaxConnectionsReached"},
    {810, "cudaErrorMpsClientTerminated"},
    {811, "cudaErrorCdpNotSupported"},
    {812, "cudaErrorCdpVersionMismatch"},
    {900, "cudaErrorStreamCaptureUnsupported"},
    {901, "cudaErrorStreamCaptureInvalidated"},
    {902, "cudaErrorStreamCaptureMerge"},
    {903, "cudaErrorStreamCaptureUnmatched"},
    {904, "cudaErrorStreamCaptureUnjoined"},
    {905, "cudaErrorStreamCaptureIsolation"},
    {906, "cudaErrorStreamCaptureImplicit"},
    {907, "cudaErrorCapturedEvent"},
    {908, "cudaErrorStreamCaptureWrongThread"},
    {909, "cudaErrorTimeout"},
    {910, "cudaErrorGraphExecUpdateFailure"},
    {911, "cudaErrorExternalDevice"},
    {912, "cudaErrorInvalidClusterSize"},
    {913, "cudaErrorFunctionNotLoaded"},
    {914, "cudaErrorInvalidResourceType"},
    {915, "cudaErrorInvalidResourceConfiguration"},
    {999, "cudaErrorUnknown"},
};

// Statuses of the HSA runtime and the math libraries, each read as the HIP / CUDA error it
// amounts to (the `code` of a kMeanings row), with the library's own number for the status.
struct StatusAlias {
    const char *api;  // "hsa", "rocblas", "hipblas", "cublas", "miopen"
    const char *name; // "HSA_STATUS_ERROR_OUT_OF_RESOURCES"
    int number;       // the library's value (HSA in hex: 0x1008)
    int meaning;      // the kMeanings code it amounts to; -1 for none (a rule of its own)
};
const StatusAlias kStatusAliases[] = {
    {"hsa", "HSA_STATUS_ERROR_OUT_OF_RESOURCES", 0x1008, 100},
    {"hsa", "HSA_STATUS_ERROR_INVALID_ISA", 0x100F, -1},
    {"hsa", "HSA_STATUS_ERROR_INVALID_CODE_OBJECT", 0x1010, -1},
    {"hsa", "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION", 0x29, 700},
    {"hsa", "HSA_STATUS_ERROR_MEMORY_FAULT", 0x2B, 700},
    {"hsa", "HSA_STATUS_ERROR_EXCEPTION", 0x1016, 719},
    {"hipblas", "HIPBLAS_STATUS_ARCH_MISMATCH", 8, 209},
    {"cublas", "CUBLAS_STATUS_ARCH_MISMATCH", 8, 209},
    {"hipblas", "HIPBLAS_STATUS_ALLOC_FAILED", 3, 2},
    {"cublas", "CUBLAS_STATUS_ALLOC_FAILED", 3, 2},
    {"rocblas", "rocblas_status_memory_error", 5, 2},
    {"miopen", "miopenStatusAllocFailed", 2, 2},
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

using D = Direction;
using S = Severity;

// What the diagnosis makes of each error. Titles and explanations are for the error seen
// alone (a log line, a probe result); rules that also know the artifact sharpen them.
const QList<RuntimeErrorMeaning> kMeanings{
    {100, "hipErrorNoDevice", "CUDA_ERROR_NO_DEVICE", "cudaErrorNoDevice",
     "no ROCm-capable device is detected|no CUDA-capable device is detected", D::RuntimeLink,
     "runtime.no-device env.visible-devices-empty", S::Error,
     QT_TRANSLATE_NOOP("hd::Diagnosis", "The runtime sees no GPU"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "The runtime loaded but found no GPU it can use; every load and launch fails after this, "
         "whatever the code object."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Check the driver (amdgpu / nvidia) is loaded and the device files are accessible; check "
         "the *_VISIBLE_DEVICES variables."),
     false},
    {101, "hipErrorInvalidDevice", "CUDA_ERROR_INVALID_DEVICE", "cudaErrorInvalidDevice",
     "invalid device ordinal", D::RuntimeLink, "runtime.no-device env.visible-devices-empty",
     S::Error,
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "The runtime has no GPU with the index asked for (invalid device)"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "The program selected a device the runtime does not see: no GPU at all, or fewer GPUs "
         "than the index (visibility variables, container, permissions)."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "List the GPUs the runtime sees (rocminfo / nvidia-smi, hipdoctor-cli devices) and select "
         "one of those indices."),
     false},
    {35, "hipErrorInsufficientDriver", "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
     "cudaErrorInsufficientDriver",
     "CUDA driver version is insufficient for CUDA runtime version|insufficient driver|"
     "driver on your system is too old|Incompatible kernel and userspace",
     D::RuntimeLink, "runtime.driver-too-old runtime.no-device", S::Error,
     QT_TRANSLATE_NOOP("hd::Diagnosis", "The GPU driver is older than the runtime needs"),
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "The runtime library needs a newer kernel driver than the one loaded."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Install the driver that matches the runtime release (ROCm's amdgpu-dkms, or the NVIDIA "
         "driver the CUDA release lists)."),
     false},
    {3, "hipErrorNotInitialized", "CUDA_ERROR_NOT_INITIALIZED", "cudaErrorInitializationError",
     nullptr, D::RuntimeLink, "runtime.no-device", S::Warning,
     QT_TRANSLATE_NOOP("hd::Diagnosis", "The runtime failed to initialize"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Initialization failed before any GPU could be used: usually no usable GPU or driver."),
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "Run rocminfo (or nvidia-smi) on that machine: it must list the GPU."),
     false},
    {209, "hipErrorNoBinaryForGpu", "CUDA_ERROR_NO_BINARY_FOR_GPU",
     "cudaErrorNoKernelImageForDevice",
     "no kernel image is available for execution on the device|Unable to find code object for "
     "all current devices|Coudn't find binary for current devices|Couldn't find binary for "
     "current devices|No compatible code objects? found for|Fail to find compatible kernel",
     D::CodeObject,
     "arch.no-compatible-code-object arch.feature-mismatch cov.unsupported-version "
     "bundle.compressed",
     S::Error, QT_TRANSLATE_NOOP("hd::Diagnosis", "The runtime has no code object for the device"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "The binary holds no code object the GPU can run (built for other GPU architectures)."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Rebuild with --offload-arch=<the device's gfx target> (NVIDIA: -gencode "
         "arch=compute_XX,code=sm_XX), or install a build of the library that lists the device's "
         "architecture."),
     false},
    {98, "hipErrorInvalidDeviceFunction", nullptr, "cudaErrorInvalidDeviceFunction",
     "invalid device function", D::CodeObject, "arch.no-compatible-code-object symbol.not-a-kernel",
     S::Warning,
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "\"invalid device function\": most likely no code object for this GPU"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "A launch returns this when the kernel has no code for the device (a library or wheel "
         "built for other GPU architectures) or was never registered. The error alone cannot tell "
         "which: give the binary and --target."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Check the binary's targets (hipdoctor-cli inspect FILE, roc-obj-ls) against the GPU's "
         "(rocminfo | grep gfx); rebuild or install a build for that target."),
     true},
    {500, "hipErrorNotFound", "CUDA_ERROR_NOT_FOUND", "cudaErrorSymbolNotFound",
     "named symbol not found|kernel not found in any loaded module", D::Symbols,
     "symbol.kernel-not-found symbol.mangled-name symbol.not-a-kernel symbol.internal-linkage",
     S::Warning, QT_TRANSLATE_NOOP("hd::Diagnosis", "The runtime did not find a requested symbol"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "A lookup by name failed. Whether the kernel is C++-mangled, internal, not a kernel or "
         "absent needs the code object."),
     QT_TRANSLATE_NOOP("hd::Diagnosis", "Run hipdoctor-cli diagnose CODE_OBJECT --kernel NAME."),
     false},
    {302, "hipErrorSharedObjectSymbolNotFound", "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND",
     "cudaErrorSharedObjectSymbolNotFound", "shared object symbol not found", D::Symbols,
     "symbol.kernel-not-found symbol.mangled-name symbol.not-a-kernel symbol.internal-linkage",
     S::Warning, QT_TRANSLATE_NOOP("hd::Diagnosis", "The runtime did not find a requested symbol"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "A lookup by name failed. Whether the kernel is C++-mangled, internal, not a kernel or "
         "absent needs the code object."),
     QT_TRANSLATE_NOOP("hd::Diagnosis", "Run hipdoctor-cli diagnose CODE_OBJECT --kernel NAME."),
     false},
    {200, "hipErrorInvalidImage", "CUDA_ERROR_INVALID_IMAGE", "cudaErrorInvalidKernelImage",
     "device kernel image is invalid", D::CodeObject,
     "module.not-a-code-object cov.unsupported-version bundle.compressed", S::Warning,
     QT_TRANSLATE_NOOP("hd::Diagnosis", "The runtime rejected the module image"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "The bytes given to the module loader are not a code object it can read: a host file, an "
         "empty or truncated file, or a code object version / bundle format the runtime does not "
         "know."),
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "Give the file to hipdoctor-cli diagnose FILE to see what it is."),
     false},
    {218, "hipErrorInvalidKernelFile", "CUDA_ERROR_INVALID_PTX", "cudaErrorInvalidPtx",
     "invalid kernel file|a PTX JIT compilation failed", D::CodeObject,
     "module.not-a-code-object cov.unsupported-version bundle.compressed", S::Warning,
     QT_TRANSLATE_NOOP("hd::Diagnosis", "The runtime rejected the module image"),
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "The bytes given to the module loader are not a code object it can read."),
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "Give the file to hipdoctor-cli diagnose FILE to see what it is."),
     false},
    {222, nullptr, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION", "cudaErrorUnsupportedPtxVersion",
     "the provided PTX was compiled with an unsupported toolchain|Unsupported PTX version",
     D::CodeObject, "cov.unsupported-version", S::Error,
     QT_TRANSLATE_NOOP("hd::Diagnosis", "The PTX is newer than the driver can compile"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "The PTX was produced by a newer CUDA toolkit than the installed driver's JIT supports."),
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "Update the driver, or build SASS (-gencode code=sm_XX) for the GPU."),
     false},
    {301, "hipErrorFileNotFound", "CUDA_ERROR_FILE_NOT_FOUND", "cudaErrorFileNotFound",
     "file not found", D::CodeObject, "module.not-a-code-object", S::Error,
     QT_TRANSLATE_NOOP("hd::Diagnosis", "The module file was not found"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "The module loader was given a path that does not exist (relative paths resolve against "
         "the process's working directory)."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Pass an absolute path to the code object, or check the working directory the program "
         "runs in."),
     false},
    {303, "hipErrorSharedObjectInitFailed", "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED",
     "cudaErrorSharedObjectInitFailed", "shared object initialization failed", D::CodeObject,
     "runtime.load-error arch.no-compatible-code-object module.not-a-code-object", S::Warning,
     QT_TRANSLATE_NOOP("hd::Diagnosis", "The runtime failed to load a code object"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "ROCm up to 6.0 returns 303 for a code object that does not fit the device as well as for "
         "a broken one; the error alone cannot tell which."),
     QT_TRANSLATE_NOOP("hd::Diagnosis", "Give the code object and --target to check its targets."),
     true},
    {9, "hipErrorInvalidConfiguration", nullptr, "cudaErrorInvalidConfiguration",
     "invalid configuration argument", D::None, "launch.block-too-large build.lds-exceeds-limit",
     S::Warning, QT_TRANSLATE_NOOP("hd::Diagnosis", "The launch configuration was rejected"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Usually a block larger than the kernel's maximum flat workgroup size (1024 unless "
         "__launch_bounds__ says otherwise) or more shared memory than the device has."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Launch with a smaller block, or declare __launch_bounds__(N) on the kernel for the size "
         "you use."),
     false},
    {701, "hipErrorLaunchOutOfResources", "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "cudaErrorLaunchOutOfResources", "too many resources requested for launch", D::None,
     "launch.block-too-large build.lds-exceeds-limit", S::Warning,
     QT_TRANSLATE_NOOP("hd::Diagnosis", "The launch asked for more resources than the device has"),
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "Too many registers or too much shared memory for the block size."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Launch with a smaller block, or declare __launch_bounds__(N) on the kernel."),
     false},
    {2, "hipErrorOutOfMemory", "CUDA_ERROR_OUT_OF_MEMORY", "cudaErrorMemoryAllocation",
     "out of memory", D::None, "runtime.out-of-memory", S::Warning,
     QT_TRANSLATE_NOOP("hd::Diagnosis", "The GPU ran out of memory (not a load failure)"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "The kernel and its runtime loaded; an allocation failed because the device memory is "
         "exhausted."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Reduce the batch or problem size, free cached memory, or use a GPU with more memory."),
     false},
    {700, "hipErrorIllegalAddress", "CUDA_ERROR_ILLEGAL_ADDRESS", "cudaErrorIllegalAddress",
     "an illegal memory access was encountered", D::None, "runtime.memory-fault", S::Warning,
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "A kernel accessed invalid GPU memory (not a load failure)"),
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "The kernel loaded and ran, then faulted on an address it may not access."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Check the kernel's indexing and buffer sizes; run with HIP_LAUNCH_BLOCKING=1 (or "
         "CUDA_LAUNCH_BLOCKING=1) to find the launch that faults."),
     false},
    {719, "hipErrorLaunchFailure", "CUDA_ERROR_LAUNCH_FAILED", "cudaErrorLaunchFailure",
     "unspecified launch failure", D::None, "runtime.memory-fault", S::Warning,
     QT_TRANSLATE_NOOP("hd::Diagnosis", "A kernel failed while running (not a load failure)"),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "The kernel loaded and started, then failed (usually an invalid memory access)."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Run with HIP_LAUNCH_BLOCKING=1 to find the failing launch; check its indexing."),
     false},
    {702, "hipErrorLaunchTimeOut", "CUDA_ERROR_LAUNCH_TIMEOUT", "cudaErrorLaunchTimeout",
     "the launch timed out and was terminated", D::None, "runtime.hang", S::Warning,
     QT_TRANSLATE_NOOP("hd::Diagnosis",
                       "A kernel ran too long and was stopped (not a load failure)"),
     QT_TRANSLATE_NOOP("hd::Diagnosis", "The kernel loaded and ran, but did not finish in time (a "
                                        "hang, a deadlock or a watchdog)."),
     QT_TRANSLATE_NOOP(
         "hd::Diagnosis",
         "Find the kernel with HIP_LAUNCH_BLOCKING=1; check loops and barriers for a deadlock."),
     false},
};

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

const QList<RuntimeErrorMeaning> &runtimeErrorMeanings() {
    return kMeanings;
}

const RuntimeErrorMeaning *runtimeErrorMeaning(int code) {
    for (const RuntimeErrorMeaning &m : kMeanings)
        if (m.code == code)
            return &m;
    return nullptr;
}

const RuntimeErrorMeaning *runtimeErrorMeaningByName(const QString &name) {
    if (name.isEmpty())
        return nullptr;
    for (const RuntimeErrorMeaning &m : kMeanings)
        for (const char *n : {m.hipName, m.cudaName, m.cudaRuntimeName})
            if (n && name.compare(QLatin1String(n), Qt::CaseInsensitive) == 0)
                return &m; // old HIP printed "hipErrorNoBinaryForGPU"
    // Names of codes without a meaning row still map through their number.
    if (const int c = hipErrorCode(name); c >= 0)
        return runtimeErrorMeaning(c);
    if (const int c = cudaErrorCode(name); c >= 0)
        return runtimeErrorMeaning(c);
    if (const int c = codeIn(kCudaRuntime, name); c >= 0)
        return runtimeErrorMeaning(c);
    for (const StatusAlias &a : kStatusAliases)
        if (name == QLatin1String(a.name))
            return a.meaning >= 0 ? runtimeErrorMeaning(a.meaning) : nullptr;
    return nullptr;
}

QString runtimeStatusName(const QString &api, int code) {
    if (api == QLatin1String("hip"))
        return nameIn(kHip, code);
    if (api == QLatin1String("cuda-driver"))
        return nameIn(kCuda, code);
    if (api == QLatin1String("cuda-runtime"))
        return nameIn(kCudaRuntime, code);
    for (const StatusAlias &a : kStatusAliases)
        if (api == QLatin1String(a.api) && code == a.number)
            return QString::fromLatin1(a.name);
    return {};
}

QString runtimeStatusApi(const QString &name) {
    if (name.startsWith(QLatin1String("hipError")) || name == QLatin1String("hipSuccess"))
        return QStringLiteral("hip");
    if (name.startsWith(QLatin1String("CUDA_")))
        return QStringLiteral("cuda-driver");
    if (name.startsWith(QLatin1String("cuda")))
        return QStringLiteral("cuda-runtime");
    if (name.startsWith(QLatin1String("HSA_STATUS")))
        return QStringLiteral("hsa");
    if (name.startsWith(QLatin1String("rocblas_status")))
        return QStringLiteral("rocblas");
    if (name.startsWith(QLatin1String("HIPBLAS_STATUS")) ||
        name.startsWith(QLatin1String("hipblasStatus")))
        return QStringLiteral("hipblas");
    if (name.startsWith(QLatin1String("CUBLAS_STATUS")))
        return QStringLiteral("cublas");
    if (name.startsWith(QLatin1String("miopenStatus")))
        return QStringLiteral("miopen");
    return {};
}

const RuntimeErrorMeaning *runtimeErrorMeaningInText(const QString &line, QString *matched) {
    // A name is the strongest evidence; messages come second (several are short phrases).
    static const QRegularExpression name(QStringLiteral(
        R"(\b(hipError[A-Za-z]+|CUDA_ERROR_[A-Z_]+|cudaError[A-Za-z]+|HSA_STATUS_ERROR_[A-Z_]+|HIPBLAS_STATUS_[A-Z_]+|CUBLAS_STATUS_[A-Z_]+|rocblas_status_[a-z_]+|miopenStatus[A-Za-z]+)\b)"));
    auto it = name.globalMatch(line);
    while (it.hasNext()) {
        const QString n = it.next().captured(1);
        if (const RuntimeErrorMeaning *m = runtimeErrorMeaningByName(n)) {
            if (matched)
                *matched = n;
            return m;
        }
    }
    for (const RuntimeErrorMeaning &m : kMeanings) {
        if (!m.messages)
            continue;
        for (const QString &msg : QString::fromLatin1(m.messages).split(QLatin1Char('|'))) {
            if (line.contains(msg, Qt::CaseInsensitive)) {
                if (matched)
                    *matched = msg;
                return &m;
            }
        }
    }
    return nullptr;
}

QStringList findingIdsOf(const RuntimeErrorMeaning &m) {
    return QString::fromLatin1(m.findingIds).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

SeverityChange runtimeErrorSeverity(const RuntimeErrorMeaning &m) {
    return {m.severity,
            HD_TEXT("hd::Diagnosis", "the runtime's error alone does not prove this cause")};
}

namespace {

void applyMeaning(RuntimeErrorInfo &info, const QString &phase) {
    // invalid value at launch: usually the configuration or the arguments
    if (info.code == 1 && phase == QLatin1String("launch")) {
        info.findingIds = {QStringLiteral("launch.block-too-large"),
                           QStringLiteral("launch.args-mismatch")};
        info.ambiguous = true;
        return;
    }
    info.meaning = runtimeErrorMeaning(info.code);
    if (!info.meaning)
        return;
    info.findingIds = findingIdsOf(*info.meaning);
    info.ambiguous = info.meaning->ambiguous;
    info.direction = info.meaning->direction;
    if (info.meaning->messages)
        info.description =
            QString::fromLatin1(info.meaning->messages).section(QLatin1Char('|'), 0, 0);
    if (info.ambiguous)
        info.note = QString::fromUtf8(info.meaning->explanation);
}

} // namespace

RuntimeErrorInfo hipErrorInfo(int code, const QString &runtimeVersion, const QString &phase) {
    RuntimeErrorInfo info;
    info.code = code;
    info.name = hipErrorName(code);
    applyMeaning(info, phase);
    if (code == 303) {
        // ROCm <= 6.0 returned hipErrorSharedObjectInitFailed where 6.1+ returns
        // hipErrorNoBinaryForGpu (209) for a code object that does not fit the device.
        const QVersionNumber v = QVersionNumber::fromString(runtimeVersion);
        const bool old = v.isNull() || v < QVersionNumber(6, 1);
        info.findingIds = old ? QStringList{QStringLiteral("arch.no-compatible-code-object"),
                                            QStringLiteral("arch.feature-mismatch"),
                                            QStringLiteral("cov.unsupported-version"),
                                            QStringLiteral("module.not-a-code-object")}
                              : QStringList{QStringLiteral("module.not-a-code-object"),
                                            QStringLiteral("cov.unsupported-version"),
                                            QStringLiteral("bundle.compressed")};
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
    }
    return info;
}

RuntimeErrorInfo cudaErrorInfo(int code, const QString &phase) {
    RuntimeErrorInfo info;
    info.code = code;
    info.name = cudaErrorName(code);
    applyMeaning(info, phase);
    // CUDA has no AMD code-object formats: only ids that can hold for a cubin / fatbin / PTX.
    if (code == 209)
        info.findingIds = {QStringLiteral("arch.no-compatible-code-object")};
    if (code == 200 || code == 218) {
        info.findingIds = {QStringLiteral("module.not-a-code-object"),
                           QStringLiteral("arch.no-compatible-code-object")};
        info.ambiguous = true;
    }
    if (code == 221)
        info.findingIds = {QStringLiteral("cov.unsupported-version")};
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
    if (const RuntimeErrorMeaning *m = runtimeErrorMeaningByName(name)) {
        info.code = m->code;
        applyMeaning(info, phase);
    }
    return info;
}

} // namespace hd
