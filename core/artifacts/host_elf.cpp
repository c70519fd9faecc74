// Host ELF executables, shared libraries and relocatable objects: what they need from the
// dynamic loader and which device code they embed.

#include "artifacts/amdgpu_code_object.h"
#include "artifacts/bytes.h"
#include "artifacts/offload_bundle.h"
#include "artifacts/symbols.h"
#include "common/format.h"
#include "inspector_p.h"

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Object/ELF.h>
#include <llvm/Support/Error.h>

#include <QHash>

#include <algorithm>
#include <thread>

namespace hd::detail {

namespace {

using ELFT = llvm::object::ELF64LE;
using Elf = llvm::object::ELFFile<ELFT>;
using Shdr = typename ELFT::Shdr;

constexpr uint32_t kHipWrapperMagic = 0x48495046; // "FPIH" in the file
constexpr uint64_t kWrapperSize = 24;
constexpr uint64_t kFatbinAlign = 4096;

QString errorText(llvm::Error e) {
    return QString::fromStdString(llvm::toString(std::move(e)));
}

QString qstr(llvm::StringRef s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QString machineName(unsigned m) {
    switch (m) {
    case llvm::ELF::EM_X86_64:
        return QStringLiteral("x86-64");
    case llvm::ELF::EM_AARCH64:
        return QStringLiteral("aarch64");
    case llvm::ELF::EM_PPC64:
        return QStringLiteral("ppc64");
    case llvm::ELF::EM_386:
        return QStringLiteral("i386");
    default:
        return QStringLiteral("machine-%1").arg(m);
    }
}

struct HostElf {
    InspectContext &ctx;
    const Elf &elf;
    llvm::ArrayRef<Shdr> sections;
    QList<QString> names;

    // File offset of a virtual address, through the section that holds it (ET_REL: none).
    std::optional<uint64_t> fileOffsetOfAddress(uint64_t addr) const {
        for (const Shdr &s : sections) {
            if (s.sh_type == llvm::ELF::SHT_NOBITS || !(s.sh_flags & llvm::ELF::SHF_ALLOC))
                continue;
            if (addr >= s.sh_addr && addr - s.sh_addr < s.sh_size)
                return s.sh_offset + (addr - s.sh_addr);
        }
        return std::nullopt;
    }
    const Shdr *sectionContaining(uint64_t fileOffset) const {
        for (const Shdr &s : sections)
            if (s.sh_type != llvm::ELF::SHT_NOBITS && fileOffset >= s.sh_offset &&
                fileOffset - s.sh_offset < s.sh_size)
                return &s;
        return nullptr;
    }
    QString sectionName(const Shdr &s) const {
        const auto i = qsizetype(&s - sections.data());
        return i >= 0 && i < names.size() ? names[i] : QString();
    }
    int indexOf(const QString &name) const { return int(names.indexOf(name)); }
};

void readDynamic(HostElf &h, HostInfo &host) {
    for (const Shdr &sec : h.sections) {
        if (sec.sh_type != llvm::ELF::SHT_DYNAMIC)
            continue;
        auto strSecOr = h.elf.getSection(sec.sh_link);
        if (!strSecOr) {
            h.ctx.problem(sec.sh_offset, QStringLiteral(".dynamic: string table unreadable: %1")
                                             .arg(errorText(strSecOr.takeError())));
            return;
        }
        auto strOr = h.elf.getStringTable(**strSecOr);
        auto dynOr = h.elf.template getSectionContentsAsArray<typename ELFT::Dyn>(sec);
        if (!strOr || !dynOr) {
            h.ctx.problem(sec.sh_offset, QStringLiteral(".dynamic unreadable: %1")
                                             .arg(!strOr ? errorText(strOr.takeError())
                                                         : errorText(dynOr.takeError())));
            if (!strOr && !dynOr)
                llvm::consumeError(dynOr.takeError());
            else if (!dynOr)
                llvm::consumeError(dynOr.takeError());
            return;
        }
        const llvm::StringRef strtab = *strOr;
        auto str = [&](uint64_t off) -> QString {
            if (off >= strtab.size()) {
                h.ctx.problem(sec.sh_offset, QStringLiteral(".dynamic: string offset %1 past "
                                                            "the end of .dynstr")
                                                 .arg(hex(off)));
                return {};
            }
            return qstr(llvm::StringRef(strtab.data() + off));
        };
        for (const auto &d : *dynOr) {
            switch (d.getTag()) {
            case llvm::ELF::DT_NEEDED:
                host.needed.append(str(d.getVal()));
                break;
            case llvm::ELF::DT_SONAME:
                host.soname = str(d.getVal());
                break;
            case llvm::ELF::DT_RPATH:
                host.rpath += str(d.getVal()).split(QLatin1Char(':'), Qt::SkipEmptyParts);
                break;
            case llvm::ELF::DT_RUNPATH:
                host.runpath += str(d.getVal()).split(QLatin1Char(':'), Qt::SkipEmptyParts);
                break;
            default:
                break;
            }
            if (d.getTag() == llvm::ELF::DT_NULL)
                break;
        }
        return;
    }
}

// .gnu.version_r: the symbol versions (GLIBC_2.38, GLIBCXX_3.4.32, CXXABI_1.3.15) the file
// needs from each library; ld.so refuses to load it when the library found lacks one.
void readVersionNeeds(HostElf &h, HostInfo &host) {
    for (const Shdr &sec : h.sections) {
        if (sec.sh_type != llvm::ELF::SHT_GNU_verneed)
            continue;
        auto needsOr = h.elf.getVersionDependencies(sec, [](const llvm::Twine &) {
            return llvm::Error::success(); // a bad entry is skipped, not reported twice
        });
        if (!needsOr) {
            h.ctx.problem(sec.sh_offset, QStringLiteral(".gnu.version_r unreadable: %1")
                                             .arg(errorText(needsOr.takeError())));
            return;
        }
        for (const llvm::object::VerNeed &n : *needsOr) {
            QStringList versions;
            for (const llvm::object::VernAux &a : n.AuxV)
                versions.append(QString::fromUtf8(a.Name.c_str())); // LLVM 15: to the table's end
            host.versionNeeds.append({QString::fromUtf8(n.File.c_str()), versions});
        }
        return;
    }
}

void readInterpreter(HostElf &h, HostInfo &host) {
    auto phdrsOr = h.elf.program_headers();
    if (!phdrsOr) {
        h.ctx.problem(
            h.elf.getHeader().e_phoff,
            QStringLiteral("program headers unreadable: %1").arg(errorText(phdrsOr.takeError())));
        return;
    }
    for (const auto &p : *phdrsOr) {
        if (p.p_type != llvm::ELF::PT_INTERP)
            continue;
        if (!bytes::fits(h.ctx.size, p.p_offset, p.p_filesz)) {
            h.ctx.problem(p.p_offset, QStringLiteral("PT_INTERP lies past the end of the file"));
            return;
        }
        host.interpreter =
            QString::fromUtf8(h.ctx.data + p.p_offset,
                              qsizetype(qstrnlen(h.ctx.data + p.p_offset, uint(p.p_filesz))));
    }
}

using Sym = typename ELFT::Sym;

// Calls fn(symbol, name) for each named symbol of a symbol table; an unreadable table is a
// problem of the file, not a failure of the whole read.
template <typename Fn> void forEachNamedSymbol(HostElf &h, const Shdr *table, Fn &&fn) {
    if (!table)
        return;
    auto symsOr = h.elf.symbols(table);
    auto strOr = h.elf.getStringTableForSymtab(*table);
    if (!symsOr || !strOr) {
        h.ctx.problem(table->sh_offset,
                      QStringLiteral("%1 unreadable: %2")
                          .arg(h.sectionName(*table), !symsOr ? errorText(symsOr.takeError())
                                                              : errorText(strOr.takeError())));
        if (!symsOr && !strOr)
            llvm::consumeError(strOr.takeError());
        return;
    }
    const llvm::StringRef strtab = *strOr;
    for (const auto &sym : *symsOr) {
        if (sym.st_name == 0 || sym.st_name >= strtab.size())
            continue;
        fn(sym, llvm::StringRef(strtab.data() + sym.st_name));
    }
}

// The model's symbol for one ELF symbol; sectionNames is indexed by section number.
Symbol makeSymbol(const Sym &sym, llvm::StringRef n, const QList<SymbolName> &sectionNames) {
    Symbol s;
    s.names = SymbolName(qstr(n));
    s.elfBinding = sym.getBinding();
    s.elfVisibility = sym.getVisibility();
    s.value = sym.st_value;
    s.size = sym.st_size;
    s.undefined = sym.st_shndx == llvm::ELF::SHN_UNDEF;
    if (!s.undefined && sym.st_shndx < sectionNames.size())
        s.sectionName = sectionNames[sym.st_shndx];
    s.kind = sym.getType() == llvm::ELF::STT_FUNC     ? SymbolKind::HostFunction
             : sym.getType() == llvm::ELF::STT_OBJECT ? SymbolKind::Object
                                                      : SymbolKind::Other;
    return s;
}

void readSymbols(HostElf &h, HostInfo &host, bool wantFunctions) {
    const Shdr *dynsym = nullptr, *symtab = nullptr;
    for (const Shdr &s : h.sections) {
        if (s.sh_type == llvm::ELF::SHT_DYNSYM)
            dynsym = &s;
        else if (s.sh_type == llvm::ELF::SHT_SYMTAB)
            symtab = &s;
    }
    QList<SymbolName> sectionNames; // shared by the symbols of each section
    for (const QString &name : h.names)
        sectionNames.append(SymbolName(name, name));
    // Undefined dynamic symbols are what ld.so must find elsewhere; a relocatable object has
    // no .dynsym, so its undefined .symtab entries stand in (what the link must provide).
    const Shdr *undefTable = dynsym ? dynsym : symtab;
    forEachNamedSymbol(h, undefTable, [&](const Sym &sym, llvm::StringRef n) {
        if (sym.st_shndx == llvm::ELF::SHN_UNDEF)
            host.undefinedDynamic.append(makeSymbol(sym, n, sectionNames));
    });
    if (!wantFunctions)
        return;
    forEachNamedSymbol(h, symtab ? symtab : dynsym, [&](const Sym &sym, llvm::StringRef n) {
        if (sym.getType() == llvm::ELF::STT_FUNC && sym.st_shndx != llvm::ELF::SHN_UNDEF)
            host.hostFunctions.append(makeSymbol(sym, n, sectionNames));
    });
}

// What relocations say about the wrappers' pointer fields, by wrapper index.
struct WrapperRelocations {
    QHash<uint64_t, uint64_t> relocated; // wrapper index -> file offset of the bundle
    QHash<uint64_t, QString> external;   // wrapper index -> undefined symbol it refers to
};

// One relocation of wrapper `index`'s pointer field, from section rs, into rels.
template <typename Rela>
void applyWrapperRelocation(HostElf &h, const Shdr &rs, const Rela &r, uint64_t index,
                            bool relocatable, WrapperRelocations &rels) {
    const uint32_t type = r.getType(false);
    const uint32_t symIndex = r.getSymbol(false);
    if (type == llvm::ELF::R_X86_64_RELATIVE) {
        if (auto off = h.fileOffsetOfAddress(uint64_t(r.r_addend)))
            rels.relocated.insert(index, *off);
        return;
    }
    if (type != llvm::ELF::R_X86_64_64)
        return;
    auto symtabOr = h.elf.getSection(rs.sh_link);
    if (!symtabOr) {
        llvm::consumeError(symtabOr.takeError());
        return;
    }
    auto symOr = h.elf.template getEntry<typename ELFT::Sym>(**symtabOr, symIndex);
    if (!symOr) {
        h.ctx.problem(rs.sh_offset, QStringLiteral("%1: relocation refers to a symbol "
                                                   "past the end of its table")
                                        .arg(h.sectionName(rs)));
        llvm::consumeError(symOr.takeError());
        return;
    }
    const auto *sym = *symOr;
    if (sym->st_shndx == llvm::ELF::SHN_UNDEF) {
        QString name;
        if (auto strOr = h.elf.getStringTableForSymtab(**symtabOr);
            strOr && sym->st_name < strOr->size())
            name = qstr(llvm::StringRef(strOr->data() + sym->st_name));
        else if (!strOr)
            llvm::consumeError(strOr.takeError());
        rels.external.insert(index, name);
        return;
    }
    if (relocatable) {
        if (sym->st_shndx < h.sections.size()) {
            const Shdr &target = h.sections[sym->st_shndx];
            rels.relocated.insert(index, target.sh_offset + sym->st_value + uint64_t(r.r_addend));
        }
    } else if (auto off = h.fileOffsetOfAddress(sym->st_value + uint64_t(r.r_addend))) {
        rels.relocated.insert(index, *off);
    }
}

// Relocations that patch the pointer fields of the `count` wrappers in seg: ET_REL through the
// section's own .rela.hipFatBinSegment, linked images through .rela.dyn (R_X86_64_RELATIVE).
WrapperRelocations wrapperRelocations(HostElf &h, const Shdr &seg, uint64_t count,
                                      bool relocatable) {
    WrapperRelocations rels;
    const int segIndex = int(&seg - h.sections.data());
    for (const Shdr &rs : h.sections) {
        if (rs.sh_type != llvm::ELF::SHT_RELA)
            continue;
        if (relocatable && int(rs.sh_info) != segIndex)
            continue;
        if (!relocatable && !(rs.sh_flags & llvm::ELF::SHF_ALLOC))
            continue;
        auto relasOr = h.elf.relas(rs);
        if (!relasOr) {
            h.ctx.problem(rs.sh_offset,
                          QStringLiteral("%1 unreadable: %2")
                              .arg(h.sectionName(rs), errorText(relasOr.takeError())));
            continue;
        }
        const uint64_t base = relocatable ? 0 : seg.sh_addr;
        for (const auto &r : *relasOr) {
            if (r.r_offset < base || r.r_offset - base >= count * kWrapperSize)
                continue;
            const uint64_t rel = r.r_offset - base;
            if (rel % kWrapperSize != 8)
                continue;
            applyWrapperRelocation(h, rs, r, rel / kWrapperSize, relocatable, rels);
        }
    }
    return rels;
}

// Where wrapper i (at file offset `at`) leads: its relocation, else (linked images) its own
// pointer field; nullopt, with a problem, when nowhere.
std::optional<uint64_t> wrapperTarget(HostElf &h, uint64_t i, uint64_t at,
                                      const WrapperRelocations &rels, bool relocatable) {
    uint32_t magic = 0, version = 0;
    uint64_t ptr = 0;
    bytes::readLe(h.ctx.data, h.ctx.size, at, magic);
    bytes::readLe(h.ctx.data, h.ctx.size, at + 4, version);
    bytes::readLe(h.ctx.data, h.ctx.size, at + 8, ptr);
    if (magic != kHipWrapperMagic) {
        h.ctx.problem(at, QStringLiteral(".hipFatBinSegment wrapper %1: magic %2 is not "
                                         "0x48495046 (\"FPIH\")")
                              .arg(i)
                              .arg(hex(magic)));
        return std::nullopt;
    }
    if (rels.external.contains(i)) {
        // -fgpu-rdc: the bundle is provided at link time (__hip_fatbin); nothing to read here.
        h.ctx.report.problems.append(Problem{
            h.ctx.file, qint64(at),
            HD_TEXT("hd::Diagnosis", ".hipFatBinSegment wrapper %1 refers to the external "
                                     "symbol %2: device code is linked in later (-fgpu-rdc)")
                .arg(i)
                .arg(rels.external.value(i)),
            false});
        return std::nullopt;
    }
    if (rels.relocated.contains(i))
        return rels.relocated.value(i);
    if (!relocatable && ptr != 0)
        if (auto off = h.fileOffsetOfAddress(ptr))
            return *off;
    h.ctx.problem(at, QStringLiteral(".hipFatBinSegment wrapper %1: bundle pointer %2 "
                                     "leads nowhere in the file and no relocation sets it")
                          .arg(i)
                          .arg(hex(ptr)));
    return std::nullopt;
}

// Where each .hipFatBinSegment wrapper's bundle pointer leads, as file offsets. The field in
// the file is not trusted: lld leaves it 0 and only a relocation carries it.
QList<uint64_t> hipWrapperTargets(HostElf &h, const Shdr &seg) {
    QList<uint64_t> out;
    const bool relocatable = h.elf.getHeader().e_type == llvm::ELF::ET_REL;
    if (!bytes::fits(h.ctx.size, seg.sh_offset, seg.sh_size)) {
        h.ctx.problem(seg.sh_offset, QStringLiteral(".hipFatBinSegment (%1 bytes) runs past the "
                                                    "end of the file")
                                         .arg(seg.sh_size));
        return out;
    }
    const uint64_t count = seg.sh_size / kWrapperSize;
    if (seg.sh_size % kWrapperSize)
        h.ctx.problem(seg.sh_offset, QStringLiteral(".hipFatBinSegment size %1 is not a "
                                                    "multiple of the 24-byte wrapper")
                                         .arg(seg.sh_size));
    const WrapperRelocations rels = wrapperRelocations(h, seg, count, relocatable);
    for (uint64_t i = 0; i < count; ++i)
        if (const auto target =
                wrapperTarget(h, i, seg.sh_offset + i * kWrapperSize, rels, relocatable))
            out.append(*target);
    return out;
}

// Compressed bundles are decompressed ahead, in parallel with the decoding (CcobPrefetcher);
// entriesOnly reads only their headers and needs none of it.
void startPrefetch(HostElf &h, const QList<uint64_t> &targets) {
    if (h.ctx.options.entriesOnly)
        return;
    QList<QPair<uint64_t, uint64_t>> ccobs;
    QSet<uint64_t> queued;
    for (uint64_t off : std::as_const(targets)) {
        if (queued.contains(off) || off >= h.ctx.size ||
            !looksLikeCcob(h.ctx.data + off, size_t(h.ctx.size - off)))
            continue;
        queued.insert(off);
        const Shdr *in = h.sectionContaining(off);
        const uint64_t limit =
            in ? bytes::clampedEnd(h.ctx.size, in->sh_offset, in->sh_size) : h.ctx.size;
        ccobs.append({off, limit - std::min(limit, off)});
    }
    if (ccobs.size() > 1) {
        const int threads = h.ctx.options.threads > 0
                                ? h.ctx.options.threads
                                : int(std::min(4u, std::thread::hardware_concurrency()));
        h.ctx.prefetch = std::make_unique<CcobPrefetcher>(
            h.ctx.data, h.ctx.size, ccobs, std::max(threads, 1), std::max(threads, 2),
            h.ctx.options.verifyCcobHash, h.ctx.fileMapping);
    }
}

// Fallback when no wrapper led to a bundle: the bundles sit on 4096-byte boundaries of
// .hip_fatbin.
void scanHipFatbin(HostElf &h, const Shdr &fatbin) {
    if (!bytes::fits(h.ctx.size, fatbin.sh_offset, fatbin.sh_size)) {
        h.ctx.problem(fatbin.sh_offset, QStringLiteral(".hip_fatbin (%1 bytes) runs past the end "
                                                       "of the file; scanning what is there")
                                            .arg(fatbin.sh_size));
    }
    const uint64_t end = std::min<uint64_t>(fatbin.sh_offset + fatbin.sh_size, h.ctx.size);
    uint64_t pos = fatbin.sh_offset;
    while (pos < end && !h.ctx.cancelled()) {
        const char *p = h.ctx.data + pos;
        const size_t avail = size_t(end - pos);
        uint64_t used = 0;
        if (looksLikeOffloadBundle(p, avail) || looksLikeCcob(p, avail))
            used = readBundleAt(h.ctx, pos, avail,
                                QStringLiteral(".hip_fatbin+%1 (found by scanning)")
                                    .arg(hex(pos - fatbin.sh_offset)));
        pos = bytes::alignUp(pos + std::max<uint64_t>(used, 1), kFatbinAlign);
    }
}

void readHipFatbin(HostElf &h, HostInfo &host) {
    const int fatbinIndex = h.indexOf(QStringLiteral(".hip_fatbin"));
    const int segIndex = h.indexOf(QStringLiteral(".hipFatBinSegment"));
    host.hasHipFatbin = fatbinIndex >= 0 || segIndex >= 0;
    if (!host.hasHipFatbin)
        return;
    const Shdr *fatbin = fatbinIndex >= 0 ? &h.sections[fatbinIndex] : nullptr;
    QList<uint64_t> targets;
    if (segIndex >= 0)
        targets = hipWrapperTargets(h, h.sections[segIndex]);
    QSet<uint64_t> seen;
    int read = 0;
    h.ctx.bundlesExpected = int(QSet<uint64_t>(targets.cbegin(), targets.cend()).size());
    startPrefetch(h, targets);
    for (uint64_t off : targets) {
        if (seen.contains(off) || h.ctx.cancelled())
            continue;
        seen.insert(off);
        const Shdr *in = h.sectionContaining(off);
        const uint64_t limit =
            in ? bytes::clampedEnd(h.ctx.size, in->sh_offset, in->sh_size) : h.ctx.size;
        const QString origin =
            in ? QStringLiteral("%1+%2").arg(h.sectionName(*in), hex(off - in->sh_offset))
               : QStringLiteral("file+%1").arg(hex(off));
        if (readBundleAt(h.ctx, off,
                         std::min<uint64_t>(limit, h.ctx.size) -
                             std::min<uint64_t>(off, h.ctx.size),
                         origin) > 0)
            ++read;
    }
    h.ctx.prefetch.reset();
    if (read > 0 || !fatbin || fatbin->sh_type == llvm::ELF::SHT_NOBITS)
        return;
    scanHipFatbin(h, *fatbin);
}

// -fgpu-rdc objects: one section per bundle entry, named __CLANG_OFFLOAD_BUNDLE__<id>.
void readRdcSections(HostElf &h, HostInfo &host) {
    static const QString prefix = QStringLiteral("__CLANG_OFFLOAD_BUNDLE__");
    Bundle b;
    b.origin = QStringLiteral("-fgpu-rdc sections");
    for (qsizetype i = 0; i < h.names.size(); ++i) {
        if (!h.names[i].startsWith(prefix))
            continue;
        const Shdr &s = h.sections[i];
        BundleEntry e;
        splitBundleEntryId(h.names[i].mid(prefix.size()), e);
        e.offset = s.sh_offset;
        e.size = s.sh_size;
        if (b.entries.isEmpty() || s.sh_offset < b.fileOffset)
            b.fileOffset = s.sh_offset;
        if (!bytes::fits(h.ctx.size, s.sh_offset, s.sh_size)) {
            h.ctx.problem(
                s.sh_offset,
                QStringLiteral("section %1 runs past the end of the file").arg(h.names[i]));
            e.content = QStringLiteral("out-of-range");
        } else if (e.kind != QLatin1String("host")) {
            e.codeObjectIndex =
                readEntryPayload(h.ctx, e, h.ctx.data + s.sh_offset, size_t(s.sh_size), s.sh_offset,
                                 QStringLiteral("section %1").arg(h.names[i]), false);
        } else {
            e.content = QStringLiteral("empty");
        }
        b.entries.append(e);
    }
    host.hasOffloadSections = !b.entries.isEmpty();
    if (host.hasOffloadSections) {
        b.fileOffset = 0; // entry offsets are file offsets here
        h.ctx.report.bundles.append(b);
    }
}

} // namespace

void readHostElf(InspectContext &ctx) {
    auto elfOr = Elf::create(llvm::StringRef(ctx.data, ctx.size));
    if (!elfOr) {
        ctx.problem(0, QStringLiteral("unreadable ELF: %1").arg(errorText(elfOr.takeError())),
                    true);
        return;
    }
    const Elf &elf = *elfOr;
    const auto &hdr = elf.getHeader();
    switch (hdr.e_type) {
    case llvm::ELF::ET_REL:
        ctx.report.kind = ArtifactKind::HostRelocatable;
        break;
    case llvm::ELF::ET_EXEC:
        ctx.report.kind = ArtifactKind::HostExecutable;
        break;
    default:
        ctx.report.kind = ArtifactKind::HostSharedLibrary; // PIE executables: see PT_INTERP
        break;
    }
    HostInfo host;
    host.machine = machineName(hdr.e_machine);
    auto sectionsOr = elf.sections();
    if (!sectionsOr) {
        ctx.problem(hdr.e_shoff, QStringLiteral("section headers unreadable: %1")
                                     .arg(errorText(sectionsOr.takeError())));
        ctx.report.host = host;
        return;
    }
    HostElf h{ctx, elf, *sectionsOr, {}};
    h.names.reserve(qsizetype(h.sections.size()));
    for (const Shdr &s : h.sections) {
        auto nameOr = elf.getSectionName(s);
        if (nameOr)
            h.names.append(qstr(*nameOr));
        else {
            ctx.problem(
                hdr.e_shoff,
                QStringLiteral("section name unreadable: %1").arg(errorText(nameOr.takeError())));
            h.names.append(QString());
        }
    }
    readInterpreter(h, host);
    if (hdr.e_type == llvm::ELF::ET_DYN && !host.interpreter.isEmpty())
        ctx.report.kind = ArtifactKind::HostExecutable; // PIE
    readDynamic(h, host);
    readVersionNeeds(h, host);
    readSymbols(h, host, ctx.options.symbols);
    readHipFatbin(h, host);
    readRdcSections(h, host);
    host.hasNvFatbin = h.indexOf(QStringLiteral(".nv_fatbin")) >= 0 ||
                       h.indexOf(QStringLiteral(".nvFatBinSegment")) >= 0;
    if (h.indexOf(QStringLiteral(".llvm.offloading")) >= 0)
        ctx.problem(h.sections[h.indexOf(QStringLiteral(".llvm.offloading"))].sh_offset,
                    QStringLiteral(".llvm.offloading (new offload driver) is present; its "
                                   "OffloadBinary images are not decoded by this version"));
    ctx.report.host = host;
}

} // namespace hd::detail
