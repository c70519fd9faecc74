#include "artifacts/nvidia.h"

#include "artifacts/offload_bundle.h"
#include "artifacts/symbols.h"
#include "common/format.h"

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/Object/ELF.h>
#include <llvm/Support/Error.h>

#include <zstd.h>

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <memory>
#include <vector>

namespace hd::nvidia {

namespace {

// Decompressed entries larger than this are refused: no real fatbin entry comes close, and a
// hostile size field must not make us allocate without bound. All the entries of one input
// share the input's budget too (inputDecompressionBudget, as for offload bundles):
// docs/limits.md "Compressed fatbin entries".
constexpr uint64_t kMaxDecompressed = uint64_t(1) << 30;

template <typename T> bool readLE(const char *data, size_t size, uint64_t off, T &out) {
    if (off > size || size - off < sizeof(T))
        return false;
    std::memcpy(&out, data + off, sizeof(T)); // x86-64 / aarch64 hosts: little-endian
    return true;
}

Problem problemAt(const Source &src, uint64_t rel, const QString &message) {
    Problem p;
    p.file = src.file;
    if (src.insideCompressed) {
        // Offsets inside a decompressed payload do not exist in the file: point at the
        // compressed payload and say where inside the decompressed bytes it was.
        p.offset = qint64(src.fileOffset);
        p.message = QStringLiteral("%1 (at %2 in the decompressed payload)").arg(message, hex(rel));
    } else {
        p.offset = qint64(src.fileOffset + rel);
        p.message = message;
    }
    return p;
}

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

uint32_t u32At(llvm::ArrayRef<uint8_t> d, size_t off) {
    if (off + 4 > d.size())
        return 0;
    uint32_t v;
    std::memcpy(&v, d.data() + off, 4);
    return v;
}

template <class ELFT>
void readCubinElf(const char *data, size_t size, const Source &src, bool wantSymbols,
                  CodeObject &co) {
    using Elf_Shdr = typename ELFT::Shdr;
    auto fileOrErr = llvm::object::ELFFile<ELFT>::create(llvm::StringRef(data, size));
    if (!fileOrErr) {
        co.problems.append(
            problemAt(src, 0,
                      QStringLiteral("cubin ELF cannot be read: %1")
                          .arg(QString::fromStdString(llvm::toString(fileOrErr.takeError())))));
        return;
    }
    const auto &elf = *fileOrErr;
    // Tables and section contents must lie inside the bytes (a cut file says so here even
    // where nothing below would read the missing part).
    {
        const auto &h = elf.getHeader();
        const uint64_t phEnd = uint64_t(h.e_phoff) + uint64_t(h.e_phnum) * h.e_phentsize;
        if (h.e_phnum && (h.e_phoff > size || phEnd > size))
            co.problems.append(
                problemAt(src, uint64_t(h.e_phoff),
                          QStringLiteral("program header table (%1 entries) runs past "
                                         "the end (%2 bytes)")
                              .arg(h.e_phnum)
                              .arg(size)));
    }
    auto secsOrErr = elf.sections();
    if (!secsOrErr) {
        co.problems.append(
            problemAt(src, 0,
                      QStringLiteral("cubin section headers cannot be read: %1")
                          .arg(QString::fromStdString(llvm::toString(secsOrErr.takeError())))));
        return;
    }
    auto secs = *secsOrErr;
    for (size_t i = 0; i < secs.size(); ++i) {
        const auto &sh = secs[i];
        if (sh.sh_type == llvm::ELF::SHT_NOBITS || sh.sh_type == llvm::ELF::SHT_NULL)
            continue;
        if (uint64_t(sh.sh_offset) > size || uint64_t(sh.sh_size) > size - uint64_t(sh.sh_offset))
            co.problems.append(
                problemAt(src, uint64_t(sh.sh_offset),
                          QStringLiteral("section %1 (%2 bytes at %3) runs past the end "
                                         "(%4 bytes)")
                              .arg(i)
                              .arg(uint64_t(sh.sh_size))
                              .arg(hex(sh.sh_offset))
                              .arg(size)));
    }
    std::vector<std::string> secNames(secs.size());
    QHash<QString, int> secByName;
    for (size_t i = 0; i < secs.size(); ++i) {
        auto nameOrErr = elf.getSectionName(secs[i]);
        if (!nameOrErr) {
            llvm::consumeError(nameOrErr.takeError());
            continue;
        }
        secNames[i] = nameOrErr->str();
        secByName.insert(QString::fromStdString(secNames[i]), int(i));
    }
    auto contents = [&](const Elf_Shdr &s,
                        const char *what) -> std::optional<llvm::ArrayRef<uint8_t>> {
        auto c = elf.getSectionContents(s);
        if (!c) {
            co.problems.append(
                problemAt(src, uint64_t(s.sh_offset),
                          QStringLiteral("%1 cannot be read: %2")
                              .arg(QLatin1String(what),
                                   QString::fromStdString(llvm::toString(c.takeError())))));
            return std::nullopt;
        }
        return *c;
    };

    // The toolkit's own note says which -arch ptxas got: "sm_90a" is only visible there.
    if (int i = secByName.value(QStringLiteral(".note.nv.tkinfo"), -1); i >= 0) {
        if (secs[i].sh_type != llvm::ELF::SHT_NOBITS) {
            if (auto c = contents(secs[i], ".note.nv.tkinfo")) {
                const QByteArray note(reinterpret_cast<const char *>(c->data()), int(c->size()));
                const int a = note.indexOf("-arch sm_");
                if (a >= 0) {
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
                                QString::fromLatin1(note.mid(r + 8, note.indexOf(',', r) - r - 8))
                                    .left(16);
                    }
                }
            }
        }
    }

    // CUDA 13 keeps sm_90 and sm_90a apart only here: .nv.compat's
    // EICOMPAT_ATTR_CUDA_ACCELERATOR_TARGET (0x09, a byte) is 1 for "a" targets
    // (checked with cuobjdump -elf on nvcc 13 output; the e_flags are the same for both).
    if (int i = secByName.value(QStringLiteral(".nv.compat"), -1);
        i >= 0 && secs[i].sh_type != llvm::ELF::SHT_NOBITS && co.target.isValid()) {
        if (auto c = contents(secs[i], ".nv.compat")) {
            QList<NvInfoAttr> attrs;
            uint64_t bad = 0;
            if (!parseNvInfo(*c, attrs, bad))
                co.problems.append(
                    problemAt(src, uint64_t(secs[i].sh_offset) + bad,
                              QStringLiteral(".nv.compat: malformed attribute (runs past the "
                                             "section or unknown format)")));
            for (const auto &a : attrs)
                if (a.attr == 0x09 && a.format == EifmtBval && (a.hval & 0xff) != 0)
                    co.target = TargetId::nvidiaSm(co.target.smVersion(), true);
        }
    }

    // Symbols.
    const Elf_Shdr *symtab = nullptr;
    for (const auto &s : secs)
        if (s.sh_type == llvm::ELF::SHT_SYMTAB) {
            symtab = &s;
            break;
        }
    QHash<uint32_t, int> kernelBySymIndex; // symbol index -> index in co.kernels
    QHash<QString, int> kernelByName;
    if (symtab) {
        auto symsOrErr = elf.symbols(symtab);
        auto strOrErr = elf.getStringTableForSymtab(*symtab);
        if (!symsOrErr || !strOrErr) {
            QString why = !symsOrErr ? QString::fromStdString(llvm::toString(symsOrErr.takeError()))
                                     : QString();
            if (!strOrErr)
                why += (why.isEmpty() ? QString() : QStringLiteral("; ")) +
                       QString::fromStdString(llvm::toString(strOrErr.takeError()));
            co.problems.append(
                problemAt(src, uint64_t(symtab->sh_offset),
                          QStringLiteral("symbol table cannot be read: %1").arg(why)));
        } else {
            auto syms = *symsOrErr;
            for (size_t i = 1; i < syms.size(); ++i) {
                const auto &sym = syms[i];
                auto nameOrErr = sym.getName(*strOrErr);
                if (!nameOrErr) {
                    co.problems.append(problemAt(
                        src, uint64_t(symtab->sh_offset) + i * sizeof(sym),
                        QStringLiteral("symbol %1 has a bad name: %2")
                            .arg(i)
                            .arg(QString::fromStdString(llvm::toString(nameOrErr.takeError())))));
                    continue;
                }
                Symbol s;
                s.names = SymbolName(QString::fromStdString(nameOrErr->str()));
                s.elfBinding = sym.getBinding();
                s.elfVisibility = sym.getVisibility();
                s.value = sym.st_value;
                s.size = sym.st_size;
                const unsigned shndx = sym.st_shndx;
                s.undefined = shndx == llvm::ELF::SHN_UNDEF;
                if (!s.undefined && shndx < llvm::ELF::SHN_LORESERVE && shndx < secNames.size()) {
                    const QString section = QString::fromStdString(secNames[shndx]);
                    s.sectionName = SymbolName(section, section);
                }
                const bool isEntry = (sym.st_other & 0x10) != 0; // STO_CUDA_ENTRY
                switch (sym.getType()) {
                case llvm::ELF::STT_FUNC:
                    s.kind = (isEntry || secByName.contains(QStringLiteral(".nv.info.") + s.name()))
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
                if (s.undefined && sym.getBinding() != llvm::ELF::STB_WEAK && !s.name().isEmpty())
                    co.undefinedSymbols.append(s.name());
                if (s.kind == SymbolKind::Kernel && !s.undefined) {
                    KernelInfo k;
                    k.name = s.name();
                    k.symbol = s.name();
                    k.wavefrontSize = 32;
                    if (int sh = secByName.value(QStringLiteral(".nv.shared.") + s.name(), -1);
                        sh >= 0)
                        k.groupSegmentFixedSize = secs[sh].sh_size;
                    kernelBySymIndex.insert(uint32_t(i), int(co.kernels.size()));
                    kernelByName.insert(s.name(), int(co.kernels.size()));
                    co.kernels.append(k);
                }
                if (wantSymbols)
                    co.symbols.append(s);
            }
        }
    } else {
        co.problems.append(problemAt(src, 0, QStringLiteral("cubin has no symbol table")));
    }

    // .nv.info: global attributes keyed by symbol index, per-kernel .nv.info.<name>.
    for (size_t i = 0; i < secs.size(); ++i) {
        const QString name = QString::fromStdString(secNames[i]);
        if (name != QLatin1String(".nv.info") && !name.startsWith(QLatin1String(".nv.info.")))
            continue;
        if (secs[i].sh_type == llvm::ELF::SHT_NOBITS)
            continue;
        auto c = contents(secs[i], qPrintable(name));
        if (!c)
            continue;
        QList<NvInfoAttr> attrs;
        uint64_t bad = 0;
        if (!parseNvInfo(*c, attrs, bad))
            co.problems.append(problemAt(
                src, uint64_t(secs[i].sh_offset) + bad,
                QStringLiteral("%1: malformed attribute (runs past the section or unknown format)")
                    .arg(name)));
        if (name == QLatin1String(".nv.info")) {
            for (const auto &a : attrs) {
                if (a.format != EifmtSval || a.data.size() < 8)
                    continue;
                const int k = kernelBySymIndex.value(u32At(a.data, 0), -1);
                if (k < 0)
                    continue;
                const uint32_t v = u32At(a.data, 4);
                if (a.attr == EiattrRegcount)
                    co.kernels[k].vgprCount = int(std::min<uint32_t>(v, 1u << 20));
                else if (a.attr == EiattrFrameSize)
                    co.kernels[k].privateSegmentFixedSize =
                        std::max<uint64_t>(co.kernels[k].privateSegmentFixedSize, v);
            }
            continue;
        }
        const int k = kernelByName.value(name.mid(9), -1);
        if (k < 0)
            continue;
        KernelInfo &ki = co.kernels[k];
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
                    const uint64_t t =
                        uint64_t(u32At(a.data, 0)) * u32At(a.data, 4) * u32At(a.data, 8);
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
}

// A PTX tokenizer good enough for directives at file scope: comments and strings skipped,
// tokens are identifiers / numbers / directives (.entry) or single punctuation characters.
struct PtxToken {
    QByteArray text;
    uint64_t offset = 0;
    int line = 0;
};

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

bool looksLikeFatbin(const char *data, size_t size) {
    uint32_t magic = 0;
    return readLE(data, size, 0, magic) && magic == kFatbinMagic;
}

bool looksLikePtx(const char *data, size_t size) {
    const size_t n = std::min<size_t>(size, 64 * 1024);
    if (n == 0)
        return false;
    const QByteArray head = QByteArray::fromRawData(data, qsizetype(n));
    // PTX is text: NULs only as padding at the end (fatbin payloads are NUL-padded).
    qsizetype end = head.size();
    while (end > 0 && head[end - 1] == '\0')
        --end;
    if (head.left(end).contains('\0'))
        return false;
    return head.contains(".version") && head.contains(".target");
}

int smFromCubinFlags(uint32_t eflags, int osAbi, int abiVersion) {
    // CUDA 13 moved the SM into bits 8-15 together with ELF ABI version 8 (OSABI 65).
    const int sm = (abiVersion >= 8) ? int((eflags >> 8) & 0xff) : int(eflags & 0xff);
    (void)osAbi;
    return sm >= 10 ? sm : 0;
}

CodeObject readCubin(const char *data, size_t size, const Source &src, bool symbols) {
    CodeObject co;
    co.origin = src.origin;
    co.fileOffset = src.fileOffset;
    co.size = size;
    co.insideCompressed = src.insideCompressed;
    co.format = CodeObject::Format::NvidiaCubin;
    if (size < 16 || std::memcmp(data,
                                 "\x7f"
                                 "ELF",
                                 4) != 0) {
        co.problems.append(
            problemAt(src, 0, QStringLiteral("not an ELF file (no \\x7fELF magic)")));
        return co;
    }
    const int elfClass = uchar(data[4]);
    if (uchar(data[5]) != 1) {
        co.problems.append(problemAt(src, 5, QStringLiteral("big-endian ELF is not a cubin")));
        return co;
    }
    const size_t ehdrSize = elfClass == 2 ? 64 : 52;
    if (size < ehdrSize) {
        co.problems.append(problemAt(
            src, 0,
            QStringLiteral("truncated ELF header: %1 bytes, need %2").arg(size).arg(ehdrSize)));
        return co;
    }
    uint16_t machine = 0;
    readLE(data, size, 18, machine);
    if (machine != kEmCuda) {
        co.problems.append(
            problemAt(src, 18,
                      QStringLiteral("not a cubin: e_machine %1, expected %2 (EM_CUDA)")
                          .arg(machine)
                          .arg(kEmCuda)));
        return co;
    }
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

namespace {

std::vector<PtxToken> tokenizePtx(const char *data, size_t size, QList<Problem> &problems,
                                  const Source &src) {
    std::vector<PtxToken> toks;
    int line = 1, depth = 0;
    size_t i = 0;
    auto isIdent = [](char c) {
        return std::isalnum(uchar(c)) || c == '_' || c == '.' || c == '$' || c == '%';
    };
    while (i < size) {
        const char c = data[i];
        if (c == '\n') {
            ++line;
            ++i;
        } else if (std::isspace(uchar(c)) || c == '\0') {
            ++i;
        } else if (c == '/' && i + 1 < size && data[i + 1] == '/') {
            while (i < size && data[i] != '\n')
                ++i;
        } else if (c == '/' && i + 1 < size && data[i + 1] == '*') {
            const size_t start = i;
            i += 2;
            while (i + 1 < size && !(data[i] == '*' && data[i + 1] == '/')) {
                if (data[i] == '\n')
                    ++line;
                ++i;
            }
            if (i + 1 >= size) {
                problems.append(problemAt(src, start, QStringLiteral("unterminated /* comment")));
                break;
            }
            i += 2;
        } else if (c == '"') {
            const size_t start = i++;
            while (i < size && data[i] != '"' && data[i] != '\n')
                ++i;
            if (i >= size || data[i] != '"')
                problems.append(problemAt(
                    src, start, QStringLiteral("unterminated string on line %1").arg(line)));
            else
                ++i;
        } else if (isIdent(c)) {
            const size_t start = i;
            while (i < size && isIdent(data[i]))
                ++i;
            if (depth == 0)
                toks.push_back({QByteArray(data + start, qsizetype(i - start)), start, line});
        } else {
            // Function bodies are most of a PTX file and nothing in them is needed: inside
            // braces only the braces are kept, so memory stays small for huge PTX.
            if (c == '{')
                ++depth;
            if (depth == 0 || c == '{' || c == '}')
                toks.push_back({QByteArray(1, c), i, line});
            if (c == '}' && depth > 0)
                --depth;
            ++i;
        }
    }
    return toks;
}

// Size in bytes of a PTX scalar type token (".u64" -> 8, ".f16x2" -> 4, ".pred" -> 1).
int ptxTypeSize(const QByteArray &t) {
    if (t == ".pred")
        return 1;
    if (t.size() < 3 || t[0] != '.')
        return 0;
    const char k = t[1];
    if (k != 'u' && k != 's' && k != 'b' && k != 'f' && !t.startsWith(".bf16"))
        return 0;
    const QByteArray rest = t.startsWith(".bf16") ? t.mid(3) : t.mid(2);
    int bits = 0, mult = 1;
    const int x = rest.indexOf('x');
    bool ok = false;
    if (x > 0) {
        bits = rest.left(x).toInt(&ok);
        mult = rest.mid(x + 1).toInt();
    } else {
        bits = rest.toInt(&ok);
    }
    if (!ok || bits <= 0 || bits > 128 || mult <= 0 || mult > 16)
        return 0;
    return bits / 8 * mult;
}

} // namespace

CodeObject readPtx(const char *data, size_t size, const Source &src) {
    CodeObject co;
    co.origin = src.origin;
    co.fileOffset = src.fileOffset;
    co.size = size;
    co.insideCompressed = src.insideCompressed;
    co.format = CodeObject::Format::NvidiaPtx;
    while (size > 0 && data[size - 1] == '\0')
        --size;
    if (size == 0) {
        co.problems.append(problemAt(src, 0, QStringLiteral("empty PTX")));
        return co;
    }
    if (std::memchr(data, '\0', size)) {
        const auto *z = static_cast<const char *>(std::memchr(data, '\0', size));
        co.problems.append(
            problemAt(src, uint64_t(z - data), QStringLiteral("NUL byte inside PTX text")));
    }
    const std::vector<PtxToken> t = tokenizePtx(data, size, co.problems, src);
    int depth = 0;
    QSet<QString> defined;
    QStringList declared;
    bool sawVersion = false, sawTarget = false;
    for (size_t i = 0; i < t.size(); ++i) {
        const QByteArray &tok = t[i].text;
        if (tok == "{") {
            ++depth;
            continue;
        }
        if (tok == "}") {
            if (depth == 0)
                co.problems.append(problemAt(
                    src, t[i].offset, QStringLiteral("unbalanced '}' on line %1").arg(t[i].line)));
            else
                --depth;
            continue;
        }
        if (depth > 0)
            continue;
        if (tok == ".version" && i + 1 < t.size()) {
            co.ptxVersion = QString::fromLatin1(t[i + 1].text);
            sawVersion = true;
        } else if (tok == ".target") {
            sawTarget = true;
            // ".target sm_90a, debug" -- no terminating ';', the list ends with the line.
            for (size_t j = i + 1; j < t.size() && t[j].line == t[i].line; ++j) {
                const QString name = QString::fromLatin1(t[j].text);
                if (name.startsWith(QLatin1String("sm_")) ||
                    name.startsWith(QLatin1String("compute_"))) {
                    if (auto id = TargetId::parse(name))
                        co.target = *id;
                    else
                        co.problems.append(problemAt(
                            src, t[j].offset, QStringLiteral("unknown PTX target '%1'").arg(name)));
                }
            }
        } else if (tok == ".entry" || tok == ".func") {
            // Linkage directives before it: .visible / .extern / .weak.
            bool isExtern = false, isVisible = false, isWeak = false;
            for (size_t b = i; b > 0 && b + 3 > i; --b) {
                const QByteArray &prev = t[b - 1].text;
                isExtern = isExtern || prev == ".extern";
                isVisible = isVisible || prev == ".visible";
                isWeak = isWeak || prev == ".weak";
                if (prev == ";" || prev == "}")
                    break;
            }
            size_t j = i + 1;
            // .func (.param .b32 retval) name(...)
            if (tok == ".func" && j < t.size() && t[j].text == "(") {
                int d = 0;
                for (; j < t.size(); ++j) {
                    if (t[j].text == "(")
                        ++d;
                    else if (t[j].text == ")" && --d == 0) {
                        ++j;
                        break;
                    }
                }
            }
            if (j >= t.size()) {
                co.problems.append(
                    problemAt(src, t[i].offset,
                              QStringLiteral("%1 without a name at the end of the text")
                                  .arg(QString::fromLatin1(tok))));
                break;
            }
            const QString name = QString::fromLatin1(t[j].text);
            KernelInfo k;
            k.name = k.symbol = name;
            k.wavefrontSize = 32;
            // Parameter list.
            size_t q = j + 1;
            if (q < t.size() && t[q].text == "(") {
                uint64_t offset = 0;
                QList<const PtxToken *> cur;
                auto flush = [&]() {
                    if (cur.isEmpty())
                        return;
                    int elem = 0;
                    uint64_t align = 0, count = 1;
                    QString pname;
                    for (int n = 0; n < cur.size(); ++n) {
                        const QByteArray &x = cur[n]->text;
                        if (x == ".align" && n + 1 < cur.size())
                            align = cur[n + 1]->text.toULongLong();
                        else if (int s = ptxTypeSize(x); s > 0 && elem == 0)
                            elem = s;
                        else if (x == "[" && n + 1 < cur.size()) {
                            const uint64_t c = cur[n + 1]->text.toULongLong();
                            if (c > 0 && c < (uint64_t(1) << 32))
                                count *= c;
                        } else if (!x.startsWith('.') &&
                                   (std::isalpha(uchar(x[0])) || x[0] == '_' || x[0] == '$' ||
                                    x[0] == '%') &&
                                   pname.isEmpty())
                            pname = QString::fromLatin1(x);
                    }
                    KernelArg a;
                    a.name = pname;
                    a.size = uint64_t(elem) * count;
                    if (align == 0 || (align & (align - 1)) != 0 || align > 4096)
                        align = elem > 0 ? uint64_t(elem) : 1;
                    offset = (offset + align - 1) / align * align;
                    a.offset = offset;
                    a.valueKind = QStringLiteral("param");
                    offset += a.size;
                    k.args.append(a);
                    k.kernargSegmentAlign = std::max(k.kernargSegmentAlign, align);
                    cur.clear();
                };
                int d = 0;
                for (; q < t.size(); ++q) {
                    const QByteArray &x = t[q].text;
                    if (x == "(") {
                        if (d++ == 0)
                            continue;
                    } else if (x == ")") {
                        if (--d == 0) {
                            flush();
                            ++q;
                            break;
                        }
                    } else if (x == "," && d == 1) {
                        flush();
                        continue;
                    }
                    if (x == "{" || x == ";") // a broken list: stop at the body
                        break;
                    cur.append(&t[q]);
                }
                if (d != 0)
                    co.problems.append(
                        problemAt(src, t[j].offset,
                                  QStringLiteral("unterminated parameter list of %1").arg(name)));
                k.kernargSegmentSize = offset;
            }
            // A declaration ends with ';' before any body.
            bool hasBody = false;
            for (; q < t.size(); ++q) {
                if (t[q].text == ";")
                    break;
                if (t[q].text == "{") {
                    hasBody = true;
                    break;
                }
            }
            i = q > 0 ? q - 1 : q; // the '{' is counted by the loop
            if (isExtern || !hasBody) {
                declared.append(name);
                continue;
            }
            defined.insert(name);
            Symbol s;
            s.names = SymbolName(name);
            s.kind = tok == ".entry" ? SymbolKind::Kernel : SymbolKind::DeviceFunction;
            s.elfBinding = isWeak      ? llvm::ELF::STB_WEAK
                           : isVisible ? llvm::ELF::STB_GLOBAL
                                       : llvm::ELF::STB_LOCAL;
            s.elfVisibility = llvm::ELF::STV_DEFAULT;
            s.sectionName = SymbolName(QString::fromLatin1(tok), QString::fromLatin1(tok));
            co.symbols.append(s);
            if (tok == ".entry")
                co.kernels.append(k);
        } else if ((tok == ".global" || tok == ".const") && i + 1 < t.size()) {
            // File-scope variable: ".global .align 4 .b8 name[16];"
            bool isExtern = i > 0 && t[i - 1].text == ".extern";
            QString vname;
            size_t q = i + 1;
            for (; q < t.size() && t[q].text != ";" && t[q].text != "=" && t[q].text != "["; ++q) {
                const QByteArray &x = t[q].text;
                if (!x.startsWith('.') && (std::isalpha(uchar(x[0])) || x[0] == '_' || x[0] == '$'))
                    vname = QString::fromLatin1(x);
                if (x == "{" || x == "}")
                    break;
            }
            if (!vname.isEmpty()) {
                Symbol s;
                s.names = SymbolName(vname);
                s.kind = SymbolKind::Object;
                s.elfBinding = i > 0 && t[i - 1].text == ".visible" ? llvm::ELF::STB_GLOBAL
                                                                    : llvm::ELF::STB_LOCAL;
                s.elfVisibility = llvm::ELF::STV_DEFAULT;
                s.undefined = isExtern;
                if (!isExtern)
                    s.sectionName = SymbolName(QString::fromLatin1(tok), QString::fromLatin1(tok));
                co.symbols.append(s);
            }
        }
    }
    if (depth != 0)
        co.problems.append(problemAt(
            src, size,
            QStringLiteral("%1 unterminated '{' block(s) at the end of the PTX").arg(depth)));
    for (const QString &d : declared)
        if (!defined.contains(d) && !co.undefinedSymbols.contains(d))
            co.undefinedSymbols.append(d);
    if (!sawVersion)
        co.problems.append(problemAt(src, 0, QStringLiteral("PTX without a .version directive")));
    if (!sawTarget)
        co.problems.append(problemAt(src, 0, QStringLiteral("PTX without a .target directive")));
    return co;
}

QString FatbinEntry::kindName() const {
    switch (kind) {
    case 1:
        return QStringLiteral("ptx");
    case 2:
        return QStringLiteral("cubin");
    default:
        return QStringLiteral("unknown(%1)").arg(kind);
    }
}

namespace {

// Reads one container at data[pos]; returns the number of bytes it occupies (0 = nothing read).
uint64_t readOneContainer(const char *data, size_t size, uint64_t pos, const Source &src,
                          bool symbols, FatbinReadResult &r) {
    uint32_t magic = 0;
    uint16_t version = 0, headerSize = 0;
    uint64_t payloadSize = 0;
    if (!readLE(data, size, pos, magic) || magic != kFatbinMagic) {
        r.problems.append(problemAt(src, pos,
                                    QStringLiteral("not a fatbin container (magic %1, expected %2)")
                                        .arg(hex(magic), hex(kFatbinMagic))));
        return 0;
    }
    if (!readLE(data, size, pos + 4, version) || !readLE(data, size, pos + 6, headerSize) ||
        !readLE(data, size, pos + 8, payloadSize)) {
        r.problems.append(problemAt(src, pos, QStringLiteral("truncated fatbin container header")));
        return 0;
    }
    if (headerSize < 16 || headerSize > size - pos) {
        r.problems.append(problemAt(src, pos + 6,
                                    QStringLiteral("bad fatbin header size %1 (%2 bytes left)")
                                        .arg(headerSize)
                                        .arg(size - pos)));
        return 0;
    }
    Fatbin fb;
    fb.fileOffset = src.fileOffset + pos;
    fb.version = version;
    uint64_t end = pos + headerSize + payloadSize;
    if (payloadSize > size - pos - headerSize) {
        r.problems.append(problemAt(
            src, pos + 8,
            QStringLiteral(
                "fatbin payload size %1 runs past the end (%2 bytes left); reading what is there")
                .arg(hex(payloadSize), hex(size - pos - headerSize))));
        end = size;
    }
    fb.size = end - pos;
    const QString containerOrigin =
        src.origin.isEmpty() ? QStringLiteral("fatbin @ %1").arg(hex(fb.fileOffset)) : src.origin;

    uint64_t p = pos + headerSize;
    int index = 0;
    while (p < end) {
        FatbinEntry e;
        e.offset = src.fileOffset + p;
        uint16_t kind = 0;
        uint64_t epsz = 0;
        if (end - p < 16 || !readLE(data, size, p, kind) || !readLE(data, size, p + 2, e.version) ||
            !readLE(data, size, p + 4, e.headerSize) || !readLE(data, size, p + 8, epsz)) {
            r.problems.append(problemAt(
                src, p,
                QStringLiteral("truncated fatbin entry header (%1 bytes left)").arg(end - p)));
            break;
        }
        e.kind = kind;
        e.payloadSize = epsz;
        if (e.headerSize < 16 || e.headerSize > end - p) {
            r.problems.append(problemAt(
                src, p + 4,
                QStringLiteral("bad fatbin entry header size %1 (%2 bytes left in the container)")
                    .arg(e.headerSize)
                    .arg(end - p)));
            break;
        }
        // Optional fields: present when the header is long enough.
        uint32_t arch = 0, compressedSize = 0;
        if (e.headerSize >= 0x20)
            readLE(data, size, p + 0x1c, arch);
        if (e.headerSize >= 0x14)
            readLE(data, size, p + 0x10, compressedSize);
        if (e.headerSize >= 0x30)
            readLE(data, size, p + 0x28, e.flags);
        if (e.headerSize >= 0x40)
            readLE(data, size, p + 0x38, e.uncompressedSize);
        e.arch = int(std::min<uint32_t>(arch, 100000));
        const uint64_t ps = p + e.headerSize;
        uint64_t pe = ps + epsz;
        if (epsz > end - ps) {
            r.problems.append(problemAt(
                src, p + 8,
                QStringLiteral(
                    "fatbin entry %1 payload size %2 runs past the container (%3 bytes left)")
                    .arg(index)
                    .arg(hex(epsz), hex(end - ps))));
            pe = end;
        }
        if (e.flags & kFatbinFlagCompressedZstd)
            e.compression = QStringLiteral("zstd");
        else if (e.flags & kFatbinFlagCompressedLz4)
            e.compression = QStringLiteral("lz4");

        Source es;
        es.file = src.file;
        es.fileOffset = src.fileOffset + ps;
        es.insideCompressed = src.insideCompressed;
        const bool archSpecific = (e.flags & 0x100000) != 0; // sm_90a entries (seen with nvcc 13)
        es.origin = QStringLiteral("%1 entry %2 (%3 sm_%4%5)")
                        .arg(containerOrigin)
                        .arg(index)
                        .arg(e.kindName())
                        .arg(e.arch)
                        .arg(archSpecific ? QStringLiteral("a") : QString());

        const char *payload = data + ps;
        size_t payloadLen = size_t(pe - ps);
        std::unique_ptr<char[]> plain;
        bool usable = e.kind == 1 || e.kind == 2;
        if (!usable)
            r.problems.append(problemAt(
                src, p,
                QStringLiteral("fatbin entry %1 has unknown kind %2").arg(index).arg(e.kind)));
        if (usable && e.compression == QLatin1String("lz4")) {
            r.problems.append(
                problemAt(src, p + 0x28,
                          QStringLiteral(
                              "fatbin entry %1 is compressed with an unsupported method (flags %2: "
                              "the older LZ4-style fatbin compression); not decoded")
                              .arg(index)
                              .arg(hex(e.flags))));
            usable = false;
        } else if (usable && e.compression == QLatin1String("zstd")) {
            size_t clen = payloadLen;
            if (compressedSize > 0 && compressedSize <= payloadLen)
                clen = compressedSize;
            if (e.uncompressedSize == 0 || e.uncompressedSize > kMaxDecompressed) {
                r.problems.append(
                    problemAt(src, p + 0x38,
                              QStringLiteral("fatbin entry %1: implausible decompressed size %2")
                                  .arg(index)
                                  .arg(hex(e.uncompressedSize))));
                usable = false;
            } else if (e.uncompressedSize >
                       r.decompressionBudget - std::min(r.decompressionBudget, r.decompressed)) {
                r.problems.append(problemAt(
                    src, p + 0x38,
                    QStringLiteral("fatbin entry %1: %2 more decompressed bytes would pass this "
                                   "file's decompression budget of %3 bytes (%4 already "
                                   "decompressed; docs/limits.md): not decompressed")
                        .arg(index)
                        .arg(e.uncompressedSize)
                        .arg(r.decompressionBudget)
                        .arg(r.decompressed)));
                usable = false;
            } else {
                const unsigned long long frameSize = ZSTD_getFrameContentSize(payload, clen);
                if (frameSize == ZSTD_CONTENTSIZE_ERROR) {
                    r.problems.append(problemAt(
                        src, ps,
                        QStringLiteral("fatbin entry %1: payload is not a zstd frame").arg(index)));
                    usable = false;
                } else if (frameSize != ZSTD_CONTENTSIZE_UNKNOWN &&
                           frameSize != e.uncompressedSize) {
                    r.problems.append(
                        problemAt(src, p + 0x38,
                                  QStringLiteral("fatbin entry %1: header says %2 bytes "
                                                 "decompressed, the zstd frame says %3")
                                      .arg(index)
                                      .arg(e.uncompressedSize)
                                      .arg(frameSize)));
                    usable = false;
                }
            }
            if (usable) {
                r.decompressed += e.uncompressedSize;
                plain.reset(new char[e.uncompressedSize]);
                const size_t got = ZSTD_decompress(plain.get(), e.uncompressedSize, payload, clen);
                if (ZSTD_isError(got)) {
                    r.problems.append(
                        problemAt(src, ps,
                                  QStringLiteral("fatbin entry %1: zstd decompression failed: %2")
                                      .arg(index)
                                      .arg(QString::fromLatin1(ZSTD_getErrorName(got)))));
                    usable = false;
                } else {
                    if (got != e.uncompressedSize)
                        r.problems.append(problemAt(
                            src, p + 0x38,
                            QStringLiteral("fatbin entry %1: decompressed %2 bytes, header says %3")
                                .arg(index)
                                .arg(got)
                                .arg(e.uncompressedSize)));
                    payload = plain.get();
                    payloadLen = got;
                    es.insideCompressed = true;
                }
            }
        }
        if (usable) {
            CodeObject co = e.kind == 2 ? readCubin(payload, payloadLen, es, symbols)
                                        : readPtx(payload, payloadLen, es);
            co.size = pe - ps;
            if (e.kind == 1 && !co.target.isValid() && e.arch > 0)
                co.target = TargetId::nvidiaSm(e.arch, archSpecific);
            if (e.kind == 2 && co.target.isValid() && e.arch > 0 && co.target.smVersion() != e.arch)
                co.problems.append(
                    problemAt(src, p + 0x1c,
                              QStringLiteral("fatbin entry %1 says sm_%2, its cubin says %3")
                                  .arg(index)
                                  .arg(e.arch)
                                  .arg(co.target.toString())));
            if (e.kind == 2 && archSpecific && co.target.isValid() && !co.target.isArchSpecificSm())
                co.target = TargetId::nvidiaSm(co.target.smVersion(), true);
            e.codeObjectIndex = int(r.codeObjects.size());
            r.codeObjects.append(co);
        }
        fb.entries.append(e);
        ++index;
        p = pe;
    }
    r.fatbins.append(fb);
    return end - pos;
}

bool allZero(const char *d, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (d[i])
            return false;
    return true;
}

} // namespace

FatbinReadResult readFatbinContainer(const char *data, size_t size, const Source &src,
                                     bool symbols) {
    FatbinReadResult r;
    r.decompressionBudget = inputDecompressionBudget(size);
    uint64_t pos = 0;
    while (pos < size) {
        Source s = src;
        if (pos > 0 || s.origin.isEmpty())
            s.origin = QStringLiteral("%1fatbin @ %2")
                           .arg(src.origin.isEmpty() ? QString() : src.origin + QLatin1Char(' '),
                                hex(src.fileOffset + pos));
        const uint64_t used = readOneContainer(data, size, pos, s, symbols, r);
        if (used == 0)
            break;
        pos += used;
        // Containers follow each other, padded to 8 (or more) bytes with zeros.
        uint64_t next = pos;
        while (next < size && data[next] == 0)
            ++next;
        if (next >= size)
            break;
        if (!looksLikeFatbin(data + next, size - next)) {
            r.problems.append(
                problemAt(src, next, QStringLiteral("unexpected bytes after a fatbin container")));
            break;
        }
        pos = next;
    }
    if (size == 0)
        r.problems.append(problemAt(src, 0, QStringLiteral("empty fatbin")));
    return r;
}

namespace {

template <class ELFT>
FatbinReadResult readHostElf(const char *data, size_t size, const QString &file, bool symbols,
                             bool *hasNvFatbin) {
    FatbinReadResult r;
    r.decompressionBudget = inputDecompressionBudget(size);
    Source top;
    top.file = file;
    auto fileOrErr = llvm::object::ELFFile<ELFT>::create(llvm::StringRef(data, size));
    if (!fileOrErr) {
        llvm::consumeError(fileOrErr.takeError()); // the host ELF reader reports this
        return r;
    }
    const auto &elf = *fileOrErr;
    auto secsOrErr = elf.sections();
    if (!secsOrErr) {
        llvm::consumeError(secsOrErr.takeError());
        return r;
    }
    auto secs = *secsOrErr;
    int fatbinSec = -1, segSec = -1;
    for (size_t i = 0; i < secs.size(); ++i) {
        auto n = elf.getSectionName(secs[i]);
        if (!n) {
            llvm::consumeError(n.takeError());
            continue;
        }
        if (*n == ".nv_fatbin")
            fatbinSec = int(i);
        else if (*n == ".nvFatBinSegment")
            segSec = int(i);
    }
    if (hasNvFatbin)
        *hasNvFatbin = fatbinSec >= 0 || segSec >= 0;
    QSet<uint64_t> done; // file offsets of containers read

    auto readAt = [&](uint64_t off, const QString &origin) {
        if (done.contains(off))
            return;
        done.insert(off);
        Source s = top;
        s.fileOffset = 0;
        s.origin = origin;
        readOneContainer(data, size, off, s, symbols, r);
    };
    auto vaddrToOffset = [&](uint64_t va, uint64_t &off) {
        for (const auto &s : secs) {
            if (!(s.sh_flags & llvm::ELF::SHF_ALLOC) || s.sh_type == llvm::ELF::SHT_NOBITS)
                continue;
            if (va >= s.sh_addr && va - s.sh_addr < s.sh_size) {
                off = s.sh_offset + (va - s.sh_addr);
                return off < size;
            }
        }
        return false;
    };

    if (segSec >= 0 && elf.getHeader().e_type != llvm::ELF::ET_REL) {
        const auto &seg = secs[segSec];
        QHash<uint64_t, uint64_t> relative; // r_offset -> addend
        for (const auto &s : secs) {
            if (s.sh_type != llvm::ELF::SHT_RELA)
                continue;
            auto relas = elf.relas(s);
            if (!relas) {
                llvm::consumeError(relas.takeError());
                continue;
            }
            for (const auto &rel : *relas)
                if (rel.getType(false) == llvm::ELF::R_X86_64_RELATIVE &&
                    rel.r_offset >= seg.sh_addr && rel.r_offset - seg.sh_addr < seg.sh_size)
                    relative.insert(rel.r_offset, uint64_t(rel.r_addend));
        }
        auto contents = elf.getSectionContents(seg);
        if (!contents) {
            r.problems.append(
                problemAt(top, seg.sh_offset,
                          QStringLiteral(".nvFatBinSegment cannot be read: %1")
                              .arg(QString::fromStdString(llvm::toString(contents.takeError())))));
        } else {
            const auto &c = *contents;
            for (size_t w = 0; w + 24 <= c.size(); w += 24) {
                uint32_t magic = u32At(c, w);
                if (magic != kFatbinWrapperMagic) {
                    if (!allZero(reinterpret_cast<const char *>(c.data()) + w, 24))
                        r.problems.append(
                            problemAt(top, seg.sh_offset + w,
                                      QStringLiteral(".nvFatBinSegment wrapper with bad magic %1")
                                          .arg(hex(magic))));
                    continue;
                }
                uint64_t ptr = 0;
                std::memcpy(&ptr, c.data() + w + 8, 8);
                if (ptr == 0)
                    ptr = relative.value(seg.sh_addr + w + 8, 0);
                uint64_t off = 0;
                if (ptr == 0 || !vaddrToOffset(ptr, off)) {
                    r.problems.append(problemAt(
                        top, seg.sh_offset + w + 8,
                        QStringLiteral(
                            ".nvFatBinSegment wrapper points to %1, outside the file's sections")
                            .arg(hex(ptr))));
                    continue;
                }
                readAt(off, QStringLiteral(".nv_fatbin+%1")
                                .arg(hex(fatbinSec >= 0 ? off - secs[fatbinSec].sh_offset : off)));
            }
        }
    }
    // Scan .nv_fatbin for containers no wrapper pointed at (relocatable objects, odd linkers).
    if (fatbinSec >= 0 && secs[fatbinSec].sh_type != llvm::ELF::SHT_NOBITS) {
        const auto &fs = secs[fatbinSec];
        if (fs.sh_offset > size || fs.sh_size > size - fs.sh_offset) {
            r.problems.append(problemAt(
                top, fs.sh_offset, QStringLiteral(".nv_fatbin runs past the end of the file")));
        } else {
            for (uint64_t p = 0; p + 16 <= fs.sh_size; p += 8) {
                if (!looksLikeFatbin(data + fs.sh_offset + p, size_t(fs.sh_size - p)))
                    continue;
                if (!done.contains(fs.sh_offset + p)) {
                    const int before = int(r.fatbins.size());
                    done.insert(fs.sh_offset + p);
                    Source s = top;
                    s.fileOffset = fs.sh_offset; // bounded by the section
                    s.origin = QStringLiteral(".nv_fatbin+%1").arg(hex(p));
                    readOneContainer(data + fs.sh_offset, size_t(fs.sh_size), p, s, symbols, r);
                    if (int(r.fatbins.size()) > before && r.fatbins.last().size >= 16)
                        p += (r.fatbins.last().size & ~uint64_t(7)) - 8;
                } else {
                    for (const auto &fb : r.fatbins)
                        if (fb.fileOffset == fs.sh_offset + p && fb.size >= 16)
                            p += (fb.size & ~uint64_t(7)) - 8;
                }
            }
        }
    }
    return r;
}

} // namespace

FatbinReadResult readHostNvFatbins(const char *data, size_t size, const QString &file, bool symbols,
                                   bool *hasNvFatbin) {
    if (hasNvFatbin)
        *hasNvFatbin = false;
    if (size < 64 ||
        std::memcmp(data,
                    "\x7f"
                    "ELF",
                    4) != 0 ||
        data[5] != 1)
        return {};
    std::unique_ptr<uint64_t[]> aligned;
    if (reinterpret_cast<uintptr_t>(data) % 8 != 0) {
        aligned.reset(new uint64_t[(size + 7) / 8]);
        std::memcpy(aligned.get(), data, size);
        data = reinterpret_cast<const char *>(aligned.get());
    }
    if (data[4] == 2)
        return readHostElf<llvm::object::ELF64LE>(data, size, file, symbols, hasNvFatbin);
    if (data[4] == 1)
        return readHostElf<llvm::object::ELF32LE>(data, size, file, symbols, hasNvFatbin);
    return {};
}

void appendTo(ArtifactReport &report, FatbinReadResult &&result) {
    const int base = int(report.codeObjects.size());
    for (const Fatbin &fb : result.fatbins) {
        Bundle b;
        b.origin = QStringLiteral("fatbin @ %1").arg(hex(fb.fileOffset));
        b.fileOffset = fb.fileOffset;
        b.size = fb.size;
        for (const FatbinEntry &e : fb.entries) {
            BundleEntry be;
            be.kind = e.kindName();
            be.triple = QStringLiteral("nvptx64-nvidia-cuda");
            if (e.codeObjectIndex >= 0 && e.codeObjectIndex < result.codeObjects.size() &&
                result.codeObjects[e.codeObjectIndex].target.isValid())
                be.targetId = result.codeObjects[e.codeObjectIndex].target.toString();
            else if (e.arch > 0)
                be.targetId = QStringLiteral("sm_%1").arg(e.arch);
            be.id = QStringLiteral("%1-%2--%3").arg(be.kind, be.triple, be.targetId);
            be.offset = e.offset - fb.fileOffset;
            be.size = e.headerSize + e.payloadSize;
            be.codeObjectIndex = e.codeObjectIndex >= 0 ? base + e.codeObjectIndex : -1;
            if (!e.compression.isEmpty())
                b.compression = e.compression;
            b.entries.append(be);
        }
        report.bundles.append(b);
    }
    report.codeObjects.append(result.codeObjects);
    report.problems.append(result.problems);
}

} // namespace hd::nvidia
