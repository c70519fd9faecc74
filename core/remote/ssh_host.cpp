#include "remote/ssh_host.h"

#include "common/capped_output.h"
#include "common/format.h"
#include "common/signals.h"
#include "common/supervised_process.h"
#include "common/version.h"
#include "exec/process_run.h"
#include "logs/amd_log.h"
#include "probe/probe_client.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryFile>

#include <algorithm>
#include <csignal>

namespace hd {

namespace {

// Is the file there with this sha256? ("present" / "missing")
const char kHasFile[] = R"SH(f=$1 h=$2
if [ -f "$f" ]; then h2=$(sha256sum <"$f" 2>/dev/null) && [ "${h2%% *}" = "$h" ] && { echo present; exit 0; }; fi
echo missing)SH";

// stdin → $1 with mode $2, through a temporary name beside it; prints the copy's sha256.
const char kPutFile[] = R"SH(f=$1 m=$2; d=${f%/*}; t=$f.part.$$
mkdir -p -- "$d" && cat >"$t" && chmod "$m" "$t" && mv -f -- "$t" "$f" || { s=$?; rm -f -- "$t"; exit "$s"; }
h=$(sha256sum <"$f") && echo "${h%% *}")SH";

// a tar stream on stdin → the folder $1 (its last component is the tar's top folder $2).
const char kPutFolder[] = R"SH(f=$1 n=$2; d=${f%/*}; t=$d/.part.$$
mkdir -p -- "$t" && tar -C "$t" -xf - && mv -f -- "$t/$n" "$f" && rmdir -- "$t" || { s=$?; rm -rf -- "$t"; exit "$s"; })SH";

// sha256 and size of a regular file $1: "HASH SIZE".
const char kHashOf[] =
    R"SH([ -f "$1" ] || { printf 'hipdoctor-remote: not a regular file: %s\n' "$1" >&2; exit 2; }
h=$(sha256sum <"$1") || exit 1
n=$(wc -c <"$1") || exit 1
echo "${h%% *} $n")SH";

// Replies: a status word, a sha256 line, "HASH SIZE".
constexpr qint64 kStatusReply = 16, kHashReply = 65, kHashSizeReply = 64 + 1 + 20 + 1;

bool isSha256Hex(const QString &s) {
    static const QRegularExpression re(QStringLiteral("^[0-9a-f]{64}$"));
    return re.match(s).hasMatch();
}

const char kCat[] = R"SH(exec cat -- "$1")SH";

QByteArray sha256File(const QString &path, QString *error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return {};
    }
    QCryptographicHash h(QCryptographicHash::Sha256);
    if (!h.addData(&f)) {
        if (error)
            *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return {};
    }
    return h.result().toHex();
}

QString firstLineOf(const QByteArray &out) {
    return QString::fromUtf8(out).section(QLatin1Char('\n'), 0, 0).trimmed();
}

// The wrapper reports a child killed by signal N as exit status 128+N, as shells do: N, or 0
// for any other status.
int signalOfWrapperExit(int exitCode) {
    return exitCode > 128 && exitCode < 128 + 65 ? exitCode - 128 : 0;
}

// The command as it was asked for, on this host: what a check records whatever its end.
void recordCommand(const ProcessSpec &spec, const QString &host, CheckRecord &check) {
    check.command = spec.argv;
    check.workingDirectory = spec.workingDirectory;
    check.env.clear();
    for (auto it = spec.env.begin(); it != spec.env.end(); ++it)
        check.env.insert(it.key(), it.value());
    check.envRemoved = spec.unset;
    check.data.insert(QStringLiteral("host"), host);
}

void failCheck(CheckRecord &check, RemoteFailure f, const QString &message) {
    check.status = f == RemoteFailure::Cancelled ? CheckStatus::Cancelled : CheckStatus::Error;
    check.summary = message;
    check.data.insert(QStringLiteral("remoteFailure"), remoteFailureName(f));
}

// A probe that exited without its hello, with the loader's or the shell's words for a binary
// that cannot run there (missing libraries, another architecture, an older glibc).
bool probeDidNotRun(const ProbeResult &r) {
    return !r.helloSeen &&
           (r.exitCode == 126 || r.exitCode == 127 ||
            r.stderrText.contains(QLatin1String("error while loading shared libraries")) ||
            r.stderrText.contains(QLatin1String("Exec format error")) ||
            r.stderrText.contains(QLatin1String("version `GLIBC")));
}

} // namespace

QString pathInCache(const QString &cacheRoot, const QString &hash, const QString &name,
                    QString *error) {
    if (!isSha256Hex(hash)) {
        *error = QStringLiteral("'%1' is not a sha256 (64 characters 0-9a-f): refused as a "
                                "folder name")
                     .arg(printableText(hash, 80));
        return {};
    }
    QString file = name;
    if (file.isEmpty() || file == QLatin1String(".") || file == QLatin1String("..") ||
        file.contains(QLatin1Char('/')) || printableText(file) != file)
        file = QStringLiteral("file");
    if (!QDir().mkpath(cacheRoot + QLatin1Char('/') + hash)) {
        *error = QStringLiteral("cannot create %1/%2").arg(cacheRoot, hash);
        return {};
    }
    // Checked after resolving: a link planted in the cache cannot lead a write elsewhere.
    const QString root = QFileInfo(cacheRoot).canonicalFilePath();
    const QString dir = QFileInfo(cacheRoot + QLatin1Char('/') + hash).canonicalFilePath();
    if (root.isEmpty() || dir != root + QLatin1Char('/') + hash) {
        *error = QStringLiteral("%1/%2 leads out of the cache (%3): refused")
                     .arg(cacheRoot, hash, dir.isEmpty() ? QStringLiteral("unresolved") : dir);
        return {};
    }
    return dir + QLatin1Char('/') + file;
}

QByteArray contentHash(const QString &path, QString *error) {
    const QFileInfo fi(path);
    if (!fi.isDir())
        return sha256File(path, error);
    QStringList files;
    QDirIterator it(path, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(path).relativeFilePath(it.next());
    std::sort(files.begin(), files.end());
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const QString &rel : files) {
        const QString full = path + QLatin1Char('/') + rel;
        const QByteArray one = sha256File(full, error);
        if (one.isEmpty())
            return {};
        h.addData(rel.toUtf8());
        h.addData(QByteArrayView("\0", 1));
        h.addData(QFileInfo(full).isExecutable() ? QByteArrayView("x") : QByteArrayView("-"));
        h.addData(one);
    }
    return h.result().toHex();
}

ScriptIo SshHost::transfer(QIODevice *input) const {
    ScriptIo io;
    io.input = input;
    io.maxOutput = kHashReply;
    io.idleTimeoutMs = m_options.transferIdleTimeoutMs;
    io.timeoutMs = m_options.transferTimeoutMs;
    io.slowWindowMs = m_options.transferSlowWindowMs;
    io.minWindowBytes = m_options.transferMinWindowBytes;
    return io;
}

SshHost::SshHost(SshHostOptions options)
    : m_options(std::move(options)), m_conn(std::make_unique<SshConnection>(m_options.ssh)) {
    if (m_options.version.isEmpty())
        m_options.version = version();
    if (m_options.localCache.isEmpty())
        m_options.localCache =
            QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
            QStringLiteral("/hipdoctor/remote");
}

QString SshHost::nodeName() const {
    const QString n = m_conn->nodeName();
    return n.isEmpty() ? hostName() : n;
}

QString SshHost::connectionProblem() {
    return m_conn->open() ? QString() : m_conn->lastMessage();
}

QString SshHost::remoteProbePath() const {
    return m_conn->home() + QStringLiteral("/.cache/hipdoctor/") + m_options.version +
           QStringLiteral("/hipdoctor-probe");
}

void SshHost::runProcess(const ProcessSpec &spec, CheckRecord &check) {
    if (spec.argv.isEmpty() || !m_conn->open()) {
        check.startedAt = isoNow();
        recordCommand(spec, hostName(), check);
        if (spec.argv.isEmpty()) {
            check.status = CheckStatus::Error;
            check.summary = QStringLiteral("no command given");
        } else {
            failCheck(check, m_conn->lastFailure(), m_conn->lastMessage());
        }
        return;
    }
    ProcessSpec local;
    // The node's own login environment is the base there; spec.baseEnv describes this machine.
    // The deployed probe contains the command there (docs/remote.md "What runs there"); where
    // it cannot be deployed, the wrapper's process group is what is killed.
    QString noReaper;
    const QString reaper = ensureProbe(&noReaper);
    local.argv = m_conn->wrappedArgv(spec.argv, spec.workingDirectory, spec.env, spec.unset,
                                     spec.stdinData.size(), reaper);
    local.baseEnv = QProcessEnvironment::systemEnvironment();
    local.timeoutMs = spec.timeoutMs;
    local.cancel = spec.cancel;
    local.stdinData = spec.stdinData;
    local.keepStdinOpen = true;
    local.contain = false; // ssh; the wrapper contains the step on the node
    hd::runProcess(local, check);
    recordCommand(spec, hostName(), check);
    if (reaper.isEmpty())
        check.data.insert(QStringLiteral("containment"),
                          QStringLiteral("process group only: %1").arg(noReaper));
    if (check.status == CheckStatus::Cancelled || check.timedOut)
        return; // the local ssh was killed; its stdin closed, the node's watchdog kills the rest
    judgeSshEnd(check);
}

// How the local ssh ended, told apart: ssh itself failing, the connection failing, or the
// command on the node ending (its exit status, or the signal that killed it).
void SshHost::judgeSshEnd(CheckRecord &check) {
    if (check.exitCode < 0 && check.signalName.isEmpty()) {
        failCheck(check, RemoteFailure::SshMissing,
                  m_conn->describe(RemoteFailure::SshMissing, check.stderrText));
        return;
    }
    if (!check.signalName.isEmpty()) { // the local ssh died of a signal
        failCheck(check, RemoteFailure::ConnectionLost,
                  m_conn->describe(RemoteFailure::ConnectionLost, check.stderrText));
        return;
    }
    int remoteExit = -1;
    const bool finished = takeExitMarker(check.stderrText, &remoteExit);
    RemoteFailure f = m_conn->classify(check.exitCode, check.stderrText);
    if (!finished && f == RemoteFailure::None)
        f = RemoteFailure::ConnectionLost; // ssh ended before the command did
    if (f != RemoteFailure::None) {
        failCheck(check, f, m_conn->describe(f, check.stderrText));
        return;
    }
    if (const int signal = signalOfWrapperExit(check.exitCode)) {
        check.signalName = signalName(signal);
        check.exitCode = -1;
        check.status = CheckStatus::Fail;
        check.summary = QStringLiteral("killed by %1").arg(check.signalName);
    }
}

QString SshHost::ensureProbe(QString *error, bool *deployed) {
    if (deployed)
        *deployed = false;
    std::lock_guard lock(m_mutex);
    if (!m_deployedProbe.isEmpty())
        return m_deployedProbe;
    if (!m_conn->open()) {
        *error = m_conn->lastMessage();
        return {};
    }
    QStringList searched;
    const QString local =
        m_options.localProbe.isEmpty() ? findProbeBinary(&searched) : m_options.localProbe;
    if (local.isEmpty()) {
        *error = QStringLiteral("no hipdoctor-probe here to copy to %1 (looked at %2)")
                     .arg(hostName(), searched.join(QStringLiteral(", ")));
        return {};
    }
    const QByteArray hash = sha256File(local, error);
    if (hash.isEmpty())
        return {};
    const QString path = remoteProbePath();
    ScriptIo status;
    status.what = QStringLiteral("the state of the probe's copy");
    status.maxOutput = kStatusReply;
    RemoteRun has =
        m_conn->runScript(QString::fromLatin1(kHasFile), {path, QString::fromLatin1(hash)}, status);
    if (has.failure != RemoteFailure::None) {
        *error = has.message;
        return {};
    }
    if (firstLineOf(has.out) != QLatin1String("present")) {
        QFile in(local);
        if (!in.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read %1: %2").arg(local, in.errorString());
            return {};
        }
        RemoteRun put = m_conn->runScript(QString::fromLatin1(kPutFile),
                                          {path, QStringLiteral("755")}, transfer(&in));
        if (!put.ok() || firstLineOf(put.out) != QString::fromLatin1(hash)) {
            const RemoteFailure f =
                put.failure != RemoteFailure::None ? put.failure : RemoteFailure::ProbeNotRunnable;
            *error = put.failure != RemoteFailure::None
                         ? put.message
                         : m_conn->describe(f, put.err) +
                               QStringLiteral(": copying it to %1 failed").arg(path);
            return {};
        }
        if (deployed)
            *deployed = true;
    }
    m_deployedProbe = path;
    return path;
}

ProbeResult SshHost::runProbe(const ProbeRequest &request, const ProbeOptions &options) {
    ProbeResult failed;
    failed.request = request;
    failed.outcome = ProbeOutcome::FailedToStart;
    QString error;
    QString probe = options.probePath;
    if (!m_conn->open()) {
        failed.message = m_conn->lastMessage();
        return failed;
    }
    if (probe.isEmpty())
        probe = ensureProbe(&error);
    if (probe.isEmpty()) {
        failed.message = error;
        return failed;
    }
    const QByteArray line = QJsonDocument(request.toJson()).toJson(QJsonDocument::Compact) + '\n';
    ProbeOptions o = options;
    o.launcher = m_conn->wrappedArgv({probe}, options.workingDirectory, options.env, options.unset,
                                     line.size(), probe);
    o.probePath = probe;
    o.env.clear();
    o.unset.clear();
    o.baseEnv = QProcessEnvironment::systemEnvironment();
    o.workingDirectory.clear();
    ProbeResult r = ProbeClient(o).run(request);
    r.command = QStringList{probe};
    int remoteExit = -1;
    const bool finished = takeExitMarker(r.stderrText, &remoteExit);
    if (finished)
        r.amdLog = parseAmdLog(r.stderrText);
    r.environment.clear();
    for (auto it = options.env.cbegin(); it != options.env.cend(); ++it)
        r.environment << it.key() + QLatin1Char('=') + it.value();
    judgeProbeEnd(r, finished);
    return r;
}

// The probe's end as the local ssh saw it, told apart: ssh failing, the connection failing, a
// probe that cannot run there, or the probe killed by a signal (the wrapper's 128+N).
void SshHost::judgeProbeEnd(ProbeResult &r, bool finished) {
    if (r.outcome == ProbeOutcome::Cancelled || r.outcome == ProbeOutcome::TimedOut ||
        r.outcome == ProbeOutcome::Completed)
        return;
    if (r.outcome == ProbeOutcome::FailedToStart) { // the local ssh did not start
        r.message = m_conn->describe(RemoteFailure::SshMissing, r.message);
        return;
    }
    if (r.signal != 0) { // the local ssh was killed
        r.outcome = ProbeOutcome::FailedToStart;
        r.message = m_conn->describe(RemoteFailure::ConnectionLost, r.stderrText);
        return;
    }
    RemoteFailure f = m_conn->classify(r.exitCode, r.stderrText);
    if (!finished && f == RemoteFailure::None)
        f = RemoteFailure::ConnectionLost;
    if (f == RemoteFailure::ProgramMissing || (f == RemoteFailure::None && probeDidNotRun(r)))
        f = RemoteFailure::ProbeNotRunnable;
    if (f != RemoteFailure::None) {
        if (!r.helloSeen) {
            r.outcome = ProbeOutcome::FailedToStart;
            r.protocolMismatch = false;
        }
        r.message = m_conn->describe(f, r.stderrText);
        return;
    }
    if (const int signal = signalOfWrapperExit(r.exitCode)) {
        r.signal = signal;
        r.signalName = signalName(r.signal);
        r.exitCode = -1;
        r.protocolMismatch = false;
        r.outcome = r.signal == SIGABRT ? ProbeOutcome::Aborted : ProbeOutcome::Crashed;
        r.message =
            QStringLiteral("the probe was killed by %1 on %2").arg(r.signalName, hostName());
        const QString last = r.stderrText.trimmed().section(QLatin1Char('\n'), -1);
        if (!last.isEmpty())
            r.message += QStringLiteral("; last stderr line: ") + last;
    }
}

QString SshHost::stageToHost(const QString &localPath, QString *error) {
    QString scratch;
    if (!error)
        error = &scratch;
    const QFileInfo fi(localPath);
    if (!fi.exists()) {
        *error = QStringLiteral("%1 does not exist").arg(localPath);
        return {};
    }
    const QByteArray hash = contentHash(fi.absoluteFilePath(), error);
    if (hash.isEmpty())
        return {};
    {
        std::lock_guard lock(m_mutex);
        const auto it = m_staged.constFind(hash + '/' + fi.fileName().toUtf8());
        if (it != m_staged.constEnd())
            return it.value();
    }
    if (!m_conn->open()) {
        *error = m_conn->lastMessage();
        return {};
    }
    const QString name = fi.fileName().isEmpty() ? QStringLiteral("root") : fi.fileName();
    const QString remote = m_conn->home() + QStringLiteral("/.cache/hipdoctor/staged/") +
                           QString::fromLatin1(hash) + QLatin1Char('/') + name;
    ScriptIo status;
    status.what = QStringLiteral("the state of a staged copy");
    status.maxOutput = kStatusReply;
    RemoteRun has = m_conn->runScript(QStringLiteral("[ -e \"$1\" ] && echo present; exit 0"),
                                      {remote}, status);
    if (has.failure != RemoteFailure::None) {
        *error = has.message;
        return {};
    }
    // The path names the content's hash: a copy already there is this content.
    if (firstLineOf(has.out) != QLatin1String("present") &&
        !copyToHost(localPath, hash, remote, error))
        return {};
    std::lock_guard lock(m_mutex);
    m_staged.insert(hash + '/' + fi.fileName().toUtf8(), remote);
    return remote;
}

bool SshHost::copyToHost(const QString &localPath, const QByteArray &hash, const QString &remote,
                         QString *error) {
    const std::optional<RemoteRun> put = QFileInfo(localPath).isDir()
                                             ? putFolder(localPath, remote, error)
                                             : putFile(localPath, hash, remote, error);
    if (!put)
        return false;
    if (!put->ok()) {
        *error = put->failure != RemoteFailure::None
                     ? put->message
                     : QStringLiteral("copying %1 to %2 failed: %3")
                           .arg(localPath, hostName(), put->err.trimmed());
        return false;
    }
    return true;
}

// A folder travels as one tar stream, made here first: the node needs nothing but tar.
std::optional<RemoteRun> SshHost::putFolder(const QString &localPath, const QString &remote,
                                            QString *error) {
    const QFileInfo fi(localPath);
    QTemporaryFile tar(QDir::tempPath() + QStringLiteral("/hipdoctor-stage-XXXXXX.tar"));
    if (!tar.open()) {
        *error = QStringLiteral("cannot create a temporary file: %1").arg(tar.errorString());
        return std::nullopt;
    }
    CappedOutput tarErr(4096, 4096);
    SupervisedSpec sv;
    sv.program = QStringLiteral("tar");
    sv.arguments = {QStringLiteral("-C"), fi.absolutePath(),    QStringLiteral("-cf"),
                    tar.fileName(),       QStringLiteral("--"), fi.fileName()};
    sv.timeoutMs = m_options.transferTimeoutMs;
    sv.reaper = reaperProgram();
    sv.onStderr = [&tarErr](const QByteArray &b) { tarErr.append(b); };
    const SupervisedEnd end = runSupervised(sv);
    if (!end.started || end.timedOut || end.crashed || end.exitCode != 0) {
        *error = QStringLiteral("tar of %1 failed: %2")
                     .arg(localPath, end.started ? tarErr.text() : end.startError);
        return std::nullopt;
    }
    tar.seek(0);
    ScriptIo io = transfer(&tar);
    io.maxOutput = 0; // it answers nothing
    return m_conn->runScript(QString::fromLatin1(kPutFolder), {remote, fi.fileName()}, io);
}

// A file keeps its executable bit; the node's sha256 of the copy must be the local one.
std::optional<RemoteRun> SshHost::putFile(const QString &localPath, const QByteArray &hash,
                                          const QString &remote, QString *error) {
    QFile in(localPath);
    if (!in.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(localPath, in.errorString());
        return std::nullopt;
    }
    RemoteRun put =
        m_conn->runScript(QString::fromLatin1(kPutFile),
                          {remote, QFileInfo(localPath).isExecutable() ? QStringLiteral("755")
                                                                       : QStringLiteral("644")},
                          transfer(&in));
    if (put.ok() && firstLineOf(put.out) != QString::fromLatin1(hash)) {
        *error = QStringLiteral("the copy of %1 on %2 differs from it").arg(localPath, hostName());
        return std::nullopt;
    }
    return put;
}

QString SshHost::fetchFromHost(const QString &hostPath, QString *error) {
    QString scratch;
    if (!error)
        error = &scratch;
    QString path = hostPath;
    if (const auto rp = parseRemotePath(hostPath)) {
        if (rp->host != hostName()) {
            *error = QStringLiteral("%1 is on %2, not on %3").arg(hostPath, rp->host, hostName());
            return {};
        }
        path = rp->path;
    }
    if (!m_conn->open()) {
        *error = m_conn->lastMessage();
        return {};
    }
    if (path.startsWith(QLatin1String("~/")))
        path = m_conn->home() + path.mid(1);
    QString hash;
    qint64 size = 0;
    if (!askHashAndSize(path, &hash, &size, error))
        return {};
    const QString local =
        pathInCache(m_options.localCache, hash, path.section(QLatin1Char('/'), -1), error);
    if (local.isEmpty())
        return {};
    if (QFileInfo(local).isFile() && !QFileInfo(local).isSymLink() &&
        sha256File(local, nullptr) == hash.toLatin1())
        return local;
    return copyIntoCache(path, hash, size, local, error) ? local : QString();
}

// The node's sha256 and size of the file at path.
bool SshHost::askHashAndSize(const QString &path, QString *hash, qint64 *size, QString *error) {
    ScriptIo ask;
    ask.what = QStringLiteral("the sha256 and size of %1").arg(path);
    ask.maxOutput = kHashSizeReply;
    const RemoteRun h = m_conn->runScript(QString::fromLatin1(kHashOf), {path}, ask);
    if (!h.ok()) {
        *error = h.failure != RemoteFailure::None
                     ? h.message
                     : QStringLiteral("cannot read %1 on %2: %3")
                           .arg(path, hostName(), printableText(h.err.trimmed(), 500));
        return false;
    }
    // The one way node data becomes a local path: a sha256, checked, inside the cache.
    const QStringList reply = QString::fromLatin1(h.out).trimmed().split(QLatin1Char(' '));
    bool sizeOk = false;
    *size = reply.value(1).toLongLong(&sizeOk);
    *hash = reply.value(0);
    if (reply.size() != 2 || !sizeOk || *size < 0 || !isSha256Hex(*hash)) {
        *error = m_conn->describe(RemoteFailure::BadReply, {}) +
                 QStringLiteral(": '%1' is not a sha256 and a size")
                     .arg(printableText(QString::fromLatin1(h.out), 200));
        return false;
    }
    return true;
}

// The file's bytes into local, through local.part: only a whole copy with the hash the node
// gave takes the cache's name.
bool SshHost::copyIntoCache(const QString &path, const QString &hash, qint64 size,
                            const QString &local, QString *error) {
    QFile::remove(local + QStringLiteral(".part")); // a link there is removed, not followed
    QFile tmp(local + QStringLiteral(".part"));
    if (!tmp.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
        *error = QStringLiteral("cannot write %1: %2").arg(tmp.fileName(), tmp.errorString());
        return false;
    }
    ScriptIo io = transfer(nullptr);
    io.output = &tmp;
    io.maxOutput = size; // the file has the size the node said
    io.what = path;
    io.progressEveryMs = m_options.transferProgressEveryMs;
    if (m_options.transferProgress)
        io.progress = [&](qint64 bytes, qint64 ms) {
            m_options.transferProgress(path, bytes, size, ms);
        };
    const RemoteRun c = m_conn->runScript(QString::fromLatin1(kCat), {path}, io);
    tmp.close();
    if (!c.ok()) {
        tmp.remove();
        *error = c.failure != RemoteFailure::None
                     ? c.message
                     : QStringLiteral("cannot read %1 on %2: %3")
                           .arg(path, hostName(), printableText(c.err.trimmed(), 500));
        return false;
    }
    if (sha256File(tmp.fileName(), error) != hash.toLatin1()) {
        tmp.remove();
        *error = QStringLiteral("%1 changed on %2 while it was copied").arg(path, hostName());
        return false;
    }
    QFile::remove(local);
    if (!tmp.rename(local)) {
        *error = QStringLiteral("cannot rename %1: %2").arg(tmp.fileName(), tmp.errorString());
        return false;
    }
    return true;
}

} // namespace hd
