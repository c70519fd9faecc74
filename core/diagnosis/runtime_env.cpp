#include "diagnosis/runtime_env.h"

#include "common/input_file.h"
#include "common/mapped_file_guard.h"
#include "loader/loader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstring>
#include <functional>
#include <string_view>

namespace hd {

VariableOwner variableOwner(const QString &name) {
    static const QStringList compilerVars{QStringLiteral("HIP_PLATFORM"),
                                          QStringLiteral("HIP_PATH"),
                                          QStringLiteral("ROCM_PATH"),
                                          QStringLiteral("HIP_DEVICE_LIB_PATH"),
                                          QStringLiteral("HIP_CLANG_PATH"),
                                          QStringLiteral("HIP_COMPILER"),
                                          QStringLiteral("HIP_RUNTIME"),
                                          QStringLiteral("HIP_ROCCLR_HOME"),
                                          QStringLiteral("HSA_PATH"),
                                          QStringLiteral("DEVICE_LIB_PATH"),
                                          QStringLiteral("COMPRESSED_BUNDLE_FORMAT_VERSION")};
    if (name.startsWith(QLatin1String("HIPCC_")) || compilerVars.contains(name))
        return VariableOwner::Compiler;
    if (name.startsWith(QLatin1String("AMD_COMGR_")))
        return VariableOwner::Comgr;
    if (name.startsWith(QLatin1String("TRITON_")) || name.startsWith(QLatin1String("MLIR_")) ||
        name.startsWith(QLatin1String("LLVM_IR_")) || name == QLatin1String("AMDGCN_ENABLE_DUMP"))
        return VariableOwner::Triton;
    if (name.startsWith(QLatin1String("HSA_")) || name.startsWith(QLatin1String("ROCR_")))
        return VariableOwner::HsaRuntime;
    if (name.startsWith(QLatin1String("CUDA_")))
        // HIP reads CUDA_VISIBLE_DEVICES too; the CUDA driver reads the rest.
        return name == QLatin1String("CUDA_VISIBLE_DEVICES") ? VariableOwner::HipRuntime
                                                             : VariableOwner::Cuda;
    if (name.startsWith(QLatin1String("AMD_")) || name.startsWith(QLatin1String("HIP_")) ||
        name.startsWith(QLatin1String("GPU_")) || name.startsWith(QLatin1String("ROC_")))
        return VariableOwner::HipRuntime;
    return VariableOwner::Other;
}

QString variableOwnerName(VariableOwner owner) {
    switch (owner) {
    case VariableOwner::HipRuntime:
        return QStringLiteral("HIP runtime (libamdhip64)");
    case VariableOwner::HsaRuntime:
        return QStringLiteral("HSA runtime (libhsa-runtime64, libhsakmt)");
    case VariableOwner::Comgr:
        return QStringLiteral("code object manager (libamd_comgr)");
    case VariableOwner::Compiler:
        return QStringLiteral("compiler driver (hipcc), at build time");
    case VariableOwner::Triton:
        return QStringLiteral("Triton");
    case VariableOwner::Cuda:
        return QStringLiteral("CUDA driver");
    case VariableOwner::Other:
        break;
    }
    return QStringLiteral("unknown");
}

namespace {

bool isIdentChar(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// Offset of `name` as a whole NUL-terminated string in `data`, or -1. A tail-merged string
// ("XYZ_NAME\0" holding "NAME\0") is accepted too: the linker may share the bytes.
qint64 findCString(const uchar *data, qint64 size, const QByteArray &name) {
    const std::string_view hay(reinterpret_cast<const char *>(data), size_t(size));
    const std::string_view needle(name.constData(), size_t(name.size()));
    const std::boyer_moore_horspool_searcher searcher(needle.begin(), needle.end());
    auto it = hay.begin();
    while (true) {
        const auto found = std::search(it, hay.end(), searcher);
        if (found == hay.end())
            return -1;
        const qint64 at = found - hay.begin();
        const qint64 end = at + name.size();
        if (end < size && data[end] == 0)
            return at;
        if (end >= size || !isIdentChar(data[end])) {
            // followed by a non-identifier byte: a name inside a longer text ("... %s")
            if (at == 0 || !isIdentChar(data[at - 1]))
                return at;
        }
        it = found + 1;
    }
}

QString findOnLoaderPath(const QString &soname, const QString &preferDir) {
    if (!preferDir.isEmpty() && QFileInfo::exists(preferDir + QLatin1Char('/') + soname))
        return QFileInfo(preferDir + QLatin1Char('/') + soname).canonicalFilePath();
    const LibraryResolution r =
        resolveLibrary(soname, LoaderQuery{}, LoaderEnvironment::fromProcess());
    return r.found() ? QFileInfo(r.path).canonicalFilePath() : QString();
}

} // namespace

VariableReadCheck runtimeReadsVariable(const QString &name, const QStringList &libraries) {
    VariableReadCheck c;
    c.variable = name;
    const QByteArray needle = name.toUtf8();
    if (needle.isEmpty())
        return c;
    for (const QString &lib : libraries) {
        QFile f;
        QString why;
        if (!openInputFile(f, lib, &why)) { // never blocks on a FIFO named like a runtime
            c.unreadable.append(QStringLiteral("%1: %2").arg(lib, why));
            continue;
        }
        const qint64 size = f.size();
        if (size <= 0) {
            c.unreadable.append(QStringLiteral("%1: empty file").arg(lib));
            continue;
        }
        const uchar *data = f.map(0, size);
        if (!data) {
            c.unreadable.append(QStringLiteral("%1: cannot map: %2").arg(lib, f.errorString()));
            continue;
        }
        // A library rewritten in place while scanned gives zero pages, not SIGBUS.
        MappingGuard guard(data, size_t(size));
        const qint64 found = findCString(data, size, needle);
        guard.release();
        f.unmap(const_cast<uchar *>(data));
        if (guard.faulted()) {
            c.unreadable.append(QStringLiteral("%1: the file shrank while it was read").arg(lib));
            continue;
        }
        c.scanned.append(lib);
        const qint64 at = found;
        if (at >= 0) {
            c.status = VariableReadCheck::Status::Read;
            c.library = lib;
            c.offset = at;
            return c;
        }
    }
    c.status = c.scanned.isEmpty() || !c.unreadable.isEmpty() ? VariableReadCheck::Status::Unknown
                                                              : VariableReadCheck::Status::NotRead;
    return c;
}

QStringList runtimeLibrariesFor(const QString &hipLibraryPath) {
    QStringList out;
    QString hip = hipLibraryPath;
    if (hip.isEmpty()) {
        for (const char *n :
             {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5"}) {
            hip = findOnLoaderPath(QString::fromLatin1(n), {});
            if (!hip.isEmpty())
                break;
        }
    }
    if (hip.isEmpty())
        return out;
    const QString canonical = QFileInfo(hip).canonicalFilePath();
    out.append(canonical.isEmpty() ? hip : canonical);
    const QString dir = QFileInfo(hip).absolutePath();
    for (const char *n :
         {"libhsa-runtime64.so.1", "libhsakmt.so.1", "libamd_comgr.so.3", "libamd_comgr.so.2"}) {
        const QString p = findOnLoaderPath(QString::fromLatin1(n), dir);
        if (!p.isEmpty() && !out.contains(p))
            out.append(p);
    }
    return out;
}

QStringList librariesForOwner(VariableOwner owner, const QStringList &libs) {
    auto pick = [&](std::initializer_list<const char *> stems) {
        QStringList r;
        for (const QString &l : libs) {
            const QString fn = QFileInfo(l).fileName();
            for (const char *s : stems)
                if (fn.startsWith(QLatin1String(s)))
                    r.append(l);
        }
        return r;
    };
    switch (owner) {
    case VariableOwner::HipRuntime:
        // HIP's own flags, and the variables it forwards to ROCr.
        return pick({"libamdhip64", "libhsa-runtime64", "libhsakmt"});
    case VariableOwner::HsaRuntime:
        return pick({"libhsa-runtime64", "libhsakmt", "libamdhip64"});
    case VariableOwner::Comgr:
        return pick({"libamd_comgr"});
    default:
        return libs;
    }
}

} // namespace hd
