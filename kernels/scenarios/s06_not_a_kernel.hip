// Scenario 6: `__global__` lost in porting. scaleRows looks like a kernel (it indexes with a
// thread id parameter) but is compiled as host code; only normalize is a real kernel.
#include <hip/hip_runtime.h>

// hipify left this without __global__: it is a plain host function now.
void scaleRows(float *data, float factor, int n, int tid) {
    if (tid < n)
        data[tid] *= factor;
}

extern "C" __global__ void normalize(float *data, float norm, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] /= norm;
}
