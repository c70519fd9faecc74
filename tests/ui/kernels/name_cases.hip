// The name box's cases in one real host library: an extern "C" kernel (exact match), a kernel
// without extern "C" (only its mangled name exists), and a host function shaped like a kernel
// (what a port that dropped __global__ leaves behind: not a kernel).
#include <hip/hip_runtime.h>

extern "C" __global__ void exact_kernel(float *x, int n)
{
    const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n)
        x[i] *= 2.0f;
}

__global__ void scale(float *x, float factor, int n)
{
    const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n)
        x[i] *= factor;
}

extern "C" void saxpy_host(float a, const float *x, float *y, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] += a * x[i];
}

extern "C" int launch_scale(float *x, float factor, int n)
{
    hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, 0, x, factor, n);
    return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
