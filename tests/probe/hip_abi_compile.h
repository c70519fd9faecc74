#pragma once

// Compiles tests/probe/hip_abi_check.cpp (app/probe/hip_abi.h against one HIP header set) with
// the compiler that built the tests. The headers are reached through a folder holding only a
// link to them, so a root's C library headers never mix with this machine's.

#include "testpaths.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

namespace hdtest {

// hipHeaders: a folder of HIP's headers ("/usr/include/hip"). Returns "" when the layouts,
// entry point and attribute numbers of app/probe/hip_abi.h match them, else what went wrong.
inline QString compileHipAbiCheck(const QString &hipHeaders) {
    QTemporaryDir dir;
    if (!dir.isValid())
        return QStringLiteral("no temporary folder");
    if (!QFile::link(hipHeaders, dir.filePath(QStringLiteral("hip"))))
        return QStringLiteral("cannot link %1").arg(hipHeaders);
    QProcess cxx;
    cxx.setProcessChannelMode(QProcess::MergedChannels);
    cxx.start(QStringLiteral(HD_TEST_CXX),
              {QStringLiteral("-std=c++17"), QStringLiteral("-fsyntax-only"),
               QStringLiteral("-D__HIP_PLATFORM_AMD__"), QStringLiteral("-I") + dir.path(),
               QStringLiteral("-I") + sourceDir() + QStringLiteral("/app/probe"),
               sourceDir() + QStringLiteral("/tests/probe/hip_abi_check.cpp")});
    if (!cxx.waitForFinished(180000))
        return QStringLiteral("the compiler did not finish: %1").arg(cxx.errorString());
    if (cxx.exitStatus() != QProcess::NormalExit || cxx.exitCode() != 0)
        return QString::fromLocal8Bit(cxx.readAll());
    return {};
}

} // namespace hdtest
