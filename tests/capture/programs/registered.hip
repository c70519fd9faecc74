// A kernel compiled into the program: its fat binary is registered at start
// (__hipRegisterFatBinary, __hipRegisterFunction) before main runs (tst_capture).
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void scale(float *x, float s, int n) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n)
        x[i] *= s;
}

int main() {
    int count = 0;
    const hipError_t e = hipGetDeviceCount(&count);
    std::printf("hipGetDeviceCount: %d (%d devices)\n", int(e), count);
    if (e != hipSuccess || count == 0)
        return 1;
    float *x = nullptr;
    if (hipMalloc(&x, 1024 * sizeof(float)) != hipSuccess)
        return 1;
    hipLaunchKernelGGL(scale, dim3(4), dim3(256), 0, 0, x, 2.0f, 1024);
    const hipError_t s = hipDeviceSynchronize();
    std::printf("launch: %d\n", int(s));
    return s == hipSuccess ? 0 : 1;
}
