// More symbol cases in one code object: a template instance, a namespaced kernel, a static and
// an anonymous-namespace kernel (internal linkage), a __device__ function (not a kernel) and
// one well-formed extern "C" kernel.
#include <hip/hip_runtime.h>

template <typename T> __global__ void scaleArray(T *x, T s, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= s;
}
template __global__ void scaleArray<float>(float *, float, int);

namespace blas {
__global__ void saxpy(float a, const float *x, float *y, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}
} // namespace blas

static __global__ void reduceStatic(float *x) {
    x[threadIdx.x] += 1.0f;
}
namespace {
__global__ void reduceHidden(float *x) {
    x[threadIdx.x] -= 1.0f;
}
} // namespace

__device__ __attribute__((noinline)) float clampValue(float v) {
    return v < 0.0f ? 0.0f : v;
}

extern "C" __global__ void clampAll(float *x, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = clampValue(x[i]);
}

// Host launchers keep the internal kernels referenced.
void launchInternal(float *x) {
    hipLaunchKernelGGL(reduceStatic, dim3(1), dim3(64), 0, 0, x);
    hipLaunchKernelGGL(reduceHidden, dim3(1), dim3(64), 0, 0, x);
}
