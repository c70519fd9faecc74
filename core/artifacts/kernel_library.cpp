#include "artifacts/kernel_library.h"

#include "artifacts/amdgpu_code_object.h"
#include "artifacts/bytes.h"
#include "artifacts/offload_bundle.h"
#include "common/input_file.h"
#include "targets/processors.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QMap>
#include <QRegularExpression>

#include <algorithm>

namespace hd {

namespace {

// A Tensile file's architecture: "_gfx90a.co", "-gfx90a-xnack+.hsaco", "_gfx10-3-generic.dat".
const QRegularExpression &tensileArchRe() {
    static const QRegularExpression re(
        QStringLiteral("[_-](gfx[0-9a-f]+(?:-[0-9]+)*(?:-generic)?)((?:-(?:xnack|sramecc)[+-])*)"
                       "\\.(co|hsaco|dat|yaml)$"));
    return re;
}

bool isTensileFile(const QString &name) {
    return name.startsWith(QLatin1String("TensileLibrary")) ||
           name.startsWith(QLatin1String("TensileLiteLibrary")) ||
           name.startsWith(QLatin1String("Kernels.so-")) ||
           name.startsWith(QLatin1String("hipblasltExtOpLibrary")) ||
           name.startsWith(QLatin1String("hipblasltTransform")) ||
           name.startsWith(QLatin1String("extop_"));
}

// MIOpen's database suffixes (with or without a compression suffix).
bool isMiopenDbFile(const QString &name) {
    if (!name.startsWith(QLatin1String("gfx")))
        return false;
    static const QRegularExpression re(
        QStringLiteral("\\.(kdb|db|fdb\\.txt|db\\.txt|tn\\.model|ktn\\.model)(\\.bz2|\\.gz)?$"));
    return re.match(name).hasMatch();
}

// The longest processor name `text` starts with (MIOpen writes "gfx90878": gfx908, 0x78 CUs).
QString processorPrefix(const QString &text) {
    static const QStringList names = [] {
        QStringList n = allProcessorNames();
        std::sort(n.begin(), n.end(),
                  [](const QString &a, const QString &b) { return a.size() > b.size(); });
        return n;
    }();
    for (const QString &n : names)
        if (text.startsWith(n))
            return n;
    return {};
}

QByteArray head(const QString &path, qint64 bytes) {
    QString why;
    return readInputFile(path, bytes, &why);
}

} // namespace

QString kernelLibraryKindName(KernelLibraryKind k) {
    return k == KernelLibraryKind::Tensile ? QStringLiteral("tensile")
                                           : QStringLiteral("miopen-db");
}

QString kernelLibraryFileTarget(const QString &fileName) {
    if (isMiopenDbFile(fileName))
        return processorPrefix(fileName);
    const auto m = tensileArchRe().match(fileName);
    if (!m.hasMatch())
        return {};
    QString target = m.captured(1);
    QString features = m.captured(2); // "-xnack+-sramecc-": the dash before each name only
    features.replace(QLatin1String("-xnack"), QLatin1String(":xnack"));
    features.replace(QLatin1String("-sramecc"), QLatin1String(":sramecc"));
    if (auto t = TargetId::parse(target + features))
        return t->toString();
    return {};
}

QJsonObject KernelLibraryArch::toJson() const {
    return {{QStringLiteral("target"), target},
            {QStringLiteral("code_object_files"), codeObjectFiles},
            {QStringLiteral("catalog_files"), catalogFiles},
            {QStringLiteral("database_files"), databaseFiles},
            {QStringLiteral("kernel_database"), kernelDatabase},
            {QStringLiteral("lazy_catalog"), lazyCatalog},
            {QStringLiteral("bytes"), double(bytes)}};
}

QStringList KernelLibrary::targets() const {
    QStringList out;
    for (const KernelLibraryArch &a : archs)
        out.append(a.target);
    return out;
}

const KernelLibraryArch *KernelLibrary::arch(const QString &target) const {
    for (const KernelLibraryArch &a : archs)
        if (a.target == target)
            return &a;
    return nullptr;
}

QJsonObject KernelLibrary::toJson() const {
    QJsonArray as, probs;
    for (const KernelLibraryArch &a : archs)
        as.append(a.toJson());
    for (const Problem &p : problems)
        probs.append(p.toJson());
    return {{QStringLiteral("path"), path},
            {QStringLiteral("kind"), kernelLibraryKindName(kind)},
            {QStringLiteral("product"), product},
            {QStringLiteral("catalog_format"), catalogFormat},
            {QStringLiteral("lazy_loading"), lazyLoading},
            {QStringLiteral("files"), files},
            {QStringLiteral("unrecognised_files"), unrecognisedFiles},
            {QStringLiteral("bytes"), double(bytes)},
            {QStringLiteral("targets"), QJsonArray::fromStringList(targets())},
            {QStringLiteral("archs"), as},
            {QStringLiteral("problems"), probs}};
}

std::optional<KernelLibraryKind> kernelLibraryKind(const QString &dir) {
    QDirIterator it(dir, QDir::Files);
    int tensile = 0, miopen = 0, looked = 0;
    while (it.hasNext() && looked < 256) {
        const QString name = it.nextFileInfo().fileName();
        ++looked;
        if (isTensileFile(name) &&
            (name.endsWith(QLatin1String(".dat")) || name.endsWith(QLatin1String(".yaml")) ||
             name.endsWith(QLatin1String(".hsaco")) || name.endsWith(QLatin1String(".co"))))
            ++tensile;
        else if (isMiopenDbFile(name))
            ++miopen;
    }
    if (tensile == 0 && miopen == 0)
        return std::nullopt;
    return tensile >= miopen ? KernelLibraryKind::Tensile : KernelLibraryKind::MiopenDatabase;
}

namespace {

// What the walk over the folder collects besides the counts in KernelLibrary.
struct LibraryScan {
    QMap<QString, KernelLibraryArch> archs;
    QMap<QString, QString> sampleCodeObject; // target -> one .hsaco / .co of it
    QString sampleCatalog;
};

// One file of the folder counted: the library's totals, and its architecture's when its name
// names one.
void countFile(const QFileInfo &fi, KernelLibrary &lib, LibraryScan &scan) {
    ++lib.files;
    const QString name = fi.fileName();
    const uint64_t size = uint64_t(std::max<qint64>(fi.size(), 0));
    lib.bytes += size;
    if (name.startsWith(QLatin1String("TensileLiteLibrary_lazy")) ||
        name.startsWith(QLatin1String("TensileLibrary_lazy")))
        lib.lazyLoading = true;
    if (name.contains(QLatin1String("TensileLiteLibrary")) ||
        name.startsWith(QLatin1String("hipblaslt")))
        lib.product = QStringLiteral("hipBLASLt");
    const QString target = kernelLibraryFileTarget(name);
    const bool codeObject =
        name.endsWith(QLatin1String(".co")) || name.endsWith(QLatin1String(".hsaco"));
    const bool catalog =
        name.endsWith(QLatin1String(".dat")) || name.endsWith(QLatin1String(".yaml"));
    if (catalog && scan.sampleCatalog.isEmpty())
        scan.sampleCatalog = fi.filePath();
    if (target.isEmpty()) {
        if (!isTensileFile(name) && !isMiopenDbFile(name))
            ++lib.unrecognisedFiles;
        return;
    }
    KernelLibraryArch &a = scan.archs[target];
    a.target = target;
    a.bytes += size;
    if (lib.kind == KernelLibraryKind::MiopenDatabase && isMiopenDbFile(name)) {
        ++a.databaseFiles;
        if (name.contains(QLatin1String(".kdb")))
            a.kernelDatabase = true;
    } else if (codeObject) {
        ++a.codeObjectFiles;
        // Kernels.so-000-<arch>.hsaco is a plain code object: the best one to check.
        if (!scan.sampleCodeObject.contains(target) || name.startsWith(QLatin1String("Kernels.so")))
            scan.sampleCodeObject[target] = fi.filePath();
    } else if (catalog) {
        ++a.catalogFiles;
        if (name.startsWith(QLatin1String("TensileLibrary_lazy")))
            a.lazyCatalog = true;
    }
}

// The product when no file name said it: from the folder's path, else the library's kind.
QString productFromPath(const KernelLibrary &lib) {
    const QString p = lib.path.toLower();
    return p.contains(QLatin1String("/rocblas"))           ? QStringLiteral("rocBLAS")
           : p.contains(QLatin1String("/hipblaslt"))       ? QStringLiteral("hipBLASLt")
           : lib.kind == KernelLibraryKind::MiopenDatabase ? QStringLiteral("MIOpen")
                                                           : QStringLiteral("Tensile");
}

// The name says the architecture; one header per architecture says whether it is true.
void checkSampleCodeObjects(const QMap<QString, QString> &sampleCodeObject, KernelLibrary &lib) {
    for (auto s = sampleCodeObject.cbegin(); s != sampleCodeObject.cend(); ++s) {
        const QByteArray h = head(s.value(), 64);
        if (looksLikeCcob(h.constData(), size_t(h.size())) ||
            looksLikeOffloadBundle(h.constData(), size_t(h.size())))
            continue; // the target ids are inside; the name stands
        if (!looksLikeAmdgpuElf(h.constData(), size_t(h.size()))) {
            lib.problems.append({s.value(), 0,
                                 QStringLiteral("named as a code object for %1 but is neither an "
                                                "AMDGPU ELF nor an offload bundle")
                                     .arg(s.key()),
                                 false});
            continue;
        }
        uint32_t flags = 0;
        bytes::readLe(h.constData(), size_t(h.size()), 48, flags);
        const int version = amdgpuCodeObjectVersion(uint8_t(h[7]), uint8_t(h[8]));
        const TargetId t = TargetId::fromAmdgpuElf(flags, version);
        const QString named = TargetId::parse(s.key()).value_or(TargetId{}).processor;
        if (t.processor != named)
            lib.problems.append({s.value(), 48,
                                 QStringLiteral("named for %1 but its ELF header says %2")
                                     .arg(s.key(), t.toString()),
                                 false});
    }
}

} // namespace

KernelLibrary readKernelLibrary(const QString &dir, int maxFiles) {
    KernelLibrary lib;
    const QFileInfo di(dir);
    lib.path = di.absoluteFilePath();
    lib.kind = kernelLibraryKind(dir).value_or(KernelLibraryKind::Tensile);
    LibraryScan scan;
    QDirIterator it(dir, QDir::Files);
    while (it.hasNext()) {
        const QFileInfo fi = it.nextFileInfo();
        if (lib.files >= maxFiles) {
            lib.problems.append(
                {lib.path, -1,
                 QStringLiteral("more than %1 files: the rest is not read").arg(maxFiles), false});
            break;
        }
        countFile(fi, lib, scan);
    }
    if (lib.product.isEmpty())
        lib.product = productFromPath(lib);
    checkSampleCodeObjects(scan.sampleCodeObject, lib);
    if (!scan.sampleCatalog.isEmpty()) {
        const QByteArray h = head(scan.sampleCatalog, 8);
        if (!h.isEmpty()) {
            const auto b = uint8_t(h[0]);
            lib.catalogFormat = (b >= 0x80 && b <= 0x8f) || b == 0xde || b == 0xdf
                                    ? QStringLiteral("msgpack")
                                    : QStringLiteral("yaml");
        }
    }
    for (const KernelLibraryArch &a : std::as_const(scan.archs))
        lib.archs.append(a);
    return lib;
}

} // namespace hd
