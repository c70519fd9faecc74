// Compiled, never run: app/probe/hip_abi.h against one HIP header set (tst_probe against this
// machine's, tst_runtime_matrix against each root's; docs/protocol.md). Any mismatch of a
// layout, of the entry point a header maps hipGetDeviceProperties to, or of an attribute
// number fails the compile with the message of its static_assert.

#include <hip/hip_runtime_api.h>
#if HIP_VERSION_MAJOR >= 6
#include <hip/hip_deprecated.h> // hipDeviceProp_tR0000
#endif

#include "hip_abi.h"

#include <cstddef>
#include <string_view>

using namespace hdprobe;

#define HD_STRING2(x) #x
#define HD_STRING(x) HD_STRING2(x)

#if HIP_VERSION_MAJOR >= 6
static_assert(sizeof(hipDeviceProp_t) == kPropsR0600.size, "R0600 size");
static_assert(offsetof(hipDeviceProp_t, gcnArchName) == kPropsR0600.gcnArchName,
              "R0600 gcnArchName offset");
static_assert(std::string_view(HD_STRING(hipGetDeviceProperties)) == kPropsR0600.entry,
              "the header maps hipGetDeviceProperties to another entry point");
// The old layout, kept in the header for binaries built against ROCm 5.
static_assert(sizeof(hipDeviceProp_tR0000) == kPropsR0000.size, "R0000 size");
static_assert(offsetof(hipDeviceProp_tR0000, gcnArchName) == kPropsR0000.gcnArchName,
              "R0000 gcnArchName offset");
#else
static_assert(sizeof(hipDeviceProp_t) == kPropsR0000.size, "R0000 size");
static_assert(offsetof(hipDeviceProp_t, gcnArchName) == kPropsR0000.gcnArchName,
              "R0000 gcnArchName offset");
static_assert(std::string_view(HD_STRING(hipGetDeviceProperties)) == kPropsR0000.entry,
              "the header maps hipGetDeviceProperties to another entry point");
#endif
static_assert(sizeof(hipDeviceProp_t::gcnArchName) == kGcnArchNameSize, "gcnArchName size");

static_assert(hipDeviceAttributeComputeCapabilityMajor == kHipAttributes.ccMajor);
static_assert(hipDeviceAttributeComputeCapabilityMinor == kHipAttributes.ccMinor);
static_assert(hipDeviceAttributeMaxThreadsPerBlock == kHipAttributes.maxThreadsPerBlock);
static_assert(hipDeviceAttributeMultiprocessorCount == kHipAttributes.multiprocessorCount);
static_assert(hipDeviceAttributeWarpSize == kHipAttributes.warpSize);
static_assert(hipDeviceAttributeMaxSharedMemoryPerBlock == kHipAttributes.maxSharedPerBlock);
static_assert(hipDeviceAttributePciBusId == kHipAttributes.pciBus);
static_assert(hipDeviceAttributePciDeviceId == kHipAttributes.pciDevice);
static_assert(hipDeviceAttributePciDomainID == kHipAttributes.pciDomain);
