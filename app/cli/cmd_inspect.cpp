// hipdoctor-cli inspect FILE... [--target ID]... [--json] [--symbols]
// Lists bundles, code objects, kernels, symbols and needed libraries; with --target, which
// code object the runtime would pick for that device and why.

#include "cli.h"

#include "artifacts/inspection_document.h"
#include "artifacts/inspector.h"
#include "artifacts/selection.h"
#include "common/format.h"
#include "common/json_writer.h"
#include "targets/target_id.h"

#include <algorithm>
#include <optional>

namespace hd::cli {

namespace {

void usage(QTextStream &s) {
    s << "usage: hipdoctor-cli inspect FILE... [--target ID]... [--json [--pretty] | --summary]\n"
         "                             [--symbols]\n"
         "  FILE          host executable / shared library / object, AMDGPU code object,\n"
         "                offload bundle (plain or CCOB), NVIDIA cubin / fatbin / PTX\n"
         "  --target ID   a device to match against (gfx90a:sramecc+:xnack-, gfx1030, sm_90);\n"
         "                repeatable. Says which code object the runtime would pick, or why none\n"
         "  --json        one hipdoctor.inspection/1 JSON document on stdout, compact,\n"
         "                written as each input is read\n"
         "  --pretty      the same document indented for reading (implies --json)\n"
         "  --symbols     list every symbol (default: kernels and counts only)\n"
         "  --summary     one line of counts per input (everything is still read and decoded)\n"
         "exit codes: 0 all inputs read (and every --target has a code object), 1 a --target\n"
         "            has no fitting code object, 2 usage error or no input could be read\n";
}

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

void printReport(QTextStream &s, const ArtifactReport &r, const QList<TargetId> &targets,
                 bool allSymbols) {
    s << "== " << r.path << "  (" << artifactKindName(r.kind) << ", " << r.fileSize << " bytes)\n";
    if (r.host)
        printHost(s, *r.host, allSymbols);
    if (!r.bundles.isEmpty()) {
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
    if (!r.codeObjects.isEmpty()) {
        s << "  code objects: " << r.codeObjects.size() << ", kernels: " << r.kernelCount() << "\n";
        for (qsizetype i = 0; i < r.codeObjects.size(); ++i) {
            const CodeObject &co = r.codeObjects[i];
            s << "  code object #" << i << ": " << co.target.toString();
            if (co.codeObjectVersion)
                s << ", code object v" << co.codeObjectVersion;
            if (!co.ptxVersion.isEmpty())
                s << ", PTX " << co.ptxVersion;
            s << ", e_flags " << hex(co.elfFlags) << ", " << co.size << " bytes, "
              << co.kernels.size() << " kernels, " << co.symbols.size() << " symbols, "
              << co.undefinedSymbols.size() << " undefined  [" << co.origin << "]\n";
            if (!co.kernels.isEmpty()) {
                Table t({QStringLiteral("KERNEL"), QStringLiteral("ARGS"),
                         QStringLiteral("KERNARG"), QStringLiteral("LDS"),
                         QStringLiteral("SCRATCH"), QStringLiteral("SGPR"), QStringLiteral("VGPR"),
                         QStringLiteral("AGPR"), QStringLiteral("SPILL S/V"),
                         QStringLiteral("WAVE"), QStringLiteral("MAX WG"),
                         QStringLiteral("DYN STACK")});
                for (const KernelInfo &k : co.kernels) {
                    const auto hidden =
                        std::count_if(k.args.begin(), k.args.end(),
                                      [](const KernelArg &a) { return a.hidden(); });
                    t.add({elide(k.name, 60),
                           QStringLiteral("%1+%2h").arg(k.args.size() - hidden).arg(hidden),
                           QString::number(k.kernargSegmentSize),
                           QString::number(k.groupSegmentFixedSize),
                           QString::number(k.privateSegmentFixedSize), QString::number(k.sgprCount),
                           QString::number(k.vgprCount), QString::number(k.agprCount),
                           QStringLiteral("%1/%2").arg(k.sgprSpillCount).arg(k.vgprSpillCount),
                           QString::number(k.wavefrontSize),
                           QString::number(k.maxFlatWorkgroupSize),
                           k.usesDynamicStack ? QStringLiteral("yes") : QStringLiteral("no")});
                }
                t.print(s, QStringLiteral("    "));
            }
            if (allSymbols && !co.symbols.isEmpty()) {
                Table t({QStringLiteral("SYMBOL"), QStringLiteral("KIND"),
                         QStringLiteral("BINDING"), QStringLiteral("VISIBILITY"),
                         QStringLiteral("SECTION"), QStringLiteral("SIZE")});
                for (const Symbol &sym : co.symbols)
                    t.add({sym.demangled(), symbolKindName(sym.kind), sym.binding(),
                           sym.visibility(), sym.undefined ? QStringLiteral("UND") : sym.section(),
                           QString::number(sym.size)});
                t.print(s, QStringLiteral("    "));
            }
            if (!co.undefinedSymbols.isEmpty())
                s << "    undefined: " << co.undefinedSymbols.join(QStringLiteral(", ")) << "\n";
            for (const Problem &p : co.problems)
                s << "    problem: " << p.toString() << "\n";
        }
    }
    for (const TargetId &t : targets) {
        const auto sels = selectCodeObjects(r, t);
        if (sels.isEmpty()) {
            s << "  target " << t.toString() << ": no device code in this file\n";
            continue;
        }
        for (const CodeObjectSelection &sel : sels) {
            s << "  target " << t.toString() << ", " << sel.origin << ": "
              << (sel.selected() ? "picks " : "NO CODE OBJECT: ");
            if (const SelectionCandidate *c = sel.choice())
                s << c->entryId << " (" << compatibilityKindName(sel.kind) << ")";
            s << " -- " << sel.reason << "\n";
        }
    }
    for (const Problem &p : r.problems)
        s << "  problem: " << p.toString() << "\n";
}

void printSummary(QTextStream &s, const ArtifactReport &r) {
    qsizetype args = 0, symbols = 0;
    for (const CodeObject &co : r.codeObjects) {
        symbols += co.symbols.size();
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

} // namespace

int inspect(const QStringList &args) {
    QStringList files;
    QList<TargetId> targets;
    bool json = false, pretty = false, allSymbols = false, summary = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            usage(out());
            return ExitOk;
        } else if (a == QLatin1String("--json")) {
            json = true;
        } else if (a == QLatin1String("--pretty")) {
            json = pretty = true;
        } else if (a == QLatin1String("--summary")) {
            summary = true;
        } else if (a == QLatin1String("--symbols")) {
            allSymbols = true;
        } else if (a == QLatin1String("--target") || a.startsWith(QLatin1String("--target="))) {
            QString v;
            if (a.startsWith(QLatin1String("--target=")))
                v = a.mid(9);
            else if (i + 1 < args.size())
                v = args[++i];
            else {
                err() << "hipdoctor-cli inspect: --target needs a value\n";
                usage(err());
                return ExitUsage;
            }
            QString why;
            auto t = TargetId::parse(v, &why);
            if (!t) {
                err() << "hipdoctor-cli inspect: --target " << v << ": " << why << "\n";
                return ExitUsage;
            }
            targets.append(*t);
        } else if (a.startsWith(QLatin1String("--"))) {
            err() << "hipdoctor-cli inspect: unknown option " << a << "\n";
            usage(err());
            return ExitUsage;
        } else {
            files.append(a);
        }
    }
    if (files.isEmpty()) {
        err() << "hipdoctor-cli inspect: no FILE given\n";
        usage(err());
        return ExitUsage;
    }

    // The JSON goes out input by input: the document is never held in memory.
    std::optional<JsonWriter> jsonOut;
    std::optional<InspectionWriter> doc;
    if (json) {
        jsonOut.emplace(stdoutDevice(),
                        pretty ? JsonWriter::Style::Pretty : JsonWriter::Style::Compact);
        doc.emplace(*jsonOut, targets);
    }
    QList<ArtifactReport> reports;
    int readable = 0;
    bool missingTarget = false;
    for (const QString &f : files) {
        ArtifactReport r = inspectFile(f);
        const bool fatal = std::any_of(r.problems.begin(), r.problems.end(),
                                       [](const Problem &p) { return p.fatal; });
        if (!fatal)
            ++readable;
        for (const TargetId &t : targets)
            for (const CodeObjectSelection &s : selectCodeObjects(r, t))
                missingTarget |= !s.selected();
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
            printReport(out(), r, targets, allSymbols);
    }
    out().flush();
    // Problems also go to stderr so a script piping the JSON still sees them.
    for (const ArtifactReport &r : reports)
        for (const Problem &p : r.problems)
            if (p.fatal)
                err() << "hipdoctor-cli inspect: " << p.toString() << "\n";
    // The process ends right after this command: the exit reclaims the reports at once, where
    // freeing them one object at a time (librocsparse: over a million) takes a tenth of the run.
    static auto *const kept = new QList<ArtifactReport>;
    kept->append(std::move(reports));
    if (readable == 0)
        return ExitUsage;
    return missingTarget ? ExitFindings : ExitOk;
}

} // namespace hd::cli
