#include "artifacts/amdgpu_code_object.h"

#include "artifacts/bytes.h"
#include "artifacts/symbols.h"
#include "common/format.h"

#include <llvm/ADT/DenseSet.h>
#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/Object/ELF.h>
#include <llvm/Support/Error.h>

#include <cstring>

namespace hd {

namespace {

using ELFT = llvm::object::ELF64LE;
using Elf = llvm::object::ELFFile<ELFT>;

QString errorText(llvm::Error e) {
    return QString::fromStdString(llvm::toString(std::move(e)));
}

template <typename Note> llvm::ArrayRef<uint8_t> noteDesc(const Note &n) {
#if LLVM_VERSION_MAJOR >= 17
    return n.getDesc(4);
#else
    return n.getDesc();
#endif
}

} // namespace

bool looksLikeElf(const char *data, size_t size) {
    return size >= 4 && std::memcmp(data,
                                    "\x7f"
                                    "ELF",
                                    4) == 0;
}

bool looksLikeAmdgpuElf(const char *data, size_t size) {
    if (!looksLikeElf(data, size) || size < 20)
        return false;
    uint16_t machine = 0;
    std::memcpy(&machine, data + 18, 2);
    return data[4] == 2 /*ELFCLASS64*/ && data[5] == 1 /*LSB*/ && machine == llvm::ELF::EM_AMDGPU;
}

int amdgpuCodeObjectVersion(int osAbi, int abiVersion) {
    if (osAbi != llvm::ELF::ELFOSABI_AMDGPU_HSA)
        return 0;
    return abiVersion >= 0 && abiVersion <= 4 ? abiVersion + 2 : 0;
}

namespace {

// Problems of one code object: inside a compressed bundle no offset of the file points at the
// problem; name the bundle.
struct ProblemSink {
    const CodeObjectSource &src;
    CodeObject &co;
    void operator()(uint64_t at, const QString &msg) const {
        co.problems.append(
            Problem{src.file, qint64(src.insideCompressed ? src.fileOffset : src.fileOffset + at),
                    src.insideCompressed
                        ? msg + QStringLiteral(" (at %1 in the decompressed data)").arg(hex(at))
                        : msg,
                    false});
    }
};

// The ELF header's flags, OS ABI and ABI version, and the target they name.
void readHeader(const Elf &elf, CodeObject &co, const ProblemSink &problem) {
    const auto &hdr = elf.getHeader();
    co.elfFlags = hdr.e_flags;
    co.elfOsAbi = hdr.e_ident[llvm::ELF::EI_OSABI];
    co.elfAbiVersion = hdr.e_ident[llvm::ELF::EI_ABIVERSION];
    co.codeObjectVersion = amdgpuCodeObjectVersion(co.elfOsAbi, co.elfAbiVersion);
    if (co.elfOsAbi != llvm::ELF::ELFOSABI_AMDGPU_HSA)
        problem(7, QStringLiteral("OS ABI %1 is not HSA (64): a %2 code object the HIP runtime "
                                  "does not load")
                       .arg(co.elfOsAbi)
                       .arg(co.elfOsAbi == 65   ? QStringLiteral("PAL")
                            : co.elfOsAbi == 66 ? QStringLiteral("Mesa")
                                                : QStringLiteral("non-HSA")));
    else if (co.codeObjectVersion == 0)
        problem(8, QStringLiteral("unknown code object ABI version %1").arg(co.elfAbiVersion));
    co.target = TargetId::fromAmdgpuElf(co.elfFlags, co.codeObjectVersion);
}

// Section names by section index (an empty name where one cannot be read).
QList<SymbolName> sectionNamesOf(const Elf &elf, Elf::Elf_Shdr_Range sections, StringPool &pool) {
    QList<SymbolName> sectionNames;
    sectionNames.reserve(qsizetype(sections.size()));
    for (const auto &sec : sections) {
        auto nameOr = elf.getSectionName(sec);
        if (nameOr)
            sectionNames.append(pool.symbolName(*nameOr));
        else {
            llvm::consumeError(nameOr.takeError());
            sectionNames.append(SymbolName());
        }
    }
    return sectionNames;
}

// The kernels' metadata from one note section (msgpack for code object v3+, YAML for v2).
void readMetadataNotes(const Elf &elf, const ELFT::Shdr &sec, size_t size, MetadataRead mode,
                       CodeObject &co, StringPool &pool, const ProblemSink &problem) {
    // LLVM 15's notes() checks sh_offset + sh_size without overflow: a wrapping pair
    // passes and the iterator reads wild memory. bytes::fits first.
    if (!bytes::fits(size, sec.sh_offset, sec.sh_size)) {
        problem(elf.getHeader().e_shoff,
                QStringLiteral("note section (offset %1, %2 bytes) lies outside the "
                               "code object (%3 bytes)")
                    .arg(hex(sec.sh_offset))
                    .arg(sec.sh_size)
                    .arg(size));
        return;
    }
    llvm::Error err = llvm::Error::success();
    for (const auto &note : elf.notes(sec, err)) {
        const llvm::StringRef owner = note.getName();
        const auto desc = noteDesc(note);
        QString why;
        const char *bytes = reinterpret_cast<const char *>(desc.data());
        if (owner == "AMDGPU" && note.getType() == llvm::ELF::NT_AMDGPU_METADATA) {
            QString mdTarget;
            const bool ok =
                mode == MetadataRead::Counts
                    ? countAmdgpuMetadataMsgpack(bytes, desc.size(), co.countedKernels,
                                                 co.countedKernelArgs, &mdTarget, &why, &pool)
                    : parseAmdgpuMetadataMsgpack(bytes, desc.size(), co.kernels, &mdTarget, &why,
                                                 &pool);
            if (!ok)
                problem(sec.sh_offset, why);
            co.metadataTarget = mdTarget;
        } else if (owner == "AMD" && note.getType() == llvm::ELF::NT_AMD_HSA_METADATA) {
            // Code object v2 (rare now): decoded either way, then counted if that is all.
            QList<KernelInfo> kernels;
            if (!parseAmdgpuMetadataYaml(bytes, desc.size(), kernels, &why))
                problem(sec.sh_offset, why);
            if (mode == MetadataRead::Counts) {
                co.countedKernels += kernels.size();
                for (const KernelInfo &k : std::as_const(kernels))
                    co.countedKernelArgs += k.args.size();
            } else {
                co.kernels.append(std::move(kernels));
            }
        }
    }
    if (err)
        problem(sec.sh_offset,
                QStringLiteral("note section unreadable: %1").arg(errorText(std::move(err))));
}

// A symbol's kind: a FUNC is a kernel when its "<name>.kd" descriptor is among `descriptors`.
SymbolKind symbolKind(const ELFT::Sym &sym, const StringPool::OffsetNames &names,
                      const llvm::DenseSet<const SymbolName *> &descriptors) {
    switch (sym.getType()) {
    case llvm::ELF::STT_FUNC:
        return descriptors.contains(names.name) ? SymbolKind::Kernel : SymbolKind::DeviceFunction;
    case llvm::ELF::STT_AMDGPU_HSA_KERNEL: // code object v2
        return SymbolKind::Kernel;
    case llvm::ELF::STT_OBJECT:
        return names.descriptorOf ? SymbolKind::KernelDescriptor : SymbolKind::Object;
    case llvm::ELF::STT_SECTION:
        return SymbolKind::Section;
    case llvm::ELF::STT_FILE:
        return SymbolKind::File;
    default:
        return SymbolKind::Other;
    }
}

// The kernels whose "<name>.kd" descriptor (an OBJECT) is in the table: a kernel is a FUNC with
// one next to it. Names are compared by their shared SymbolName: no string is hashed for a
// string table seen before.
template <typename Syms>
llvm::DenseSet<const SymbolName *> kernelDescriptors(const Syms &syms, llvm::StringRef strtab,
                                                     StringPool::NamesByOffset &byOffset,
                                                     StringPool &pool) {
    llvm::DenseSet<const SymbolName *> descriptors;
    for (const auto &sym : syms) {
        if (sym.getType() != llvm::ELF::STT_OBJECT || sym.st_name == 0 ||
            sym.st_name >= strtab.size())
            continue;
        if (const SymbolName *kernel = pool.namesAt(byOffset, strtab, sym.st_name).descriptorOf)
            descriptors.insert(kernel);
    }
    return descriptors;
}

// One symbol's names, binding, visibility, value, size and section (its kind aside).
Symbol symbolOf(const ELFT::Sym &sym, const StringPool::OffsetNames &names,
                const QList<SymbolName> &sectionNames, StringPool &pool) {
    const bool undef = sym.st_shndx == llvm::ELF::SHN_UNDEF;
    Symbol s;
    s.names = *names.name;
    s.elfBinding = sym.getBinding();
    s.elfVisibility = sym.getVisibility();
    s.value = sym.st_value;
    s.size = sym.st_size;
    s.undefined = undef;
    if (!undef && sym.st_shndx < sectionNames.size())
        s.sectionName = sectionNames[sym.st_shndx];
    else if (sym.st_shndx == llvm::ELF::SHN_ABS)
        s.sectionName = pool.symbolName("*ABS*");
    return s;
}

// The symbol table: counted and, with wantSymbols, every symbol with its kind and section and
// the undefined names; without it counted only.
void readSymbolTable(const Elf &elf, const ELFT::Shdr &table, const QList<SymbolName> &sectionNames,
                     bool wantSymbols, CodeObject &co, StringPool &pool,
                     const ProblemSink &problem) {
    auto symsOr = elf.symbols(&table);
    auto strOr = elf.getStringTableForSymtab(table);
    if (!symsOr) {
        problem(table.sh_offset,
                QStringLiteral("symbol table unreadable: %1").arg(errorText(symsOr.takeError())));
        if (!strOr)
            llvm::consumeError(strOr.takeError());
        return;
    }
    if (!strOr) {
        problem(
            table.sh_offset,
            QStringLiteral("symbol string table unreadable: %1").arg(errorText(strOr.takeError())));
        return;
    }
    const llvm::StringRef strtab = *strOr;
    // A symbol with a name in the table; a name offset past its end is reported once.
    bool badName = false;
    auto named = [&](const ELFT::Sym &sym) {
        if (sym.st_name == 0)
            return false;
        if (sym.st_name < strtab.size())
            return true;
        if (!badName)
            problem(table.sh_offset,
                    QStringLiteral("symbol name offset %1 past the end of the string table")
                        .arg(hex(sym.st_name)));
        badName = true;
        return false;
    };
    if (!wantSymbols) {
        // Counted only (inspect --summary): no name is looked up, so the string table is
        // neither hashed nor interned (on librocsparse 6.4 that was a third of the run).
        for (const auto &sym : *symsOr)
            co.symbolCount += named(sym);
        return;
    }
    StringPool::NamesByOffset &byOffset = pool.namesByOffset(strtab);
    const llvm::DenseSet<const SymbolName *> descriptors =
        kernelDescriptors(*symsOr, strtab, byOffset, pool);
    llvm::DenseSet<const SymbolName *> undefinedSeen;
    co.symbols.reserve(qsizetype(symsOr->size()));
    for (const auto &sym : *symsOr) {
        if (!named(sym))
            continue;
        ++co.symbolCount;
        const bool undef = sym.st_shndx == llvm::ELF::SHN_UNDEF;
        // A copy: the next namesAt() may grow the table the reference points into.
        const StringPool::OffsetNames names = pool.namesAt(byOffset, strtab, sym.st_name);
        // librocsparse's code objects hold 53k undefined symbols: by their shared name too.
        if (undef && undefinedSeen.insert(names.name).second)
            co.undefinedSymbols.append(names.name->name());
        Symbol s = symbolOf(sym, names, sectionNames, pool);
        s.kind = symbolKind(sym, names, descriptors);
        co.symbols.append(std::move(s));
    }
}

} // namespace

CodeObject readAmdgpuCodeObject(const char *data, size_t size, const CodeObjectSource &src,
                                bool wantSymbols, MetadataRead metadata, StringPool *sharedPool) {
    StringPool localPool;
    StringPool &pool = sharedPool ? *sharedPool : localPool;
    CodeObject co;
    co.origin = src.origin;
    co.fileOffset = src.fileOffset;
    co.size = size;
    co.insideCompressed = src.insideCompressed;
    co.format = CodeObject::Format::AmdgpuElf;
    const ProblemSink problem{src, co};
    if (!looksLikeAmdgpuElf(data, size)) {
        problem(0, looksLikeElf(data, size)
                       ? QStringLiteral("ELF but not a 64-bit little-endian AMDGPU code object")
                       : QStringLiteral("not an ELF file"));
        return co;
    }
    auto elfOr = Elf::create(llvm::StringRef(data, size));
    if (!elfOr) {
        problem(0, QStringLiteral("unreadable AMDGPU ELF: %1").arg(errorText(elfOr.takeError())));
        return co;
    }
    const Elf &elf = *elfOr;
    readHeader(elf, co, problem);

    auto sectionsOr = elf.sections();
    if (!sectionsOr) {
        problem(elf.getHeader().e_shoff, QStringLiteral("section headers unreadable: %1")
                                             .arg(errorText(sectionsOr.takeError())));
        return co;
    }
    const auto sections = *sectionsOr;
    const QList<SymbolName> sectionNames = sectionNamesOf(elf, sections, pool);

    const typename ELFT::Shdr *symtab = nullptr;
    const typename ELFT::Shdr *dynsym = nullptr;
    for (const auto &sec : sections) {
        if (sec.sh_type == llvm::ELF::SHT_SYMTAB)
            symtab = &sec;
        else if (sec.sh_type == llvm::ELF::SHT_DYNSYM)
            dynsym = &sec;
        else if (sec.sh_type == llvm::ELF::SHT_NOTE && metadata != MetadataRead::None)
            readMetadataNotes(elf, sec, size, metadata, co, pool, problem);
    }
    if (!wantSymbols && metadata == MetadataRead::None)
        return co;

    const auto *table = symtab ? symtab : dynsym;
    if (table)
        readSymbolTable(elf, *table, sectionNames, wantSymbols, co, pool, problem);
    return co;
}

} // namespace hd
