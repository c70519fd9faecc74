// A well-formed extern "C" kernel: scenarios 2, 3, 4, 5 and 8 build it with different options.
#include <hip/hip_runtime.h>

extern "C" __global__ void vector_add(const float *a, const float *b, float *c, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

// A host entry point so the shared-library builds have something to call.
extern "C" int launch_vector_add(const float *a, const float *b, float *c, int n) {
    hipLaunchKernelGGL(vector_add, dim3((n + 255) / 256), dim3(256), 0, 0, a, b, c, n);
    return hipGetLastError() == hipSuccess ? 0 : 1;
}
