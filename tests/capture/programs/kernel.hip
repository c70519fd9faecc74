// A kernel with C++ linkage: its symbol is the mangled _Z6vecAddPKfS0_Pfi (docs/capture.md).
#include <hip/hip_runtime.h>

__global__ void vecAdd(const float *a, const float *b, float *c, int n) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n)
        c[i] = a[i] + b[i];
}
