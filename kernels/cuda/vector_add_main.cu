// Step 1's full program on NVIDIA: allocate, copy, launch vector_add with <<<>>> (what
// hipLaunchKernelGGL becomes on the CUDA platform), copy back and check every element. Prints
// one clear line and exits non-zero on any error, like kernels/vector_add_main.hip.
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
        const cudaError_t err_ = (call);                                                       \
        if (err_ != cudaSuccess) {                                                             \
            std::fprintf(stderr, "vector_add_main: FAILED: %s returned %s (%d): %s\n", #call,  \
                         cudaGetErrorName(err_), static_cast<int>(err_),                       \
                         cudaGetErrorString(err_));                                            \
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
    HD_CHECK(cudaGetDeviceCount(&deviceCount));
    cudaDeviceProp prop;
    HD_CHECK(cudaGetDeviceProperties(&prop, 0));
    const size_t bytes = static_cast<size_t>(n) * sizeof(float);
    std::vector<float> a(n), b(n), c(n, 0.0f);
    for (int i = 0; i < n; ++i) {
        a[i] = static_cast<float>(i);
        b[i] = 2.0f * static_cast<float>(i);
    }
    float *da = nullptr, *db = nullptr, *dc = nullptr;
    HD_CHECK(cudaMalloc(&da, bytes));
    HD_CHECK(cudaMalloc(&db, bytes));
    HD_CHECK(cudaMalloc(&dc, bytes));
    HD_CHECK(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice));
    HD_CHECK(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice));
    const int block = 256;
    const int grid = (n + block - 1) / block;
    vector_add<<<grid, block>>>(da, db, dc, n);
    HD_CHECK(cudaGetLastError());
    HD_CHECK(cudaDeviceSynchronize());
    HD_CHECK(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
        if (c[i] != a[i] + b[i]) {
            std::fprintf(stderr, "vector_add_main: FAILED: c[%d] = %g, expected %g\n", i, c[i], a[i] + b[i]);
            return 1;
        }
    }
    std::printf("vector_add_main: OK: %d elements on %s (sm_%d%d)\n", n, prop.name, prop.major, prop.minor);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    return 0;
}
