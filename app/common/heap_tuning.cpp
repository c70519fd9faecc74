#include "heap_tuning.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <malloc.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <gnu/libc-version.h>
#endif

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define HD_SANITIZER_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                         \
    __has_feature(memory_sanitizer)
#define HD_SANITIZER_ALLOCATOR 1
#endif
#endif

namespace hd::app {

namespace {

// Set for the re-executed image only: "" when GLIBC_TUNABLES was unset before, "=VALUE" when
// it held VALUE. Its presence also stops a second re-exec.
constexpr char kMarker[] = "HIPDOCTOR_HEAP_TUNED";
constexpr char kTunables[] = "GLIBC_TUNABLES";
constexpr char kHugePages[] = "glibc.malloc.hugetlb=1";

HeapTuning g_state = HeapTuning::Unavailable;

// The bracketed word of /sys/kernel/mm/transparent_hugepage/enabled: "always [madvise] never".
std::string thpMode() {
    std::FILE *f = std::fopen("/sys/kernel/mm/transparent_hugepage/enabled", "re");
    if (!f)
        return {};
    char line[128] = {};
    const bool read = std::fgets(line, sizeof line, f) != nullptr;
    std::fclose(f);
    if (!read)
        return {};
    const char *open = std::strchr(line, '[');
    const char *close = open ? std::strchr(open, ']') : nullptr;
    return close ? std::string(open + 1, close) : std::string();
}

// glibc.malloc.hugetlb exists from glibc 2.35 on.
bool glibcHasHugetlbTunable() {
#if defined(__GLIBC__)
    int major = 0, minor = 0;
    return std::sscanf(gnu_get_libc_version(), "%d.%d", &major, &minor) == 2 &&
           (major > 2 || (major == 2 && minor >= 35));
#else
    return false;
#endif
}

void restoreTunables(const char *marker) {
    if (marker[0] == '=')
        ::setenv(kTunables, marker + 1, 1);
    else
        ::unsetenv(kTunables);
    ::unsetenv(kMarker);
}

} // namespace

void tuneHeap(char **argv, bool reexec) {
    // M_TOP_PAD also fixes the mmap threshold at its default (128 KiB) instead of letting
    // glibc raise it; measured on librocsparse, that makes no difference either way.
    ::mallopt(M_TOP_PAD, 64 << 20);
    if (const char *marker = std::getenv(kMarker)) { // the re-executed image
        const std::string saved = marker;
        restoreTunables(saved.c_str());
        g_state = HeapTuning::HugePages;
        return;
    }
#ifdef HD_SANITIZER_ALLOCATOR
    g_state = HeapTuning::Unavailable; // the sanitizer's allocator ignores glibc's tunables
    return;
#endif
    if (const char *off = std::getenv("HIPDOCTOR_HEAP_TUNING");
        !reexec || (off && std::strcmp(off, "0") == 0)) {
        g_state = HeapTuning::Disabled;
        return;
    }
    // Under valgrind the exec would leave it (children are not traced by default), and its
    // allocator ignores glibc's tunables anyway.
    if (const char *preload = std::getenv("LD_PRELOAD");
        preload && std::strstr(preload, "vgpreload")) {
        g_state = HeapTuning::Unavailable;
        return;
    }
    const std::string mode = thpMode();
    if (mode == "always") {
        g_state = HeapTuning::KernelDefault;
        return;
    }
    if (mode != "madvise" || !glibcHasHugetlbTunable()) {
        g_state = HeapTuning::Unavailable;
        return;
    }
    const char *old = std::getenv(kTunables);
    if (old && std::strstr(old, "glibc.malloc.hugetlb")) {
        g_state = HeapTuning::UserTunables;
        return;
    }
    const std::string saved = old ? std::string("=") + old : std::string();
    const std::string tunables =
        old && *old ? std::string(old) + ':' + kHugePages : std::string(kHugePages);
    ::setenv(kMarker, saved.c_str(), 1);
    ::setenv(kTunables, tunables.c_str(), 1);
    ::execv("/proc/self/exe", argv);
    restoreTunables(saved.c_str()); // still here: the exec failed
    g_state = HeapTuning::ExecFailed;
}

HeapTuning heapTuning() {
    return g_state;
}

const char *heapTuningName(HeapTuning t) {
    switch (t) {
    case HeapTuning::HugePages:
        return "huge-pages";
    case HeapTuning::KernelDefault:
        return "kernel-default";
    case HeapTuning::UserTunables:
        return "user-tunables";
    case HeapTuning::Unavailable:
        return "unavailable";
    case HeapTuning::Disabled:
        return "disabled";
    case HeapTuning::ExecFailed:
        return "exec-failed";
    }
    return "unknown";
}

} // namespace hd::app
