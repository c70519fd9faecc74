#include "common/child_process.h"

#include <QProcess>

#include <atomic>
#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace hd {

namespace {

constexpr int kSlots = 64;
std::atomic<pid_t> g_groups[kSlots];

void onTerminate(int sig) {
    for (std::atomic<pid_t> &g : g_groups) {
        const pid_t pgid = g.load(std::memory_order_acquire);
        if (pgid > 0)
            ::kill(-pgid, SIGKILL);
    }
    // Then the default action, as without the handler.
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

} // namespace

void guardChildProcess(QProcess &process) {
    const pid_t parent = ::getpid();
    process.setChildProcessModifier([parent] {
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) // the parent died before prctl
            ::_exit(127);
    });
}

void killChildGroup(QProcess &process) {
    const qint64 pid = process.processId();
    if (pid > 0)
        ::kill(-pid_t(pid), SIGKILL);
    process.kill();
    process.waitForFinished(5000);
}

ChildRegistration::ChildRegistration(qint64 pid) {
    if (pid <= 0)
        return;
    for (int i = 0; i < kSlots; ++i) {
        pid_t expected = 0;
        if (g_groups[i].compare_exchange_strong(expected, pid_t(pid))) {
            m_slot = i;
            return;
        }
    }
}

ChildRegistration::~ChildRegistration() {
    if (m_slot >= 0)
        g_groups[m_slot].store(0, std::memory_order_release);
}

void installTerminationHandlers() {
    static std::atomic_bool done{false};
    if (done.exchange(true))
        return;
    for (int sig : {SIGTERM, SIGHUP, SIGINT, SIGQUIT}) {
        struct sigaction old {};
        ::sigaction(sig, nullptr, &old);
        if (old.sa_handler == SIG_IGN) // nohup: keep ignoring
            continue;
        struct sigaction sa {};
        sa.sa_handler = onTerminate;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND;
        ::sigaction(sig, &sa, nullptr);
    }
}

} // namespace hd
