#include "remote/ssh_connection.h"

#include "common/capped_output.h"
#include "common/format.h"
#include "common/shell.h"
#include "common/supervised_process.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QIODevice>
#include <QRegularExpression>

#include <sys/stat.h>
#include <unistd.h>

namespace hd {

namespace {

// The watchdog wrapper every step's child runs under on the node (docs/remote.md "What runs
// there"). Arguments: working directory, stdin byte count, PATH to look the program up with
// ("" = the node's), the reaper ("" = none; used when `REAPER --contain -- true` runs there,
// so a probe that cannot run on the node leaves the steps as they were), the program, then
// the command (env … program args). The first N bytes of stdin become the
// child's stdin (through a temporary file, so the rest of stdin stays with the watcher); the
// rest of stdin stays open while the local ssh lives: when it closes (cancel, timeout,
// connection lost) the watcher tells the command to stop (the reaper kills every descendant,
// in the group or not), waits for it a few seconds and kills the session's process group, so
// no child of a step outlives its connection. The exit status is the child's (128+N for
// signal N).
const char kWrapper[] = R"SH(x() { printf '\036hipdoctor-remote-exit %s\n' "$1" >&2; exit "$1"; }
d=$1 n=$2 p=$3 r=$4 g=$5; shift 5
if [ -n "$d" ]; then cd -- "$d" 2>/dev/null || { printf 'hipdoctor-remote: cannot enter directory %s\n' "$d" >&2; x 126; }; fi
if [ -n "$p" ]; then o=$PATH; PATH=$p; fi
command -v "$g" >/dev/null 2>&1 || { printf 'hipdoctor-remote: program not found: %s\n' "$g" >&2; x 127; }
if [ -n "$p" ]; then PATH=$o; fi
if [ -n "$r" ] && "$r" --contain -- true </dev/null >/dev/null 2>&1; then set -- "$r" --contain -- "$@"; fi
exec 3<&0 </dev/null
if [ "$n" -gt 0 ]; then
t=$(mktemp "${TMPDIR:-/tmp}/hipdoctor-stdin.XXXXXX") || x 125
head -c "$n" <&3 >"$t" || { rm -f "$t"; x 125; }
exec 4<"$t"; rm -f "$t"
else exec 4</dev/null; fi
"$@" <&4 3<&- 4<&- &
c=$!
(trap '' PIPE; exec >/dev/null 2>&1; cat; kill -TERM "$c"; i=0
while kill -0 "$c" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1 2>/dev/null || sleep 1; i=$((i+1)); done
kill -KILL 0) <&3 &
w=$!
exec 3<&- 4<&-
wait "$c"; s=$?
kill "$w" 2>/dev/null
x "$s")SH";

bool has(const QString &text, const char *needle) {
    return text.contains(QLatin1String(needle), Qt::CaseInsensitive);
}

QString lastLine(const QString &text) {
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        const QString l = it->trimmed();
        if (!l.isEmpty() && !l.startsWith(QLatin1Char('@')))
            return l;
    }
    return {};
}

} // namespace

bool takeExitMarker(QString &stderrText, int *exitCode) {
    static const QRegularExpression re(QStringLiteral("\x1ehipdoctor-remote-exit (\\d+)\n"));
    QRegularExpressionMatch last;
    for (auto it = re.globalMatch(stderrText); it.hasNext();)
        last = it.next();
    if (!last.hasMatch())
        return false;
    if (exitCode)
        *exitCode = last.captured(1).toInt();
    stderrText.remove(last.capturedStart(), last.capturedLength());
    return true;
}

QString remoteFailureName(RemoteFailure f) {
    switch (f) {
    case RemoteFailure::None:
        return {};
    case RemoteFailure::SshMissing:
        return QStringLiteral("ssh-missing");
    case RemoteFailure::Unreachable:
        return QStringLiteral("host-unreachable");
    case RemoteFailure::AuthRefused:
        return QStringLiteral("auth-refused");
    case RemoteFailure::HostKeyUnknown:
        return QStringLiteral("host-key-unknown");
    case RemoteFailure::HostKeyChanged:
        return QStringLiteral("host-key-changed");
    case RemoteFailure::NoSpace:
        return QStringLiteral("no-space");
    case RemoteFailure::ProgramMissing:
        return QStringLiteral("program-missing");
    case RemoteFailure::ProbeNotRunnable:
        return QStringLiteral("probe-not-runnable");
    case RemoteFailure::ConnectionLost:
        return QStringLiteral("connection-lost");
    case RemoteFailure::BadReply:
        return QStringLiteral("bad-reply");
    case RemoteFailure::BadDestination:
        return QStringLiteral("bad-destination");
    case RemoteFailure::TimedOut:
        return QStringLiteral("timed-out");
    case RemoteFailure::Cancelled:
        return QStringLiteral("cancelled");
    case RemoteFailure::Other:
        return QStringLiteral("ssh-error");
    }
    return {};
}

RemoteFailure classifySshFailure(int exitCode, const QString &err, bool connected) {
    if (has(err, "No space left on device"))
        return RemoteFailure::NoSpace;
    if (exitCode == 127 && err.contains(QLatin1String("hipdoctor-remote: program not found")))
        return RemoteFailure::ProgramMissing;
    if (exitCode != 255)
        return RemoteFailure::None;
    if (has(err, "REMOTE HOST IDENTIFICATION HAS CHANGED") || has(err, "has changed and you have"))
        return RemoteFailure::HostKeyChanged;
    if (has(err, "host key is known") || has(err, "Host key verification failed") ||
        has(err, "authenticity of host"))
        return RemoteFailure::HostKeyUnknown;
    if (has(err, "Permission denied") || has(err, "Too many authentication failures") ||
        has(err, "no more authentication methods"))
        return RemoteFailure::AuthRefused;
    if (has(err, "Could not resolve hostname") || has(err, "Name or service not known") ||
        has(err, "Connection refused") || has(err, "No route to host") ||
        has(err, "Network is unreachable") || has(err, "Connection timed out") ||
        has(err, "Operation timed out") || has(err, "connect to host") ||
        has(err, "Temporary failure in name resolution"))
        return RemoteFailure::Unreachable;
    if (has(err, "closed by remote host") || has(err, "Connection closed") ||
        has(err, "Connection reset") || has(err, "Broken pipe") || has(err, "not responding") ||
        has(err, "mux_client") || has(err, "client_loop") ||
        has(err, "kex_exchange_identification") || has(err, "Connection to "))
        return connected ? RemoteFailure::ConnectionLost : RemoteFailure::Unreachable;
    // 255 without a message of ssh's: once connected, the remote command's own exit status.
    return connected ? RemoteFailure::None : RemoteFailure::Other;
}

QString destinationProblem(const QString &destination) {
    if (destination.isEmpty())
        return QStringLiteral("no destination given");
    if (destination.startsWith(QLatin1Char('-')))
        return QStringLiteral("'%1' begins with '-' (an ssh client would read an option)")
            .arg(printableText(destination, 200));
    for (const QChar c : destination) {
        if (c.category() == QChar::Other_Control || c.isSpace())
            return QStringLiteral("'%1' holds a control character or white space")
                .arg(printableText(destination, 200));
    }
    return {};
}

QStringList sshClientCommand() {
    const QString env = qEnvironmentVariable("HIPDOCTOR_SSH_COMMAND");
    QStringList words = env.trimmed().isEmpty() ? QStringList{} : shellSplit(env);
    if (words.isEmpty())
        words << QStringLiteral("ssh");
    return words;
}

QString defaultControlDirectory() {
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty() && QFileInfo(runtime).isDir())
        return runtime + QStringLiteral("/hipdoctor-ssh");
    return QStringLiteral("/tmp/hipdoctor-ssh-%1").arg(::getuid());
}

bool ensurePrivateDirectory(const QString &dir, QString *error) {
    const QByteArray path = QFile::encodeName(dir);
    if (::mkdir(path.constData(), 0700) != 0 && errno != EEXIST) {
        if (error)
            *error = QStringLiteral("cannot create %1: %2").arg(dir, qt_error_string(errno));
        return false;
    }
    struct stat st {};
    if (::lstat(path.constData(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        if (error)
            *error = QStringLiteral("%1 is not a folder").arg(dir);
        return false;
    }
    if (st.st_uid != ::getuid()) {
        if (error)
            *error = QStringLiteral("%1 belongs to another user: refusing to put the ssh "
                                    "connection's socket there")
                         .arg(dir);
        return false;
    }
    if ((st.st_mode & 077) != 0 && ::chmod(path.constData(), 0700) != 0) {
        if (error)
            *error =
                QStringLiteral("%1 is open to other users and cannot be made private").arg(dir);
        return false;
    }
    return true;
}

std::optional<RemotePath> parseRemotePath(const QString &text) {
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    if (colon <= 0)
        return std::nullopt;
    const QString host = text.left(colon);
    const QString path = text.mid(colon + 1);
    if (host.contains(QLatin1Char('/')) || host.contains(QLatin1Char('\\')) || path.isEmpty())
        return std::nullopt;
    if (!path.startsWith(QLatin1Char('/')) && !path.startsWith(QLatin1String("~/")))
        return std::nullopt;
    if (QFileInfo::exists(text)) // a local file that happens to hold a colon
        return std::nullopt;
    return RemotePath{host, path};
}

SshConnection::SshConnection(SshOptions options) : m_options(std::move(options)) {
    if (m_options.client.isEmpty())
        m_options.client = sshClientCommand();
    if (m_options.controlDirectory.isEmpty())
        m_options.controlDirectory = defaultControlDirectory();
    // %C: a hash of the local host, remote host, port and user, short enough for a socket.
    m_controlPath = m_options.controlDirectory + QStringLiteral("/%C");
}

QStringList SshConnection::baseArgv() const {
    QStringList a = m_options.client;
    a << QStringLiteral("-T") << QStringLiteral("-o") << QStringLiteral("BatchMode=yes")
      << QStringLiteral("-o") << QStringLiteral("StrictHostKeyChecking=yes") << QStringLiteral("-o")
      << QStringLiteral("ControlMaster=auto") << QStringLiteral("-o")
      << QStringLiteral("ControlPersist=%1").arg(m_options.persistS) << QStringLiteral("-o")
      << QStringLiteral("ControlPath=") + m_controlPath << QStringLiteral("-o")
      << QStringLiteral("ConnectTimeout=%1").arg(m_options.connectTimeoutS) << QStringLiteral("-o")
      << QStringLiteral("ServerAliveInterval=%1").arg(m_options.serverAliveS)
      << QStringLiteral("-o") << QStringLiteral("ServerAliveCountMax=3");
    return a;
}

QStringList SshConnection::argv(const QString &remoteLine) const {
    QStringList a = baseArgv();
    a << QStringLiteral("--") << m_options.destination << remoteLine;
    return a;
}

QStringList SshConnection::wrappedArgv(const QStringList &command, const QString &workingDirectory,
                                       const QMap<QString, QString> &env, const QStringList &unset,
                                       qsizetype stdinBytes, const QString &reaper) const {
    QStringList line{QStringLiteral("sh"),
                     QStringLiteral("-c"),
                     QString::fromLatin1(kWrapper),
                     QStringLiteral("hipdoctor-remote"),
                     workingDirectory,
                     QString::number(stdinBytes),
                     env.value(QStringLiteral("PATH")),
                     reaper,
                     command.value(0)};
    if (!env.isEmpty() || !unset.isEmpty()) {
        line << QStringLiteral("env");
        for (const QString &n : unset)
            line << QStringLiteral("-u") << n;
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            line << it.key() + QLatin1Char('=') + it.value();
    }
    line << command;
    return argv(shellJoin(line));
}

RemoteFailure SshConnection::lastFailure() const {
    std::lock_guard lock(m_mutex);
    return m_failure;
}

Text SshConnection::lastMessageText() const {
    std::lock_guard lock(m_mutex);
    return m_message;
}

QString SshConnection::lastMessage() const {
    std::lock_guard lock(m_mutex);
    return m_message.english();
}

RemoteFailure SshConnection::classify(int exitCode, const QString &stderrText) const {
    return classifySshFailure(exitCode, stderrText, m_open.load());
}

namespace {

// What failed, in words, for the destination host (ssh's client program: client).
Text failureWhat(RemoteFailure f, const QString &host, const QString &client,
                 const QString &stderrText) {
    switch (f) {
    case RemoteFailure::None:
        break;
    case RemoteFailure::SshMissing:
        return HD_TEXT("hd::Remote", "the ssh client (%1) could not be started").arg(client);
    case RemoteFailure::Unreachable:
        return HD_TEXT("hd::Remote", "%1 cannot be reached").arg(host);
    case RemoteFailure::AuthRefused:
        return HD_TEXT("hd::Remote",
                       "%1 refused every key offered (add yours with ssh-copy-id, or load "
                       "it into the agent)")
            .arg(host);
    case RemoteFailure::HostKeyUnknown:
        return HD_TEXT("hd::Remote",
                       "the host key of %1 is not known: refused (check its fingerprint "
                       "and add it with a plain `ssh %1` first)")
            .arg(host);
    case RemoteFailure::HostKeyChanged:
        return HD_TEXT("hd::Remote", "the host key of %1 CHANGED since it was recorded: refused")
            .arg(host);
    case RemoteFailure::NoSpace:
        return HD_TEXT("hd::Remote", "no space left on %1").arg(host);
    case RemoteFailure::ProgramMissing: {
        static const QRegularExpression re(QStringLiteral("program not found: ([^\\n]*)"));
        const QString prog = re.match(stderrText).captured(1).trimmed();
        const QString base = prog.section(QLatin1Char('/'), -1);
        return base == QLatin1String("hipcc")
                   ? HD_TEXT("hd::Remote", "no hipcc on %1 (not on its PATH)").arg(host)
                   : HD_TEXT("hd::Remote", "%1 is not on %2 (not on its PATH)").arg(prog, host);
    }
    case RemoteFailure::ProbeNotRunnable:
        return HD_TEXT("hd::Remote", "the probe does not run on %1").arg(host);
    case RemoteFailure::ConnectionLost:
        return HD_TEXT("hd::Remote", "the connection to %1 was lost").arg(host);
    case RemoteFailure::BadReply:
        return HD_TEXT("hd::Remote", "%1 gave a reply hipdoctor refuses").arg(host);
    case RemoteFailure::BadDestination:
        return HD_TEXT("hd::Remote", "hipdoctor refuses this destination");
    case RemoteFailure::TimedOut:
        return HD_TEXT("hd::Remote", "%1 did not answer in time").arg(host);
    case RemoteFailure::Cancelled:
        return HD_TEXT("hd::Remote", "cancelled");
    case RemoteFailure::Other:
        return HD_TEXT("hd::Remote", "ssh to %1 failed").arg(host);
    }
    return {};
}

} // namespace

QString SshConnection::describe(RemoteFailure f, const QString &stderrText) const {
    return describeText(f, stderrText).english();
}

Text SshConnection::describeText(RemoteFailure f, const QString &stderrText) const {
    if (f == RemoteFailure::None)
        return {};
    const Text what = failureWhat(f, m_options.destination, m_options.client.value(0), stderrText);
    // ssh's (or the node's) own words, made printable and cut: they reach terminals and reports.
    const QString line = printableText(lastLine(stderrText), 500);
    Text s = remoteFailureName(f) + QStringLiteral(": ") + what;
    // The client names itself ("ssh: connect to host …"), the node's words do not: the
    // prefix is added only where it is missing.
    if (!line.isEmpty() && f != RemoteFailure::ProgramMissing && f != RemoteFailure::Cancelled)
        s += QStringLiteral(" (%1)").arg(
            line.startsWith(QLatin1String("ssh: ")) ? line : QStringLiteral("ssh: ") + line);
    return s;
}

bool SshConnection::open() {
    std::lock_guard lock(m_mutex);
    if (m_open.load())
        return true;
    if (const QString why = destinationProblem(m_options.destination); !why.isEmpty()) {
        m_failure = RemoteFailure::BadDestination;
        m_message = remoteFailureName(m_failure) + QStringLiteral(": ") + why;
        return false;
    }
    QString error;
    if (!ensurePrivateDirectory(m_options.controlDirectory, &error)) {
        m_failure = RemoteFailure::Other;
        m_message = remoteFailureName(m_failure) + QStringLiteral(": ") + error;
        return false;
    }
    RemoteRun r;
    if (!askNode(r))
        return false;
    const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (r.exitCode != 0 || lines.size() < 2 || !lines.first().startsWith(QLatin1Char('/'))) {
        m_failure = classifySshFailure(r.exitCode == 0 ? 255 : r.exitCode, r.err, false);
        if (m_failure == RemoteFailure::None)
            m_failure = RemoteFailure::Other;
        m_message = describeText(m_failure, r.err);
        if (r.exitCode == 0)
            m_message += HD_TEXT("hd::Remote", " (the node answered without a home folder: is "
                                               "its login shell a POSIX shell?)");
        return false;
    }
    m_home = lines.at(0);
    m_system = lines.at(1).trimmed();
    m_nodeName = lines.value(2).trimmed();
    m_failure = RemoteFailure::None;
    m_message = {};
    m_open.store(true);
    return true;
}

// The first command starts the shared connection (ControlMaster=auto + ControlPersist
// put it in the background); it reads where the node's home is and what the node is. Its
// bytes are bounded as every command's (three short lines; ssh's messages), within the
// opening's total deadline.
bool SshConnection::askNode(RemoteRun &r) {
    const QStringList a =
        argv(QStringLiteral("printf '%s\\n' \"$HOME\"; uname -sm 2>/dev/null || echo unknown; "
                            "uname -n 2>/dev/null || echo unknown"));
    constexpr qsizetype kMaxReply = 64 << 10;
    CappedOutput err(1 << 20, 1 << 20);
    bool tooLong = false;
    SupervisedSpec sv;
    sv.program = a.first();
    sv.arguments = a.mid(1);
    // Not contained: the shared connection it starts must outlive it.
    sv.startTimeoutMs = 10000;
    sv.timeoutMs = m_options.openTimeoutMs;
    sv.cancelled = [&tooLong] { return tooLong; };
    sv.onStdout = [&](const QByteArray &b) {
        if (r.out.size() + b.size() > kMaxReply)
            tooLong = true;
        else
            r.out += b;
    };
    sv.onStderr = [&err](const QByteArray &b) { err.append(b); };
    const SupervisedEnd end = runSupervised(sv);
    r.err = QString::fromLocal8Bit(err.bytes());
    if (!end.started) {
        m_failure = RemoteFailure::SshMissing;
        m_message = describeText(m_failure, end.startError);
        return false;
    }
    if (end.timedOut || tooLong) {
        m_failure = tooLong ? RemoteFailure::BadReply : RemoteFailure::TimedOut;
        m_message = describeText(m_failure, r.err);
        if (tooLong)
            m_message += QStringLiteral(" (more than %1 bytes while the connection was "
                                        "opened)")
                             .arg(kMaxReply);
        return false;
    }
    r.exitCode = end.crashed ? 255 : end.exitCode;
    return true;
}

RemoteRun SshConnection::runScript(const QString &script, const QStringList &args,
                                   const ScriptIo &io) {
    RemoteRun r;
    if (!open()) {
        r.failure = lastFailure();
        r.message = lastMessage();
        return r;
    }
    QStringList line{QStringLiteral("sh"), QStringLiteral("-c"), script,
                     QStringLiteral("hipdoctor")};
    line << args;
    const QStringList a = argv(shellJoin(line));
    CappedOutput err(1 << 20, 1 << 20);
    qint64 received = 0, sent = 0;
    bool tooLong = false, writeFailed = false, tooSlow = false;
    QElapsedTimer clock, window, sinceProgress;
    clock.start();
    window.start();
    sinceProgress.start();
    qint64 windowStart = 0, windowMoved = 0;
    // Polled by the supervisor about every 100 ms: the slow-transfer window and progress.
    const auto watchTransfer = [&] {
        const qint64 moved = received + sent;
        if (io.slowWindowMs > 0 && window.elapsed() >= io.slowWindowMs) {
            windowMoved = moved - windowStart;
            tooSlow = windowMoved < io.minWindowBytes;
            windowStart = moved;
            window.restart();
        }
        if (io.progress && sinceProgress.elapsed() >= io.progressEveryMs) {
            io.progress(moved, clock.elapsed());
            sinceProgress.restart();
        }
        return tooSlow;
    };
    SupervisedSpec sv;
    sv.program = a.first();
    sv.arguments = a.mid(1);
    // ssh, not contained: its shared connection outlives the command.
    sv.startTimeoutMs = 10000;
    sv.timeoutMs = io.timeoutMs;
    sv.idleTimeoutMs = io.idleTimeoutMs;
    if (io.input)
        sv.stdinSource = [&io, &sent](qint64 room) {
            QByteArray b = io.input->read(room);
            sent += b.size();
            return b;
        };
    sv.cancelled = [&] {
        return watchTransfer() || tooLong || writeFailed || (io.cancel && io.cancel->load());
    };
    sv.onStdout = [&](const QByteArray &b) {
        if (tooLong || writeFailed)
            return;
        received += b.size();
        if (received > io.maxOutput) { // a reply has the size it should have
            tooLong = true;
            return;
        }
        if (!io.output)
            r.out += b;
        else if (io.output->write(b) != b.size())
            writeFailed = true;
    };
    sv.onStderr = [&err](const QByteArray &b) { err.append(b); };
    const SupervisedEnd end = runSupervised(sv);
    r.err = err.text();
    if (!end.started) {
        r.failure = RemoteFailure::SshMissing;
        r.message = describe(r.failure, end.startError);
        return r;
    }
    r.exitCode = end.crashed ? -1 : end.exitCode;
    if (tooLong) {
        r.failure = RemoteFailure::BadReply;
        r.message = describe(r.failure, {}) +
                    QStringLiteral(": more than %1 bytes as %2; not read further")
                        .arg(io.maxOutput)
                        .arg(io.what.isEmpty() ? QStringLiteral("a reply") : io.what);
        return r;
    }
    if (tooSlow) {
        r.failure = RemoteFailure::TimedOut;
        r.message = describe(r.failure, {}) +
                    QStringLiteral(": %1 moved %2 bytes in %3 s, fewer than %4; stopped as too "
                                   "slow after %5 bytes")
                        .arg(io.what.isEmpty() ? QStringLiteral("a transfer") : io.what,
                             QString::number(windowMoved), QString::number(io.slowWindowMs / 1000),
                             QString::number(io.minWindowBytes), QString::number(received + sent));
        return r;
    }
    if (writeFailed) {
        r.failure = RemoteFailure::NoSpace;
        r.message =
            remoteFailureName(r.failure) +
            QStringLiteral(": cannot write the local copy: %1").arg(io.output->errorString());
        return r;
    }
    if (end.cancelled)
        r.failure = RemoteFailure::Cancelled;
    else if (end.timedOut)
        r.failure = RemoteFailure::TimedOut;
    else
        r.failure = classify(r.exitCode, r.err);
    if (r.failure != RemoteFailure::None)
        r.message = describe(r.failure, r.err);
    return r;
}

void SshConnection::close() {
    std::lock_guard lock(m_mutex);
    if (!destinationProblem(m_options.destination).isEmpty())
        return;
    QStringList a = baseArgv();
    a << QStringLiteral("-O") << QStringLiteral("exit") << QStringLiteral("--")
      << m_options.destination;
    SupervisedSpec sv;
    sv.program = a.first();
    sv.arguments = a.mid(1);
    sv.startTimeoutMs = 5000;
    sv.timeoutMs = 10000;
    runSupervised(sv); // its few words are not kept
    m_open.store(false);
}

} // namespace hd
