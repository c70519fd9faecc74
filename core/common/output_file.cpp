#include "common/output_file.h"

#include "common/input_file.h"

#include <QSaveFile>

#include <cerrno>

namespace hd {

bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *why) {
    // Unbuffered: with QFileDevice's buffer a write past the free space returns a short count
    // that commit() then accepts, and the reason is lost ("Unknown error"). Written straight
    // through, the failing write keeps errno.
    QSaveFile f(path);
    auto fail = [&](int errnum) {
        if (why)
            *why = errnum != 0 ? fileErrorReason(errnum) : f.errorString();
        f.cancelWriting();
        return false;
    };
    errno = 0;
    if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(errno);
    qint64 done = 0;
    while (done < bytes.size()) {
        errno = 0;
        const qint64 n = f.write(bytes.constData() + done, bytes.size() - done);
        if (n <= 0)
            return fail(errno != 0 ? errno : EIO);
        done += n;
    }
    errno = 0;
    if (!f.commit()) {
        const int e = errno;
        if (why)
            *why = e != 0 ? fileErrorReason(e) : f.errorString();
        return false;
    }
    return true;
}

} // namespace hd
