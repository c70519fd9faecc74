#include "reaper.h"

// Plain POSIX (no allocation after the fork): hipdoctor-probe's --contain (reaper.h).

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <initializer_list>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hd {

namespace {

volatile sig_atomic_t g_stop = 0;

void onStop(int) {
    g_stop = 1;
}
void onChild(int) {}

// The parent pid in /proc/<pid>/stat ("pid (comm) state ppid …"; comm may hold ')').
pid_t parentOf(const char *pidText) {
    char path[64] = "/proc/";
    int n = 6;
    for (const char *c = pidText; *c && n < 48; ++c)
        path[n++] = *c;
    const char tail[] = "/stat";
    for (const char *c = tail; *c; ++c)
        path[n++] = *c;
    path[n] = '\0';
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    char buf[1024];
    const ssize_t got = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (got <= 0)
        return -1;
    const char *close = nullptr;
    for (ssize_t i = 0; i < got; ++i)
        if (buf[i] == ')')
            close = buf + i;
    if (!close || close + 4 >= buf + got)
        return -1;
    const char *p = close + 4; // ") S "
    pid_t ppid = 0;
    for (; p < buf + got && *p >= '0' && *p <= '9'; ++p)
        ppid = ppid * 10 + (*p - '0');
    return ppid;
}

// getdents64's records: u64 inode, s64 offset, u16 length, u8 type, then the name.
constexpr long kReclenAt = 16, kNameAt = 19;

// SIGKILL to every direct child (and the group it leads, if any); how many were found.
int killChildren() {
    const pid_t self = ::getpid();
    const int dir = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0)
        return 0;
    int found = 0;
    alignas(8) char buf[8192];
    for (;;) {
        const long got = ::syscall(SYS_getdents64, dir, buf, sizeof buf);
        if (got <= 0)
            break;
        for (long off = 0; off < got;) {
            unsigned short reclen = 0;
            std::memcpy(&reclen, buf + off + kReclenAt, sizeof reclen);
            const char *name = buf + off + kNameAt;
            off += reclen;
            if (reclen == 0)
                break;
            pid_t pid = 0;
            bool numeric = name[0] != '\0';
            for (const char *c = name; *c; ++c) {
                if (*c < '0' || *c > '9') {
                    numeric = false;
                    break;
                }
                pid = pid * 10 + (*c - '0');
            }
            if (!numeric || pid == self || parentOf(name) != self)
                continue;
            ++found;
            ::kill(-pid, SIGKILL); // ESRCH unless it leads a group: it then goes whole
            ::kill(pid, SIGKILL);
        }
    }
    ::close(dir);
    return found;
}

[[noreturn]] void endLike(int status) {
    if (WIFEXITED(status))
        ::_exit(WEXITSTATUS(status));
    const int sig = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    const struct rlimit none { 0, 0 };
    ::setrlimit(RLIMIT_CORE, &none); // the child dumped its own core, if any
    ::signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    ::sigprocmask(SIG_UNBLOCK, &set, nullptr);
    ::raise(sig);
    ::_exit(128 + sig);
}

[[noreturn]] void reap(pid_t child, const sigset_t &waitMask) {
    int status = 0;
    bool ended = false;
    while (!ended && !g_stop) {
        int st = 0;
        const pid_t p = ::waitpid(-1, &st, WNOHANG);
        if (p == child) {
            status = st;
            ended = true;
        } else if (p > 0) {
            continue; // an orphan that ended
        } else if (p < 0 && errno == ECHILD) {
            break;
        } else {
            ::sigsuspend(&waitMask); // until SIGCHLD or a stop signal
        }
    }
    killAllDescendants();
    if (!ended) // told to stop: end as a killed child does
        status = SIGKILL;
    endLike(status);
}

} // namespace

void killAllDescendants() {
    for (;;) {
        killChildren();
        int st = 0;
        const pid_t p = ::waitpid(-1, &st, 0);
        if (p < 0 && errno == ECHILD)
            return;
        if (p < 0 && errno != EINTR)
            return;
    }
}

int forkUnderReaper(pid_t parent) {
    if (::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
        return -1;
    // Stop and child signals are handled by sigsuspend only: blocked until then.
    sigset_t block, old;
    sigemptyset(&block);
    for (int s : {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD})
        sigaddset(&block, s);
    ::sigprocmask(SIG_BLOCK, &block, &old);
    const pid_t child = ::fork();
    if (child < 0) {
        ::sigprocmask(SIG_SETMASK, &old, nullptr);
        ::prctl(PR_SET_CHILD_SUBREAPER, 0);
        return -1;
    }
    if (child == 0) {
        const pid_t reaper = ::getppid();
        ::sigprocmask(SIG_SETMASK, &old, nullptr);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL); // the reaper gone: nothing may stay
        if (::getppid() != reaper)
            ::_exit(127);
        return 0;
    }
    // The reaper: holds none of the child's descriptors (its stdin pipe, the exec-status pipe
    // of the parent), so only the child proper keeps them open.
    if (::syscall(SYS_close_range, 0u, ~0u, 0u) != 0)
        for (int fd = 0; fd < 4096; ++fd)
            ::close(fd);
    struct sigaction sa {};
    sa.sa_handler = onStop;
    sigemptyset(&sa.sa_mask);
    for (int s : {SIGTERM, SIGINT, SIGHUP, SIGQUIT})
        ::sigaction(s, &sa, nullptr);
    sa.sa_handler = onChild;
    ::sigaction(SIGCHLD, &sa, nullptr);
    ::signal(SIGPIPE, SIG_IGN);
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (parent > 0 && ::getppid() != parent)
        g_stop = 1; // the parent died before prctl
    sigset_t waitMask = old;
    for (int s : {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD})
        sigdelset(&waitMask, s);
    reap(child, waitMask);
}

} // namespace hd
