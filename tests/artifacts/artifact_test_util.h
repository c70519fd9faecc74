#pragma once

// Helpers shared by the inspector's tests: running the reference tools, reading files and
// building compressed bundles (CCOB) to the documented layout, independently of the reader.

#include "testpaths.h"

#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QtEndian>

#include <zlib.h>
#include <zstd.h>

namespace arttest {

inline QString tool(const QStringList &names) {
    for (const QString &n : names) {
        const QString p = QStandardPaths::findExecutable(n);
        if (!p.isEmpty())
            return p;
    }
    return {};
}
inline QString bundlerTool() {
    return tool(
        {QStringLiteral("clang-offload-bundler-15"), QStringLiteral("clang-offload-bundler")});
}
inline QString readelfTool() {
    return tool({QStringLiteral("llvm-readelf-15"), QStringLiteral("llvm-readelf")});
}

// Runs a reference tool; stdout, or a null QString when it could not run or failed.
inline QString run(const QString &program, const QStringList &args, int *exitCode = nullptr) {
    QProcess p;
    p.setProgram(program);
    p.setArguments(args);
    p.start();
    if (!p.waitForStarted(30000) || !p.waitForFinished(300000))
        return {};
    if (exitCode)
        *exitCode = p.exitCode();
    if (p.exitStatus() != QProcess::NormalExit)
        return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

inline QByteArray readAll(const QString &path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

// The CCOB hash: low 64 bits (first 8 bytes, little-endian) of the MD5 of the uncompressed data.
inline quint64 md5Low64(const QByteArray &data) {
    const QByteArray d = QCryptographicHash::hash(data, QCryptographicHash::Md5);
    return qFromLittleEndian<quint64>(d.constData());
}

// CCOB "v<version>", method 0 zlib / 1 zstd, around an uncompressed bundle (docs/formats.md).
inline QByteArray makeCcob(const QByteArray &bundle, int version, int method,
                           quint64 hashOverride = 0) {
    QByteArray payload;
    if (method == 0) {
        uLongf n = compressBound(uLong(bundle.size()));
        payload.resize(qsizetype(n));
        compress2(reinterpret_cast<Bytef *>(payload.data()), &n,
                  reinterpret_cast<const Bytef *>(bundle.constData()), uLong(bundle.size()), 9);
        payload.resize(qsizetype(n));
    } else {
        payload.resize(qsizetype(ZSTD_compressBound(size_t(bundle.size()))));
        const size_t n = ZSTD_compress(payload.data(), size_t(payload.size()), bundle.constData(),
                                       size_t(bundle.size()), 9);
        payload.resize(qsizetype(n));
    }
    const quint64 hash = hashOverride ? hashOverride : md5Low64(bundle);
    QByteArray h("CCOB");
    auto put = [&h](auto v) {
        char b[sizeof(v)];
        qToLittleEndian(v, b);
        h.append(b, sizeof(v));
    };
    put(quint16(version));
    put(quint16(method));
    const int headerSize = version == 1 ? 20 : version == 2 ? 24 : 32;
    const quint64 total = quint64(headerSize + payload.size());
    if (version == 1) {
        put(quint32(bundle.size()));
    } else if (version == 2) {
        put(quint32(total));
        put(quint32(bundle.size()));
    } else {
        put(quint64(total));
        put(quint64(bundle.size()));
    }
    put(hash);
    return h + payload;
}

} // namespace arttest
