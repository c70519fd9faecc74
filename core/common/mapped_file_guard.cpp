#include "common/mapped_file_guard.h"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace hd {

namespace {

// A fixed table the signal handler can read without locks: begin/end of each guarded range
// (0 = free slot) and whether it faulted.
constexpr int kSlots = 256;
struct Slot {
    std::atomic<uintptr_t> begin{0}, end{0};
    std::atomic<bool> faulted{false};
};
Slot g_slots[kSlots];
struct sigaction g_previous {};
std::once_flag g_installed;

void onSigbus(int sig, siginfo_t *info, void *uctx) {
    const auto addr = reinterpret_cast<uintptr_t>(info->si_addr);
    if (info->si_code > 0) { // raised by the kernel for a memory access, not by kill()
        for (Slot &s : g_slots) {
            const uintptr_t b = s.begin.load(std::memory_order_acquire);
            const uintptr_t e = s.end.load(std::memory_order_acquire);
            if (b == 0 || addr < b || addr >= e)
                continue;
            const auto page = uintptr_t(::sysconf(_SC_PAGESIZE));
            const uintptr_t from = addr / page * page;
            const uintptr_t to = (e + page - 1) / page * page;
            // Zero pages over the rest of the range: the file ends before it now.
            if (::mmap(reinterpret_cast<void *>(from), to - from, PROT_READ,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
                break;
            s.faulted.store(true, std::memory_order_release);
            return;
        }
    }
    // Not ours: what was there before, or the default action (the process dies as before).
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(sig, info, uctx);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(sig);
        return;
    }
    ::signal(SIGBUS, SIG_DFL);
    ::raise(SIGBUS);
}

void install() {
    struct sigaction sa {};
    sa.sa_sigaction = onSigbus;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGBUS, &sa, &g_previous);
}

} // namespace

MappingGuard::MappingGuard(const void *begin, size_t size) {
    if (!begin || size == 0)
        return;
    std::call_once(g_installed, install);
    const auto b = reinterpret_cast<uintptr_t>(begin);
    for (int i = 0; i < kSlots; ++i) {
        uintptr_t expected = 0;
        if (g_slots[i].begin.compare_exchange_strong(expected, b, std::memory_order_acq_rel)) {
            g_slots[i].faulted.store(false, std::memory_order_relaxed);
            g_slots[i].end.store(b + size, std::memory_order_release);
            m_slot = i;
            return;
        }
    }
    // More than kSlots files mapped at once: this one goes unguarded, as before.
}

MappingGuard::~MappingGuard() {
    release();
}

bool MappingGuard::faulted() const {
    return m_faulted || (m_slot >= 0 && g_slots[m_slot].faulted.load(std::memory_order_acquire));
}

void MappingGuard::release() {
    if (m_slot < 0)
        return;
    Slot &s = g_slots[m_slot];
    m_faulted = s.faulted.load(std::memory_order_acquire);
    s.end.store(0, std::memory_order_release);
    s.begin.store(0, std::memory_order_release);
    m_slot = -1;
}

} // namespace hd
