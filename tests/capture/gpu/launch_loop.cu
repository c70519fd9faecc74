// 100,000 launches of an empty kernel, timed in the program (bench: capture overhead).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void empty() {}

int main(int argc, char **argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 100000;
    empty<<<1, 1>>>();
    cudaDeviceSynchronize();
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i)
        empty<<<1, 1>>>();
    cudaDeviceSynchronize();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%d launches: %.3f s (%s)\n", n, s, cudaGetErrorName(cudaGetLastError()));
    return 0;
}
