// hipdoctor-cli inspect: lists bundles, code objects, kernels, symbols and needed libraries;
// with --target, which code object the runtime would pick for that device and why.

#include "cli.h"
#include "options.h"

#include "artifacts/inspection_document.h"
#include "artifacts/inspector.h"
#include "artifacts/load_verdict.h"
#include "artifacts/selection.h"
#include "common/format.h"
#include "common/json_writer.h"
#include "targets/target_id.h"

#include <QMap>

#include <QSet>

#include <algorithm>
#include <numeric>
#include <optional>

namespace hd::cli {

namespace {

// A plain text table: columns sized to their widest cell.
class Table {
public:
    explicit Table(QStringList header) : m_rows{std::move(header)} {}
    void add(QStringList row) { m_rows.append(std::move(row)); }
    void print(QTextStream &s, const QString &indent) const {
        QList<qsizetype> w;
        for (const QStringList &r : m_rows)
            for (qsizetype i = 0; i < r.size(); ++i) {
                if (w.size() <= i)
                    w.append(0);
                w[i] = std::max(w[i], r[i].size());
            }
        for (const QStringList &r : m_rows) {
            QString line = indent;
            for (qsizetype i = 0; i < r.size(); ++i)
                line += i + 1 < r.size() ? r[i].leftJustified(w[i] + 2) : r[i];
            s << line << "\n";
        }
    }

private:
    QList<QStringList> m_rows;
};

QString elide(const QString &s, int max) {
    return s.size() <= max ? s : s.left(max - 3) + QStringLiteral("...");
}

void printHost(QTextStream &s, const HostInfo &h, bool allSymbols) {
    s << "  host: " << h.machine;
    if (!h.soname.isEmpty())
        s << ", SONAME " << h.soname;
    if (!h.interpreter.isEmpty())
        s << ", interpreter " << h.interpreter;
    s << "\n";
    if (!h.rpath.isEmpty())
        s << "  RPATH:   " << h.rpath.join(QLatin1Char(':')) << "\n";
    if (!h.runpath.isEmpty())
        s << "  RUNPATH: " << h.runpath.join(QLatin1Char(':')) << "\n";
    if (!h.needed.isEmpty()) {
        s << "  needed libraries:\n";
        Table t({QStringLiteral("NAME"), QStringLiteral("RESOLVES TO"), QStringLiteral("VIA")});
        for (const QString &n : h.needed) {
            auto it = std::find_if(h.resolutions.begin(), h.resolutions.end(),
                                   [&](const LibraryResolution &r) { return r.name == n; });
            if (it == h.resolutions.end()) {
                t.add({n, QStringLiteral("(not resolved)"), QString()});
                continue;
            }
            QString where = it->found() ? it->path : QStringLiteral("NOT FOUND");
            if (!it->found() && !it->otherVersions.isEmpty())
                where += QStringLiteral(" (other versions: %1)")
                             .arg(it->otherVersions.join(QStringLiteral(", ")));
            // Symbol versions this file needs that the installed library lacks (ld.so refuses).
            if (!it->versionsMissing.isEmpty())
                where +=
                    QStringLiteral(" LACKS %1").arg(it->versionsMissing.join(QLatin1Char(' ')));
            t.add({n, where, it->via});
        }
        t.print(s, QStringLiteral("    "));
        for (const LibraryResolution &r : h.resolutions)
            if (!r.found() && !r.searched.isEmpty())
                s << "    " << r.name << " looked in: " << r.searched.join(QStringLiteral(", "))
                  << "\n";
    }
    s << "  device code: " << (h.hasHipFatbin ? ".hip_fatbin " : "")
      << (h.hasOffloadSections ? "-fgpu-rdc sections " : "") << (h.hasNvFatbin ? ".nv_fatbin " : "")
      << (!h.hasHipFatbin && !h.hasOffloadSections && !h.hasNvFatbin ? "none" : "") << "\n";
    s << "  undefined dynamic symbols: " << h.undefinedDynamic.size() << "\n";
    const int shown = allSymbols ? int(h.undefinedDynamic.size()) : 8;
    for (int i = 0; i < std::min<int>(shown, int(h.undefinedDynamic.size())); ++i)
        s << "    " << h.undefinedDynamic[i].demangled() << "\n";
    if (h.undefinedDynamic.size() > shown)
        s << "    ... (" << h.undefinedDynamic.size() - shown << " more; --symbols lists all)\n";
}

// Beyond this a file's bundles, code objects and kernels are grouped (per target, per bundle)
// unless --kernels or --symbols asks for every one: librocsparse, 777 code objects and 88k
// kernels, would be 91k lines.
bool fitsTerminal(const ArtifactReport &r) {
    return r.bundles.size() <= 4 && r.codeObjects.size() <= 16 && r.kernelCount() <= 200;
}

// Grouped: per target, the code objects, bundles, kernels, symbols and bytes.
void printPerTarget(QTextStream &s, const ArtifactReport &r) {
    struct PerTarget {
        int codeObjects = 0, kernels = 0, symbols = 0, undefined = 0;
        uint64_t bytes = 0;
        QSet<int> bundles;
    };
    QMap<QString, PerTarget> perTarget;
    QList<int> bundleOf(r.codeObjects.size(), -1);
    for (qsizetype b = 0; b < r.bundles.size(); ++b)
        for (const BundleEntry &e : r.bundles[b].entries)
            if (e.codeObjectIndex >= 0 && e.codeObjectIndex < bundleOf.size())
                bundleOf[e.codeObjectIndex] = int(b);
    for (qsizetype i = 0; i < r.codeObjects.size(); ++i) {
        const CodeObject &co = r.codeObjects[i];
        PerTarget &t = perTarget[co.target.toString()];
        ++t.codeObjects;
        t.kernels += int(co.kernels.size());
        t.symbols += int(co.symbols.size());
        t.undefined += int(co.undefinedSymbols.size());
        t.bytes += co.size;
        if (bundleOf[i] >= 0)
            t.bundles.insert(bundleOf[i]);
    }
    if (perTarget.isEmpty())
        return;
    s << "  per target:\n";
    Table t({QStringLiteral("TARGET"), QStringLiteral("CODE OBJECTS"), QStringLiteral("BUNDLES"),
             QStringLiteral("KERNELS"), QStringLiteral("SYMBOLS"), QStringLiteral("UNDEFINED"),
             QStringLiteral("BYTES")});
    for (auto it = perTarget.cbegin(); it != perTarget.cend(); ++it)
        t.add({it.key(), QString::number(it->codeObjects), QString::number(it->bundles.size()),
               QString::number(it->kernels), QString::number(it->symbols),
               QString::number(it->undefined), QString::number(it->bytes)});
    t.print(s, QStringLiteral("    "));
}

// Grouped: the largest bundles first (where the device code is), ten of them.
void printLargestBundles(QTextStream &s, const ArtifactReport &r) {
    if (r.bundles.isEmpty())
        return;
    QList<qsizetype> order(r.bundles.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        return r.bundles[a].size > r.bundles[b].size;
    });
    const qsizetype shown = std::min<qsizetype>(order.size(), 10);
    s << "  per bundle (largest first, " << shown << " of " << r.bundles.size() << "):\n";
    Table t({QStringLiteral("BUNDLE"), QStringLiteral("AT"), QStringLiteral("BYTES"),
             QStringLiteral("ENTRIES"), QStringLiteral("KERNELS"), QStringLiteral("TARGETS")});
    for (qsizetype k = 0; k < shown; ++k) {
        const Bundle &bu = r.bundles[order[k]];
        int kernels = 0;
        QStringList targetsHere;
        for (const BundleEntry &e : bu.entries) {
            if (e.codeObjectIndex >= 0 && e.codeObjectIndex < r.codeObjects.size())
                kernels += int(r.codeObjects[e.codeObjectIndex].kernels.size());
            if (!e.targetId.isEmpty())
                targetsHere << e.targetId;
        }
        t.add({QStringLiteral("#%1").arg(order[k]), bu.origin, QString::number(bu.size),
               QString::number(bu.entries.size()), QString::number(kernels),
               QString::number(targetsHere.size())});
    }
    t.print(s, QStringLiteral("    "));
    if (order.size() > shown)
        s << "    ... (" << order.size() - shown << " more; --kernels lists all)\n";
}

// Grouped: for each --target, in how many bundles a code object fits, and the first misses.
// The load verdict's answer for one target, first: what every surface says (load_verdict.h).
void printVerdictLine(QTextStream &s, const LoadVerdict &v) {
    if (v.status == LoadStatus::NoDeviceCode)
        return;
    s << "  target " << v.device.toString() << ": " << v.statusName();
    if (v.refusedBy != RefusedBy::Nobody)
        s << " (by the " << refusedByName(v.refusedBy).replace(QLatin1Char('-'), QLatin1Char(' '))
          << ")";
    s << " -- " << v.reason << "\n";
    for (const Text &f : v.fixes)
        s << "    fix: " << f << "\n";
}

void printTargetCoverage(QTextStream &s, const ArtifactReport &r, const TargetId &t) {
    const LoadVerdict v = loadVerdict(r, t);
    printVerdictLine(s, v);
    const QList<CodeObjectSelection> &sels = v.selections;
    if (sels.isEmpty()) {
        s << "  target " << t.toString() << ": no device code in this file\n";
        return;
    }
    QMap<QString, int> kinds;
    QList<const CodeObjectSelection *> misses;
    for (const CodeObjectSelection &sel : sels) {
        if (sel.selected())
            ++kinds[compatibilityKindName(sel.kind)];
        else
            misses << &sel;
    }
    QStringList how;
    for (auto it = kinds.cbegin(); it != kinds.cend(); ++it)
        how << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    s << "  target " << t.toString() << ": a code object in " << sels.size() - misses.size()
      << " of " << sels.size() << " bundles"
      << (how.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(how.join(QStringLiteral(", "))))
      << "\n";
    for (qsizetype i = 0; i < std::min<qsizetype>(misses.size(), 5); ++i)
        s << "    NO CODE OBJECT in " << misses[i]->origin << " -- " << misses[i]->reason << "\n";
    if (misses.size() > 5)
        s << "    ... (" << misses.size() - 5 << " more bundles without one)\n";
}

void printGrouped(QTextStream &s, const ArtifactReport &r, const QList<TargetId> &targets) {
    s << "  bundles: " << r.bundles.size() << ", code objects: " << r.codeObjects.size()
      << ", kernels: " << r.kernelCount()
      << " (grouped; --kernels lists every bundle entry and kernel)\n";
    printPerTarget(s, r);
    printLargestBundles(s, r);
    for (const CodeObject &co : r.codeObjects)
        for (const Problem &p : co.problems)
            s << "  problem in " << co.origin << ": " << p.toString() << "\n";
    for (const TargetId &t : targets)
        printTargetCoverage(s, r, t);
    for (const Problem &p : r.problems)
        s << "  problem: " << p.toString() << "\n";
}

// Every bundle with its entries.
void printBundles(QTextStream &s, const ArtifactReport &r) {
    s << "  bundles: " << r.bundles.size() << "\n";
    for (qsizetype b = 0; b < r.bundles.size(); ++b) {
        const Bundle &bu = r.bundles[b];
        s << "  bundle #" << b << " at " << bu.origin << " (file offset " << hex(bu.fileOffset)
          << ", " << bu.size << " bytes";
        if (bu.compressed)
            s << ", CCOB v" << bu.ccobVersion << " " << bu.compression << ", "
              << bu.uncompressedSize << " bytes uncompressed";
        s << ")\n";
        Table t({QStringLiteral("ENTRY"), QStringLiteral("OFFSET"), QStringLiteral("SIZE"),
                 QStringLiteral("CONTENT"), QStringLiteral("CODE OBJECT")});
        for (const BundleEntry &e : bu.entries)
            t.add({e.id, hex(e.offset), QString::number(e.size), e.content,
                   e.codeObjectIndex >= 0 ? QStringLiteral("#%1").arg(e.codeObjectIndex)
                                          : QString()});
        t.print(s, QStringLiteral("    "));
    }
}

// A code object's kernels with their arguments and resources.
void printKernelTable(QTextStream &s, const QList<KernelInfo> &kernels) {
    Table t({QStringLiteral("KERNEL"), QStringLiteral("ARGS"), QStringLiteral("KERNARG"),
             QStringLiteral("LDS"), QStringLiteral("SCRATCH"), QStringLiteral("SGPR"),
             QStringLiteral("VGPR"), QStringLiteral("AGPR"), QStringLiteral("SPILL S/V"),
             QStringLiteral("WAVE"), QStringLiteral("MAX WG"), QStringLiteral("DYN STACK")});
    for (const KernelInfo &k : kernels) {
        const auto hidden = std::count_if(k.args.begin(), k.args.end(),
                                          [](const KernelArg &a) { return a.hidden(); });
        t.add({elide(k.name, 60), QStringLiteral("%1+%2h").arg(k.args.size() - hidden).arg(hidden),
               QString::number(k.kernargSegmentSize), QString::number(k.groupSegmentFixedSize),
               QString::number(k.privateSegmentFixedSize), QString::number(k.sgprCount),
               QString::number(k.vgprCount), QString::number(k.agprCount),
               QStringLiteral("%1/%2").arg(k.sgprSpillCount).arg(k.vgprSpillCount),
               QString::number(k.wavefrontSize), QString::number(k.maxFlatWorkgroupSize),
               k.usesDynamicStack ? QStringLiteral("yes") : QStringLiteral("no")});
    }
    t.print(s, QStringLiteral("    "));
}

// Code object #i: its header line, kernels, symbols (--symbols), undefined names and problems.
void printCodeObject(QTextStream &s, const CodeObject &co, qsizetype i, bool allSymbols) {
    s << "  code object #" << i << ": " << co.target.toString();
    if (co.codeObjectVersion)
        s << ", code object v" << co.codeObjectVersion;
    if (!co.ptxVersion.isEmpty())
        s << ", PTX " << co.ptxVersion;
    s << ", e_flags " << hex(co.elfFlags) << ", " << co.size << " bytes, " << co.kernels.size()
      << " kernels, " << co.symbols.size() << " symbols, " << co.undefinedSymbols.size()
      << " undefined  [" << co.origin << "]\n";
    if (!co.kernels.isEmpty())
        printKernelTable(s, co.kernels);
    if (allSymbols && !co.symbols.isEmpty()) {
        Table t({QStringLiteral("SYMBOL"), QStringLiteral("KIND"), QStringLiteral("BINDING"),
                 QStringLiteral("VISIBILITY"), QStringLiteral("SECTION"), QStringLiteral("SIZE")});
        for (const Symbol &sym : co.symbols)
            t.add({sym.demangled(), symbolKindName(sym.kind), sym.binding(), sym.visibility(),
                   sym.undefined ? QStringLiteral("UND") : sym.section(),
                   QString::number(sym.size)});
        t.print(s, QStringLiteral("    "));
    }
    if (!co.undefinedSymbols.isEmpty())
        s << "    undefined: " << co.undefinedSymbols.join(QStringLiteral(", ")) << "\n";
    for (const Problem &p : co.problems)
        s << "    problem: " << p.toString() << "\n";
}

// For --target t: which entry each bundle would give the runtime, and why.
void printTargetChoices(QTextStream &s, const ArtifactReport &r, const TargetId &t) {
    const LoadVerdict v = loadVerdict(r, t);
    printVerdictLine(s, v);
    const QList<CodeObjectSelection> &sels = v.selections;
    if (sels.isEmpty()) {
        s << "  target " << t.toString() << ": no device code in this file\n";
        return;
    }
    for (const CodeObjectSelection &sel : sels) {
        s << "  target " << t.toString() << ", " << sel.origin << ": "
          << (sel.selected() ? "picks " : "NO CODE OBJECT: ");
        if (const SelectionCandidate *c = sel.choice())
            s << c->entryId << " (" << compatibilityKindName(sel.kind) << ")";
        s << " -- " << sel.reason << "\n";
    }
}

void printReport(QTextStream &s, const ArtifactReport &r, const QList<TargetId> &targets,
                 bool allKernels, bool allSymbols) {
    s << "== " << r.path << "  (" << artifactKindName(r.kind) << ", " << r.fileSize << " bytes)\n";
    if (r.host)
        printHost(s, *r.host, allSymbols);
    if (!allKernels && !allSymbols && !fitsTerminal(r)) {
        printGrouped(s, r, targets);
        return;
    }
    if (!r.bundles.isEmpty())
        printBundles(s, r);
    if (!r.codeObjects.isEmpty()) {
        s << "  code objects: " << r.codeObjects.size() << ", kernels: " << r.kernelCount() << "\n";
        for (qsizetype i = 0; i < r.codeObjects.size(); ++i)
            printCodeObject(s, r.codeObjects[i], i, allSymbols);
    }
    for (const TargetId &t : targets)
        printTargetChoices(s, r, t);
    for (const Problem &p : r.problems)
        s << "  problem: " << p.toString() << "\n";
}

void printSummary(QTextStream &s, const ArtifactReport &r) {
    qsizetype args = 0, symbols = 0;
    for (const CodeObject &co : r.codeObjects) {
        symbols += std::max(co.symbols.size(), co.symbolCount);
        args += co.countedKernelArgs;
        for (const KernelInfo &k : co.kernels)
            args += k.args.size();
    }
    qsizetype entries = 0;
    for (const Bundle &b : r.bundles)
        entries += b.entries.size();
    s << r.path << ": " << artifactKindName(r.kind) << ", " << r.bundles.size() << " bundles, "
      << entries << " entries, " << r.codeObjects.size() << " code objects, " << r.kernelCount()
      << " kernels, " << args << " kernel arguments, " << symbols << " code object symbols, "
      << r.problems.size() << " problems\n";
}

// For each --target a bundle of the file has no code object for: why, added to misses; true
// when there was one.
bool addTargetMisses(const ArtifactReport &r, const QString &file, const QList<TargetId> &targets,
                     QStringList &misses) {
    bool missing = false;
    // The load verdict decides (artifacts/load_verdict.h): an NVIDIA file whose other fatbins
    // fit loads, and so does not count as a miss here either.
    for (const TargetId &t : targets) {
        // The exit code speaks of the code objects (docs/cli.md); a dynamic loader's refusal is
        // printed on the verdict line and is diagnose's runtime.* finding.
        const LoadVerdict v = loadVerdict(r, t);
        if (v.codeFits() || v.codeStatus == LoadStatus::NoDeviceCode)
            continue;
        missing = true;
        misses << QStringLiteral("%1: --target %2: %3").arg(file, t.toString(), v.reason.english());
    }
    return missing;
}

} // namespace

int inspect(const Args &args) {
    const QStringList files = args.positional();
    QString error;
    const auto parsedTargets = readTargets(args, &error);
    if (!parsedTargets)
        return usageError(args.spec(), error);
    const QList<TargetId> &targets = *parsedTargets;
    const Output output = readOutput(args);
    const bool json = output.json, pretty = output.pretty;
    const bool summary = args.isSet(Opt::Summary);
    const bool allSymbols = args.isSet(Opt::Symbols);
    const bool allKernels = args.isSet(Opt::Kernels);

    // The JSON goes out input by input: the document is never held in memory.
    std::optional<JsonWriter> jsonOut;
    std::optional<InspectionWriter> doc;
    if (json) {
        jsonOut.emplace(stdoutDevice(),
                        pretty ? JsonWriter::Style::Pretty : JsonWriter::Style::Compact);
        doc.emplace(*jsonOut, targets);
    }
    QList<ArtifactReport> reports;
    QStringList misses; // why exit 1, said on stderr in every output mode
    int readable = 0;
    bool missingTarget = false;
    // --summary prints counts: the MD5 of each compressed bundle is not computed for them
    // (InspectOptions::verifyCcobHash).
    InspectOptions inspectOptions;
    inspectOptions.verifyCcobHash = !summary;
    inspectOptions.symbols = !summary; // counted, not read
    inspectOptions.kernels = !summary; // likewise the kernels and their arguments
    inspectOptions.resolveLibraries = true;
    for (const QString &f : files) {
        ArtifactReport r = inspectFile(f, inspectOptions);
        const bool fatal = std::any_of(r.problems.begin(), r.problems.end(),
                                       [](const Problem &p) { return p.fatal; });
        if (!fatal)
            ++readable;
        if (!fatal && addTargetMisses(r, f, targets, misses))
            missingTarget = true;
        if (doc)
            doc->add(r);
        reports.append(std::move(r));
    }
    if (doc) {
        doc->finish();
        if (!jsonOut->ok()) {
            err() << "hipdoctor-cli inspect: could not write the JSON document to stdout\n";
            return ExitInternal;
        }
    } else if (summary) {
        for (const ArtifactReport &r : reports)
            printSummary(out(), r);
    } else {
        for (const ArtifactReport &r : reports)
            printReport(out(), r, targets, allKernels, allSymbols);
    }
    out().flush();
    // Problems also go to stderr so a script piping the JSON still sees them.
    for (const ArtifactReport &r : reports)
        for (const Problem &p : r.problems)
            if (p.fatal)
                err() << "hipdoctor-cli inspect: " << p.toString() << "\n";
    for (const QString &m : std::as_const(misses))
        err() << "hipdoctor-cli inspect: " << m << "\n";
    // The process ends right after this command: the exit reclaims the reports at once, where
    // freeing them one object at a time (librocsparse: over a million) takes a tenth of the run.
    static auto *const kept = new QList<ArtifactReport>;
    kept->append(std::move(reports));
    if (readable == 0)
        return ExitUsage;
    return missingTarget ? ExitFindings : ExitOk;
}

CommandSpec inspectCommand() {
    CommandSpec c;
    c.name = QStringLiteral("inspect");
    c.summary = QStringLiteral("list bundles, code objects, kernels, symbols, needed libraries");
    c.positionals = {{QStringLiteral("FILE"),
                      QStringLiteral("host executable / shared library / object, AMDGPU code "
                                     "object, offload bundle (plain or CCOB), NVIDIA cubin / "
                                     "fatbin / PTX; the kind is found from the content"),
                      true, false}};
    c.groups = {
        {QString(),
         {targetOption(QStringLiteral("a device to match against (gfx90a:sramecc+:xnack-, "
                                      "gfx1030, sm_90); repeatable. Says which code object the "
                                      "runtime would pick, or why none")),
          option(Opt::Kernels, QStringLiteral("every bundle entry and kernel, however many (a "
                                              "large library is otherwise grouped per target and "
                                              "bundle, with counts)")),
          option(Opt::Symbols, QStringLiteral("every symbol too (implies --kernels)")),
          option(Opt::Summary, QStringLiteral("one line of counts per input (everything is still "
                                              "read and decoded; compressed bundles' MD5 is not "
                                              "checked)"))}},
        outputGroup({QStringLiteral("one hipdoctor.inspection/1 JSON document on stdout, "
                                    "compact, written as each input is read"),
                     true,
                     {},
                     true})};
    c.exitCodes = QStringLiteral("0 all inputs read (and every --target has a code object), 1 a "
                                 "--target has no fitting code object (said on stderr), 2 usage "
                                 "error or no input could be read");
    c.heapTuning = true; // librocsparse: 1.3 GB; worth a second start with a huge-page heap
    c.run = inspect;
    return c;
}

} // namespace hd::cli
