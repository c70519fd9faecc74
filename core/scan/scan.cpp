#include "scan/scan.h"

#include "artifacts/inspector.h"
#include "artifacts/load_verdict.h"
#include "artifacts/selection.h"
#include "artifacts/vendor_library.h"
#include "common/engine_text.h"
#include "common/input_file.h"
#include "targets/closeness.h"
#include "targets/compatibility.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

namespace hd {

namespace {

// Names worth opening: shared libraries and code object files. Everything else in a Python
// environment or a ROCm prefix (sources, headers, data) is passed by its name.
bool candidateName(const QString &name) {
    if (name.endsWith(QLatin1String(".so")) || name.contains(QLatin1String(".so.")))
        return true;
    for (const char *s : {".co", ".hsaco", ".hipfb", ".fatbin", ".cubin"})
        if (name.endsWith(QLatin1String(s)))
            return true;
    return false;
}

bool skippedFolder(const QString &name) {
    for (const char *s :
         {"__pycache__", "include", ".git", "doc", "man", "locale", "cmake", "pkgconfig", "tests"})
        if (name == QLatin1String(s))
            return true;
    return false;
}

struct Walk {
    const ScanOptions &options;
    ScanResult &result;
    QStringList files; // candidate files, canonical paths
    QStringList kernelFolders;
    QSet<QString> seen; // canonical paths of files and folders
    int tooDeep = 0;    // folders below maxDepth, not read

    // What was not read is a problem with its reason: a scan that says nothing of it would be a
    // false "covered" (docs/cli.md "scan", "Exit codes").
    void skipped(const QString &path, const QString &why) {
        result.problems.append({path, -1, why, false});
        result.incomplete = true;
    }
    // A link that leads nowhere holds nothing to read; a loop or a folder on the way that
    // cannot be entered does.
    void noPath(const QString &path) {
        const QString why = missingPathReason(path);
        if (why != QLatin1String("no such file or directory"))
            skipped(path, why + QStringLiteral(": not read"));
    }
    void folder(const QString &dir, int depth) {
        if (options.cancel && options.cancel->load())
            return;
        const QFileInfo dirInfo(dir);
        const QString canon = dirInfo.canonicalFilePath();
        if (canon.isEmpty()) {
            noPath(dir);
            return;
        }
        if (seen.contains(canon))
            return;
        seen.insert(canon);
        if (!dirInfo.isReadable() || !dirInfo.isExecutable()) {
            skipped(dir, QStringLiteral("permission denied (a folder that cannot be listed): "
                                        "not read"));
            return;
        }
        if (kernelLibraryKind(dir)) {
            kernelFolders.append(canon);
            return;
        }
        for (const QString &bad : undecodableNames(dir))
            skipped(bad, QStringLiteral("a name that is not valid UTF-8: not read"));
        const QFileInfoList entries = QDir(dir).entryInfoList(
            QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
        for (const QFileInfo &fi : entries) {
            if (fi.isDir()) {
                if (fi.isSymLink() || skippedFolder(fi.fileName()))
                    continue; // a linked folder is read where it really is, when scanned
                if (undecodable(fi))
                    continue;
                if (depth < options.maxDepth)
                    folder(fi.filePath(), depth + 1);
                else
                    ++tooDeep;
                continue;
            }
            file(fi);
        }
    }
    // A name that is not valid UTF-8 reaches Qt with U+FFFD in place of its bytes: no such
    // path exists, so it cannot be read (docs/limits.md "File names that are not UTF-8").
    bool undecodable(const QFileInfo &fi) {
        // Listed, yet not there by the name Qt decoded (nor a link that leads nowhere).
        if (!fi.fileName().contains(QChar::ReplacementCharacter) && (fi.exists() || fi.isSymLink()))
            return false;
        skipped(fi.filePath(), QStringLiteral("a name that is not valid UTF-8: not read"));
        return true;
    }
    void file(const QFileInfo &fi) {
        if (!candidateName(fi.fileName()) || undecodable(fi))
            return;
        const QString canon = fi.canonicalFilePath();
        if (canon.isEmpty()) {
            noPath(fi.filePath());
            return;
        }
        if (seen.contains(canon))
            return;
        seen.insert(canon);
        if (!fi.isReadable()) {
            skipped(fi.filePath(), QStringLiteral("permission denied: not read"));
            return;
        }
        // A link to a FIFO, a device or a kernel interface (/proc/kmsg) is never opened.
        if (const QString why = notRegularFileReason(canon); !why.isEmpty()) {
            skipped(fi.filePath(), why + QStringLiteral(": not read"));
            return;
        }
        if (result.filesSeen >= options.maxFiles) {
            result.truncated = true;
            return;
        }
        ++result.filesSeen;
        files.append(canon);
    }
};

// Scan's words for the load verdict (docs/schema-scan.md): the verdict decides, scan names it.
QString scanStatusOf(const LoadVerdict &v) {
    switch (v.status) {
    case LoadStatus::NoDeviceCode:
        return QStringLiteral("no-device-code");
    case LoadStatus::Loads:
    case LoadStatus::LoadsByJit:
    case LoadStatus::LoadsPartly:
        return v.viaGeneric() ? QStringLiteral("via-generic") : QStringLiteral("covered");
    case LoadStatus::Refused:
        break;
    }
    if (v.refusedBy == RefusedBy::DynamicLoader)
        return QStringLiteral("loader-refuses");
    if (v.compressedUnreadable || v.kind == Compatibility::Kind::GenericNeedsNewerRuntime)
        return QStringLiteral("runtime-too-old");
    return v.kind == Compatibility::Kind::FeatureMismatch ? QStringLiteral("feature-mismatch")
                                                          : QStringLiteral("not-covered");
}

// Whether the library runs on device d: the load verdict, with the closest target it holds.
ScanVerdict verdictFor(const ArtifactReport &r, const TargetId &d, const LoadRuntime &runtime) {
    const LoadVerdict lv = loadVerdict(r, d, runtime);
    ScanVerdict v;
    v.device = d;
    v.status = scanStatusOf(lv);
    v.closest = lv.closest;
    // The code is there but the runtime is too old: no vendor build or rebuild is the fix.
    v.codeMisses = lv.codeStatus == LoadStatus::Refused && !lv.compressedUnreadable &&
                   lv.kind != Compatibility::Kind::GenericNeedsNewerRuntime;
    if (lv.status != LoadStatus::Loads && lv.status != LoadStatus::NoDeviceCode)
        v.reason = lv.reason;
    return v;
}

ScanLibrary fromReport(const ArtifactReport &r, const ScanOptions &options) {
    ScanLibrary lib;
    lib.path = r.path;
    lib.kind = artifactKindName(r.kind);
    lib.bytes = r.fileSize;
    lib.problems = r.problems;
    if (r.host) {
        lib.soname = r.host->soname;
        for (const LibraryResolution &res : r.host->resolutions)
            if (!res.versionsMissing.isEmpty())
                lib.versionsMissing.append(QStringLiteral("%1: %2").arg(
                    res.name, res.versionsMissing.join(QStringLiteral(", "))));
    }
    if (const auto v = vendorLibraryFor(r.path, lib.soname))
        lib.product = v->product;
    QSet<QString> targets;
    lib.bundles = int(r.bundles.size());
    for (const Bundle &b : r.bundles)
        for (const BundleEntry &e : b.entries)
            if (e.kind != QLatin1String("host") && e.size > 0 &&
                (e.content == QLatin1String("code-object") ||
                 e.content == QLatin1String("unread") || e.content == QLatin1String("cubin") ||
                 e.content == QLatin1String("ptx"))) {
                ++lib.codeObjects;
                if (const auto t = TargetId::parse(e.targetId))
                    targets.insert(t->toString());
            }
    if (r.bundles.isEmpty())
        for (const CodeObject &co : r.codeObjects)
            if (co.target.isValid()) {
                ++lib.codeObjects;
                targets.insert(co.target.toString());
            }
    lib.targets = QStringList(targets.cbegin(), targets.cend());
    std::sort(lib.targets.begin(), lib.targets.end());
    lib.deviceCode = lib.codeObjects > 0 || lib.bundles > 0;
    for (const TargetId &d : options.devices)
        lib.verdicts.append(verdictFor(r, d, options.runtime));
    return lib;
}

ScanLibrary fromKernelLibrary(const KernelLibrary &k, const ScanOptions &options) {
    ScanLibrary lib;
    lib.path = k.path;
    lib.kind = QStringLiteral("kernel-library");
    lib.product = k.product;
    lib.bytes = k.bytes;
    lib.files = k.files;
    lib.targets = k.targets();
    lib.deviceCode = true;
    lib.problems = k.problems;
    for (const KernelLibraryArch &a : k.archs)
        lib.codeObjects += a.codeObjectFiles;
    for (const TargetId &d : options.devices) {
        ScanVerdict v;
        v.device = d;
        v.status = QStringLiteral("not-covered");
        for (const QString &t : lib.targets) {
            const auto id = TargetId::parse(t);
            if (!id)
                continue;
            const Compatibility c = checkCompatibility(*id, d);
            if (c.compatible()) {
                v.status = c.kind == Compatibility::Kind::ViaGeneric ? QStringLiteral("via-generic")
                                                                     : QStringLiteral("covered");
                break;
            }
            if (c.kind == Compatibility::Kind::FeatureMismatch)
                v.status = QStringLiteral("feature-mismatch");
        }
        if (!v.fits()) {
            v.codeMisses = true;
            v.closest = closestRelative(d, lib.targets);
            v.reason = HD_TEXT("hd::Diagnosis", "%1's kernel folder covers %2, not %3")
                           .arg(k.product, lib.targets.join(QStringLiteral(", ")), d.toString());
        }
        lib.verdicts.append(v);
    }
    return lib;
}

// Where a device's misses are, by the fix each wants: vendor libraries (per product, and which
// of them an ISA override would serve), and the project's own.
struct DeviceMisses {
    QMap<QString, QStringList> vendorPaths; // product -> paths
    QMap<QString, QString> vendorSource;    // product -> one path (how it is shipped)
    QStringList own, overridePaths;
    bool overrideAll = true;
    QString overrideValue, overrideProcessor;
};

DeviceMisses missesFor(const ScanResult &result, int di) {
    const TargetId &d = result.devices[di];
    DeviceMisses m;
    for (const ScanLibrary &lib : std::as_const(result.libraries)) {
        if (di >= lib.verdicts.size() || !lib.verdicts[di].codeMisses)
            continue;
        if (lib.product.isEmpty()) {
            m.own.append(lib.path);
            continue;
        }
        m.vendorPaths[lib.product].append(lib.path);
        m.vendorSource.insert(lib.product, lib.path);
        if (const auto o = isaOverrideFor(d, lib.targets)) {
            m.overridePaths.append(lib.path);
            m.overrideValue = o->value;
            m.overrideProcessor = o->processor;
        } else {
            m.overrideAll = false;
        }
    }
    return m;
}

// The fixes for device di's misses: a vendor build per product, the ISA override, a rebuild.
void addDeviceFixes(ScanResult &result, int di) {
    const TargetId &d = result.devices[di];
    const DeviceMisses m = missesFor(result, di);
    for (auto it = m.vendorPaths.cbegin(); it != m.vendorPaths.cend(); ++it) {
        ScanFix f;
        f.id = QStringLiteral("vendor-build");
        f.device = d;
        f.text = vendorBuildFix(vendorLibraryNamed(it.key(), m.vendorSource.value(it.key())), d);
        f.libraries = it.value();
        result.fixes.append(f);
    }
    if (!m.overridePaths.isEmpty()) {
        ScanFix f;
        f.id = QStringLiteral("isa-override");
        f.device = d;
        f.text = isaOverrideFix(IsaOverride{QStringLiteral("HSA_OVERRIDE_GFX_VERSION"),
                                            m.overrideValue, m.overrideProcessor},
                                d);
        if (!m.overrideAll)
            f.text += HD_TEXT("hd::Diagnosis", " It helps only the libraries listed here; "
                                               "the others have no %1 code either.")
                          .arg(m.overrideProcessor);
        f.libraries = m.overridePaths;
        result.fixes.append(f);
    }
    if (!m.own.isEmpty()) {
        ScanFix f;
        f.id = QStringLiteral("rebuild");
        f.device = d;
        f.text = HD_TEXT("hd::Diagnosis", "Rebuild with %1 added to the targets you build.")
                     .arg(offloadArchFix(d));
        f.libraries = m.own;
        result.fixes.append(f);
    }
}

// Files built for a newer C library or C++ runtime than this system's, one fix for them all.
void addLibcFix(ScanResult &result) {
    QStringList libc;
    QSet<QString> missing;
    for (const ScanLibrary &lib : std::as_const(result.libraries))
        if (!lib.versionsMissing.isEmpty()) {
            libc.append(lib.path);
            for (const QString &m : lib.versionsMissing)
                missing.insert(m);
        }
    if (!libc.isEmpty()) {
        QStringList m(missing.cbegin(), missing.cend());
        std::sort(m.begin(), m.end());
        ScanFix f;
        f.id = QStringLiteral("libc");
        f.text = HD_TEXT("hd::Diagnosis",
                         "These files were built for a newer C library / C++ runtime than this "
                         "system's (%1): the loader refuses them before any GPU call. Install "
                         "the builds made for this distribution, or run them in a container of "
                         "the distribution they were built on.")
                     .arg(m.join(QStringLiteral("; ")));
        f.libraries = libc;
        result.fixes.append(f);
    }
}

void addFixes(ScanResult &result) {
    for (int di = 0; di < result.devices.size(); ++di)
        addDeviceFixes(result, di);
    addLibcFix(result);
}

// The files and folders named: folders walked, files taken whatever their name.
void collectPaths(Walk &walk, const QStringList &paths) {
    for (const QString &p : paths) {
        const QFileInfo fi(p);
        if (!fi.exists()) {
            // A symbolic link loop is one, not "no such file" (docs/limits.md).
            walk.result.problems.append({p, -1, missingPathReason(p), true});
            continue;
        }
        if (fi.isDir()) {
            walk.folder(p, 0);
        } else if (fi.isFile()) {
            // A file named on the command line is read whatever its name.
            const QString canon = fi.canonicalFilePath();
            if (!walk.seen.contains(canon)) {
                walk.seen.insert(canon);
                ++walk.result.filesSeen;
                walk.files.append(canon);
            }
        } else {
            walk.result.problems.append(
                {p, -1, QStringLiteral("not a regular file or folder"), true});
        }
    }
}

// The artifacts among the files, read in parallel (most of a scan is waiting on headers of
// many files); in the files' order.
// `more`: the files read after these (the vendor kernel folders'), counted in the progress total.
QList<ScanLibrary> readLibraries(const QStringList &files, const ScanOptions &options, int more) {
    QList<ScanLibrary> read(files.size());
    QList<bool> keep(files.size(), false);
    std::atomic<qsizetype> next{0};
    InspectOptions io;
    io.entriesOnly = true;
    io.symbols = false;
    io.metadata = false;
    io.threads = 1;
    io.ldLibraryPath = options.ldLibraryPath;
    io.cancel = options.cancel;
    std::mutex progressMutex;
    int done = 0;
    const auto fileDone = [&] {
        if (!options.progress)
            return;
        std::lock_guard lock(progressMutex); // one call at a time, the count in order
        options.progress(++done, int(files.size()) + more);
    };
    if (options.progress)
        options.progress(0, int(files.size()) + more);
    auto worker = [&] {
        for (qsizetype i = next++; i < files.size(); i = next++) {
            if (options.cancel && options.cancel->load())
                return;
            const ArtifactKind kind = detectArtifactKind(files[i]);
            if (kind != ArtifactKind::Unknown && kind != ArtifactKind::Text &&
                kind != ArtifactKind::Directory) {
                // (else a linker script, a Python module's data: not an artifact)
                const ArtifactReport r = inspectFile(files[i], io);
                read[i] = fromReport(r, options);
                keep[i] = true;
            }
            fileDone();
        }
    };
    const int threads =
        std::max(1, options.threads > 0 ? options.threads
                                        : int(std::min(4u, std::thread::hardware_concurrency())));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread &t : pool)
        t.join();
    QList<ScanLibrary> libraries;
    for (qsizetype i = 0; i < read.size(); ++i)
        if (keep[i])
            libraries.append(std::move(read[i]));
    return libraries;
}

// The libraries in path order, the matrix's columns and the fixes: what a scan derives from
// the libraries it found.
void finishScan(ScanResult &result) {
    std::sort(result.libraries.begin(), result.libraries.end(),
              [](const ScanLibrary &a, const ScanLibrary &b) { return a.path < b.path; });
    QSet<QString> archs;
    for (const ScanLibrary &l : std::as_const(result.libraries))
        for (const QString &t : l.targets)
            archs.insert(t);
    result.architectures = QStringList(archs.cbegin(), archs.cend());
    std::sort(result.architectures.begin(), result.architectures.end());
    result.fixes.clear();
    addFixes(result);
}

} // namespace

bool ScanVerdict::fits() const {
    return status == QLatin1String("covered") || status == QLatin1String("via-generic");
}

QJsonObject ScanLibrary::toJson() const {
    QJsonArray vs, probs;
    for (const ScanVerdict &v : verdicts) {
        QJsonObject o{{QStringLiteral("device"), v.device.toString()},
                      {QStringLiteral("status"), v.status}};
        if (!v.closest.isEmpty())
            o.insert(QStringLiteral("closest"), v.closest);
        if (v.codeMisses)
            o.insert(QStringLiteral("code_misses"), true);
        if (!v.reason.isEmpty())
            o.insert(QStringLiteral("reason"), v.reason.english());
        vs.append(o);
    }
    for (const Problem &p : problems)
        probs.append(p.toJson());
    return {{QStringLiteral("path"), path},
            {QStringLiteral("kind"), kind},
            {QStringLiteral("product"), product},
            {QStringLiteral("soname"), soname},
            {QStringLiteral("bytes"), double(bytes)},
            {QStringLiteral("bundles"), bundles},
            {QStringLiteral("code_objects"), codeObjects},
            {QStringLiteral("files"), files},
            {QStringLiteral("device_code"), deviceCode},
            {QStringLiteral("targets"), QJsonArray::fromStringList(targets)},
            {QStringLiteral("versions_missing"), QJsonArray::fromStringList(versionsMissing)},
            {QStringLiteral("verdicts"), vs},
            {QStringLiteral("problems"), probs}};
}

QJsonObject ScanFix::toJson() const {
    QJsonObject o{{QStringLiteral("id"), id},
                  {QStringLiteral("text"), text.english()},
                  {QStringLiteral("libraries"), QJsonArray::fromStringList(libraries)}};
    if (device.isValid())
        o.insert(QStringLiteral("device"), device.toString());
    return o;
}

ScanResult::DeviceCount ScanResult::countFor(int device) const {
    DeviceCount n;
    for (const ScanLibrary &l : libraries) {
        if (device >= l.verdicts.size())
            continue;
        const ScanVerdict &v = l.verdicts[device];
        if (v.status == QLatin1String("loader-refuses"))
            ++n.loaderRefuses;
        if (!l.deviceCode || v.status == QLatin1String("no-device-code"))
            continue;
        if (v.codeMisses || (!v.fits() && v.status != QLatin1String("loader-refuses")))
            ++n.without;
        else
            ++n.withCode;
    }
    return n;
}

TextList coverageAnswer(const ScanResult &r) {
    TextList out;
    if (r.paths.isEmpty())
        return out;
    int withDeviceCode = 0;
    for (const ScanLibrary &l : r.libraries)
        withDeviceCode += l.deviceCode;
    out << HD_TEXT("hd::Diagnosis", "Scanned %1: %2 libraries with device code.")
               .arg(r.paths.join(QStringLiteral(", ")))
               .arg(withDeviceCode);
    for (int d = 0; d < r.devices.size(); ++d) {
        const ScanResult::DeviceCount n = r.countFor(d);
        Text line = HD_TEXT("hd::Diagnosis", "%1: %2 with code for it, %3 without.")
                        .arg(r.devices[d].toString())
                        .arg(n.withCode)
                        .arg(n.without);
        if (n.loaderRefuses > 0)
            line += QLatin1Char(' ') +
                    HD_TEXT("hd::Diagnosis", "Libraries the dynamic loader refuses here: %1.")
                        .arg(n.loaderRefuses);
        out << line;
    }
    for (const ScanFix &f : r.fixes)
        out << f.text;
    return out;
}

int ScanResult::notCovered() const {
    int n = 0;
    for (const ScanLibrary &l : libraries)
        if (l.deviceCode &&
            std::any_of(l.verdicts.cbegin(), l.verdicts.cend(), [](const ScanVerdict &v) {
                return !v.fits() && v.status != QLatin1String("no-device-code");
            }))
            ++n;
    return n;
}

QJsonObject ScanResult::toJson() const {
    QJsonArray libs, fx, probs, devs;
    for (const ScanLibrary &l : libraries)
        libs.append(l.toJson());
    for (const ScanFix &f : fixes)
        fx.append(f.toJson());
    for (const Problem &p : problems)
        probs.append(p.toJson());
    for (const TargetId &d : devices)
        devs.append(d.toString());
    return {{QStringLiteral("schema"), QLatin1String(kScanSchema)},
            {QStringLiteral("paths"), QJsonArray::fromStringList(paths)},
            {QStringLiteral("devices"), devs},
            {QStringLiteral("architectures"), QJsonArray::fromStringList(architectures)},
            {QStringLiteral("libraries"), libs},
            {QStringLiteral("fixes"), fx},
            {QStringLiteral("files_seen"), filesSeen},
            {QStringLiteral("files_read"), filesRead},
            {QStringLiteral("truncated"), truncated},
            {QStringLiteral("incomplete"), incomplete},
            {QStringLiteral("not_covered"), notCovered()},
            {QStringLiteral("problems"), probs}};
}

ScanResult scanPaths(const QStringList &paths, const ScanOptions &options) {
    ScanResult result;
    result.paths = paths;
    result.devices = options.devices;
    Walk walk{options, result, {}, {}, {}};
    collectPaths(walk, paths);
    if (walk.tooDeep > 0)
        walk.skipped(paths.join(QStringLiteral(", ")),
                     QStringLiteral("%1 folder(s) deeper than %2 levels: not read")
                         .arg(QString::number(walk.tooDeep), QString::number(options.maxDepth)));
    if (result.truncated) {
        result.problems.append(
            {paths.join(QStringLiteral(", ")), -1,
             QStringLiteral("more than %1 files: the rest was not read").arg(options.maxFiles),
             false});
        result.incomplete = true;
    }

    // A vendor kernel folder (Tensile's library/, hipBLASLt's) is read as one library but is
    // many files: they count in the progress like the others.
    QList<int> folderFiles;
    int inFolders = 0;
    for (const QString &k : std::as_const(walk.kernelFolders)) {
        folderFiles.append(int(QDir(k).entryList(QDir::Files).size()));
        inFolders += folderFiles.last();
    }
    const QList<ScanLibrary> libraries = readLibraries(walk.files, options, inFolders);
    result.filesRead += int(libraries.size());
    result.libraries += libraries;
    int done = int(walk.files.size());
    for (qsizetype i = 0; i < walk.kernelFolders.size(); ++i) {
        if (options.cancel && options.cancel->load())
            break;
        result.libraries.append(
            fromKernelLibrary(readKernelLibrary(walk.kernelFolders[i]), options));
        done += folderFiles[i];
        if (options.progress)
            options.progress(done, int(walk.files.size()) + inFolders);
    }
    result.cancelled = options.cancel && options.cancel->load();
    finishScan(result);
    return result;
}

ScanResult combineScans(const QList<ScanResult> &scans) {
    ScanResult result;
    if (!scans.isEmpty())
        result.devices = scans.first().devices;
    QSet<QString> have;
    for (const ScanResult &s : scans) {
        result.paths += s.paths;
        for (const ScanLibrary &l : s.libraries)
            if (!have.contains(l.path)) {
                have.insert(l.path);
                result.libraries.append(l);
            }
        result.filesSeen += s.filesSeen;
        result.filesRead += s.filesRead;
        result.truncated = result.truncated || s.truncated;
        result.incomplete = result.incomplete || s.incomplete;
        result.cancelled = result.cancelled || s.cancelled;
        result.problems += s.problems;
    }
    finishScan(result);
    return result;
}

QString scanRootOf(const QString &path, const QStringList &roots) {
    for (const QString &r : roots) {
        const QString root = QFileInfo(r).canonicalFilePath();
        if (!root.isEmpty() && (path == root || path.startsWith(root + QLatin1Char('/'))))
            return r;
    }
    return {};
}

QString scanShortPath(const QString &path, const QStringList &roots) {
    const QString root = QFileInfo(scanRootOf(path, roots)).canonicalFilePath();
    return root.isEmpty() || path == root ? path : path.mid(root.size() + 1);
}

} // namespace hd
