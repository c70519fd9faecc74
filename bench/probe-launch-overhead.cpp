// Bare program for the probe's launch-overhead comparison (docs/performance.md, "Probe"):
// the same CUDA driver calls the probe's cuda backend makes for a launch request, in the same
// order and with the same timing points. Between launches both do only those calls and store
// two numbers in a preallocated array; the probe writes its protocol lines after its loop. Linked
// against libcuda directly. Prints the probe's "timing" lines for launch (host enqueue) and kernel
// (device events) so the two outputs compare field by field.
//
//   probe-launch-overhead CUBIN KERNEL N REPEATS GRID BLOCK

#include <cuda.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        CUresult r_ = (call);                                                                      \
        if (r_ != CUDA_SUCCESS) {                                                                  \
            const char *n_ = nullptr;                                                              \
            cuGetErrorName(r_, &n_);                                                               \
            std::fprintf(stderr, "%s returned %d (%s)\n", #call, int(r_), n_ ? n_ : "?");          \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

static void stats(const char *name, std::vector<double> v) {
    std::sort(v.begin(), v.end());
    double median = v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
    std::printf("{\"event\":\"timing\",\"name\":\"%s\",\"count\":%zu,\"min\":%.6f,\"median\":%.6f,"
                "\"max\":%.6f}\n",
                name, v.size(), v.front(), median, v.back());
}

int main(int argc, char **argv) {
    if (argc != 7) {
        std::fprintf(stderr, "usage: %s CUBIN KERNEL N REPEATS GRID BLOCK\n", argv[0]);
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    std::vector<char> image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    image.push_back('\0');
    const int n = std::atoi(argv[3]), repeats = std::atoi(argv[4]);
    const unsigned grid = unsigned(std::atoi(argv[5])), block = unsigned(std::atoi(argv[6]));

    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    CUfunction fn;
    CHECK(cuInit(0));
    CHECK(cuDeviceGet(&dev, 0));
    CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CHECK(cuCtxSetCurrent(ctx));
    CHECK(cuModuleLoadData(&mod, image.data()));
    CHECK(cuModuleGetFunction(&fn, mod, argv[2]));
    const size_t bytes = size_t(n) * sizeof(float);
    std::vector<float> a(static_cast<size_t>(n)), b(static_cast<size_t>(n)),
        c(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
        a[size_t(i)] = float(i % 1000) / 8.0f;
        b[size_t(i)] = float((i * 7) % 1000) / 8.0f;
    }
    CUdeviceptr da, db, dc;
    CHECK(cuMemAlloc(&da, bytes));
    CHECK(cuMemAlloc(&db, bytes));
    CHECK(cuMemAlloc(&dc, bytes));
    CHECK(cuMemcpyHtoD(da, a.data(), bytes));
    CHECK(cuMemcpyHtoD(db, b.data(), bytes));
    CHECK(cuMemcpyHtoD(dc, c.data(), bytes));
    void *params[] = {&da, &db, &dc, const_cast<int *>(&n)};
    CUevent start, stop;
    CHECK(cuEventCreate(&start, 0));
    CHECK(cuEventCreate(&stop, 0));
    // Preallocated and touched before the loop, like the probe's samples: the loop itself
    // allocates nothing and writes nothing.
    std::vector<double> launch(static_cast<size_t>(repeats)), kernel(static_cast<size_t>(repeats));
    for (size_t r = 0; r < size_t(repeats); ++r) {
        // Same calls, order and timing points as the probe's launchLoop (cuda backend).
        CHECK(cuEventRecord(start, nullptr));
        const auto t0 = std::chrono::steady_clock::now();
        CUresult lr = cuLaunchKernel(fn, grid, 1, 1, block, 1, 1, 0, nullptr, params, nullptr);
        const auto t1 = std::chrono::steady_clock::now();
        launch[r] = std::chrono::duration<double, std::milli>(t1 - t0).count();
        CHECK(lr);
        CHECK(cuEventRecord(stop, nullptr));
        CHECK(cuEventSynchronize(stop));
        float ms = 0;
        CHECK(cuEventElapsedTime(&ms, start, stop));
        kernel[r] = ms;
    }
    CHECK(cuCtxSynchronize());
    CHECK(cuMemcpyDtoH(c.data(), dc, bytes));
    long bad = 0;
    for (int i = 0; i < n; ++i)
        if (c[size_t(i)] != a[size_t(i)] + b[size_t(i)])
            ++bad;
    stats("launch", launch);
    stats("kernel", kernel);
    std::printf("{\"event\":\"result\",\"status\":\"%s\",\"message\":\"bare program, %d launches, "
                "%ld mismatches\"}\n",
                bad ? "error" : "ok", repeats, bad);
    return bad ? 1 : 0;
}
