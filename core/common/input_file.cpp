#include "common/input_file.h"

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

QString errnoReason(int e) {
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
    default:
        return QString::fromLocal8Bit(std::strerror(e));
    }
}

} // namespace

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
            *why = errnoReason(errno);
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
