// Scenario 7: built with plain `hipcc s07_default_target.hip` (no --offload-arch) on a host
// without a GPU: clang picks its default target (gfx803 for Debian's clang 15).
#include <hip/hip_runtime.h>

#include <cstdio>

extern "C" __global__ void fill(int *out, int value) {
    out[threadIdx.x] = value;
}

int main() {
    int *d = nullptr;
    if (hipMalloc(&d, 64 * sizeof(int)) != hipSuccess) {
        std::puts("no device");
        return 1;
    }
    hipLaunchKernelGGL(fill, dim3(1), dim3(64), 0, 0, d, 7);
    const hipError_t e = hipDeviceSynchronize();
    std::printf("%s\n", hipGetErrorName(e));
    return e == hipSuccess ? 0 : 1;
}
