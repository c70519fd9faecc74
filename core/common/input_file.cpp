#include "common/input_file.h"

#include <QDir>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
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
    if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
        return {};
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
