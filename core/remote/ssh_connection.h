#pragma once

// One ssh connection to a GPU node (docs/remote.md). The user's own `ssh` client runs every
// command, so keys, the agent, ~/.ssh/config and ProxyJump keep working; one multiplexed
// connection per host (ControlMaster=auto, ControlPersist, a socket in a private 0700 folder)
// makes each command after the first cost a round trip, not a handshake. The local side is
// argv only; the remote command line is written by shellJoin (core/common/shell.h).
// BatchMode=yes and StrictHostKeyChecking=yes: nothing is asked, an unknown or changed host
// key is refused and named, never accepted.

#include "common/engine_text.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <mutex>
#include <optional>

class QIODevice;

namespace hd {

// Why a remote command did not run (or stopped); None when it ran (whatever its own exit).
enum class RemoteFailure {
    None,
    SshMissing,       // the local ssh client could not be started
    Unreachable,      // name not resolved, connection refused / timed out, no route
    AuthRefused,      // the node refused every key ("Permission denied")
    HostKeyUnknown,   // the node's host key is not in known_hosts: refused, never accepted
    HostKeyChanged,   // the node's host key differs from known_hosts
    NoSpace,          // "No space left on device" on the node
    ProgramMissing,   // the program (hipcc, …) is not on the node's PATH
    ProbeNotRunnable, // the deployed probe does not start there (libc too old, noexec, …)
    ConnectionLost,   // the connection went away while a command ran
    BadReply,         // the node answered more bytes than the reply holds, or malformed ones
    BadDestination,   // refused by hipdoctor before ssh runs: starts with '-', control chars
    TimedOut,         // no answer within the time limit; killed
    Cancelled,
    Other, // ssh failed for another reason (its message is kept)
};
// "ssh-missing", "host-unreachable", "auth-refused", "host-key-unknown", "host-key-changed",
// "no-space", "program-missing", "probe-not-runnable", "connection-lost", "bad-reply",
// "bad-destination", "timed-out", "cancelled", "ssh-error"; "" for None.
QString remoteFailureName(RemoteFailure f);

// ssh's exit status 255 and its stderr, named. connected: the connection had been opened
// before (a closed connection is then "connection lost", not "unreachable"). None when the
// exit status and stderr are the remote command's own.
RemoteFailure classifySshFailure(int exitCode, const QString &stderrText, bool connected);

// The watchdog wrapper ends stderr with a marker line holding the command's exit status: true
// when it is there (it is removed from stderrText), false when the command did not finish
// (the connection went away, or the wrapper was killed).
bool takeExitMarker(QString &stderrText, int *exitCode);

// Why hipdoctor refuses to hand destination to any ssh client (as git's "strange hostname"):
// empty, starting with '-' (an option to a client that does not stop at --), or holding a
// control character or white space. "" when it is fine.
QString destinationProblem(const QString &destination);

// The ssh client: HIPDOCTOR_SSH_COMMAND split into words (like GIT_SSH_COMMAND), else "ssh".
QStringList sshClientCommand();
// $XDG_RUNTIME_DIR/hipdoctor-ssh, else /tmp/hipdoctor-ssh-<uid>.
QString defaultControlDirectory();
// Creates dir with mode 0700 when missing; refuses one owned by another user or open to
// others (someone else could then talk to the connection's socket).
bool ensurePrivateDirectory(const QString &dir, QString *error);

// "host:/path" (or "user@host:~/path") → host and path; nullopt for anything else (a local
// path, a Windows-like "c:\x", "a:b" without a slash after the colon).
struct RemotePath {
    QString host;
    QString path;
};
std::optional<RemotePath> parseRemotePath(const QString &text);

struct SshOptions {
    QString destination;      // anything ssh accepts: host, user@host, an alias, ssh://u@h:p
    QStringList client;       // the ssh program and options of its own; empty = sshClientCommand()
    QString controlDirectory; // empty = defaultControlDirectory()
    int connectTimeoutS = 15;
    int persistS = 600;        // the shared connection outlives the last command this long
    int serverAliveS = 5;      // with 3 missed answers: a dead connection is seen in ~15 s
    int openTimeoutMs = 60000; // opening, including a ProxyJump chain
};

// How runScript moves bytes. Every byte from the node goes through the one supervised child
// process (common/supervised_process.h): stdout within maxOutput, stderr within its first and
// last MiB, an idle and a total deadline.
struct ScriptIo {
    QString what;                // for messages: "the sha256 of /x on the node"
    QIODevice *input = nullptr;  // streamed to the script's stdin
    QIODevice *output = nullptr; // the script's stdout goes there, else into RemoteRun::out
    // The reply's size: more stdout than this is refused (bad-reply) and the script killed.
    qint64 maxOutput = 4096;
    int idleTimeoutMs = 60000; // no byte moved for this long: killed (timed-out)
    int timeoutMs = 300000;    // the whole run
    // A transfer that moves fewer than minWindowBytes in any slowWindowMs is stopped
    // (timed-out, "too slow"): a node sending a byte a second passes the idle deadline but
    // not this one (docs/limits.md "A broken or hostile node"). 0 = none.
    int slowWindowMs = 0;
    qint64 minWindowBytes = 0;
    // Told the bytes moved so far and the time taken, about every progressEveryMs, while a
    // run lasts longer than that.
    std::function<void(qint64 bytes, qint64 elapsedMs)> progress;
    int progressEveryMs = 10000;
    const std::atomic_bool *cancel = nullptr;
};

// What a short remote command gave back.
struct RemoteRun {
    int exitCode = -1;
    QByteArray out; // stdout when no output device was given
    QString err;    // stderr, capped
    RemoteFailure failure = RemoteFailure::None;
    QString message; // one sentence when failure != None
    bool ok() const { return failure == RemoteFailure::None && exitCode == 0; }
};

class SshConnection {
public:
    explicit SshConnection(SshOptions options);
    SshConnection(const SshConnection &) = delete;
    SshConnection &operator=(const SshConnection &) = delete;

    const QString &destination() const { return m_options.destination; }

    // Opens the shared connection (or finds it open) and reads $HOME and `uname -sm` there.
    // Thread-safe; later calls return at once. On failure: false, lastFailure()/lastMessage().
    bool open();
    bool isOpen() const { return m_open.load(); }
    RemoteFailure lastFailure() const;
    QString lastMessage() const;
    Text lastMessageText() const;           // the same, with its sentences (context "hd::Remote")
    QString home() const { return m_home; } // $HOME on the node
    QString system() const { return m_system; }     // "Linux x86_64"
    QString nodeName() const { return m_nodeName; } // `uname -n` there

    // The ssh argv that runs one remote shell line (already quoted) on the node.
    QStringList argv(const QString &remoteLine) const;
    // The ssh argv that runs argv on the node under the watchdog wrapper: in workingDirectory,
    // with `env -u NAME NAME=VALUE …`, its stdin the first stdinBytes bytes sent (the rest of
    // stdin is the liveness line: when it closes, the wrapper stops the command and kills its
    // process group). reaper: a program on the node that runs `REAPER --contain -- COMMAND…`
    // (the deployed hipdoctor-probe), so that nothing the command starts survives it there
    // (app/probe/reaper.h); "" = the process group only. A missing program is reported as
    // "hipdoctor-remote: program not found: NAME", exit 127; stderr ends with the exit marker
    // (takeExitMarker).
    QStringList wrappedArgv(const QStringList &argv, const QString &workingDirectory,
                            const QMap<QString, QString> &env, const QStringList &unset,
                            qsizetype stdinBytes, const QString &reaper = {}) const;

    // Runs a short POSIX sh script on the node (`sh -c SCRIPT hipdoctor ARGS…`), its bytes
    // moved and bounded as io says.
    RemoteRun runScript(const QString &script, const QStringList &args, const ScriptIo &io = {});

    // Names what a finished command's exit status and stderr say about the connection.
    RemoteFailure classify(int exitCode, const QString &stderrText) const;
    // "host-key-unknown on node1: …": the failure, the host and ssh's own line.
    QString describe(RemoteFailure f, const QString &stderrText) const;
    Text describeText(RemoteFailure f, const QString &stderrText) const; // with its sentences

    // Ends the shared connection (ssh -O exit); the next command opens a new one.
    void close();

private:
    // open()'s first command: the node's home, system and name, in r.out (false with
    // m_failure and m_message set when it failed).
    bool askNode(RemoteRun &r);
    QStringList baseArgv() const;

    SshOptions m_options;
    QString m_controlPath;
    mutable std::mutex m_mutex;
    std::atomic_bool m_open{false};
    RemoteFailure m_failure = RemoteFailure::None;
    Text m_message;
    QString m_home, m_system, m_nodeName;
};

} // namespace hd
