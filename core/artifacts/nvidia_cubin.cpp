// Cubins: NVIDIA ELF code objects (EM_CUDA). The header gives the SM; the sections give the
// kernels (symbols), their resources (.nv.info) and the "a" targets (.note.nv.tkinfo,
// .nv.compat). What the NVIDIA readers share: private/nvidia_p.h.

#include "artifacts/nvidia.h"

#include "nvidia_p.h"

#include "artifacts/symbols.h"
#include "common/format.h"

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Object/ELF.h>
#include <llvm/Support/Error.h>

#include <QHash>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

namespace hd::nvidia {

using namespace detail;

namespace {

// .nv.info attribute ids used here (EIATTR_*, as cuobjdump names them).
enum : uint8_t {
    EiattrMaxThreads = 0x05,
    EiattrParamCbank = 0x0a,
    EiattrReqntid = 0x10,
    EiattrFrameSize = 0x11,
    EiattrKparamInfo = 0x17,
    EiattrCbankParamSize = 0x19,
    EiattrRegcount = 0x2f,
};
enum : uint8_t { EifmtNval = 1, EifmtBval = 2, EifmtHval = 3, EifmtSval = 4 };

struct NvInfoAttr {
    uint8_t format = 0, attr = 0;
    uint16_t hval = 0;
    llvm::ArrayRef<uint8_t> data; // EIFMT_SVAL payload
};

// Walks one .nv.info section; every attribute is 4-byte headed (format, attribute, u16 value
// or size). Returns false (and the offset) when an attribute runs past the section.
bool parseNvInfo(llvm::ArrayRef<uint8_t> sec, QList<NvInfoAttr> &out, uint64_t &badOffset) {
    uint64_t p = 0;
    while (p + 4 <= sec.size()) {
        NvInfoAttr a;
        a.format = sec[p];
        a.attr = sec[p + 1];
        a.hval = uint16_t(sec[p + 2] | (sec[p + 3] << 8));
        if (a.format == EifmtSval) {
            if (sec.size() - (p + 4) < a.hval) {
                badOffset = p;
                return false;
            }
            a.data = sec.slice(p + 4, a.hval);
            p += 4 + a.hval;
        } else if (a.format >= EifmtNval && a.format <= EifmtHval) {
            p += 4;
        } else {
            badOffset = p;
            return false;
        }
        out.append(a);
    }
    if (p != sec.size()) {
        badOffset = p;
        return false;
    }
    return true;
}

// Reads a cubin's sections into `co`, one step per concern; the steps run in the order of
// readCubinElf() below and each appends its problems to co.problems.
template <class ELFT> class CubinElfReader {
public:
    using Elf_Shdr = typename ELFT::Shdr;
    using Elf_Sym = typename ELFT::Sym;

    CubinElfReader(const llvm::object::ELFFile<ELFT> &elf, size_t size, const Source &src,
                   CodeObject &co)
        : m_elf(elf), m_size(size), m_src(src), m_co(co) {}

    void checkProgramHeaders();
    bool loadSections();
    void readToolkitNote();
    void readCompat();
    void readSymbols(bool wantSymbols);
    void readNvInfo();

private:
    std::optional<llvm::ArrayRef<uint8_t>> contents(const Elf_Shdr &s, const char *what);
    Symbol makeSymbol(const Elf_Sym &sym, const QString &name) const;
    void addKernel(const Symbol &s, uint32_t symIndex);
    void readGlobalNvInfo(const QList<NvInfoAttr> &attrs);
    void readKernelNvInfo(KernelInfo &ki, const QList<NvInfoAttr> &attrs);

    const llvm::object::ELFFile<ELFT> &m_elf;
    const size_t m_size;
    const Source &m_src;
    CodeObject &m_co;
    llvm::ArrayRef<Elf_Shdr> m_secs;
    std::vector<std::string> m_secNames;
    QHash<QString, int> m_secByName;
    QHash<uint32_t, int> m_kernelBySymIndex; // symbol index -> index in co.kernels
    QHash<QString, int> m_kernelByName;
};

// Tables and section contents must lie inside the bytes (a cut file says so here even
// where nothing below would read the missing part).
template <class ELFT> void CubinElfReader<ELFT>::checkProgramHeaders() {
    const auto &h = m_elf.getHeader();
    const uint64_t phEnd = uint64_t(h.e_phoff) + uint64_t(h.e_phnum) * h.e_phentsize;
    if (h.e_phnum && (h.e_phoff > m_size || phEnd > m_size))
        m_co.problems.append(problemAt(m_src, uint64_t(h.e_phoff),
                                       QStringLiteral("program header table (%1 entries) runs past "
                                                      "the end (%2 bytes)")
                                           .arg(h.e_phnum)
                                           .arg(m_size)));
}

// The section table, each section's extent checked, and the sections' names.
template <class ELFT> bool CubinElfReader<ELFT>::loadSections() {
    auto secsOrErr = m_elf.sections();
    if (!secsOrErr) {
        m_co.problems.append(
            problemAt(m_src, 0,
                      QStringLiteral("cubin section headers cannot be read: %1")
                          .arg(QString::fromStdString(llvm::toString(secsOrErr.takeError())))));
        return false;
    }
    m_secs = *secsOrErr;
    const size_t size = m_size;
    for (size_t i = 0; i < m_secs.size(); ++i) {
        const auto &sh = m_secs[i];
        if (sh.sh_type == llvm::ELF::SHT_NOBITS || sh.sh_type == llvm::ELF::SHT_NULL)
            continue;
        if (uint64_t(sh.sh_offset) > size || uint64_t(sh.sh_size) > size - uint64_t(sh.sh_offset))
            m_co.problems.append(
                problemAt(m_src, uint64_t(sh.sh_offset),
                          QStringLiteral("section %1 (%2 bytes at %3) runs past the end "
                                         "(%4 bytes)")
                              .arg(i)
                              .arg(uint64_t(sh.sh_size))
                              .arg(hex(sh.sh_offset))
                              .arg(size)));
    }
    m_secNames.resize(m_secs.size());
    for (size_t i = 0; i < m_secs.size(); ++i) {
        auto nameOrErr = m_elf.getSectionName(m_secs[i]);
        if (!nameOrErr) {
            llvm::consumeError(nameOrErr.takeError());
            continue;
        }
        m_secNames[i] = nameOrErr->str();
        m_secByName.insert(QString::fromStdString(m_secNames[i]), int(i));
    }
    return true;
}

template <class ELFT>
std::optional<llvm::ArrayRef<uint8_t>> CubinElfReader<ELFT>::contents(const Elf_Shdr &s,
                                                                      const char *what) {
    auto c = m_elf.getSectionContents(s);
    if (!c) {
        m_co.problems.append(problemAt(
            m_src, uint64_t(s.sh_offset),
            QStringLiteral("%1 cannot be read: %2")
                .arg(QLatin1String(what), QString::fromStdString(llvm::toString(c.takeError())))));
        return std::nullopt;
    }
    return *c;
}

// The toolkit's own note says which -arch ptxas got: "sm_90a" is only visible there.
template <class ELFT> void CubinElfReader<ELFT>::readToolkitNote() {
    CodeObject &co = m_co;
    const int i = m_secByName.value(QStringLiteral(".note.nv.tkinfo"), -1);
    if (i < 0 || m_secs[i].sh_type == llvm::ELF::SHT_NOBITS)
        return;
    auto c = contents(m_secs[i], ".note.nv.tkinfo");
    if (!c)
        return;
    const QByteArray note(reinterpret_cast<const char *>(c->data()), int(c->size()));
    const int a = note.indexOf("-arch sm_");
    if (a < 0)
        return;
    int e = a + 9;
    while (e < note.size() && (std::isalnum(uchar(note[e]))))
        ++e;
    const QByteArray arch = note.mid(a + 6, e - a - 6);
    if (arch.endsWith('a') && co.target.isValid())
        co.target = TargetId::nvidiaSm(co.target.smVersion(), true);
    if (co.ptxVersion.isEmpty()) {
        const int r = note.indexOf("release ");
        if (r >= 0)
            co.ptxVersion =
                QStringLiteral("toolkit ") +
                QString::fromLatin1(note.mid(r + 8, note.indexOf(',', r) - r - 8)).left(16);
    }
}

// CUDA 13 keeps sm_90 and sm_90a apart only here: .nv.compat's
// EICOMPAT_ATTR_CUDA_ACCELERATOR_TARGET (0x09, a byte) is 1 for "a" targets
// (checked with cuobjdump -elf on nvcc 13 output; the e_flags are the same for both).
template <class ELFT> void CubinElfReader<ELFT>::readCompat() {
    const int i = m_secByName.value(QStringLiteral(".nv.compat"), -1);
    if (i < 0 || m_secs[i].sh_type == llvm::ELF::SHT_NOBITS || !m_co.target.isValid())
        return;
    auto c = contents(m_secs[i], ".nv.compat");
    if (!c)
        return;
    QList<NvInfoAttr> attrs;
    uint64_t bad = 0;
    if (!parseNvInfo(*c, attrs, bad))
        m_co.problems.append(
            problemAt(m_src, uint64_t(m_secs[i].sh_offset) + bad,
                      QStringLiteral(".nv.compat: malformed attribute (runs past the "
                                     "section or unknown format)")));
    for (const auto &a : attrs)
        if (a.attr == 0x09 && a.format == EifmtBval && (a.hval & 0xff) != 0)
            m_co.target = TargetId::nvidiaSm(m_co.target.smVersion(), true);
}

// The symbol table: every symbol (when wanted), the kernels, the undefined names.
template <class ELFT> void CubinElfReader<ELFT>::readSymbols(bool wantSymbols) {
    CodeObject &co = m_co;
    const Elf_Shdr *symtab = nullptr;
    for (const auto &s : m_secs)
        if (s.sh_type == llvm::ELF::SHT_SYMTAB) {
            symtab = &s;
            break;
        }
    if (!symtab) {
        co.problems.append(problemAt(m_src, 0, QStringLiteral("cubin has no symbol table")));
        return;
    }
    auto symsOrErr = m_elf.symbols(symtab);
    auto strOrErr = m_elf.getStringTableForSymtab(*symtab);
    if (!symsOrErr || !strOrErr) {
        QString why =
            !symsOrErr ? QString::fromStdString(llvm::toString(symsOrErr.takeError())) : QString();
        if (!strOrErr)
            why += (why.isEmpty() ? QString() : QStringLiteral("; ")) +
                   QString::fromStdString(llvm::toString(strOrErr.takeError()));
        co.problems.append(problemAt(m_src, uint64_t(symtab->sh_offset),
                                     QStringLiteral("symbol table cannot be read: %1").arg(why)));
        return;
    }
    auto syms = *symsOrErr;
    for (size_t i = 1; i < syms.size(); ++i) {
        const auto &sym = syms[i];
        auto nameOrErr = sym.getName(*strOrErr);
        if (!nameOrErr) {
            co.problems.append(
                problemAt(m_src, uint64_t(symtab->sh_offset) + i * sizeof(sym),
                          QStringLiteral("symbol %1 has a bad name: %2")
                              .arg(i)
                              .arg(QString::fromStdString(llvm::toString(nameOrErr.takeError())))));
            continue;
        }
        const Symbol s = makeSymbol(sym, QString::fromStdString(nameOrErr->str()));
        if (s.undefined && sym.getBinding() != llvm::ELF::STB_WEAK && !s.name().isEmpty())
            co.undefinedSymbols.append(s.name());
        if (s.kind == SymbolKind::Kernel && !s.undefined)
            addKernel(s, uint32_t(i));
        ++co.symbolCount;
        if (wantSymbols)
            co.symbols.append(s);
    }
}

template <class ELFT>
Symbol CubinElfReader<ELFT>::makeSymbol(const Elf_Sym &sym, const QString &name) const {
    Symbol s;
    s.names = SymbolName(name);
    s.elfBinding = sym.getBinding();
    s.elfVisibility = sym.getVisibility();
    s.value = sym.st_value;
    s.size = sym.st_size;
    const unsigned shndx = sym.st_shndx;
    s.undefined = shndx == llvm::ELF::SHN_UNDEF;
    if (!s.undefined && shndx < llvm::ELF::SHN_LORESERVE && shndx < m_secNames.size()) {
        const QString section = QString::fromStdString(m_secNames[shndx]);
        s.sectionName = SymbolName(section, section);
    }
    const bool isEntry = (sym.st_other & 0x10) != 0; // STO_CUDA_ENTRY
    switch (sym.getType()) {
    case llvm::ELF::STT_FUNC:
        s.kind = (isEntry || m_secByName.contains(QStringLiteral(".nv.info.") + s.name()))
                     ? SymbolKind::Kernel
                     : SymbolKind::DeviceFunction;
        break;
    case llvm::ELF::STT_OBJECT:
        s.kind = SymbolKind::Object;
        break;
    case llvm::ELF::STT_SECTION:
        s.kind = SymbolKind::Section;
        if (s.name().isEmpty())
            s.names = s.sectionName;
        break;
    case llvm::ELF::STT_FILE:
        s.kind = SymbolKind::File;
        break;
    default:
        s.kind = SymbolKind::Other;
    }
    return s;
}

template <class ELFT> void CubinElfReader<ELFT>::addKernel(const Symbol &s, uint32_t symIndex) {
    KernelInfo k;
    k.name = s.name();
    k.symbol = s.name();
    k.wavefrontSize = 32;
    if (int sh = m_secByName.value(QStringLiteral(".nv.shared.") + s.name(), -1); sh >= 0)
        k.groupSegmentFixedSize = m_secs[sh].sh_size;
    m_kernelBySymIndex.insert(symIndex, int(m_co.kernels.size()));
    m_kernelByName.insert(s.name(), int(m_co.kernels.size()));
    m_co.kernels.append(k);
}

// .nv.info: global attributes keyed by symbol index, per-kernel .nv.info.<name>.
template <class ELFT> void CubinElfReader<ELFT>::readNvInfo() {
    for (size_t i = 0; i < m_secs.size(); ++i) {
        const QString name = QString::fromStdString(m_secNames[i]);
        if (name != QLatin1String(".nv.info") && !name.startsWith(QLatin1String(".nv.info.")))
            continue;
        if (m_secs[i].sh_type == llvm::ELF::SHT_NOBITS)
            continue;
        auto c = contents(m_secs[i], qPrintable(name));
        if (!c)
            continue;
        QList<NvInfoAttr> attrs;
        uint64_t bad = 0;
        if (!parseNvInfo(*c, attrs, bad))
            m_co.problems.append(problemAt(
                m_src, uint64_t(m_secs[i].sh_offset) + bad,
                QStringLiteral("%1: malformed attribute (runs past the section or unknown format)")
                    .arg(name)));
        if (name == QLatin1String(".nv.info")) {
            readGlobalNvInfo(attrs);
            continue;
        }
        const int k = m_kernelByName.value(name.mid(9), -1);
        if (k < 0)
            continue;
        readKernelNvInfo(m_co.kernels[k], attrs);
    }
}

template <class ELFT> void CubinElfReader<ELFT>::readGlobalNvInfo(const QList<NvInfoAttr> &attrs) {
    for (const auto &a : attrs) {
        if (a.format != EifmtSval || a.data.size() < 8)
            continue;
        const int k = m_kernelBySymIndex.value(u32At(a.data, 0), -1);
        if (k < 0)
            continue;
        const uint32_t v = u32At(a.data, 4);
        if (a.attr == EiattrRegcount)
            m_co.kernels[k].vgprCount = int(std::min<uint32_t>(v, 1u << 20));
        else if (a.attr == EiattrFrameSize)
            m_co.kernels[k].privateSegmentFixedSize =
                std::max<uint64_t>(m_co.kernels[k].privateSegmentFixedSize, v);
    }
}

template <class ELFT>
void CubinElfReader<ELFT>::readKernelNvInfo(KernelInfo &ki, const QList<NvInfoAttr> &attrs) {
    for (const auto &a : attrs) {
        switch (a.attr) {
        case EiattrCbankParamSize:
            if (a.format == EifmtHval)
                ki.kernargSegmentSize = a.hval;
            break;
        case EiattrParamCbank:
            // u32 symbol, u16 offset in the constant bank, u16 size
            if (a.format == EifmtSval && a.data.size() >= 8 && ki.kernargSegmentSize == 0)
                ki.kernargSegmentSize = u32At(a.data, 4) >> 16;
            break;
        case EiattrKparamInfo:
            // u32 index, u16 ordinal, u16 offset, u32 flags (size in bits 18-31)
            if (a.format == EifmtSval && a.data.size() >= 12) {
                KernelArg arg;
                const uint32_t ordOff = u32At(a.data, 4);
                arg.name = QStringLiteral("param_%1").arg(ordOff & 0xffff);
                arg.offset = ordOff >> 16;
                arg.size = (u32At(a.data, 8) >> 18) & 0x3fff;
                arg.valueKind = QStringLiteral("param");
                ki.args.append(arg);
            }
            break;
        case EiattrMaxThreads:
        case EiattrReqntid:
            if (a.format == EifmtSval && a.data.size() >= 12) {
                const uint64_t t = uint64_t(u32At(a.data, 0)) * u32At(a.data, 4) * u32At(a.data, 8);
                if (t > 0 && t <= (1u << 20))
                    ki.maxFlatWorkgroupSize = int(t);
            }
            break;
        default:
            break;
        }
    }
    // KPARAM_INFO lists parameters last to first.
    std::sort(ki.args.begin(), ki.args.end(),
              [](const KernelArg &a, const KernelArg &b) { return a.offset < b.offset; });
}

template <class ELFT>
void readCubinElf(const char *data, size_t size, const Source &src, bool wantSymbols,
                  CodeObject &co) {
    auto fileOrErr = llvm::object::ELFFile<ELFT>::create(llvm::StringRef(data, size));
    if (!fileOrErr) {
        co.problems.append(
            problemAt(src, 0,
                      QStringLiteral("cubin ELF cannot be read: %1")
                          .arg(QString::fromStdString(llvm::toString(fileOrErr.takeError())))));
        return;
    }
    CubinElfReader<ELFT> reader(*fileOrErr, size, src, co);
    reader.checkProgramHeaders();
    if (!reader.loadSections())
        return;
    reader.readToolkitNote();
    reader.readCompat();
    reader.readSymbols(wantSymbols);
    reader.readNvInfo();
}

} // namespace

bool looksLikeCubin(const char *data, size_t size) {
    uint16_t machine = 0;
    return size >= 20 &&
           std::memcmp(data,
                       "\x7f"
                       "ELF",
                       4) == 0 &&
           data[5] == 1 && readLE(data, size, 18, machine) && machine == kEmCuda;
}

int smFromCubinFlags(uint32_t eflags, int osAbi, int abiVersion) {
    // CUDA 13 moved the SM into bits 8-15 together with ELF ABI version 8 (OSABI 65).
    const int sm = (abiVersion >= 8) ? int((eflags >> 8) & 0xff) : int(eflags & 0xff);
    (void)osAbi;
    return sm >= 10 ? sm : 0;
}

namespace {

// The ELF header's checks that make it a cubin (magic, little-endian, whole header, EM_CUDA);
// false (and said in co) when it is not one.
bool isCubinHeader(const char *data, size_t size, const Source &src, CodeObject &co) {
    if (size < 16 || std::memcmp(data,
                                 "\x7f"
                                 "ELF",
                                 4) != 0) {
        co.problems.append(
            problemAt(src, 0, QStringLiteral("not an ELF file (no \\x7fELF magic)")));
        return false;
    }
    const int elfClass = uchar(data[4]);
    if (uchar(data[5]) != 1) {
        co.problems.append(problemAt(src, 5, QStringLiteral("big-endian ELF is not a cubin")));
        return false;
    }
    const size_t ehdrSize = elfClass == 2 ? 64 : 52;
    if (size < ehdrSize) {
        co.problems.append(problemAt(
            src, 0,
            QStringLiteral("truncated ELF header: %1 bytes, need %2").arg(size).arg(ehdrSize)));
        return false;
    }
    uint16_t machine = 0;
    readLE(data, size, 18, machine);
    if (machine != kEmCuda) {
        co.problems.append(
            problemAt(src, 18,
                      QStringLiteral("not a cubin: e_machine %1, expected %2 (EM_CUDA)")
                          .arg(machine)
                          .arg(kEmCuda)));
        return false;
    }
    return true;
}

// The target from the ELF header: OS ABI, ABI version and e_flags (SM and the "a" suffix).
void readCubinTarget(const char *data, size_t size, const Source &src, CodeObject &co) {
    const int elfClass = uchar(data[4]);
    co.elfOsAbi = uchar(data[7]);
    co.elfAbiVersion = uchar(data[8]);
    uint32_t flags = 0;
    readLE(data, size, elfClass == 2 ? 0x30 : 0x24, flags);
    co.elfFlags = flags;
    if (co.elfOsAbi != 51 && co.elfOsAbi != 41 && co.elfOsAbi != 65)
        co.problems.append(
            problemAt(src, 7,
                      QStringLiteral("unexpected EI_OSABI %1 for a cubin (expected 51, 41 or 65)")
                          .arg(co.elfOsAbi)));
    const int sm = smFromCubinFlags(flags, co.elfOsAbi, co.elfAbiVersion);
    // Architecture-specific ("sm_90a"): EF_CUDA_ACCELERATORS_V1 (0x800) in the old layout,
    // EF_CUDA_ACCELERATORS (0x8) with ABI version 8; nvcc 13 also names it in .note.nv.tkinfo.
    const bool accel = co.elfAbiVersion >= 8 ? (flags & 0x8) != 0 : (flags & 0x800) != 0;
    if (sm > 0)
        co.target = TargetId::nvidiaSm(sm, accel);
    else
        co.problems.append(
            problemAt(src, elfClass == 2 ? 0x30 : 0x24,
                      QStringLiteral("cannot tell the SM from e_flags %1 (ABI version %2)")
                          .arg(hex(flags))
                          .arg(co.elfAbiVersion)));
}

} // namespace

CodeObject readCubin(const char *data, size_t size, const Source &src, bool symbols) {
    CodeObject co;
    co.origin = src.origin;
    co.fileOffset = src.fileOffset;
    co.size = size;
    co.insideCompressed = src.insideCompressed;
    co.format = CodeObject::Format::NvidiaCubin;
    if (!isCubinHeader(data, size, src, co))
        return co;
    readCubinTarget(data, size, src, co);
    const int elfClass = uchar(data[4]);

    // LLVM's ELF reader wants naturally aligned headers; a slice of a container might not be.
    std::unique_ptr<uint64_t[]> aligned;
    const char *p = data;
    if (reinterpret_cast<uintptr_t>(data) % 8 != 0) {
        aligned.reset(new uint64_t[(size + 7) / 8]);
        std::memcpy(aligned.get(), data, size);
        p = reinterpret_cast<const char *>(aligned.get());
    }
    if (elfClass == 2)
        readCubinElf<llvm::object::ELF64LE>(p, size, src, symbols, co);
    else if (elfClass == 1)
        readCubinElf<llvm::object::ELF32LE>(p, size, src, symbols, co);
    else
        co.problems.append(problemAt(src, 4, QStringLiteral("bad ELF class %1").arg(elfClass)));
    return co;
}

} // namespace hd::nvidia
