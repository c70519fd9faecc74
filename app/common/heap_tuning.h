#pragma once

// Process start-up tuning of glibc's heap for the two front ends (hipdoctor, hipdoctor-cli).
//
// A large inspection allocates its whole report at once (librocsparse: 75 MB of heap in 320k
// allocations), and with 4 KiB pages every new heap page costs a page fault: a third of the
// inspection's time on a virtual machine. glibc backs its heap with transparent huge pages
// (2 MiB) only when told so at start-up through GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (glibc
// 2.35+), which no call can set later. So tuneHeap() re-executes the process once with that
// tunable added, and the new image puts the environment back exactly as it was: nothing it
// starts (the probe, the user's programs in the verification steps) inherits the tunable.

namespace hd::app {

enum class HeapTuning {
    HugePages,     // re-executed with glibc.malloc.hugetlb=1 (THP "madvise" mode)
    KernelDefault, // THP "always": the kernel backs the heap by huge pages unasked
    UserTunables,  // GLIBC_TUNABLES already sets glibc.malloc.hugetlb: the user's choice
    Unavailable, // THP "never" or absent, glibc before 2.35, a sanitizer's or valgrind's allocator
    Disabled,    // HIPDOCTOR_HEAP_TUNING=0, or not asked for (tuneHeap's `reexec`)
    ExecFailed,  // re-executing /proc/self/exe failed; runs untuned
};

// Call first in main(), before any thread, Qt object or allocation that should be tuned;
// `argv` as main() got it. Re-executes the process (same pid; does not return) when `reexec`
// and the system allows it: a second start-up costs ~16 ms, so the CLI asks only for the
// commands that inspect binaries. Always makes the heap grow in 64 MiB steps: address space
// only, and a run of whole 2 MiB pieces a huge page can back (untouched reserve takes no memory).
void tuneHeap(char **argv, bool reexec = true);

// What tuneHeap() did in this process (Unavailable before it ran), and a word for it.
HeapTuning heapTuning();
const char *heapTuningName(HeapTuning t);

} // namespace hd::app
