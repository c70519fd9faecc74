// Opens the HIP runtime with dlopen and calls it only through dlsym pointers, the way Triton's
// drivers do (tst_capture): dlopen_runtime FILE NAME loads the code object FILE from memory and
// looks NAME up. No HIP header, no link against the runtime.
#include <dlfcn.h>

#include <cstdio>
#include <vector>

using InitFn = int (*)(unsigned);
using LoadDataFn = int (*)(void **, const void *);
using GetFunctionFn = int (*)(void **, void *, const char *);

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: dlopen_runtime FILE NAME\n");
        return 2;
    }
    void *hip = dlopen("libamdhip64.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!hip)
        hip = dlopen("libamdhip64.so", RTLD_NOW | RTLD_LOCAL);
    if (!hip) {
        std::fprintf(stderr, "no HIP runtime: %s\n", dlerror());
        return 3;
    }
    auto init = reinterpret_cast<InitFn>(dlsym(hip, "hipInit"));
    auto loadData = reinterpret_cast<LoadDataFn>(dlsym(hip, "hipModuleLoadData"));
    auto getFunction = reinterpret_cast<GetFunctionFn>(dlsym(hip, "hipModuleGetFunction"));
    if (!init || !loadData || !getFunction)
        return 4;
    std::FILE *f = std::fopen(argv[1], "rb");
    if (!f)
        return 5;
    std::vector<char> image;
    char buf[65536];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
        image.insert(image.end(), buf, buf + n);
    std::fclose(f);
    std::printf("hipInit: %d\n", init(0));
    void *module = nullptr;
    const int load = loadData(&module, image.data());
    std::printf("hipModuleLoadData: %d\n", load);
    void *function = nullptr;
    const int get = getFunction(&function, module, argv[2]);
    std::printf("hipModuleGetFunction: %d\n", get);
    return load ? load : get;
}
