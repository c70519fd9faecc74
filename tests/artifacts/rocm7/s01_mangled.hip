// Scenario 1: a kernel declared without extern "C", looked up by its plain name. The code
// object holds it only as _Z6vecAddPKfS0_Pfi, so hipModuleGetFunction(..., "vecAdd") fails.
#include <hip/hip_runtime.h>

__global__ void vecAdd(const float *a, const float *b, float *c, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}
