// PTX: the text nvcc embeds for the driver to compile. Only the file-scope directives are read
// (.version, .target, .entry / .func with their parameters, variables); function bodies are
// skipped. What the NVIDIA readers share: private/nvidia_p.h.

#include "artifacts/nvidia.h"

#include "nvidia_p.h"

#include "artifacts/symbols.h"

#include <llvm/BinaryFormat/ELF.h>

#include <QSet>
#include <QStringList>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <vector>

namespace hd::nvidia {

using namespace detail;

namespace {

// A PTX tokenizer good enough for directives at file scope: comments and strings skipped,
// tokens are identifiers / numbers / directives (.entry) or single punctuation characters.
struct PtxToken {
    QByteArray text;
    uint64_t offset = 0;
    int line = 0;
};

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

// Walks the file-scope tokens of one PTX text into `co`: the directives that say what the
// code is (.version, .target), the functions (.entry / .func) with their parameters and the
// file-scope variables. Each step appends its problems to co.problems.
// The linkage directives written before a .entry / .func.
struct PtxLinkage {
    bool isExtern = false, isVisible = false, isWeak = false;
};

class PtxReader {
public:
    PtxReader(const std::vector<PtxToken> &tokens, const Source &src, CodeObject &co)
        : t(tokens), m_src(src), m_co(co) {}

    void read();
    void finish(size_t size);

private:
    bool readBrace(size_t i);
    void readTarget(size_t i);
    bool readFunction(size_t &i);
    PtxLinkage linkageBefore(size_t i) const;
    size_t skipReturnParam(size_t j) const;
    size_t readParams(size_t j, const QString &name, KernelInfo &k);
    void addParam(const QList<const PtxToken *> &cur, uint64_t &offset, KernelInfo &k);
    void readVariable(size_t i);

    const std::vector<PtxToken> &t;
    const Source &m_src;
    CodeObject &m_co;
    int m_depth = 0;
    QSet<QString> m_defined;
    QStringList m_declared;
    bool m_sawVersion = false, m_sawTarget = false;
};

void PtxReader::read() {
    for (size_t i = 0; i < t.size(); ++i) {
        const QByteArray &tok = t[i].text;
        if (readBrace(i) || m_depth > 0)
            continue;
        if (tok == ".version" && i + 1 < t.size()) {
            m_co.ptxVersion = QString::fromLatin1(t[i + 1].text);
            m_sawVersion = true;
        } else if (tok == ".target") {
            readTarget(i);
        } else if (tok == ".entry" || tok == ".func") {
            if (!readFunction(i))
                break;
        } else if ((tok == ".global" || tok == ".const") && i + 1 < t.size()) {
            readVariable(i);
        }
    }
}

// Counts '{' / '}'; true when t[i] is one of them.
bool PtxReader::readBrace(size_t i) {
    const QByteArray &tok = t[i].text;
    if (tok == "{") {
        ++m_depth;
        return true;
    }
    if (tok == "}") {
        if (m_depth == 0)
            m_co.problems.append(problemAt(
                m_src, t[i].offset, QStringLiteral("unbalanced '}' on line %1").arg(t[i].line)));
        else
            --m_depth;
        return true;
    }
    return false;
}

void PtxReader::readTarget(size_t i) {
    m_sawTarget = true;
    // ".target sm_90a, debug" -- no terminating ';', the list ends with the line.
    for (size_t j = i + 1; j < t.size() && t[j].line == t[i].line; ++j) {
        const QString name = QString::fromLatin1(t[j].text);
        if (name.startsWith(QLatin1String("sm_")) || name.startsWith(QLatin1String("compute_"))) {
            if (auto id = TargetId::parse(name))
                m_co.target = *id;
            else
                m_co.problems.append(problemAt(
                    m_src, t[j].offset, QStringLiteral("unknown PTX target '%1'").arg(name)));
        }
    }
}

// .visible / .extern / .weak among the (at most three) tokens before t[i], back to the end of
// the previous statement.
PtxLinkage PtxReader::linkageBefore(size_t i) const {
    PtxLinkage l;
    for (size_t b = i; b > 0 && b + 3 > i; --b) {
        const QByteArray &prev = t[b - 1].text;
        l.isExtern = l.isExtern || prev == ".extern";
        l.isVisible = l.isVisible || prev == ".visible";
        l.isWeak = l.isWeak || prev == ".weak";
        if (prev == ";" || prev == "}")
            break;
    }
    return l;
}

// A .func's return parameter list at t[j] ("(.param .b32 retval) name(...)"): the index after
// its closing ')', where the name is (t.size() when the text ends first).
size_t PtxReader::skipReturnParam(size_t j) const {
    int d = 0;
    for (; j < t.size(); ++j) {
        if (t[j].text == "(")
            ++d;
        else if (t[j].text == ")" && --d == 0)
            return j + 1;
    }
    return j;
}

// A .entry / .func at t[i]: declared or defined, with its parameters. Leaves i before the
// body's '{' (counted by read()); false when the text ends before the name.
bool PtxReader::readFunction(size_t &i) {
    const QByteArray &tok = t[i].text;
    const PtxLinkage linkage = linkageBefore(i);
    size_t j = i + 1;
    if (tok == ".func" && j < t.size() && t[j].text == "(")
        j = skipReturnParam(j);
    if (j >= t.size()) {
        m_co.problems.append(problemAt(m_src, t[i].offset,
                                       QStringLiteral("%1 without a name at the end of the text")
                                           .arg(QString::fromLatin1(tok))));
        return false;
    }
    const QString name = QString::fromLatin1(t[j].text);
    KernelInfo k;
    k.name = k.symbol = name;
    k.wavefrontSize = 32;
    size_t q = readParams(j, name, k);
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
    if (linkage.isExtern || !hasBody) {
        m_declared.append(name);
        return true;
    }
    m_defined.insert(name);
    Symbol s;
    s.names = SymbolName(name);
    s.kind = tok == ".entry" ? SymbolKind::Kernel : SymbolKind::DeviceFunction;
    s.elfBinding = linkage.isWeak      ? llvm::ELF::STB_WEAK
                   : linkage.isVisible ? llvm::ELF::STB_GLOBAL
                                       : llvm::ELF::STB_LOCAL;
    s.elfVisibility = llvm::ELF::STV_DEFAULT;
    s.sectionName = SymbolName(QString::fromLatin1(tok), QString::fromLatin1(tok));
    m_co.symbols.append(s);
    if (tok == ".entry")
        m_co.kernels.append(k);
    return true;
}

// The parameter list after the name at t[j], if any, into k; returns the index after it.
size_t PtxReader::readParams(size_t j, const QString &name, KernelInfo &k) {
    size_t q = j + 1;
    if (q >= t.size() || t[q].text != "(")
        return q;
    uint64_t offset = 0;
    QList<const PtxToken *> cur;
    auto flush = [&]() {
        if (!cur.isEmpty())
            addParam(cur, offset, k);
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
        m_co.problems.append(problemAt(
            m_src, t[j].offset, QStringLiteral("unterminated parameter list of %1").arg(name)));
    k.kernargSegmentSize = offset;
    return q;
}

// One parameter (".param .align 8 .b8 name[16]"), laid out after the previous ones.
void PtxReader::addParam(const QList<const PtxToken *> &cur, uint64_t &offset, KernelInfo &k) {
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
                   (std::isalpha(uchar(x[0])) || x[0] == '_' || x[0] == '$' || x[0] == '%') &&
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
}

// File-scope variable: ".global .align 4 .b8 name[16];"
void PtxReader::readVariable(size_t i) {
    const QByteArray &tok = t[i].text;
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
    if (vname.isEmpty())
        return;
    Symbol s;
    s.names = SymbolName(vname);
    s.kind = SymbolKind::Object;
    s.elfBinding =
        i > 0 && t[i - 1].text == ".visible" ? llvm::ELF::STB_GLOBAL : llvm::ELF::STB_LOCAL;
    s.elfVisibility = llvm::ELF::STV_DEFAULT;
    s.undefined = isExtern;
    if (!isExtern)
        s.sectionName = SymbolName(QString::fromLatin1(tok), QString::fromLatin1(tok));
    m_co.symbols.append(s);
}

// What the whole text says once read: open blocks, names declared but not defined, missing
// directives.
void PtxReader::finish(size_t size) {
    if (m_depth != 0)
        m_co.problems.append(problemAt(
            m_src, size,
            QStringLiteral("%1 unterminated '{' block(s) at the end of the PTX").arg(m_depth)));
    for (const QString &d : m_declared)
        if (!m_defined.contains(d) && !m_co.undefinedSymbols.contains(d))
            m_co.undefinedSymbols.append(d);
    if (!m_sawVersion)
        m_co.problems.append(
            problemAt(m_src, 0, QStringLiteral("PTX without a .version directive")));
    if (!m_sawTarget)
        m_co.problems.append(
            problemAt(m_src, 0, QStringLiteral("PTX without a .target directive")));
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
    const std::vector<PtxToken> tokens = tokenizePtx(data, size, co.problems, src);
    PtxReader reader(tokens, src, co);
    reader.read();
    reader.finish(size);
    return co;
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

} // namespace hd::nvidia
