#pragma once

// Children must not outlive hipdoctor (docs/limits.md "Child processes"): a probe stuck in
// hipInit or a step-3 command still holds the GPU after the CLI is gone.
//  - every child runs in its own process group with a parent-death signal, so it dies with
//    hipdoctor even after SIGKILL;
//  - a contained child (every step's child, the probe, the inventory's tools) runs under a
//    reaper (`hipdoctor-probe --contain --`, SupervisedSpec::reaper): whatever it starts, in
//    its group or not (setsid, double forks), is killed when it ends, on timeout and cancel,
//    and when hipdoctor dies;
//  - an uncontained one (the ssh client, whose shared connection must outlive the command)
//    gets a GroupKeeper, which takes the child's group with it after a kill -9 of hipdoctor;
//  - while it runs it is registered; installTerminationHandlers() makes SIGTERM, SIGHUP,
//    SIGINT and SIGQUIT stop every registered child (the reaper, or the whole group) before
//    hipdoctor ends the usual way.

#include <QtGlobal>

#include <sys/types.h>

class QProcess;

namespace hd {

// Call before QProcess::start(). contained: the program started is a reaper (above), told to
// stop with SIGTERM rather than killed with its group.
void guardChildProcess(QProcess &process, bool contained = false);

// Stops the child and everything it started: a contained child's reaper is told to (it
// kills every descendant), else the child's whole process group gets SIGKILL; then waits
// for the child.
void killChildGroup(QProcess &process);

// Registers a started child for the termination handlers (RAII).
class ChildRegistration {
public:
    ChildRegistration(qint64 pid, bool contained);
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
