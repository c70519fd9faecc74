#pragma once

// One supervised child process (docs/limits.md "Child processes"), the one reading path of
// every child hipdoctor starts: the verifier's process runner, the probe client, the system
// inventory's tools and every ssh command to a GPU node (core/remote). Started guarded (own
// process group, dies with hipdoctor, contained under a reaper unless told otherwise,
// registered for the termination handlers), fed its stdin (a block, or streamed), polled
// every few ms with its output handed to the caller as it arrives (so a flood costs no memory
// beyond the caller's cap and the deadlines hold while it floods), killed with everything it
// started on cancel, on its total deadline or when no byte moved for its idle deadline, and
// its end told apart: exit code, crash signal, timeout, cancel, or no start at all.

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>

namespace hd {

struct SupervisedSpec {
    QString program;
    QStringList arguments;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    QString workingDirectory; // "" = inherit
    QByteArray stdinData;     // written first
    // Then streamed stdin: asked for at most `room` more bytes whenever the child has taken
    // what it was given; an empty answer ends it.
    std::function<QByteArray(qint64 room)> stdinSource;
    // stdin stays open after stdinData (and stdinSource) until the child ends (ssh to a node:
    // the remote side reads it as "the connection is still there", docs/remote.md).
    bool keepStdinOpen = false;
    // A reaper program run as `REAPER --contain -- PROGRAM ARGS…` (hipdoctor-probe, whose
    // reaper keeps anything the program starts from outliving it; docs/limits.md "Child
    // processes"); "" = the program alone, in its process group (the ssh client, whose shared
    // connection must outlive the command).
    QString reaper;
    int startTimeoutMs = 30000;
    int timeoutMs = 0;     // the whole run; 0 = none
    int idleTimeoutMs = 0; // no byte in or out for this long; 0 = none
    int pollMs = 25;
    std::function<bool()> cancelled; // polled; true → the child is killed, end.cancelled
    std::function<void(const QByteArray &)> onStdout;
    std::function<void(const QByteArray &)> onStderr;
};

struct SupervisedEnd {
    bool started = false;
    QString startError; // why it did not start
    bool cancelled = false;
    bool timedOut = false; // the total or the idle deadline passed (idle says which)
    bool idle = false;
    bool crashed = false; // ended by a signal (also after a kill on cancel or timeout)
    int exitCode = -1;    // when it exited normally
    int signal = 0;       // when crashed
    QString signalName;   // "SIGSEGV"
    double durationMs = 0;
};

// Runs spec to its end on the calling thread.
SupervisedEnd runSupervised(const SupervisedSpec &spec);

} // namespace hd
