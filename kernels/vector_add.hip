// The baseline kernel: c[i] = a[i] + b[i]. extern "C" so the module API finds it by its plain
// name ("vector_add") through hipModuleGetFunction.
#include <hip/hip_runtime.h>

extern "C" __global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n)
        c[i] = a[i] + b[i];
}
