// Decoding the AMDGPU metadata note into KernelInfo values. The msgpack note is walked value
// by value (MsgpackCursor) instead of building a msgpack::Document: librocsparse's notes hold
// 88k kernels, and the document tree cost more than everything else together. Argument lists
// repeat (templates, and every target's code object of the same source), so each list's raw
// bytes are looked up first and only unseen lists are decoded.

#include "artifacts/amdgpu_code_object.h"
#include "artifacts/msgpack_cursor.h"
#include "artifacts/symbols.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Error.h>

#include <algorithm>

#include <optional>

namespace hd {

namespace {

using llvm::msgpack::Object;
using llvm::msgpack::Type;

// The cursor with errors as QStrings for the Problems this decoder reports.
class MsgpackWalker : public MsgpackCursor {
public:
    using MsgpackCursor::MsgpackCursor;
    QString errorText() const { return QString::fromStdString(error()); }
};

bool toU64(const Object &o, uint64_t &out) {
    switch (o.Kind) {
    case Type::UInt:
        out = o.UInt;
        return true;
    case Type::Int:
        out = o.Int < 0 ? 0 : uint64_t(o.Int);
        return true;
    case Type::Float:
        out = o.Float < 0 ? 0 : uint64_t(o.Float);
        return true;
    default:
        return false;
    }
}

int toInt(const Object &o) {
    uint64_t v = 0;
    return toU64(o, v) ? int(std::min<uint64_t>(v, 0x7fffffff)) : 0;
}

QString toStr(const Object &o, StringPool &pool) {
    return o.Kind == Type::String ? pool.intern(o.Raw) : QString();
}

bool isKey(const Object &o) {
    return o.Kind == Type::String;
}

bool readArg(MsgpackWalker &w, const Object &header, StringPool &pool, KernelArg &a) {
    if (header.Kind != Type::Map)
        return w.skip(header);
    for (size_t i = 0; i < header.Length; ++i) {
        Object k, v;
        if (!w.next(k) || !w.next(v))
            return false;
        const llvm::StringRef key = isKey(k) ? k.Raw : llvm::StringRef();
        if (key == ".name")
            a.name = toStr(v, pool);
        else if (key == ".type_name")
            a.typeName = toStr(v, pool);
        else if (key == ".value_kind")
            a.valueKind = toStr(v, pool);
        else if (key == ".address_space")
            a.addressSpace = toStr(v, pool);
        else if (key == ".size")
            toU64(v, a.size);
        else if (key == ".offset")
            toU64(v, a.offset);
        else if (!w.skip(v))
            return false;
    }
    return true;
}

// A kernel's .args list (v its array header): a list seen before is found by its count and
// first value (StringPool::argsAt); a new one is decoded into a reused buffer, then shared with
// every kernel of the same signature.
bool readKernelArgs(MsgpackWalker &w, const Object &v, StringPool &pool,
                    QList<KernelArg> &scratchArgs, KernelInfo &k) {
    const char *begin = w.position();
    Object first;
    if (v.Length > 0 && (!w.next(first) || !w.skip(first)))
        return false;
    const llvm::StringRef firstRaw(begin, size_t(w.position() - begin));
    size_t seenSize = 0;
    if (const QList<KernelArg> *seen =
            pool.argsAt(llvm::StringRef(begin, firstRaw.size() + w.rest().size()), v.Length,
                        firstRaw, &seenSize)) {
        k.args = *seen;
        return w.skipBytes(seenSize - firstRaw.size());
    }
    Object others = v; // the values after the first
    others.Length = v.Length > 0 ? v.Length - 1 : 0;
    if (!w.skip(others))
        return false;
    const llvm::StringRef raw(begin, size_t(w.position() - begin));
    MsgpackWalker list(raw);
    QList<KernelArg> &args = scratchArgs;
    args.clear(); // keeps the capacity
    for (size_t j = 0; j < v.Length; ++j) {
        Object a;
        if (!list.next(a))
            return false;
        KernelArg arg;
        if (!readArg(list, a, pool, arg))
            return false;
        if (a.Kind == Type::Map)
            args.append(std::move(arg));
    }
    k.args = pool.sharedArgs(args);
    pool.rememberArgs(raw, v.Length, firstRaw, k.args);
    args.clear();
    return true;
}

bool readKernel(MsgpackWalker &w, const Object &header, StringPool &pool,
                QList<KernelArg> &scratchArgs, KernelInfo &k) {
    if (header.Kind != Type::Map)
        return w.skip(header);
    for (size_t i = 0; i < header.Length; ++i) {
        Object kk, v;
        if (!w.next(kk) || !w.next(v))
            return false;
        const llvm::StringRef key = isKey(kk) ? kk.Raw : llvm::StringRef();
        // Kernel names are symbol names too: one copy for the metadata and the symbol table.
        if (key == ".name")
            k.name = v.Kind == Type::String ? pool.noteName(v.Raw).name() : QString();
        else if (key == ".symbol")
            k.symbol = v.Kind == Type::String ? pool.noteName(v.Raw).name() : QString();
        else if (key == ".args" && v.Kind == Type::Array) {
            if (!readKernelArgs(w, v, pool, scratchArgs, k))
                return false;
        } else if (key == ".kernarg_segment_size")
            toU64(v, k.kernargSegmentSize);
        else if (key == ".kernarg_segment_align")
            toU64(v, k.kernargSegmentAlign);
        else if (key == ".group_segment_fixed_size")
            toU64(v, k.groupSegmentFixedSize);
        else if (key == ".private_segment_fixed_size")
            toU64(v, k.privateSegmentFixedSize);
        else if (key == ".wavefront_size")
            k.wavefrontSize = toInt(v);
        else if (key == ".sgpr_count")
            k.sgprCount = toInt(v);
        else if (key == ".vgpr_count")
            k.vgprCount = toInt(v);
        else if (key == ".agpr_count")
            k.agprCount = toInt(v);
        else if (key == ".sgpr_spill_count")
            k.sgprSpillCount = toInt(v);
        else if (key == ".vgpr_spill_count")
            k.vgprSpillCount = toInt(v);
        else if (key == ".max_flat_workgroup_size")
            k.maxFlatWorkgroupSize = toInt(v);
        else if (key == ".uses_dynamic_stack")
            k.usesDynamicStack = v.Kind == Type::Boolean ? v.Bool : toInt(v) != 0;
        else if (!w.skip(v))
            return false;
    }
    return true;
}

// The note's root map: amdhsa.target into *target, and the amdhsa.kernels array to the sink:
// sink.expect(length) first, then sink.read(walker, header) for each entry, which reads the
// entry's value and says whether the walk can go on; sink.soFar() counts them for the error.
template <typename Sink>
bool walkMetadataMsgpack(const char *data, size_t size, QString *target, QString *error,
                         StringPool &pool, Sink &sink) {
    MsgpackWalker w(llvm::StringRef(data, size));
    pool.beginNote();
    Object root;
    if (!w.next(root) || root.Kind != Type::Map) {
        if (error)
            *error =
                w.ok()
                    ? QStringLiteral("metadata note is msgpack but not a map")
                    : QStringLiteral("metadata note is not valid msgpack: %1").arg(w.errorText());
        return false;
    }
    for (size_t i = 0; i < root.Length; ++i) {
        Object k, v;
        if (!w.next(k) || !w.next(v))
            break;
        const llvm::StringRef key = isKey(k) ? k.Raw : llvm::StringRef();
        if (key == "amdhsa.target" && v.Kind == Type::String) {
            if (target)
                *target = toStr(v, pool);
        } else if (key == "amdhsa.kernels" && v.Kind == Type::Array) {
            sink.expect(v.Length);
            for (size_t j = 0; j < v.Length; ++j) {
                Object kh;
                if (!w.next(kh) || !sink.read(w, kh))
                    break;
            }
        } else if (!w.skip(v)) {
            break;
        }
    }
    if (!w.ok()) {
        if (error)
            *error = QStringLiteral("metadata note unreadable after %1 kernels: %2")
                         .arg(sink.soFar())
                         .arg(w.errorText());
        return false;
    }
    return true;
}

// One kernel's map counted: 1 kernel, and the maps in its .args list.
bool countKernel(MsgpackWalker &w, const Object &header, qsizetype &args) {
    if (header.Kind != Type::Map)
        return w.skip(header);
    for (size_t i = 0; i < header.Length; ++i) {
        Object kk, v;
        if (!w.next(kk) || !w.next(v))
            return false;
        if (!(isKey(kk) && kk.Raw == ".args" && v.Kind == Type::Array)) {
            if (!w.skip(v))
                return false;
            continue;
        }
        for (size_t j = 0; j < v.Length; ++j) {
            Object a;
            if (!w.next(a) || !w.skip(a))
                return false;
            if (a.Kind == Type::Map)
                ++args;
        }
    }
    return true;
}

} // namespace

bool parseAmdgpuMetadataMsgpack(const char *data, size_t size, QList<KernelInfo> &kernels,
                                QString *target, QString *error, StringPool *sharedPool) {
    StringPool localPool;
    StringPool &pool = sharedPool ? *sharedPool : localPool;
    struct Decode {
        QList<KernelInfo> &kernels;
        StringPool &pool;
        QList<KernelArg> scratchArgs;
        void expect(size_t n) {
            kernels.reserve(kernels.size() + qsizetype(std::min<size_t>(n, 1 << 16)));
        }
        bool read(MsgpackWalker &w, const Object &kh) {
            KernelInfo ki;
            const bool good = readKernel(w, kh, pool, scratchArgs, ki);
            if (kh.Kind == Type::Map)
                kernels.append(std::move(ki));
            return good;
        }
        qsizetype soFar() const { return kernels.size(); }
    } sink{kernels, pool, {}};
    return walkMetadataMsgpack(data, size, target, error, pool, sink);
}

bool countAmdgpuMetadataMsgpack(const char *data, size_t size, qsizetype &kernels, qsizetype &args,
                                QString *target, QString *error, StringPool *sharedPool) {
    StringPool localPool;
    StringPool &pool = sharedPool ? *sharedPool : localPool;
    struct Count {
        qsizetype &kernels, &args;
        void expect(size_t) {}
        bool read(MsgpackWalker &w, const Object &kh) {
            if (kh.Kind == Type::Map)
                ++kernels;
            return countKernel(w, kh, args);
        }
        qsizetype soFar() const { return kernels; }
    } sink{kernels, args};
    return walkMetadataMsgpack(data, size, target, error, pool, sink);
}

namespace {

// One "key: value" line of the YAML note; item when it starts a list item ("- ").
struct YamlLine {
    bool item = false;
    QString key, value;
};

std::optional<YamlLine> splitYamlLine(const QString &line) {
    const QString trimmed = line.trimmed();
    YamlLine l;
    l.item = trimmed.startsWith(QLatin1String("- "));
    const QString body = l.item ? trimmed.mid(2).trimmed() : trimmed;
    const qsizetype colon = body.indexOf(QLatin1Char(':'));
    if (colon < 0)
        return std::nullopt;
    l.key = body.left(colon).trimmed();
    l.value = body.mid(colon + 1).trimmed();
    if (l.value.size() >= 2 &&
        (l.value.startsWith(QLatin1Char('\'')) || l.value.startsWith(QLatin1Char('"'))))
        l.value = l.value.mid(1, l.value.size() - 2);
    return l;
}

// A field of one kernel argument (Align kept aside: it places the argument when it is done).
void setArgField(KernelArg &arg, uint64_t &align, const QString &key, const QString &value) {
    if (key == QLatin1String("Name"))
        arg.name = value;
    else if (key == QLatin1String("TypeName"))
        arg.typeName = value;
    else if (key == QLatin1String("Size"))
        arg.size = value.toULongLong();
    else if (key == QLatin1String("Align"))
        align = value.toULongLong();
    else if (key == QLatin1String("ValueKind"))
        arg.valueKind = value;
    else if (key == QLatin1String("AddrSpaceQual"))
        arg.addressSpace = value.toLower();
}

// A field of the kernel itself (its CodeProps).
void setKernelField(KernelInfo &k, const QString &key, const QString &value) {
    if (key == QLatin1String("SymbolName"))
        k.symbol = value;
    else if (key == QLatin1String("KernargSegmentSize"))
        k.kernargSegmentSize = value.toULongLong();
    else if (key == QLatin1String("KernargSegmentAlign"))
        k.kernargSegmentAlign = value.toULongLong();
    else if (key == QLatin1String("GroupSegmentFixedSize"))
        k.groupSegmentFixedSize = value.toULongLong();
    else if (key == QLatin1String("PrivateSegmentFixedSize"))
        k.privateSegmentFixedSize = value.toULongLong();
    else if (key == QLatin1String("WavefrontSize"))
        k.wavefrontSize = value.toInt();
    else if (key == QLatin1String("NumSGPRs"))
        k.sgprCount = value.toInt();
    else if (key == QLatin1String("NumVGPRs"))
        k.vgprCount = value.toInt();
    else if (key == QLatin1String("MaxFlatWorkGroupSize"))
        k.maxFlatWorkgroupSize = value.toInt();
    else if (key == QLatin1String("NumSpilledSGPRs"))
        k.sgprSpillCount = value.toInt();
    else if (key == QLatin1String("NumSpilledVGPRs"))
        k.vgprSpillCount = value.toInt();
}

// The reading so far: the kernel and argument being filled, and where the next argument goes.
struct YamlKernels {
    QList<KernelInfo> &kernels;
    KernelInfo *k = nullptr;
    KernelArg *arg = nullptr;
    bool inArgs = false;
    uint64_t nextOffset = 0;
    uint64_t argAlign = 0;

    // The argument being filled is complete: placed at the next offset its alignment allows.
    void finishArg() {
        if (!arg)
            return;
        if (argAlign > 0)
            nextOffset = (nextOffset + argAlign - 1) / argAlign * argAlign;
        arg->offset = nextOffset;
        nextOffset += arg->size;
        arg = nullptr;
        argAlign = 0;
    }

    void read(const YamlLine &l) {
        if (l.key == QLatin1String("Kernels"))
            return;
        if (l.item && l.key == QLatin1String("Name") && !inArgs) {
            finishArg();
            kernels.append(KernelInfo{});
            k = &kernels.last();
            k->name = l.value;
            nextOffset = 0;
            return;
        }
        if (!k)
            return;
        if (l.key == QLatin1String("Args")) {
            inArgs = true;
            return;
        }
        if (l.key == QLatin1String("CodeProps")) {
            finishArg();
            inArgs = false;
            return;
        }
        if (!inArgs) {
            setKernelField(*k, l.key, l.value);
            return;
        }
        if (l.item) {
            finishArg();
            k->args.append(KernelArg{});
            arg = &k->args.last();
        }
        if (arg)
            setArgField(*arg, argAlign, l.key, l.value);
    }
};

} // namespace

// Code object v2 wrote YAML; this reads the subset hipdoctor reports, line by line, without
// a YAML library (keys are unique per kernel and nesting is fixed by the producer).
bool parseAmdgpuMetadataYaml(const char *data, size_t size, QList<KernelInfo> &kernels,
                             QString *error) {
    const QString text = QString::fromUtf8(data, qsizetype(size));
    if (!text.contains(QLatin1String("Kernels:"))) {
        if (error)
            *error = QStringLiteral("YAML metadata note has no Kernels list");
        return false;
    }
    YamlKernels reader{kernels};
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &line : lines)
        if (const std::optional<YamlLine> l = splitYamlLine(line))
            reader.read(*l);
    reader.finishArg();
    return true;
}

} // namespace hd
