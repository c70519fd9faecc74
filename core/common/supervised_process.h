#pragma once

// One supervised child process (docs/limits.md "Child processes"), the loop both the
// verifier's process runner and the probe client use: started guarded (own process group,
// dies with hipdoctor, registered for the termination handlers), fed its stdin, polled every
// few ms with its output drained to the caller as it arrives (so a flood costs no memory and
// the timeout holds while it floods), killed with its whole group on cancel or timeout, and
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
    QProcessEnvironment environment;
    QString workingDirectory; // "" = inherit
    QByteArray stdinData;     // written, then stdin is closed
    // stdin stays open after stdinData until the child ends (ssh to a node: the remote side
    // reads it as "the connection is still there", docs/remote.md).
    bool keepStdinOpen = false;
    int startTimeoutMs = 30000;
    int timeoutMs = 0; // the whole run; 0 = none
    int pollMs = 25;
    std::function<bool()> cancelled; // polled; true → the group is killed
    std::function<void(const QByteArray &)> onStdout;
    std::function<void(const QByteArray &)> onStderr;
};

struct SupervisedEnd {
    bool started = false;
    QString startError; // why it did not start
    bool cancelled = false;
    bool timedOut = false;
    bool crashed = false; // ended by a signal (also after a kill on cancel or timeout)
    int exitCode = -1;    // when it exited normally
    int signal = 0;       // when crashed
    QString signalName;   // "SIGSEGV"
    double durationMs = 0;
};

// Runs spec to its end on the calling thread.
SupervisedEnd runSupervised(const SupervisedSpec &spec);

} // namespace hd
