#include "capture/capture_record.h"

#include "artifacts/inspector.h"
#include "model/finding_catalog.h"
#include "names/kernel_names.h"
#include "targets/target_id.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>

namespace hd {

namespace {

bool isLoad(const QString &c) {
    return c == u"hipModuleLoad" || c == u"hipModuleLoadData" || c == u"hipModuleLoadDataEx" ||
           c == u"cuModuleLoad" || c == u"cuModuleLoadData" || c == u"cuModuleLoadDataEx" ||
           c == u"cuModuleLoadFatBinary" || c == u"cuLibraryLoadData" ||
           c == u"cuLibraryLoadFromFile";
}
bool isRegister(const QString &c) {
    return c == u"__hipRegisterFatBinary" || c == u"__cudaRegisterFatBinary";
}
bool isLookup(const QString &c) {
    return c == u"hipModuleGetFunction" || c == u"hipModuleGetGlobal" ||
           c == u"cuModuleGetFunction" || c == u"cuLibraryGetKernel";
}
bool isLaunch(const QString &c) {
    return c == u"hipModuleLaunchKernel" || c == u"hipLaunchKernel" || c == u"cuLaunchKernel" ||
           c == u"cuLaunchKernelEx";
}
// Results that say only that the machine has no device (the record was made without a GPU):
// with a --target they do not answer what would happen on the device.
bool noDeviceResult(const CaptureCall &c) {
    return c.resultName == u"hipErrorNoDevice" || c.resultName == u"hipErrorInvalidDevice" ||
           c.resultName == u"CUDA_ERROR_NO_DEVICE" || c.resultName == u"hipErrorNotInitialized";
}

QString resultText(const CaptureCall &c) {
    return c.resultName.isEmpty()
               ? QString::number(c.result)
               : QStringLiteral("%1 (%2)").arg(c.resultName, QString::number(c.result));
}

} // namespace

QString CaptureCall::field(const char *key) const {
    return fields.value(QLatin1String(key)).toString();
}

int CaptureRecord::calls() const {
    int n = 0;
    for (const CaptureProcess &p : processes)
        n += int(p.calls.size());
    return n;
}

bool isCaptureRecord(const QString &dir) {
    return QFileInfo(dir).isDir() &&
           !QDir(dir).entryList({QStringLiteral("calls-*.jsonl")}, QDir::Files).isEmpty();
}

CaptureRecord readCaptureRecord(const QString &dir) {
    CaptureRecord r;
    r.dir = QDir(dir).absolutePath();
    const QStringList files =
        QDir(dir).entryList({QStringLiteral("calls-*.jsonl")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        r.problems << QStringLiteral("%1: no calls-*.jsonl files").arg(dir);
    for (const QString &name : files) {
        QFile f(QDir(dir).filePath(name));
        if (!f.open(QIODevice::ReadOnly)) {
            r.problems << QStringLiteral("%1: %2").arg(f.fileName(), f.errorString());
            continue;
        }
        CaptureProcess p;
        p.file = name;
        QMap<qint64, qsizetype> bySeq; // seq -> index in p.calls
        int lineNo = 0;
        while (!f.atEnd()) {
            const QByteArray line = f.readLine(1 << 20).trimmed();
            ++lineNo;
            if (line.isEmpty())
                continue;
            QJsonParseError pe;
            const QJsonObject o = QJsonDocument::fromJson(line, &pe).object();
            if (pe.error != QJsonParseError::NoError) {
                // A program killed mid-write leaves a last line cut short.
                r.problems << QStringLiteral("%1:%2: %3")
                                  .arg(name, QString::number(lineNo), pe.errorString());
                continue;
            }
            const QString call = o.value(u"call").toString();
            if (call == u"process") {
                p.pid = o.value(u"pid").toInteger();
                p.ppid = o.value(u"ppid").toInteger();
                p.exe = o.value(u"exe").toString();
                p.cwd = o.value(u"cwd").toString();
                continue;
            }
            CaptureCall c;
            c.seq = o.value(u"seq").toInteger();
            c.pid = o.value(u"pid").toInteger();
            c.tid = o.value(u"tid").toInteger();
            c.tNs = o.value(u"t_ns").toInteger();
            c.call = call;
            const bool enter = o.value(u"phase").toString() == u"enter";
            if (!enter) {
                c.durNs = o.value(u"dur_ns").toInteger();
                c.hasResult = o.contains(u"result");
                c.result = o.value(u"result").toInteger();
                c.resultName = o.value(u"result_name").toString();
            }
            c.returned = !enter;
            for (auto it = o.begin(); it != o.end(); ++it) {
                static const QStringList common = {
                    QStringLiteral("seq"),    QStringLiteral("pid"),
                    QStringLiteral("tid"),    QStringLiteral("t_ns"),
                    QStringLiteral("dur_ns"), QStringLiteral("call"),
                    QStringLiteral("phase"),  QStringLiteral("result_name"),
                    QStringLiteral("result")};
                if (!common.contains(it.key()))
                    c.fields.insert(it.key(), it.value());
            }
            const auto at = bySeq.constFind(c.seq);
            if (at != bySeq.constEnd() && c.seq > 0)
                p.calls[*at] = c; // the result line replaces its enter line
            else {
                bySeq.insert(c.seq, p.calls.size());
                p.calls << c;
            }
        }
        std::stable_sort(p.calls.begin(), p.calls.end(),
                         [](const CaptureCall &a, const CaptureCall &b) { return a.seq < b.seq; });
        r.processes << p;
    }
    return r;
}

namespace {

struct Analyzer {
    const CaptureRecord &rec;
    CaptureAnalysis a;
    std::optional<TargetId> device;

    CaptureImage &image(const QString &hash, const CaptureCall &c) {
        auto it = a.images.find(hash);
        if (it != a.images.end())
            return *it;
        CaptureImage img;
        img.hash = hash;
        img.kind = c.field("image_kind");
        img.targets = c.field("image_targets").split(QLatin1Char(','), Qt::SkipEmptyParts);
        img.file = QDir(rec.dir).filePath(QStringLiteral("images/") + hash);
        if (QFileInfo(img.file).isFile()) {
            img.report = std::make_shared<ArtifactReport>(inspectFile(img.file));
            if (device)
                img.verdict = loadVerdict(*img.report, *device);
            const SymbolIndex index = indexSymbols({*img.report});
            for (const NamedSymbol &k : index.kernels)
                img.kernels << k.name;
        }
        return *a.images.insert(hash, img);
    }

    // The image a file load names: its saved copy, else the file itself (relative to the cwd).
    QString describeSource(const CaptureCall &c, const CaptureProcess &p) const {
        const QString path = c.field("path");
        if (!path.isEmpty())
            return QFileInfo(path).fileName();
        if (c.call.startsWith(u"__"))
            return QStringLiteral("fat binary %1").arg(c.field("image").left(8));
        Q_UNUSED(p);
        return QStringLiteral("image %1 in memory").arg(c.field("image").left(8));
    }

    void run(const QString &target) {
        if (!target.isEmpty()) {
            device = TargetId::parse(target);
            a.device = target;
            a.deviceFrom = QStringLiteral("--target");
        } else {
            findDevice();
        }
        for (const CaptureProcess &p : rec.processes) {
            // module/library handle -> the load row that made it; per thread, the last load.
            QMap<QString, int> loadOf;
            QMap<qint64, int> lastLoadOfThread;
            for (const CaptureCall &c : p.calls)
                row(p, c, loadOf, lastLoadOfThread);
        }
        pickAnswer();
    }

    void findDevice() {
        int major = -1, minor = -1;
        for (const CaptureProcess &p : rec.processes)
            for (const CaptureCall &c : p.calls) {
                if (a.device.isEmpty() && c.call.startsWith(u"hipGetDeviceProperties") &&
                    !c.field("arch").isEmpty()) {
                    a.device = c.field("arch").section(QLatin1Char(':'), 0, 0);
                    a.deviceFrom = QStringLiteral("call %1, %2").arg(c.seq).arg(c.call);
                }
                if (c.call == u"cuDeviceGetAttribute" && c.fields.contains(u"value")) {
                    const int v = c.fields.value(u"value").toInt();
                    if (c.field("attribute").endsWith(u"major"))
                        major = v;
                    else
                        minor = v;
                    if (a.device.isEmpty() && major >= 0 && minor >= 0) {
                        a.device = QStringLiteral("sm_%1%2").arg(major).arg(minor);
                        a.deviceFrom = QStringLiteral("call %1, cuDeviceGetAttribute").arg(c.seq);
                    }
                }
            }
        if (!a.device.isEmpty())
            device = TargetId::parse(a.device);
    }

    void row(const CaptureProcess &p, const CaptureCall &c, QMap<QString, int> &loadOf,
             QMap<qint64, int> &lastLoadOfThread) {
        CaptureRow r;
        r.call = &c;
        r.process = &p;
        const QString hash = c.field("image");
        if (isLoad(c.call) || isRegister(c.call)) {
            r.kind = isLoad(c.call) ? QStringLiteral("load") : QStringLiteral("register");
            r.source = c.field("source");
            r.imageHash = hash;
            r.what = QStringLiteral("%1(%2)").arg(c.call, describeSource(c, p));
            if (!hash.isEmpty()) {
                const CaptureImage &img = image(hash, c);
                if (img.verdict && !img.verdict->loads() &&
                    img.verdict->status != LoadStatus::NoDeviceCode) {
                    r.problem = true;
                    r.sentence =
                        HD_TEXT("hd::Capture", "the image holds %1, not %2: %3")
                            .arg(img.verdict->targets.isEmpty() ? img.targets.join(u", ")
                                                                : img.verdict->targets.join(u", "),
                                 a.device, img.verdict->reason);
                    r.fixes = img.verdict->fixes;
                    r.findingId = QStringLiteral("arch.no-compatible-code-object");
                }
            }
            const QString handle = c.field(c.call.startsWith(u"cuLibrary") ? "library"
                                           : isRegister(c.call)            ? "handle"
                                                                           : "module");
            const int index = int(a.rows.size());
            if (!handle.isEmpty() && handle != u"0x0")
                loadOf.insert(handle, index);
            lastLoadOfThread.insert(c.tid, index);
        } else if (isLookup(c.call)) {
            r.kind = QStringLiteral("lookup");
            const QString handle = c.field(c.call == u"cuLibraryGetKernel" ? "library" : "module");
            const QString name = c.field("name");
            // The module asked of: the load that returned this handle; a null handle (the
            // load failed, no device) is the thread's last load.
            int from = loadOf.value(handle, -1);
            if (from < 0 && (handle.isEmpty() || handle == u"0x0"))
                from = lastLoadOfThread.value(c.tid, -1);
            QString of = QStringLiteral("module %1").arg(handle);
            if (from >= 0) {
                const CaptureRow &load = a.rows[from];
                of = QStringLiteral("module of %1").arg(describeSource(*load.call, p));
                r.imageHash = load.imageHash;
            }
            r.what = QStringLiteral("%1(%2, \"%3\")").arg(c.call, of, name);
            const auto img = a.images.constFind(r.imageHash);
            if (img != a.images.constEnd() && img->report && c.call != u"hipModuleGetGlobal") {
                const SymbolIndex index = indexSymbols({*img->report});
                const NameLookup look = lookupKernelName(index, name);
                checkLookup(r, look, name);
            }
        } else if (isLaunch(c.call)) {
            r.kind = QStringLiteral("launch");
            r.what = c.call;
        } else if (c.call == u"launch-total") {
            return;
        } else {
            r.kind = c.call.contains(u"Device") || c.call.endsWith(u"Init")
                         ? QStringLiteral("device")
                         : QStringLiteral("other");
            r.what = c.call;
        }
        if (!c.returned) {
            r.problem = true;
            r.sentence = HD_TEXT("hd::Capture", "it never returned: the program ended inside it");
        } else if (c.failed() && !r.problem &&
                   !(device && a.deviceFrom == u"--target" && noDeviceResult(c))) {
            r.problem = true;
        }
        a.rows << r;
    }

    void checkLookup(CaptureRow &r, const NameLookup &look, const QString &name) {
        switch (look.match) {
        case NameLookup::Match::Exact:
            return;
        case NameLookup::Match::Mangled:
            r.problem = true;
            r.findingId = QStringLiteral("symbol.mangled-name");
            r.sentence = HD_TEXT("hd::Capture", "that image holds %1, not %2")
                             .arg(look.mangled.first().name, name);
            r.fixes << HD_TEXT("hd::Capture",
                               "declare it extern \"C\" or look up the mangled name %1")
                           .arg(look.mangled.first().name);
            return;
        case NameLookup::Match::InternalLinkage:
            r.problem = true;
            r.findingId = QStringLiteral("symbol.internal-linkage");
            r.sentence = HD_TEXT("hd::Capture", "that image holds %1 with internal linkage")
                             .arg(look.internal.first().name);
            r.fixes << HD_TEXT("hd::Capture",
                               "remove static or the anonymous namespace from the kernel");
            return;
        case NameLookup::Match::NotAKernel:
        case NameLookup::Match::HostApi:
            r.problem = true;
            r.findingId = QStringLiteral("symbol.not-a-kernel");
            r.sentence =
                HD_TEXT("hd::Capture", "%1 in that image is a function, not a kernel").arg(name);
            r.fixes << HD_TEXT("hd::Capture", "mark the function __global__");
            return;
        case NameLookup::Match::Missing:
            r.problem = true;
            r.findingId = QStringLiteral("symbol.kernel-not-found");
            r.sentence =
                look.nearest.isEmpty()
                    ? HD_TEXT("hd::Capture", "that image holds no kernel named %1").arg(name)
                    : HD_TEXT("hd::Capture", "that image holds no kernel named %1; it holds %2")
                          .arg(name, look.nearest.join(u", "));
            return;
        }
    }

    void pickAnswer() {
        for (int i = 0; i < a.rows.size(); ++i) {
            const CaptureRow &r = a.rows[i];
            if (!r.problem)
                continue;
            a.answerRow = i;
            const CaptureCall &c = *r.call;
            const Text head =
                c.returned
                    ? (c.failed() && !(a.deviceFrom == u"--target" && noDeviceResult(c))
                           ? HD_TEXT("hd::Capture", "call %1, %2 returned %3")
                                 .arg(QString::number(c.seq), r.what, resultText(c))
                           : HD_TEXT("hd::Capture", "call %1, %2 would fail on %3")
                                 .arg(QString::number(c.seq), r.what, a.device))
                    : HD_TEXT("hd::Capture", "call %1, %2").arg(QString::number(c.seq), r.what);
            a.answer = r.sentence.isEmpty()
                           ? head
                           : HD_TEXT("hd::Capture", "%1; %2").arg(head, r.sentence);
            a.fixes = r.fixes;
            return;
        }
    }
};

} // namespace

CaptureAnalysis analyzeCapture(const CaptureRecord &record, const QString &target) {
    Analyzer an{record, {}, {}};
    an.run(target);
    return std::move(an.a);
}

QList<Finding> captureFindings(const CaptureAnalysis &a) {
    QList<Finding> out;
    for (const CaptureRow &r : a.rows) {
        if (r.findingId.isEmpty())
            continue;
        Finding f = makeFinding(r.findingId, r.sentence);
        f.fix = r.fixes;
        f.evidence << Evidence{QStringLiteral("capture"),
                               HD_TEXT("hd::Capture", "call %1, pid %2")
                                   .arg(QString::number(r.call->seq), QString::number(r.call->pid)),
                               r.what};
        out << f;
    }
    return mergeDuplicateFindings(out);
}

QJsonObject captureToJson(const CaptureRecord &record, const CaptureAnalysis &a) {
    QJsonObject doc;
    doc[u"schema"] = QStringLiteral("hipdoctor.capture/1");
    doc[u"record"] = record.dir;
    doc[u"device"] = a.device;
    doc[u"device_from"] = a.deviceFrom;
    QJsonArray procs;
    for (const CaptureProcess &p : record.processes)
        procs.append(QJsonObject{{u"pid"_qs, p.pid},
                                 {u"exe"_qs, p.exe},
                                 {u"cwd"_qs, p.cwd},
                                 {u"calls"_qs, p.calls.size()}});
    doc[u"processes"] = procs;
    QJsonArray rows;
    for (const CaptureRow &r : a.rows) {
        if (r.kind == u"other" || r.kind == u"launch")
            continue;
        QJsonObject o{
            {u"pid"_qs, r.call->pid},           {u"tid"_qs, r.call->tid},  {u"seq"_qs, r.call->seq},
            {u"call"_qs, r.call->call},         {u"kind"_qs, r.kind},      {u"what"_qs, r.what},
            {u"returned"_qs, r.call->returned}, {u"problem"_qs, r.problem}};
        if (r.call->hasResult) {
            o[u"result"] = r.call->result;
            o[u"result_name"] = r.call->resultName;
        }
        if (!r.source.isEmpty())
            o[u"source"] = r.source;
        if (!r.imageHash.isEmpty())
            o[u"image"] = r.imageHash;
        const QString name = r.call->field("name");
        if (!name.isEmpty())
            o[u"name"] = name;
        if (!r.sentence.isEmpty())
            o[u"finding"] = r.sentence.english();
        QJsonArray fixes;
        for (const Text &f : r.fixes)
            fixes.append(f.english());
        if (!fixes.isEmpty())
            o[u"fixes"] = fixes;
        rows.append(o);
    }
    doc[u"calls"] = rows;
    QJsonArray images;
    for (const CaptureImage &img : a.images) {
        QJsonObject o{{u"hash"_qs, img.hash},
                      {u"kind"_qs, img.kind},
                      {u"saved"_qs, img.report != nullptr},
                      {u"targets"_qs, QJsonArray::fromStringList(img.targets)},
                      {u"kernels"_qs, QJsonArray::fromStringList(img.kernels)}};
        if (img.verdict)
            o[u"verdict"] = img.verdict->toJson();
        images.append(o);
    }
    doc[u"images"] = images;
    QJsonArray findings;
    for (const Finding &f : captureFindings(a))
        findings.append(f.toJson());
    doc[u"findings"] = findings;
    if (a.answerRow >= 0) {
        QJsonArray fixes;
        for (const Text &f : a.fixes)
            fixes.append(f.english());
        doc[u"answer"] = QJsonObject{{u"seq"_qs, a.rows[a.answerRow].call->seq},
                                     {u"pid"_qs, a.rows[a.answerRow].call->pid},
                                     {u"text"_qs, a.answer.english()},
                                     {u"fixes"_qs, fixes}};
    }
    QJsonArray problems;
    for (const QString &p : record.problems)
        problems.append(p);
    doc[u"problems"] = problems;
    return doc;
}

} // namespace hd
