#include "common/input_file.h"

#include "common/capped_output.h"

#include <QDir>

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

namespace hd {

namespace {

QString kindReason(mode_t mode) {
    if (S_ISFIFO(mode))
        return QStringLiteral("is a FIFO (named pipe), not a regular file");
    if (S_ISSOCK(mode))
        return QStringLiteral("is a socket, not a regular file");
    if (S_ISCHR(mode))
        return QStringLiteral("is a character device, not a regular file");
    if (S_ISBLK(mode))
        return QStringLiteral("is a block device, not a regular file");
    if (S_ISDIR(mode))
        return QStringLiteral("is a directory, not a file");
    return QStringLiteral("is not a regular file");
}

// A kernel interface that looks like a regular file: /proc/kmsg is S_IFREG of size 0 and a read
// waits for the next kernel message (and consumes it); /sys and debugfs files may block or
// change as they are read. Refused by the file system they are on, whatever the path or link
// that led there (docs/limits.md "Files that are not regular files").
QString pseudoFileSystemReason(int fd) {
    struct statfs fs {};
    if (::fstatfs(fd, &fs) != 0)
        return {};
    switch (static_cast<unsigned long>(fs.f_type)) {
    case 0x9fa0UL: // PROC_SUPER_MAGIC
        return QStringLiteral("is a file of /proc (a kernel interface), not a regular file");
    case 0x62656572UL: // SYSFS_MAGIC
        return QStringLiteral("is a file of /sys (a kernel interface), not a regular file");
    case 0x64626720UL: // DEBUGFS_MAGIC
    case 0x74726163UL: // TRACEFS_MAGIC
        return QStringLiteral("is a file of debugfs (a kernel interface), not a regular file");
    default:
        return {};
    }
}

} // namespace

QString fileErrorReason(int e) {
    switch (e) {
    case ENOENT:
        return QStringLiteral("no such file");
    case ELOOP:
        return QStringLiteral("symbolic link loop (too many levels of symbolic links)");
    case EACCES:
    case EPERM:
        return QStringLiteral("permission denied");
    case ENOTDIR:
        return QStringLiteral("a component of the path is not a directory");
    case ENAMETOOLONG:
        return QStringLiteral("path too long");
    case ENOSPC:
        return QStringLiteral("no space left on device");
    case EDQUOT:
        return QStringLiteral("disk quota exceeded");
    case EROFS:
        return QStringLiteral("read-only file system");
    default: {
        QString s = QString::fromLocal8Bit(std::strerror(e));
        if (!s.isEmpty())
            s[0] = s[0].toLower();
        return s;
    }
    }
}

bool readCappedStream(int fd, CappedOutput &out, QString *why) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        *why = fileErrorReason(errno); // a closed descriptor: "bad file descriptor"
        return false;
    }
    if (S_ISDIR(st.st_mode)) {
        *why = kindReason(st.st_mode);
        return false;
    }
    // One chunk at a time into the cap: memory stays the cap's whatever the length.
    QByteArray chunk(1 << 20, Qt::Uninitialized);
    for (;;) {
        const ssize_t n = ::read(fd, chunk.data(), size_t(chunk.size()));
        if (n > 0) {
            out.append(chunk.constData(), qsizetype(n));
            continue;
        }
        if (n == 0)
            return true;
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) { // a non-blocking descriptor: wait
            pollfd p{fd, POLLIN, 0};
            ::poll(&p, 1, -1);
            continue;
        }
        *why = fileErrorReason(errno);
        return false;
    }
}

QString missingPathReason(const QString &path) {
    struct stat st {};
    errno = 0;
    if (::stat(QFile::encodeName(path).constData(), &st) == 0)
        return QStringLiteral("cannot be read");
    const int e = errno;
    return e == ENOENT || e == 0 ? QStringLiteral("no such file or directory") : fileErrorReason(e);
}

namespace {

bool validUtf8(const char *s) {
    const QByteArray b(s);
    const QString decoded = QString::fromUtf8(b);
    return decoded.toUtf8() == b;
}

} // namespace

// "bad\xFF.co": the bytes that are not valid UTF-8 (and '\\' itself) escaped, the rest kept.
QString escapedName(const QByteArray &name) {
    QString out;
    for (qsizetype i = 0; i < name.size();) {
        // The longest valid UTF-8 sequence starting here (1..4 bytes), else one escaped byte.
        qsizetype len = 0;
        for (qsizetype n = 4; n >= 1 && !len; --n) {
            if (i + n > name.size())
                continue;
            const QByteArray part = name.mid(i, n);
            if (QString::fromUtf8(part).toUtf8() == part && !part.contains('/'))
                len = n;
        }
        if (len && name[i] != '\\') {
            out += QString::fromUtf8(name.mid(i, len));
            i += len;
        } else {
            out +=
                QStringLiteral("\\x") +
                QString::number(uchar(name[i]), 16).rightJustified(2, QLatin1Char('0')).toUpper();
            ++i;
        }
    }
    return out;
}

QStringList undecodableNames(const QString &dir) {
    QStringList out;
    const QByteArray path = QFile::encodeName(dir);
    DIR *d = ::opendir(path.constData());
    if (!d)
        return out;
    while (const dirent *e = ::readdir(d)) {
        const QByteArray name(e->d_name);
        if (!validUtf8(name.constData()))
            out.append(dir + QLatin1Char('/') + escapedName(name));
    }
    ::closedir(d);
    return out;
}

namespace {

struct NameAliases {
    QByteArray dir; // the private folder, created on first use
    QList<QByteArray> links;
    ~NameAliases() {
        for (const QByteArray &l : links) {
            ::unlink(l.constData());
            ::rmdir(l.left(l.lastIndexOf('/')).constData());
        }
        if (!dir.isEmpty())
            ::rmdir(dir.constData());
    }
};

NameAliases &aliases() {
    static NameAliases a;
    return a;
}

} // namespace

QString pathFromArgument(const char *arg) {
    struct stat st {};
    if (validUtf8(arg) || ::lstat(arg, &st) != 0)
        return QString::fromLocal8Bit(arg);
    QByteArray target(arg);
    if (!target.startsWith('/')) {
        char cwd[4096];
        if (!::getcwd(cwd, sizeof cwd))
            return QString::fromLocal8Bit(arg);
        target = QByteArray(cwd) + '/' + target;
    }
    NameAliases &a = aliases();
    if (a.dir.isEmpty()) {
        QByteArray tmpl = QFile::encodeName(QDir::tempPath()) + "/hipdoctor-names-XXXXXX";
        if (!::mkdtemp(tmpl.data()))
            return QString::fromLocal8Bit(arg);
        a.dir = tmpl;
    }
    QByteArray base = target.mid(target.lastIndexOf('/') + 1);
    if (base.isEmpty())
        base = "path";
    const QString name = escapedName(base);
    QByteArray link = a.dir + '/' + QByteArray::number(a.links.size()) + '/';
    if (::mkdir(link.constData(), 0700) != 0)
        return QString::fromLocal8Bit(arg);
    link += QFile::encodeName(name);
    if (::symlink(target.constData(), link.constData()) != 0) {
        ::rmdir(link.left(link.lastIndexOf('/')).constData());
        return QString::fromLocal8Bit(arg);
    }
    a.links << link;
    return QFile::decodeName(link);
}

QString notRegularFileReason(const QString &path) {
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return {};
    if (S_ISDIR(st.st_mode))
        return {};
    if (S_ISREG(st.st_mode)) { // /proc/kmsg is "regular"
        const int fd = ::open(QFile::encodeName(path).constData(),
                              O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (fd < 0)
            return {};
        const QString pseudo = pseudoFileSystemReason(fd);
        ::close(fd);
        return pseudo;
    }
    return kindReason(st.st_mode);
}

bool openInputFile(QFile &f, const QString &path, QString *why) {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        if (why)
            *why = fileErrorReason(errno);
        return false;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (why)
            *why = kindReason(st.st_mode);
        ::close(fd);
        return false;
    }
    if (const QString pseudo = pseudoFileSystemReason(fd); !pseudo.isEmpty()) {
        if (why)
            *why = pseudo;
        ::close(fd);
        return false;
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    f.setFileName(path);
    if (!f.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        if (why)
            *why = f.errorString();
        ::close(fd);
        return false;
    }
    return true;
}

QByteArray readInputFile(const QString &path, qint64 maxBytes, QString *why, bool *truncated) {
    QFile f;
    if (truncated)
        *truncated = false;
    if (!openInputFile(f, path, why))
        return {};
    QByteArray bytes = f.read(maxBytes);
    if (truncated)
        *truncated = !f.atEnd() && !f.read(1).isEmpty();
    return bytes;
}

} // namespace hd
