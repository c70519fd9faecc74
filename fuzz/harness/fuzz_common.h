#pragma once

// Shared by every harness: the input as a QByteArray without a copy, and Qt's warnings kept
// off the terminal (a campaign runs millions of inputs).

#include <QByteArray>
#include <QDir>
#include <QFileInfo>
#include <QString>
#include <QtGlobal>

#include <cstddef>
#include <cstdint>

namespace hdfuzz {

inline QByteArray bytes(const uint8_t *data, size_t size) {
    return QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
}

// A private folder for harnesses that read through files: in memory (/dev/shm) where there is
// one, so thousands of small writes do not wait on a disk.
inline QString scratchTemplate() {
    const QString shm = QStringLiteral("/dev/shm");
    return (QFileInfo(shm).isWritable() ? shm : QDir::tempPath()) +
           QStringLiteral("/hipdoctor-fuzz-XXXXXX");
}

inline void quiet() {
    static const bool once = [] {
        qInstallMessageHandler([](QtMsgType, const QMessageLogContext &, const QString &) {});
        return true;
    }();
    (void)once;
}

} // namespace hdfuzz
