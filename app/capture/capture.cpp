// libhipdoctor-capture.so: records what a program hands the HIP and CUDA runtimes
// (docs/capture.md). Loaded with LD_PRELOAD by `hipdoctor-cli capture`; writes one JSON line per
// call to $HIPDOCTOR_CAPTURE_DIR/calls-PID.jsonl and each image once to images/HASH.
//
// Three ways in, one wrapper per function and slot:
// - the exported names below interpose programs linked against the runtimes (slot 0, the real
//   function found after this library, or in a runtime opened with dlopen);
// - dlsym is interposed: a runtime opened with dlopen and called through dlsym pointers gets a
//   wrapper bound to the pointer dlsym found (slots 1..3);
// - cuGetProcAddress (the CUDA runtime resolves the driver through it) hands out wrappers too.
// Rules: never change an argument or a result; forward unchanged when recording fails; bounded
// memory (no allocation on the call path); each line written with one write() as it happens.

#include "image.h"

#include <atomic>
#include <cerrno>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <tuple>
#include <type_traits>
#include <unistd.h>

// --- The runtimes' types, as far as the records read them ------------------------------------
namespace hdcapture::abi {
struct dim3 {
    unsigned x, y, z;
};
struct CUlaunchConfig {
    unsigned gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes;
    void *hStream;
    void *attrs;
    unsigned numAttrs;
};
} // namespace hdcapture::abi
using hdcapture::abi::CUlaunchConfig;
using hdcapture::abi::dim3;

namespace {
// hipDeviceProp_t::gcnArchName offsets (app/probe/hip_abi.h): R0000 layout and R0600 layout.
constexpr std::size_t kGcnArchR0000 = 396, kGcnArchR0600 = 1160;

// --- Settings and output ----------------------------------------------------------------------
constexpr std::size_t kLine = 8192;                       // one record at most
constexpr std::size_t kImageCap = std::size_t(512) << 20; // one image saved at most
constexpr int kLaunchesWritten = 8;                       // per function, then counted
constexpr int kSlots = 4;                                 // 0: exported name; 1..3: pointers

std::atomic<int> g_fd{-2}; // -2: not opened yet (or since a fork); -1: recording off
std::atomic<int> g_pid{0};
std::atomic<std::uint64_t> g_seq{0};
std::atomic<std::uint64_t> g_saved{0};
std::uint64_t g_budget = std::uint64_t(1) << 30; // bytes of images saved in all
char g_dir[1024];
pthread_mutex_t g_openLock = PTHREAD_MUTEX_INITIALIZER;
thread_local int t_depth = 0;

std::uint64_t nowNs() {
    timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return std::uint64_t(ts.tv_sec) * 1000000000ull + std::uint64_t(ts.tv_nsec);
}

void writeProcessLine(int fd, int pid);

// A forked child writes its own file: the parent's descriptor is closed, the next call opens.
void forkedChild() {
    const int fd = g_fd.load();
    if (fd >= 0)
        close(fd);
    g_fd.store(-2);
    pthread_mutex_init(&g_openLock, nullptr);
}

// Opens this process's record file once per process (again after a fork).
int recordFd() {
    // Fast path without a system call: a fork in between resets g_fd (forkedChild).
    int fd = g_fd.load(std::memory_order_acquire);
    if (fd != -2)
        return fd;
    pthread_mutex_lock(&g_openLock);
    fd = g_fd.load();
    if (fd == -2) {
        const int pid = int(getpid());
        const char *dir = getenv("HIPDOCTOR_CAPTURE_DIR");
        int nfd = -1;
        if (dir && *dir && std::strlen(dir) < sizeof g_dir - 64) {
            std::strcpy(g_dir, dir);
            if (const char *b = getenv("HIPDOCTOR_CAPTURE_IMAGE_BUDGET"))
                g_budget = std::strtoull(b, nullptr, 10);
            char path[1200];
            std::snprintf(path, sizeof path, "%s/images", g_dir);
            mkdir(path, 0755);
            std::snprintf(path, sizeof path, "%s/calls-%d.jsonl", g_dir, pid);
            nfd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        }
        g_seq.store(0);
        g_pid.store(pid);
        g_fd.store(nfd, std::memory_order_release);
        fd = nfd;
        if (fd >= 0)
            writeProcessLine(fd, pid);
    }
    pthread_mutex_unlock(&g_openLock);
    return fd;
}

// A record line under construction: bounded, silently truncated (closed as valid JSON).
struct Line {
    char buf[kLine];
    std::size_t n = 0;
    bool first = true;
    void raw(const char *s, std::size_t len) {
        if (n + len + 8 > kLine)
            len = n + 8 < kLine ? kLine - n - 8 : 0;
        std::memcpy(buf + n, s, len);
        n += len;
    }
    void raw(const char *s) { raw(s, std::strlen(s)); }
    void key(const char *k) {
        raw(first ? "{\"" : ",\"");
        first = false;
        raw(k);
        raw("\":");
    }
    void str(const char *k, const char *v, std::size_t max = 4096) {
        key(k);
        if (!v) {
            raw("null");
            return;
        }
        raw("\"");
        for (std::size_t i = 0; v[i] && i < max; ++i) {
            const unsigned char c = static_cast<unsigned char>(v[i]);
            char esc[8];
            if (c == '"' || c == '\\') {
                esc[0] = '\\';
                esc[1] = char(c);
                raw(esc, 2);
            } else if (c < 0x20) {
                std::snprintf(esc, sizeof esc, "\\u%04x", c);
                raw(esc);
            } else {
                raw(reinterpret_cast<const char *>(&v[i]), 1);
            }
        }
        raw("\"");
    }
    void num(const char *k, long long v) {
        char b[32];
        key(k);
        raw(b, std::size_t(std::snprintf(b, sizeof b, "%lld", v)));
    }
    void unum(const char *k, unsigned long long v) {
        char b[32];
        key(k);
        raw(b, std::size_t(std::snprintf(b, sizeof b, "%llu", v)));
    }
    void ptr(const char *k, const void *p) {
        char b[32];
        std::snprintf(b, sizeof b, "0x%llx",
                      static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(p)));
        str(k, b);
    }
    void dims(const char *k, unsigned x, unsigned y, unsigned z) {
        char b[64];
        key(k);
        raw(b, std::size_t(std::snprintf(b, sizeof b, "[%u,%u,%u]", x, y, z)));
    }
    void write(int fd) {
        raw("}\n", 0); // reserve
        buf[n++] = '}';
        buf[n++] = '\n';
        std::size_t off = 0;
        while (off < n) {
            const ssize_t w = ::write(fd, buf + off, n - off);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                return;
            off += std::size_t(w);
        }
    }
};

// --- Images -----------------------------------------------------------------------------------
// Saves the image once under images/HASH (content-addressed) and adds image fields to the line.
void addImageSized(Line &L, const void *image, std::size_t fileSize, const char *prefix = "image") {
    if (!image)
        return;
    std::size_t size = 0;
    const hdcapture::ImageKind kind = hdcapture::imageKindAndSize(image, &size);
    if (fileSize)
        size = fileSize;
    char k[64];
    std::snprintf(k, sizeof k, "%s_kind", prefix);
    L.str(k, hdcapture::imageKindName(kind));
    if (size == 0 || size > kImageCap) {
        std::snprintf(k, sizeof k, "%s_size", prefix);
        L.unum(k, size);
        std::snprintf(k, sizeof k, "%s_not_saved", prefix);
        L.str(k, size ? "larger than the cap" : "no size in its header");
        return;
    }
    char hash[24];
    std::snprintf(hash, sizeof hash, "%016llx",
                  static_cast<unsigned long long>(hdcapture::contentHash(image, size)));
    L.str(prefix, hash);
    std::snprintf(k, sizeof k, "%s_size", prefix);
    L.unum(k, size);
    char targets[1024];
    hdcapture::imageTargets(image, kind, size, targets, sizeof targets);
    if (targets[0]) {
        std::snprintf(k, sizeof k, "%s_targets", prefix);
        L.str(k, targets);
    }
    char path[1200];
    std::snprintf(path, sizeof path, "%s/images/%s", g_dir, hash);
    if (access(path, F_OK) == 0)
        return;
    if (g_saved.load() + size > g_budget) {
        std::snprintf(k, sizeof k, "%s_not_saved", prefix);
        L.str(k, "image budget spent");
        return;
    }
    g_saved.fetch_add(size);
    char tmp[1300];
    std::snprintf(tmp, sizeof tmp, "%s/images/.%s.%d.%ld.tmp", g_dir, hash, int(getpid()),
                  long(syscall(SYS_gettid)));
    const int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    const char *p = static_cast<const char *>(image);
    std::size_t off = 0;
    bool ok = true;
    while (off < size) {
        const ssize_t w = ::write(fd, p + off, size - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            ok = false;
            break;
        }
        off += std::size_t(w);
    }
    close(fd);
    if (ok)
        rename(tmp, path);
    else
        unlink(tmp);
}

void addImage(Line &L, const void *image) {
    addImageSized(L, image, 0);
}

// A file the runtime is asked to load: saved like a memory image (the file may change later,
// a cache entry replaced), its size the file's.
void addFileImage(Line &L, const char *path) {
    if (!path)
        return;
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    struct stat st {};
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 16 &&
        std::size_t(st.st_size) <= kImageCap) {
        void *m = mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
        if (m != MAP_FAILED) {
            addImageSized(L, m, std::size_t(st.st_size));
            munmap(m, std::size_t(st.st_size));
        }
    }
    close(fd);
}

void writeProcessLine(int fd, int pid) {
    Line L;
    L.unum("seq", 0);
    L.str("call", "process");
    L.num("pid", pid);
    L.num("ppid", getppid());
    char buf[4096];
    if (getcwd(buf, sizeof buf))
        L.str("cwd", buf);
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0) {
        buf[n] = 0;
        L.str("exe", buf);
    }
    L.unum("t_ns", nowNs());
    L.str("format", "hipdoctor-capture 1");
    L.write(fd);
}

// --- Result names -----------------------------------------------------------------------------
const char *hipErrorName(long long r) {
    switch (r) {
    case 0:
        return "hipSuccess";
    case 1:
        return "hipErrorInvalidValue";
    case 2:
        return "hipErrorOutOfMemory";
    case 3:
        return "hipErrorNotInitialized";
    case 98:
        return "hipErrorInvalidDeviceFunction";
    case 100:
        return "hipErrorNoDevice";
    case 101:
        return "hipErrorInvalidDevice";
    case 200:
        return "hipErrorInvalidImage";
    case 201:
        return "hipErrorInvalidContext";
    case 209:
        return "hipErrorNoBinaryForGpu";
    case 218:
        return "hipErrorInvalidKernelFile";
    case 301:
        return "hipErrorFileNotFound";
    case 302:
        return "hipErrorSharedObjectSymbolNotFound";
    case 303:
        return "hipErrorSharedObjectInitFailed";
    case 400:
        return "hipErrorInvalidHandle";
    case 500:
        return "hipErrorNotFound";
    case 701:
        return "hipErrorLaunchOutOfResources";
    case 999:
        return "hipErrorUnknown";
    }
    return nullptr;
}
const char *cuErrorName(long long r) {
    switch (r) {
    case 0:
        return "CUDA_SUCCESS";
    case 1:
        return "CUDA_ERROR_INVALID_VALUE";
    case 2:
        return "CUDA_ERROR_OUT_OF_MEMORY";
    case 3:
        return "CUDA_ERROR_NOT_INITIALIZED";
    case 4:
        return "CUDA_ERROR_DEINITIALIZED";
    case 34:
        return "CUDA_ERROR_STUB_LIBRARY";
    case 35:
        return "CUDA_ERROR_DEVICE_UNAVAILABLE";
    case 100:
        return "CUDA_ERROR_NO_DEVICE";
    case 101:
        return "CUDA_ERROR_INVALID_DEVICE";
    case 200:
        return "CUDA_ERROR_INVALID_IMAGE";
    case 201:
        return "CUDA_ERROR_INVALID_CONTEXT";
    case 209:
        return "CUDA_ERROR_NO_BINARY_FOR_GPU";
    case 218:
        return "CUDA_ERROR_INVALID_PTX";
    case 221:
        return "CUDA_ERROR_JIT_COMPILER_NOT_FOUND";
    case 222:
        return "CUDA_ERROR_UNSUPPORTED_PTX_VERSION";
    case 224:
        return "CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC";
    case 301:
        return "CUDA_ERROR_FILE_NOT_FOUND";
    case 400:
        return "CUDA_ERROR_INVALID_HANDLE";
    case 500:
        return "CUDA_ERROR_NOT_FOUND";
    case 701:
        return "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES";
    case 999:
        return "CUDA_ERROR_UNKNOWN";
    }
    return nullptr;
}
const char *rtcResultName(long long r) {
    switch (r) {
    case 0:
        return "SUCCESS";
    case 6:
        return "COMPILATION";
    }
    return nullptr;
}

// --- The functions recorded -------------------------------------------------------------------
// X(name, family, return type, (parameters), (arguments), enter line?)
// family: 0 HIP, 1 CUDA driver, 2 registration (no result), 3 RTC.
#define HD_APIS(X)                                                                                 \
    X(hipInit, 0, int, (unsigned f), (f), 0)                                                       \
    X(hipGetDeviceCount, 0, int, (int *c), (c), 0)                                                 \
    X(hipGetDeviceProperties, 0, int, (void *p, int d), (p, d), 0)                                 \
    X(hipGetDevicePropertiesR0600, 0, int, (void *p, int d), (p, d), 0)                            \
    X(hipModuleLoad, 0, int, (void **m, const char *f), (m, f), 1)                                 \
    X(hipModuleLoadData, 0, int, (void **m, const void *i), (m, i), 1)                             \
    X(hipModuleLoadDataEx, 0, int, (void **m, const void *i, unsigned n, void *o, void **v),       \
      (m, i, n, o, v), 1)                                                                          \
    X(hipModuleGetFunction, 0, int, (void **fn, void *m, const char *k), (fn, m, k), 1)            \
    X(hipModuleGetGlobal, 0, int, (void **d, std::size_t *b, void *m, const char *k),              \
      (d, b, m, k), 1)                                                                             \
    X(hipModuleLaunchKernel, 0, int,                                                               \
      (void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,      \
       unsigned sh, void *st, void **pa, void **ex),                                               \
      (f, gx, gy, gz, bx, by, bz, sh, st, pa, ex), 0)                                              \
    X(hipLaunchKernel, 0, int,                                                                     \
      (const void *f, dim3 g, dim3 b, void **a, std::size_t sh, void *st), (f, g, b, a, sh, st),   \
      0)                                                                                           \
    X(hipModuleUnload, 0, int, (void *m), (m), 0)                                                  \
    X(__hipRegisterFatBinary, 2, void **, (const void *w), (w), 1)                                 \
    X(__hipRegisterFunction, 2, void,                                                              \
      (void **m, const void *h, char *df, const char *dn, unsigned tl, void *t, void *b, void *bd, \
       void *gd, int *ws),                                                                         \
      (m, h, df, dn, tl, t, b, bd, gd, ws), 0)                                                     \
    X(__hipRegisterVar, 2, void,                                                                   \
      (void **m, void *v, char *hv, char *dv, int e, std::size_t s, int c, int g),                 \
      (m, v, hv, dv, e, s, c, g), 0)                                                               \
    X(hiprtcCompileProgram, 3, int, (void *p, int n, const char **o), (p, n, o), 1)                \
    X(cuInit, 1, int, (unsigned f), (f), 0)                                                        \
    X(cuDeviceGetAttribute, 1, int, (int *v, int a, int d), (v, a, d), 0)                          \
    X(cuModuleLoad, 1, int, (void **m, const char *f), (m, f), 1)                                  \
    X(cuModuleLoadData, 1, int, (void **m, const void *i), (m, i), 1)                              \
    X(cuModuleLoadDataEx, 1, int, (void **m, const void *i, unsigned n, void *o, void **v),        \
      (m, i, n, o, v), 1)                                                                          \
    X(cuModuleLoadFatBinary, 1, int, (void **m, const void *i), (m, i), 1)                         \
    X(cuLibraryLoadData, 1, int,                                                                   \
      (void **l, const void *c, void *jo, void **jv, unsigned nj, void *lo, void **lv,             \
       unsigned nl),                                                                               \
      (l, c, jo, jv, nj, lo, lv, nl), 1)                                                           \
    X(cuLibraryLoadFromFile, 1, int,                                                               \
      (void **l, const char *f, void *jo, void **jv, unsigned nj, void *lo, void **lv,             \
       unsigned nl),                                                                               \
      (l, f, jo, jv, nj, lo, lv, nl), 1)                                                           \
    X(cuModuleGetFunction, 1, int, (void **fn, void *m, const char *k), (fn, m, k), 1)             \
    X(cuLibraryGetKernel, 1, int, (void **fn, void *l, const char *k), (fn, l, k), 1)              \
    X(cuLaunchKernel, 1, int,                                                                      \
      (void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,      \
       unsigned sh, void *st, void **pa, void **ex),                                               \
      (f, gx, gy, gz, bx, by, bz, sh, st, pa, ex), 0)                                              \
    X(cuLaunchKernelEx, 1, int, (const CUlaunchConfig *c, void *f, void **pa, void **ex),          \
      (c, f, pa, ex), 0)                                                                           \
    X(__cudaRegisterFatBinary, 2, void **, (void *w), (w), 1)                                      \
    X(__cudaRegisterFunction, 2, void,                                                             \
      (void **m, const char *h, char *df, const char *dn, int tl, void *t, void *b, void *bd,      \
       void *gd, int *ws),                                                                         \
      (m, h, df, dn, tl, t, b, bd, gd, ws), 0)                                                     \
    X(nvrtcCompileProgram, 3, int, (void *p, int n, const char *const *o), (p, n, o), 1)           \
    X(cuGetProcAddress, 1, int, (const char *s, void **pfn, int v, std::uint64_t fl),              \
      (s, pfn, v, fl), 0)                                                                          \
    X(cuGetProcAddress_v2, 1, int, (const char *s, void **pfn, int v, std::uint64_t fl, void *st), \
      (s, pfn, v, fl, st), 0)

} // namespace

// Exported names: programs linked against a runtime bind here (slot 0).
#define HD_EXPORT(name, fam, R, P, A, enter)                                                       \
    extern "C" __attribute__((visibility("default"))) R name P;
HD_APIS(HD_EXPORT)
#undef HD_EXPORT

namespace {

enum Id {
#define HD_ID(name, fam, R, P, A, enter) ID_##name,
    HD_APIS(HD_ID)
#undef HD_ID
        ID_COUNT
};

const char *const kNames[] = {
#define HD_NAME(name, fam, R, P, A, enter) #name,
    HD_APIS(HD_NAME)
#undef HD_NAME
};
const int kFamily[] = {
#define HD_FAM(name, fam, R, P, A, enter) fam,
    HD_APIS(HD_FAM)
#undef HD_FAM
};
const bool kEnter[] = {
#define HD_ENTER(name, fam, R, P, A, enter) enter != 0,
    HD_APIS(HD_ENTER)
#undef HD_ENTER
};

std::atomic<void *> g_real[ID_COUNT][kSlots];
void *g_thunk[ID_COUNT][kSlots];

// --- Finding the real functions ---------------------------------------------------------------
using DlsymFn = void *(*)(void *, const char *);
DlsymFn realDlsym() {
    static std::atomic<DlsymFn> fn{nullptr};
    DlsymFn f = fn.load(std::memory_order_acquire);
    if (!f) {
        f = reinterpret_cast<DlsymFn>(dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.34"));
        if (!f)
            f = reinterpret_cast<DlsymFn>(dlvsym(RTLD_NEXT, "dlsym", "GLIBC_2.2.5"));
        fn.store(f, std::memory_order_release);
    }
    return f;
}

bool isOurs(const void *p) {
    Dl_info mine{}, theirs{};
    if (!dladdr(reinterpret_cast<const void *>(&isOurs), &mine) || !dladdr(p, &theirs))
        return false;
    return mine.dli_fbase == theirs.dli_fbase;
}

// Runtimes opened with dlopen into a local scope are not found by RTLD_NEXT: look in every
// loaded object that is one of the runtimes.
struct Loaded {
    char names[32][512];
    int count = 0;
};
int collectRuntime(dl_phdr_info *info, std::size_t, void *data) {
    auto *l = static_cast<Loaded *>(data);
    const char *n = info->dlpi_name;
    if (!n || !*n || l->count >= 32)
        return 0;
    const char *base = std::strrchr(n, '/');
    base = base ? base + 1 : n;
    if (std::strstr(base, "amdhip64") || std::strncmp(base, "libcuda.so", 10) == 0 ||
        std::strstr(base, "hiprtc") || std::strstr(base, "nvrtc") || std::strstr(base, "cudart"))
        std::snprintf(l->names[l->count++], sizeof l->names[0], "%s", n);
    return 0;
}
void *findInRuntimes(const char *name) {
    Loaded l;
    dl_iterate_phdr(collectRuntime, &l);
    for (int i = 0; i < l.count; ++i) {
        void *h = dlopen(l.names[i], RTLD_LAZY | RTLD_NOLOAD);
        if (!h)
            continue;
        void *p = realDlsym()(h, name);
        dlclose(h);
        if (p && !isOurs(p))
            return p;
    }
    return nullptr;
}

void *realOf(int id, int slot) {
    void *p = g_real[id][slot].load(std::memory_order_acquire);
    if (p || slot != 0)
        return p;
    p = realDlsym() ? realDlsym()(RTLD_NEXT, kNames[id]) : nullptr;
    if (!p || isOurs(p))
        p = findInRuntimes(kNames[id]);
    if (p)
        g_real[id][0].store(p, std::memory_order_release);
    return p;
}

// The wrapper for a real pointer handed out by dlsym or cuGetProcAddress; the pointer itself
// when every slot is taken.
void ensureThunks();
void *wrapPointer(int id, void *real) {
    ensureThunks();
    if (!real)
        return real;
    if (isOurs(real)) // dlsym(RTLD_DEFAULT, ...) found our exported name
        return realOf(id, 0) ? real : nullptr;
    for (int s = 1; s < kSlots; ++s) {
        void *cur = g_real[id][s].load(std::memory_order_acquire);
        if (cur == real)
            return g_thunk[id][s];
        if (!cur && g_real[id][s].compare_exchange_strong(cur, real))
            return g_thunk[id][s];
        if (cur == real)
            return g_thunk[id][s];
    }
    return real;
}

int idOf(const char *name) {
    if (!name)
        return -1;
    for (int i = 0; i < ID_COUNT; ++i)
        if (std::strcmp(kNames[i], name) == 0)
            return i;
    // Versioned driver names ("cuModuleLoadDataEx_v2", "cuLaunchKernel_ptsz") keep the ABI.
    return -1;
}

// --- Launch counting: first launches of each function written, later ones counted -------------
struct LaunchCount {
    std::atomic<const void *> fn{nullptr};
    std::atomic<long long> count{0};
};
LaunchCount g_launches[4096];
// How many launches of fn came before this one (-1: table full, write it).
long long launchOrdinal(const void *fn) {
    std::size_t h = (reinterpret_cast<std::uintptr_t>(fn) >> 4) * 0x9E3779B97F4A7C15ull >> 52;
    for (std::size_t i = 0; i < 4096; ++i) {
        LaunchCount &c = g_launches[(h + i) & 4095];
        const void *cur = c.fn.load(std::memory_order_acquire);
        if (cur == fn)
            return c.count.fetch_add(1);
        if (!cur && c.fn.compare_exchange_strong(cur, fn))
            return c.count.fetch_add(1);
        if (cur == fn)
            return c.count.fetch_add(1);
    }
    return -1;
}

void writeLaunchTotals() {
    const int fd = g_fd.load();
    if (fd < 0)
        return;
    for (auto &c : g_launches) {
        const void *fn = c.fn.load();
        const long long n = c.count.load();
        if (!fn || n <= kLaunchesWritten)
            continue;
        Line L;
        L.unum("seq", g_seq.fetch_add(1) + 1);
        L.str("call", "launch-total");
        L.ptr("function", fn);
        L.num("launches", n);
        L.num("launches_written", kLaunchesWritten);
        L.write(fd);
    }
}
__attribute__((destructor)) void atEnd() {
    writeLaunchTotals();
}

// --- Per-call descriptions (after the call: out-parameters are read there) ---------------------
template <int I> struct Tag {};

void describeRtcOptions(Line &L, int n, const char *const *o) {
    L.key("options");
    L.raw("[");
    for (int i = 0; o && i < n && i < 64; ++i) {
        if (i)
            L.raw(",");
        Line tmp; // escape through a scratch line, copy the value
        tmp.str("v", o[i], 512);
        L.raw(tmp.buf + 5, tmp.n - 5);
    }
    L.raw("]");
}

void d(Tag<ID_hipInit>, Line &L, int r, unsigned f) {
    (void)r, L.unum("flags", f);
}
void d(Tag<ID_hipGetDeviceCount>, Line &L, int r, int *c) {
    if (r == 0 && c)
        L.num("count", *c);
}
void devArch(Line &L, int r, void *p, int dev, std::size_t off) {
    L.num("device", dev);
    if (r == 0 && p)
        L.str("arch", static_cast<const char *>(p) + off, 255);
}
void d(Tag<ID_hipGetDeviceProperties>, Line &L, int r, void *p, int dv) {
    devArch(L, r, p, dv, kGcnArchR0000);
}
void d(Tag<ID_hipGetDevicePropertiesR0600>, Line &L, int r, void *p, int dv) {
    devArch(L, r, p, dv, kGcnArchR0600);
}
void loaded(Line &L, int r, void **m) {
    if (r == 0 && m)
        L.ptr("module", *m);
}
void d(Tag<ID_hipModuleLoad>, Line &L, int r, void **m, const char *f) {
    L.str("source", "file");
    L.str("path", f);
    addFileImage(L, f);
    loaded(L, r, m);
}
void d(Tag<ID_hipModuleLoadData>, Line &L, int r, void **m, const void *i) {
    L.str("source", "memory");
    addImage(L, i);
    loaded(L, r, m);
}
void d(Tag<ID_hipModuleLoadDataEx>, Line &L, int r, void **m, const void *i, unsigned, void *,
       void **) {
    d(Tag<ID_hipModuleLoadData>{}, L, r, m, i);
}
void lookup(Line &L, int r, void **fn, void *m, const char *k, const char *mk = "module") {
    L.ptr(mk, m);
    L.str("name", k, 1024);
    if (r == 0 && fn)
        L.ptr("function", *fn);
}
void d(Tag<ID_hipModuleGetFunction>, Line &L, int r, void **fn, void *m, const char *k) {
    lookup(L, r, fn, m, k);
}
void d(Tag<ID_hipModuleGetGlobal>, Line &L, int, void **, std::size_t *, void *m, const char *k) {
    lookup(L, 1, nullptr, m, k);
}
void launch(Line &L, const void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
            unsigned bz, unsigned sh) {
    L.ptr("function", f);
    L.dims("grid", gx, gy, gz);
    L.dims("block", bx, by, bz);
    L.unum("shared", sh);
}
void d(Tag<ID_hipModuleLaunchKernel>, Line &L, int, void *f, unsigned gx, unsigned gy, unsigned gz,
       unsigned bx, unsigned by, unsigned bz, unsigned sh, void *, void **, void **) {
    launch(L, f, gx, gy, gz, bx, by, bz, sh);
}
void d(Tag<ID_hipLaunchKernel>, Line &L, int, const void *f, dim3 g, dim3 b, void **,
       std::size_t sh, void *) {
    L.ptr("host_function", f);
    L.dims("grid", g.x, g.y, g.z);
    L.dims("block", b.x, b.y, b.z);
    L.unum("shared", sh);
}
void d(Tag<ID_hipModuleUnload>, Line &L, int, void *m) {
    L.ptr("module", m);
}
struct FatWrapper {
    std::uint32_t magic, version;
    const void *binary;
    const void *unused;
};
void d(Tag<ID___hipRegisterFatBinary>, Line &L, void **r, const void *w) {
    L.str("source", "fatbin");
    const auto *fw = static_cast<const FatWrapper *>(w);
    if (fw && fw->magic == 0x48495046u)
        addImage(L, fw->binary);
    L.ptr("handle", r);
}
void d(Tag<ID___hipRegisterFunction>, Line &L, void **m, const void *h, char *, const char *dn,
       unsigned, void *, void *, void *, void *, int *) {
    L.ptr("handle", m);
    L.ptr("host_function", h);
    L.str("name", dn, 1024);
}
void d(Tag<ID___hipRegisterVar>, Line &L, void **m, void *, char *, char *dv, int, std::size_t s,
       int, int) {
    L.ptr("handle", m);
    L.str("name", dv, 1024);
    L.unum("size", s);
}
void d(Tag<ID_hiprtcCompileProgram>, Line &L, int, void *, int n, const char **o) {
    describeRtcOptions(L, n, o);
}
void d(Tag<ID_cuInit>, Line &L, int, unsigned f) {
    L.unum("flags", f);
}
void d(Tag<ID_cuDeviceGetAttribute>, Line &L, int r, int *v, int a, int dv) {
    L.num("device", dv);
    L.str("attribute", a == 75 ? "compute_capability_major" : "compute_capability_minor");
    if (r == 0 && v)
        L.num("value", *v);
}
void d(Tag<ID_cuModuleLoad>, Line &L, int r, void **m, const char *f) {
    d(Tag<ID_hipModuleLoad>{}, L, r, m, f);
}
void d(Tag<ID_cuModuleLoadData>, Line &L, int r, void **m, const void *i) {
    d(Tag<ID_hipModuleLoadData>{}, L, r, m, i);
}
void d(Tag<ID_cuModuleLoadDataEx>, Line &L, int r, void **m, const void *i, unsigned, void *,
       void **) {
    d(Tag<ID_hipModuleLoadData>{}, L, r, m, i);
}
void d(Tag<ID_cuModuleLoadFatBinary>, Line &L, int r, void **m, const void *i) {
    d(Tag<ID_hipModuleLoadData>{}, L, r, m, i);
}
void d(Tag<ID_cuLibraryLoadData>, Line &L, int r, void **l, const void *c, void *, void **,
       unsigned, void *, void **, unsigned) {
    L.str("source", "memory");
    // The CUDA runtime hands its registered fat binaries here wrapped (0x466243b1).
    const auto *fw = static_cast<const FatWrapper *>(c);
    if (fw && fw->magic == 0x466243b1u) {
        L.str("wrapped", "fatbin-wrapper");
        addImage(L, fw->binary);
    } else {
        addImage(L, c);
    }
    if (r == 0 && l)
        L.ptr("library", *l);
}
void d(Tag<ID_cuLibraryLoadFromFile>, Line &L, int r, void **l, const char *f, void *, void **,
       unsigned, void *, void **, unsigned) {
    L.str("source", "file");
    L.str("path", f);
    addFileImage(L, f);
    if (r == 0 && l)
        L.ptr("library", *l);
}
void d(Tag<ID_cuModuleGetFunction>, Line &L, int r, void **fn, void *m, const char *k) {
    lookup(L, r, fn, m, k);
}
void d(Tag<ID_cuLibraryGetKernel>, Line &L, int r, void **fn, void *l, const char *k) {
    lookup(L, r, fn, l, k, "library");
}
void d(Tag<ID_cuLaunchKernel>, Line &L, int, void *f, unsigned gx, unsigned gy, unsigned gz,
       unsigned bx, unsigned by, unsigned bz, unsigned sh, void *, void **, void **) {
    launch(L, f, gx, gy, gz, bx, by, bz, sh);
}
void d(Tag<ID_cuLaunchKernelEx>, Line &L, int, const CUlaunchConfig *c, void *f, void **, void **) {
    if (c)
        launch(L, f, c->gridDimX, c->gridDimY, c->gridDimZ, c->blockDimX, c->blockDimY,
               c->blockDimZ, c->sharedMemBytes);
}
void d(Tag<ID___cudaRegisterFatBinary>, Line &L, void **r, void *w) {
    L.str("source", "fatbin");
    const auto *fw = static_cast<const FatWrapper *>(w);
    if (fw && fw->magic == 0x466243b1u)
        addImage(L, fw->binary);
    L.ptr("handle", r);
}
void d(Tag<ID___cudaRegisterFunction>, Line &L, void **m, const char *h, char *, const char *dn,
       int, void *, void *, void *, void *, int *) {
    L.ptr("handle", m);
    L.ptr("host_function", h);
    L.str("name", dn, 1024);
}
void d(Tag<ID_nvrtcCompileProgram>, Line &L, int, void *, int n, const char *const *o) {
    describeRtcOptions(L, n, o);
}
void d(Tag<ID_cuGetProcAddress>, Line &, int, const char *, void **, int, std::uint64_t) {}
void d(Tag<ID_cuGetProcAddress_v2>, Line &, int, const char *, void **, int, std::uint64_t,
       void *) {}

// cuGetProcAddress hands out wrappers for the functions recorded (after the real call).
template <class... More>
void wrapProcAddress(int r, const char *symbol, void **pfn, int cudaVersion, More...) {
    if (r != 0 || !pfn || !*pfn)
        return;
    int id = idOf(symbol);
    // From CUDA 12 on, "cuGetProcAddress" asked of cuGetProcAddress is the 5-argument one.
    if (id == ID_cuGetProcAddress && cudaVersion >= 12000)
        id = ID_cuGetProcAddress_v2;
    if (id < 0)
        return;
    *pfn = wrapPointer(id, *pfn);
}

// Which calls are worth a line (the rest are forwarded silently).
template <int I, class... A> bool worthALine(A... a) {
    if constexpr (I == ID_cuDeviceGetAttribute) {
        const int attr = std::get<1>(std::forward_as_tuple(a...));
        return attr == 75 || attr == 76;
    } else if constexpr (I == ID_cuGetProcAddress || I == ID_cuGetProcAddress_v2) {
        return false;
    } else {
        return true;
    }
}

template <int I> const void *launchedFunction(...) {
    return nullptr;
}

void header(Line &L, int id, std::uint64_t seq, std::uint64_t t0, const char *phase) {
    L.unum("seq", seq);
    L.str("call", kNames[id]);
    if (phase)
        L.str("phase", phase);
    L.num("pid", getpid());
    L.num("tid", long(syscall(SYS_gettid)));
    L.unum("t_ns", t0);
}

void result(Line &L, int id, long long r, std::uint64_t dur) {
    L.num("result", r);
    const int fam = kFamily[id];
    const char *n = fam == 0 ? hipErrorName(r) : fam == 1 ? cuErrorName(r) : rtcResultName(r);
    if (n)
        L.str("result_name", n);
    L.unum("dur_ns", dur);
}

template <int I, int S, class F> struct Thunk;
template <int I, int S, class R, class... A> struct Thunk<I, S, R(A...)> {
    static R call(A... a) {
        using Fn = R (*)(A...);
        const Fn real = reinterpret_cast<Fn>(realOf(I, S));
        if (!real) {
            // Not reached by a program linked against the runtime; one that looked the name up
            // through dlsym got null from us (wrapPointer).
            if constexpr (std::is_void_v<R>)
                return;
            else if constexpr (std::is_pointer_v<R>)
                return nullptr;
            else
                return R(999);
        }
        const int fd = t_depth == 0 ? recordFd() : -1;
        if (fd < 0 || !worthALine<I>(a...)) {
            ++t_depth;
            if constexpr (std::is_void_v<R>) {
                real(a...);
                --t_depth;
                return;
            } else {
                R r = real(a...);
                --t_depth;
                if constexpr (I == ID_cuGetProcAddress || I == ID_cuGetProcAddress_v2) {
                    if (t_depth == 0)
                        wrapProcAddress(int(r), a...);
                }
                return r;
            }
        }
        bool line = true;
        if constexpr (I == ID_hipModuleLaunchKernel || I == ID_cuLaunchKernel ||
                      I == ID_hipLaunchKernel || I == ID_cuLaunchKernelEx) {
            const void *fn = reinterpret_cast<const void *>(
                std::get < I == ID_cuLaunchKernelEx ? 1 : 0 > (std::forward_as_tuple(a...)));
            const long long ord = launchOrdinal(fn);
            line = ord < 0 || ord < kLaunchesWritten;
        }
        const std::uint64_t seq = g_seq.fetch_add(1) + 1;
        const std::uint64_t t0 = nowNs();
        if (kEnter[I]) {
            Line E;
            header(E, I, seq, t0, "enter");
            E.write(fd);
        }
        ++t_depth;
        if constexpr (std::is_void_v<R>) {
            real(a...);
            --t_depth;
            const std::uint64_t t1 = nowNs();
            Line L;
            header(L, I, seq, t0, nullptr);
            L.unum("dur_ns", t1 - t0);
            d(Tag<I>{}, L, a...);
            L.write(fd);
        } else {
            R r = real(a...);
            --t_depth;
            const std::uint64_t t1 = nowNs();
            long long rv = 0;
            if constexpr (std::is_pointer_v<R>)
                rv = 0;
            else
                rv = static_cast<long long>(r);
            if (line || rv != 0) {
                Line L;
                header(L, I, seq, t0, nullptr);
                if constexpr (!std::is_pointer_v<R>)
                    result(L, I, rv, t1 - t0);
                else
                    L.unum("dur_ns", t1 - t0);
                d(Tag<I>{}, L, r, a...);
                L.write(fd);
            }
            return r;
        }
    }
};

struct ThunkTable {
    ThunkTable() {
#define HD_FILL(name, fam, R, P, A, enter)                                                         \
    g_thunk[ID_##name][0] =                                                                        \
        reinterpret_cast<void *>(&Thunk<ID_##name, 0, decltype(::name)>::call);                    \
    g_thunk[ID_##name][1] =                                                                        \
        reinterpret_cast<void *>(&Thunk<ID_##name, 1, decltype(::name)>::call);                    \
    g_thunk[ID_##name][2] =                                                                        \
        reinterpret_cast<void *>(&Thunk<ID_##name, 2, decltype(::name)>::call);                    \
    g_thunk[ID_##name][3] = reinterpret_cast<void *>(&Thunk<ID_##name, 3, decltype(::name)>::call);
        HD_APIS(HD_FILL)
#undef HD_FILL
    }
};
void ensureThunks() {
    static ThunkTable table;
    (void)table;
}

} // namespace

#define HD_DEFINE(name, fam, R, P, A, enter)                                                       \
    extern "C" R name P {                                                                          \
        return Thunk<ID_##name, 0, decltype(::name)>::call A;                                      \
    }
HD_APIS(HD_DEFINE)
#undef HD_DEFINE

// dlsym: a runtime's function looked up by name gets its wrapper. Lookups relative to the
// caller (RTLD_NEXT, RTLD_DEFAULT from a local scope) are answered for the caller's object.
extern "C" __attribute__((visibility("default"))) void *dlsym(void *handle, const char *name) {
    const DlsymFn real = realDlsym();
    if (!real)
        return nullptr;
    void *caller = __builtin_return_address(0);
    void *p = nullptr;
    if (handle == RTLD_NEXT) {
        // The next object after the caller's that defines name.
        Dl_info info{};
        link_map *lm = nullptr;
        if (dladdr1(caller, &info, reinterpret_cast<void **>(&lm), RTLD_DL_LINKMAP) && lm) {
            for (link_map *o = lm->l_next; o && !p; o = o->l_next) {
                void *h =
                    dlopen(o->l_name && *o->l_name ? o->l_name : nullptr, RTLD_LAZY | RTLD_NOLOAD);
                if (!h)
                    continue;
                void *q = real(h, name);
                Dl_info qi{};
                if (q && dladdr(q, &qi) && qi.dli_fbase == reinterpret_cast<void *>(o->l_addr))
                    p = q;
                else if (q && o->l_addr == 0 && dladdr(q, &qi)) // the main program: l_addr 0
                    p = nullptr;
                dlclose(h);
            }
        }
        if (!p)
            return nullptr;
    } else {
        p = real(handle, name);
        if (!p && handle == RTLD_DEFAULT) {
            Dl_info info{};
            if (dladdr(caller, &info) && info.dli_fname) {
                if (void *h = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD)) {
                    p = real(h, name);
                    dlclose(h);
                }
            }
        }
    }
    const int id = idOf(name);
    if (id < 0 || !p)
        return p;
    ensureThunks();
    return wrapPointer(id, p);
}

__attribute__((constructor)) static void hdCaptureInit() {
    pthread_atfork(nullptr, nullptr, forkedChild);
    ensureThunks();
    realDlsym();
}
