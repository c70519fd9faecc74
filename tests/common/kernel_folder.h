#pragma once

// A vendor kernel folder for scan and Coverage tests: the rocBLAS fixture's Tensile files
// copied under a temporary install.

#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QString>

namespace hdtest {

// Copies the rocBLAS fixture's Tensile files into root/rel (a kernel folder there).
inline bool copyKernelFolder(const QString &root, const QString &rel) {
    const QString from = fixture(QStringLiteral("rocblas/library"));
    const QString to = root + QLatin1Char('/') + rel;
    if (!QDir().mkpath(to))
        return false;
    for (const QString &f : QDir(from).entryList(QDir::Files))
        if (!QFile::copy(from + QLatin1Char('/') + f, to + QLatin1Char('/') + f))
            return false;
    return true;
}

} // namespace hdtest
