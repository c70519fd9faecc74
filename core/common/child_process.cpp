#include "common/child_process.h"

#include <QProcess>
#include <QVariant>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hd {

namespace {

constexpr int kGroupSlots = 64;
pid_t g_keeperGroup = 0; // in a keeper process: the group it kills
// > 0: a group to kill; < 0: minus the pid of a reaper to stop (it kills what is below it).
std::atomic<pid_t> g_groups[kGroupSlots];
const char kContained[] = "hipdoctor_contained";

void onTerminate(int sig) {
    for (std::atomic<pid_t> &g : g_groups) {
        const pid_t v = g.load(std::memory_order_acquire);
        if (v > 0)
            ::kill(-v, SIGKILL);
        else if (v < 0)
            ::kill(-v, SIGTERM);
    }
    // Then the default action, as without the handler.
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

} // namespace

void guardChildProcess(QProcess &process, bool contained) {
    const pid_t parent = ::getpid();
    process.setProperty(kContained, contained);
    process.setChildProcessModifier([parent] {
        ::setpgid(0, 0);
        // A reaper turns this into SIGTERM once it can handle it (it then kills what is below).
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) // the parent died before prctl
            ::_exit(127);
    });
}

GroupKeeper::GroupKeeper(qint64 pgid) {
    if (pgid <= 0)
        return;
    const pid_t parent = ::getpid();
    const pid_t group = pid_t(pgid);
    // A plain fork of this (multithreaded) process: the keeper only makes async-signal-safe
    // calls. The parent-death signal is bound to the forking thread, which stays inside the
    // supervised run until the destructor below.
    const pid_t keeper = ::fork();
    if (keeper != 0) {
        m_pid = keeper > 0 ? keeper : 0;
        return;
    }
    // Hold none of hipdoctor's descriptors (a copy of a child's stdin pipe would keep the
    // child from seeing its end).
    if (::syscall(SYS_close_range, 0u, ~0u, 0u) != 0) // kernels before 5.9
        for (int fd = 0; fd < 4096; ++fd)
            ::close(fd);
    g_keeperGroup = group;
    struct sigaction sa {};
    sa.sa_handler = [](int) {
        ::kill(-g_keeperGroup, SIGKILL);
        ::_exit(0);
    };
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGTERM, &sa, nullptr);
    for (int sig : {SIGHUP, SIGINT, SIGQUIT}) // hipdoctor's own handlers do not apply here
        ::signal(sig, SIG_IGN);
    sigset_t all;
    sigemptyset(&all);
    ::sigprocmask(SIG_SETMASK, &all, nullptr);
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) // hipdoctor died before prctl
        ::raise(SIGTERM);
    for (;;)
        ::pause();
}

GroupKeeper::~GroupKeeper() {
    if (m_pid <= 0)
        return;
    ::kill(m_pid, SIGKILL);
    int status = 0;
    while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
    }
}

void killChildGroup(QProcess &process) {
    const qint64 pid = process.processId();
    if (pid > 0 && process.property(kContained).toBool()) {
        // The reaper kills every descendant, then ends as killed.
        ::kill(pid_t(pid), SIGTERM);
        if (process.waitForFinished(5000))
            return;
    }
    if (pid > 0)
        ::kill(-pid_t(pid), SIGKILL);
    process.kill();
    process.waitForFinished(5000);
}

ChildRegistration::ChildRegistration(qint64 pid, bool contained) {
    if (pid <= 0)
        return;
    const pid_t value = contained ? -pid_t(pid) : pid_t(pid);
    for (int i = 0; i < kGroupSlots; ++i) {
        pid_t expected = 0;
        if (g_groups[i].compare_exchange_strong(expected, value)) {
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
