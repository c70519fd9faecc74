#pragma once

// Whether this test was compiled with a sanitizer (the asan preset, or a ThreadSanitizer
// build): its allocator replaces glibc's, and ASan also holds freed memory in quarantine.
// GCC says so with __SANITIZE_*__, clang with __has_feature.

#if defined(__has_feature)
#define HD_TEST_HAS_FEATURE(x) __has_feature(x)
#else
#define HD_TEST_HAS_FEATURE(x) 0
#endif

namespace hdtest {

#if defined(__SANITIZE_ADDRESS__) || HD_TEST_HAS_FEATURE(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif

#if defined(__SANITIZE_THREAD__) || HD_TEST_HAS_FEATURE(thread_sanitizer)
inline constexpr bool kThreadSanitizer = true;
#else
inline constexpr bool kThreadSanitizer = false;
#endif

} // namespace hdtest
