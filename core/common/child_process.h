#pragma once

// Children must not outlive hipdoctor (docs/limits.md "Child processes"): a probe stuck in
// hipInit or a step-3 command still holds the GPU after the CLI is gone.
//  - every child runs in its own process group with PR_SET_PDEATHSIG = SIGKILL, so it dies
//    with hipdoctor even after SIGKILL (its own children are killed with the group by the
//    handlers below, or by the timeout);
//  - a GroupKeeper takes the child's own children with it after a kill -9 of hipdoctor;
//  - while it runs it is registered; installTerminationHandlers() makes SIGTERM, SIGHUP,
//    SIGINT and SIGQUIT kill every registered group before hipdoctor ends the usual way.

#include <QtGlobal>

#include <sys/types.h>

class QProcess;

namespace hd {

// Call before QProcess::start().
void guardChildProcess(QProcess &process);

// Kills the child's whole process group (SIGKILL), then waits for the child.
void killChildGroup(QProcess &process);

// Registers a started child's group for the termination handlers (RAII).
class ChildRegistration {
public:
    explicit ChildRegistration(qint64 pid);
    ~ChildRegistration();
    ChildRegistration(const ChildRegistration &) = delete;
    ChildRegistration &operator=(const ChildRegistration &) = delete;

private:
    int m_slot = -1;
};

// While it lives, a small keeper process (a fork of this one) waits for hipdoctor's death and
// then kills the child's whole group: the kernel sends the parent-death signal to the direct
// child only, so without it what a step-3 command started itself outlives a kill -9 of
// hipdoctor. Create it in the thread that supervises the child, after the start.
class GroupKeeper {
public:
    explicit GroupKeeper(qint64 pgid);
    ~GroupKeeper();
    GroupKeeper(const GroupKeeper &) = delete;
    GroupKeeper &operator=(const GroupKeeper &) = delete;

private:
    pid_t m_pid = 0;
};

// Installs the handlers once; the front ends call it at start.
void installTerminationHandlers();

} // namespace hd
