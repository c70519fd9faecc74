// The glibc floor of the portable programs (docs/portable.md). Static code built against glibc
// 2.36 calls arc4random(), new in 2.36: LLVM's Support library in the CLI, libstdc++'s
// random_device in the probe. Defined in the executable itself (this file is a source of each,
// not of a library, so that it is linked before those archives), it needs no GLIBC_2.36.

#include <cerrno>
#include <cstdint>
#include <sys/random.h>

extern "C" uint32_t arc4random(void) noexcept {
    uint32_t value = 0;
    // getrandom() (Linux 3.17, glibc 2.25) fills 4 bytes at once or fails with EINTR.
    while (getrandom(&value, sizeof value, 0) != ssize_t(sizeof value) && errno == EINTR) {
    }
    return value;
}
