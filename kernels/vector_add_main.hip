// Step 1's full program: allocate, copy, launch vector_add with hipLaunchKernelGGL, copy back
// and check every element. Prints one clear line and exits non-zero on any HIP error
// (including "no device"), so a caller can tell which call failed from the output alone.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" __global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n)
        c[i] = a[i] + b[i];
}

#define HD_CHECK(call)                                                                         \
    do {                                                                                       \
        const hipError_t err_ = (call);                                                        \
        if (err_ != hipSuccess) {                                                              \
            std::fprintf(stderr, "vector_add_main: FAILED: %s returned %s (%d): %s\n", #call,  \
                         hipGetErrorName(err_), static_cast<int>(err_),                        \
                         hipGetErrorString(err_));                                             \
            return 1;                                                                          \
        }                                                                                      \
    } while (0)

int main(int argc, char **argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
    if (n <= 0) {
        std::fprintf(stderr, "vector_add_main: FAILED: element count must be positive\n");
        return 2;
    }
    int deviceCount = 0;
    HD_CHECK(hipGetDeviceCount(&deviceCount));
    if (deviceCount == 0) {
        std::fprintf(stderr, "vector_add_main: FAILED: no HIP device\n");
        return 1;
    }
    hipDeviceProp_t prop;
    HD_CHECK(hipGetDeviceProperties(&prop, 0));

    const size_t bytes = static_cast<size_t>(n) * sizeof(float);
    std::vector<float> a(n), b(n), c(n, 0.0f);
    for (int i = 0; i < n; ++i) {
        a[i] = static_cast<float>(i);
        b[i] = 2.0f * static_cast<float>(i);
    }
    float *da = nullptr, *db = nullptr, *dc = nullptr;
    HD_CHECK(hipMalloc(&da, bytes));
    HD_CHECK(hipMalloc(&db, bytes));
    HD_CHECK(hipMalloc(&dc, bytes));
    HD_CHECK(hipMemcpy(da, a.data(), bytes, hipMemcpyHostToDevice));
    HD_CHECK(hipMemcpy(db, b.data(), bytes, hipMemcpyHostToDevice));
    const int block = 256;
    const int grid = (n + block - 1) / block;
    hipLaunchKernelGGL(vector_add, dim3(grid), dim3(block), 0, 0, da, db, dc, n);
    HD_CHECK(hipGetLastError());
    HD_CHECK(hipDeviceSynchronize());
    HD_CHECK(hipMemcpy(c.data(), dc, bytes, hipMemcpyDeviceToHost));
    HD_CHECK(hipFree(da));
    HD_CHECK(hipFree(db));
    HD_CHECK(hipFree(dc));

    for (int i = 0; i < n; ++i) {
        if (c[i] != a[i] + b[i]) {
            std::fprintf(stderr, "vector_add_main: FAILED: c[%d] = %g, expected %g\n", i,
                         static_cast<double>(c[i]), static_cast<double>(a[i] + b[i]));
            return 1;
        }
    }
    std::printf("vector_add_main: PASSED: %d elements on %s (%s)\n", n, prop.name,
                prop.gcnArchName);
    return 0;
}
