#include "triton/triton_cache.h"

#include "common/input_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace hd {

namespace {

// Stage files are small; this cap keeps a hostile file from being read whole.
constexpr qint64 kMaxStageRead = 8 * 1024 * 1024;

QByteArray readHead(const QString &path, qint64 cap, QString *error) {
    return readInputFile(path, cap, error); // a FIFO in a cache is refused, not waited on
}

// Parameters of the first "<marker>@name(" parameter list: top-level commas + 1.
int countParams(const QByteArray &text, const QByteArray &marker, const QString &name) {
    const QByteArray needle = marker + '@' + name.toUtf8() + '(';
    const qsizetype at = text.indexOf(needle);
    if (at < 0)
        return -1;
    int depth = 0, count = 0;
    bool any = false, inString = false;
    for (qsizetype i = at + needle.size(); i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '"')
                inString = false;
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            any = true;
            break;
        case '(':
        case '{':
        case '[':
        case '<':
            ++depth;
            any = true;
            break;
        case ')':
            if (depth == 0)
                return any ? count + 1 : 0;
            --depth;
            break;
        case '}':
        case ']':
        case '>':
            if (depth > 0)
                --depth;
            break;
        case ',':
            if (depth == 0)
                ++count;
            break;
        case ' ':
        case '\n':
        case '\t':
            break;
        default:
            any = true;
        }
    }
    return -1;
}

bool isStageSuffix(const QString &suffix) {
    return tritonStagesAmd().contains(suffix) || tritonStagesNvidia().contains(suffix);
}

} // namespace

QStringList tritonStagesAmd() {
    return {QStringLiteral(".source"), QStringLiteral(".ttir"),   QStringLiteral(".ttgir"),
            QStringLiteral(".llir"),   QStringLiteral(".amdgcn"), QStringLiteral(".hsaco")};
}

QStringList tritonStagesNvidia() {
    return {QStringLiteral(".source"), QStringLiteral(".ttir"), QStringLiteral(".ttgir"),
            QStringLiteral(".llir"),   QStringLiteral(".ptx"),  QStringLiteral(".cubin")};
}

QStringList TritonEntry::stageOrder() const {
    return backend == QLatin1String("cuda") ? tritonStagesNvidia() : tritonStagesAmd();
}

bool TritonEntry::complete() const {
    return !isLauncher && missingStage.isEmpty() && hasMetadata &&
           stagesPresent.contains(stageOrder().constLast());
}

std::optional<TargetId> TritonEntry::target() const {
    if (arch.isEmpty())
        return std::nullopt;
    if (backend == QLatin1String("cuda"))
        return TargetId::parse(arch.startsWith(QLatin1String("sm")) ? arch
                                                                    : QStringLiteral("sm_") + arch);
    return TargetId::parse(arch);
}

QString TritonEntry::stageFile(const QString &suffix) const {
    return dir + QLatin1Char('/') + kernelName + suffix;
}

bool looksLikeTritonEntry(const QString &dir) {
    // Triton's layout: one kernel's stage files, all "<kernel><suffix>", and at the end
    // __grp__<kernel>.json. A binary alone is not enough: vendor kernel folders
    // (rocblas/library, hipblaslt/library) hold hundreds of .hsaco files of many names, and
    // calling those a failed Triton compile sends users to delete their ROCm install.
    const QFileInfoList files = QDir(dir).entryInfoList(QDir::Files | QDir::Hidden);
    QSet<QString> binaryBases;
    bool ir = false;
    for (const QFileInfo &fi : files) {
        if (fi.fileName().startsWith(QLatin1String("__grp__")) &&
            fi.fileName().endsWith(QLatin1String(".json")))
            return true;
        const QString suffix = QLatin1Char('.') + fi.suffix();
        if (!isStageSuffix(suffix) || suffix == QLatin1String(".source"))
            continue;
        if (suffix == QLatin1String(".hsaco") || suffix == QLatin1String(".cubin")) {
            const QString base = fi.completeBaseName();
            if (base.startsWith(QLatin1String("Kernels.so-")) ||
                base.startsWith(QLatin1String("TensileLibrary")))
                return false; // Tensile's names (artifacts/kernel_library.h)
            binaryBases.insert(base);
        } else
            ir = true;
    }
    if (ir)
        return true;
    // Only a binary: a kernel folder has one kernel's (a few files beside it at most).
    return binaryBases.size() == 1 && files.size() <= 16;
}

bool looksLikeTritonCache(const QString &dir) {
    if (looksLikeTritonEntry(dir))
        return true;
    const QFileInfoList subs = QDir(dir).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot);
    int checked = 0;
    for (const QFileInfo &fi : subs) {
        if (looksLikeTritonEntry(fi.filePath()))
            return true;
        if (++checked > 256) // a huge folder of something else: stop looking
            break;
    }
    return false;
}

namespace {

// The kernel name: from __grp__<name>.json, else the base name of the stage files. False when
// the folder holds no kernel (a launcher folder of .so files, or no stage file: a problem says so).
bool nameEntry(TritonEntry &e, const QFileInfoList &files) {
    QString grpName;
    QStringList stageBases;
    bool onlySo = !files.isEmpty();
    for (const QFileInfo &fi : files) {
        const QString fn = fi.fileName();
        if (fn.startsWith(QLatin1String("__grp__")) && fn.endsWith(QLatin1String(".json"))) {
            grpName = fn.mid(7, fn.size() - 12);
            e.hasGroup = true;
        }
        const QString suffix = QLatin1Char('.') + fi.suffix();
        if (isStageSuffix(suffix))
            stageBases.append(fi.completeBaseName());
        if (suffix != QLatin1String(".so"))
            onlySo = false;
    }
    if (onlySo) {
        e.isLauncher = true;
        return false;
    }
    e.kernelName = !grpName.isEmpty()      ? grpName
                   : !stageBases.isEmpty() ? stageBases.constFirst()
                                           : QString();
    if (e.kernelName.isEmpty()) {
        e.problems.append(
            {e.dir, -1, QStringLiteral("no Triton stage files (.ttir, .llir, ...) in this folder"),
             true});
        return false;
    }
    return true;
}

// The metadata <kernel>.json: it names the backend and arch when the compile finished.
void readMetadata(TritonEntry &e) {
    const QString jsonPath = e.stageFile(QStringLiteral(".json"));
    if (!QFileInfo::exists(jsonPath))
        return;
    e.hasMetadata = true;
    QString err;
    const QByteArray bytes = readHead(jsonPath, kMaxStageRead, &err);
    QJsonParseError perr{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &perr);
    if (!err.isEmpty()) {
        e.problems.append({jsonPath, -1, QStringLiteral("cannot read: %1").arg(err), false});
        return;
    }
    if (!doc.isObject()) {
        e.problems.append({jsonPath, perr.offset,
                           QStringLiteral("not a JSON object: %1").arg(perr.errorString()), false});
        return;
    }
    const QJsonObject o = doc.object();
    if (o.contains(QStringLiteral("name")))
        e.kernelName = o.value(QStringLiteral("name")).toString(e.kernelName);
    const QJsonObject t = o.value(QStringLiteral("target")).toObject();
    e.backend = t.value(QStringLiteral("backend")).toString();
    const QJsonValue arch = t.value(QStringLiteral("arch"));
    e.arch = arch.isDouble() ? QString::number(arch.toInt()) : arch.toString();
    e.warpSize =
        t.value(QStringLiteral("warp_size")).toInt(o.value(QStringLiteral("warp_size")).toInt());
    e.numWarps = o.value(QStringLiteral("num_warps")).toInt();
    e.numStages = o.value(QStringLiteral("num_stages")).toInt();
    if (o.value(QStringLiteral("shared")).isDouble())
        e.sharedBytes = qint64(o.value(QStringLiteral("shared")).toDouble());
    e.tritonVersion = o.value(QStringLiteral("triton_version")).toString();
    if (!e.arch.isEmpty())
        e.archSource = QStringLiteral(".json");
}

// The head of a stage file, empty when there is none.
QByteArray readStage(const TritonEntry &e, const QString &suffix, qint64 cap) {
    QString err;
    if (!QFileInfo::exists(e.stageFile(suffix)))
        return {};
    return readHead(e.stageFile(suffix), cap, &err);
}

// .amdgcn's .amdgcn_target names the arch.
void archFromAmdgcn(TritonEntry &e) {
    if (!e.arch.isEmpty() || !QFileInfo::exists(e.stageFile(QStringLiteral(".amdgcn"))))
        return;
    const QByteArray a = readStage(e, QStringLiteral(".amdgcn"), 64 * 1024);
    static const QRegularExpression re(
        QStringLiteral(R"re(\.amdgcn_target\s+"amdgcn-amd-amdhsa--([^"]+)")re"));
    const auto m = re.match(QString::fromUtf8(a));
    if (m.hasMatch()) {
        e.backend = QStringLiteral("hip");
        e.arch = m.captured(1);
        e.archSource = QStringLiteral(".amdgcn");
    }
}

// The ttgir's ttg.target = "hip:gfx90a" / "cuda:90", and its threads-per-warp.
void archFromTtgir(TritonEntry &e, const QByteArray &ttgir) {
    if (e.arch.isEmpty() && !ttgir.isEmpty()) {
        static const QRegularExpression re(
            QStringLiteral(R"re((?:ttg|triton_gpu)\.target\s*=\s*"(hip|cuda):([^"]+)")re"));
        const auto m = re.match(QString::fromUtf8(ttgir.left(64 * 1024)));
        if (m.hasMatch()) {
            e.backend = m.captured(1);
            e.arch = m.captured(2);
            e.archSource = QStringLiteral(".ttgir");
        }
    }
    if (!ttgir.isEmpty() && e.warpSize == 0) {
        static const QRegularExpression tpw(
            QStringLiteral(R"re("(?:ttg|triton_gpu)\.threads-per-warp"\s*=\s*(\d+))re"));
        const auto w = tpw.match(QString::fromUtf8(ttgir.left(64 * 1024)));
        if (w.hasMatch())
            e.warpSize = w.captured(1).toInt();
    }
}

// .llir's triple and target-cpu.
void archFromLlir(TritonEntry &e, const QByteArray &llir) {
    if (!e.arch.isEmpty() || llir.isEmpty())
        return;
    static const QRegularExpression cpu(QStringLiteral(R"re("target-cpu"="([^"]+)")re"));
    const QString text = QString::fromUtf8(llir);
    const auto m = cpu.match(text);
    if (text.contains(QLatin1String("amdgcn-amd-amdhsa"))) {
        e.backend = QStringLiteral("hip");
        if (m.hasMatch()) {
            e.arch = m.captured(1);
            e.archSource = QStringLiteral(".llir");
        }
    } else if (text.contains(QLatin1String("nvptx64"))) {
        e.backend = QStringLiteral("cuda");
        if (m.hasMatch()) {
            e.arch = m.captured(1).remove(QStringLiteral("sm_"));
            e.archSource = QStringLiteral(".llir");
        }
    }
}

// Still no backend: the kind of binary or assembly present says it.
void backendFromFiles(TritonEntry &e) {
    if (!e.backend.isEmpty())
        return;
    if (QFileInfo::exists(e.stageFile(QStringLiteral(".ptx"))) ||
        QFileInfo::exists(e.stageFile(QStringLiteral(".cubin"))))
        e.backend = QStringLiteral("cuda");
    else if (QFileInfo::exists(e.stageFile(QStringLiteral(".amdgcn"))) ||
             QFileInfo::exists(e.stageFile(QStringLiteral(".hsaco"))))
        e.backend = QStringLiteral("hip");
}

// Stages present, the last one reached and the first one missing after it.
void findStages(TritonEntry &e) {
    const QStringList order = e.stageOrder();
    for (const QString &s : order) {
        if (!QFileInfo::exists(e.stageFile(s)))
            continue;
        // The binary is what the runtime loads: one that cannot be read is not there.
        QFile f;
        QString why;
        if (s == order.constLast() && !openInputFile(f, e.stageFile(s), &why)) {
            e.problems.append(
                {e.stageFile(s), -1, QStringLiteral("cannot read: %1").arg(why), true});
            continue;
        }
        e.stagesPresent.append(s);
    }
    if (!e.stagesPresent.isEmpty()) {
        e.lastStage = e.stagesPresent.constLast();
        const qsizetype idx = order.indexOf(e.lastStage);
        if (idx + 1 < order.size())
            e.missingStage = order.at(idx + 1);
        // A gap (a stage missing before the last one) is unusual: name the first gap.
        for (qsizetype i = 1; i < idx; ++i)
            if (!e.stagesPresent.contains(order.at(i)) && order.at(i) != QLatin1String(".source"))
                e.problems.append({e.dir, -1,
                                   QStringLiteral("stage file %1%2 is missing although %3 exists")
                                       .arg(e.kernelName, order.at(i), e.lastStage),
                                   false});
    }
    const QString bin = order.constLast();
    if (e.stagesPresent.contains(bin))
        e.binaryPath = e.stageFile(bin);
}

} // namespace

TritonEntry readTritonEntry(const QString &dirPath) {
    TritonEntry e;
    const QFileInfo dirInfo(dirPath);
    e.dir = dirInfo.absoluteFilePath();
    e.hash = dirInfo.fileName();
    const QDir dir(dirPath);
    const QFileInfoList files = dir.entryInfoList(QDir::Files | QDir::Hidden, QDir::Name);
    if (files.isEmpty() && !dir.exists()) {
        e.problems.append({e.dir, -1, QStringLiteral("cannot read the folder"), true});
        return e;
    }
    if (!nameEntry(e, files))
        return e;

    // Metadata first; without it, the stage files name the target.
    readMetadata(e);
    archFromAmdgcn(e);
    const QByteArray ttgir = readStage(e, QStringLiteral(".ttgir"), kMaxStageRead);
    archFromTtgir(e, ttgir);
    const QByteArray llir = readStage(e, QStringLiteral(".llir"), kMaxStageRead);
    archFromLlir(e, llir);
    backendFromFiles(e);
    findStages(e);

    // Triton appends hidden scratch pointer arguments to the kernel it generates.
    const QByteArray ttir = readStage(e, QStringLiteral(".ttir"), kMaxStageRead);
    e.sourceArgCount = countParams(ttir.isEmpty() ? ttgir : ttir, "tt.func public ", e.kernelName);
    if (e.sourceArgCount < 0)
        e.sourceArgCount = countParams(ttir.isEmpty() ? ttgir : ttir, "tt.func ", e.kernelName);
    e.llirArgCount = countParams(llir, " void ", e.kernelName);
    return e;
}

TritonCache readTritonCache(const QString &path) {
    TritonCache c;
    const QFileInfo fi(path);
    c.root = fi.absoluteFilePath();
    if (!fi.exists()) {
        c.problems.append({path, -1, missingPathReason(path), true});
        return c;
    }
    if (!fi.isDir()) {
        c.problems.append({path, -1, QStringLiteral("not a directory"), true});
        return c;
    }
    if (looksLikeTritonEntry(path)) {
        c.singleEntry = true;
        c.entries.append(readTritonEntry(path));
        return c;
    }
    const QFileInfoList subs =
        QDir(path).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo &sub : subs) {
        TritonEntry e = readTritonEntry(sub.filePath());
        if (e.isLauncher) {
            ++c.launcherFolders;
            continue;
        }
        if (e.kernelName.isEmpty() && e.stagesPresent.isEmpty())
            continue; // not a kernel folder (other tools' files in the cache root)
        c.entries.append(e);
    }
    if (c.entries.isEmpty())
        c.problems.append({path, -1,
                           QStringLiteral("no Triton kernel folders found (expected folders of "
                                          ".ttir/.llir/.amdgcn/.hsaco or .ptx/.cubin files)"),
                           true});
    return c;
}

std::optional<TritonTracebackStage> tritonStageFromTraceback(const QString &text) {
    static const QRegularExpression frame(QStringLiteral(
        R"re(triton[/\\]backends[/\\](amd|nvidia)[/\\]compiler\.py", line \d+, in (make_\w+|<lambda>))re"));
    static const QRegularExpression lambda(QStringLiteral(R"re(stages\["(\w+)"\])re"));
    static const QRegularExpression exc(
        QStringLiteral(R"re(^([A-Za-z_][\w.]*(?:Error|Exception|Failure)):\s*(.*)$)re"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    std::optional<TritonTracebackStage> out;
    for (int i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        const auto m = frame.match(line);
        if (m.hasMatch()) {
            TritonTracebackStage s = out.value_or(TritonTracebackStage{});
            s.backend = m.captured(1) == QLatin1String("amd") ? QStringLiteral("hip")
                                                              : QStringLiteral("cuda");
            QString stage;
            if (m.captured(2).startsWith(QLatin1String("make_")))
                stage = m.captured(2).mid(5);
            else if (i + 1 < lines.size()) {
                const auto l = lambda.match(lines.at(i + 1));
                if (l.hasMatch())
                    stage = l.captured(1);
            }
            if (!stage.isEmpty()) {
                s.stage = stage;
                s.suffix = QLatin1Char('.') + stage;
                s.lineNumber = i + 1;
                out = s;
            }
        }
        const auto e = exc.match(line.trimmed());
        if (out && e.hasMatch() && !line.startsWith(QLatin1Char(' '))) {
            out->errorLine = line.trimmed();
            out->errorLineNumber = i + 1;
        }
    }
    return out;
}

} // namespace hd
