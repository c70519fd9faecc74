#pragma once

// The one process-tree guarantee (docs/limits.md "Child processes"): nothing a step started
// survives it. A step's child runs under a reaper: a process that is a child subreaper
// (PR_SET_CHILD_SUBREAPER), so every descendant that leaves its process group or session
// (setsid, setpgid, Python's start_new_session, double forks) is re-parented to it rather
// than to init. When the child ends, or the reaper is told to stop (SIGTERM, SIGINT, SIGHUP,
// SIGQUIT, or its parent-death signal after a kill -9 of hipdoctor), it kills every
// descendant left and ends the way the child ended (its exit status, or its signal).
//
// Plain POSIX, no allocation after the fork. It is hipdoctor-probe's `--contain -- PROGRAM
// ARGS…`: every child hipdoctor starts here runs as `hipdoctor-probe --contain -- …`
// (core/common/supervised_process.h, SupervisedSpec::reaper), and a GPU node's steps run the
// same way under the deployed probe (docs/remote.md "What runs there").

#include <sys/types.h>

namespace hd {

// Becomes the reaper and forks the child proper: returns 0 in the child proper (which then
// execs), -1 when the reaper could not be set up (the caller execs unguarded). In the reaper
// it never returns.
// parent: the pid expected as the reaper's parent (0 = do not check); the reaper gets
// SIGTERM when that parent dies.
int forkUnderReaper(pid_t parent);

// Kills every descendant of the calling process (it must be a child subreaper) and reaps
// them; returns when none is left.
void killAllDescendants();

} // namespace hd
