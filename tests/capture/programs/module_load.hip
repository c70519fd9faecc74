// Loads a code object from a file and looks a kernel up by the name given (tst_capture):
// module_load FILE NAME [abort]. Prints each call's result and exits with the first failure's
// number, or aborts (a program that dies keeps its record).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: module_load FILE NAME\n");
        return 2;
    }
    hipModule_t module = nullptr;
    const hipError_t load = hipModuleLoad(&module, argv[1]);
    std::printf("hipModuleLoad: %d\n", int(load));
    hipFunction_t function = nullptr;
    const hipError_t get = hipModuleGetFunction(&function, module, argv[2]);
    std::printf("hipModuleGetFunction: %d\n", int(get));
    std::fflush(stdout);
    if (argc > 3 && std::strcmp(argv[3], "abort") == 0)
        std::abort();
    return load != hipSuccess ? int(load) : int(get);
}
