// Decoding the AMDGPU metadata note into KernelInfo values.

#include "artifacts/amdgpu_code_object.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/BinaryFormat/MsgPackDocument.h>

namespace hd {

namespace {

using llvm::msgpack::DocNode;
using llvm::msgpack::Type;

// Small non-negative integers decode as UInt, negative ones as Int; accept both (and floats
// written by odd producers) rather than dropping a value.
bool toU64(const DocNode &n, uint64_t &out) {
    switch (n.getKind()) {
    case Type::UInt:
        out = n.getUInt();
        return true;
    case Type::Int:
        out = n.getInt() < 0 ? 0 : uint64_t(n.getInt());
        return true;
    case Type::Float:
        out = n.getFloat() < 0 ? 0 : uint64_t(n.getFloat());
        return true;
    default:
        return false;
    }
}

QString toStr(const DocNode &n) {
    if (n.getKind() != Type::String)
        return {};
    const llvm::StringRef s = n.getString();
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

int toInt(const DocNode &n) {
    uint64_t v = 0;
    return toU64(n, v) ? int(std::min<uint64_t>(v, 0x7fffffff)) : 0;
}

KernelArg readArg(DocNode n) {
    KernelArg a;
    if (n.getKind() != Type::Map)
        return a;
    for (auto &kv : n.getMap()) {
        if (kv.first.getKind() != Type::String)
            continue;
        const llvm::StringRef k = kv.first.getString();
        if (k == ".name")
            a.name = toStr(kv.second);
        else if (k == ".type_name")
            a.typeName = toStr(kv.second);
        else if (k == ".value_kind")
            a.valueKind = toStr(kv.second);
        else if (k == ".address_space")
            a.addressSpace = toStr(kv.second);
        else if (k == ".size")
            toU64(kv.second, a.size);
        else if (k == ".offset")
            toU64(kv.second, a.offset);
    }
    return a;
}

KernelInfo readKernel(DocNode n) {
    KernelInfo k;
    if (n.getKind() != Type::Map)
        return k;
    for (auto &kv : n.getMap()) {
        if (kv.first.getKind() != Type::String)
            continue;
        const llvm::StringRef key = kv.first.getString();
        DocNode v = kv.second;
        if (key == ".name")
            k.name = toStr(v);
        else if (key == ".symbol")
            k.symbol = toStr(v);
        else if (key == ".args" && v.getKind() == Type::Array) {
            for (DocNode a : v.getArray())
                k.args.append(readArg(a));
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
            k.usesDynamicStack = v.getKind() == Type::Boolean ? v.getBool() : toInt(v) != 0;
    }
    return k;
}

} // namespace

bool parseAmdgpuMetadataMsgpack(const char *data, size_t size, QList<KernelInfo> &kernels,
                                QString *target, QString *error) {
    llvm::msgpack::Document doc;
    if (!doc.readFromBlob(llvm::StringRef(data, size), /*Multi=*/false)) {
        if (error)
            *error = QStringLiteral("metadata note is not valid msgpack");
        return false;
    }
    DocNode root = doc.getRoot();
    if (root.getKind() != Type::Map) {
        if (error)
            *error = QStringLiteral("metadata note is msgpack but not a map");
        return false;
    }
    for (auto &kv : root.getMap()) {
        if (kv.first.getKind() != Type::String)
            continue;
        const llvm::StringRef key = kv.first.getString();
        if (key == "amdhsa.target" && target)
            *target = toStr(kv.second);
        else if (key == "amdhsa.kernels" && kv.second.getKind() == Type::Array) {
            for (DocNode k : kv.second.getArray())
                kernels.append(readKernel(k));
        }
    }
    return true;
}

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
    KernelInfo *k = nullptr;
    KernelArg *arg = nullptr;
    bool inArgs = false;
    uint64_t nextOffset = 0;
    uint64_t argAlign = 0;
    auto finishArg = [&]() {
        if (!arg)
            return;
        if (argAlign > 0)
            nextOffset = (nextOffset + argAlign - 1) / argAlign * argAlign;
        arg->offset = nextOffset;
        nextOffset += arg->size;
        arg = nullptr;
        argAlign = 0;
    };
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (QString line : lines) {
        const QString trimmed = line.trimmed();
        const bool item = trimmed.startsWith(QLatin1String("- "));
        const QString body = item ? trimmed.mid(2).trimmed() : trimmed;
        const qsizetype colon = body.indexOf(QLatin1Char(':'));
        if (colon < 0)
            continue;
        const QString key = body.left(colon).trimmed();
        QString value = body.mid(colon + 1).trimmed();
        if (value.size() >= 2 &&
            (value.startsWith(QLatin1Char('\'')) || value.startsWith(QLatin1Char('"'))))
            value = value.mid(1, value.size() - 2);
        if (key == QLatin1String("Kernels"))
            continue;
        if (item && key == QLatin1String("Name") && !inArgs) {
            finishArg();
            kernels.append(KernelInfo{});
            k = &kernels.last();
            k->name = value;
            nextOffset = 0;
            continue;
        }
        if (!k)
            continue;
        if (key == QLatin1String("Args")) {
            inArgs = true;
            continue;
        }
        if (key == QLatin1String("CodeProps")) {
            finishArg();
            inArgs = false;
            continue;
        }
        if (inArgs) {
            if (item) {
                finishArg();
                k->args.append(KernelArg{});
                arg = &k->args.last();
            }
            if (!arg)
                continue;
            if (key == QLatin1String("Name"))
                arg->name = value;
            else if (key == QLatin1String("TypeName"))
                arg->typeName = value;
            else if (key == QLatin1String("Size"))
                arg->size = value.toULongLong();
            else if (key == QLatin1String("Align"))
                argAlign = value.toULongLong();
            else if (key == QLatin1String("ValueKind"))
                arg->valueKind = value;
            else if (key == QLatin1String("AddrSpaceQual"))
                arg->addressSpace = value.toLower();
            continue;
        }
        if (key == QLatin1String("SymbolName"))
            k->symbol = value;
        else if (key == QLatin1String("KernargSegmentSize"))
            k->kernargSegmentSize = value.toULongLong();
        else if (key == QLatin1String("KernargSegmentAlign"))
            k->kernargSegmentAlign = value.toULongLong();
        else if (key == QLatin1String("GroupSegmentFixedSize"))
            k->groupSegmentFixedSize = value.toULongLong();
        else if (key == QLatin1String("PrivateSegmentFixedSize"))
            k->privateSegmentFixedSize = value.toULongLong();
        else if (key == QLatin1String("WavefrontSize"))
            k->wavefrontSize = value.toInt();
        else if (key == QLatin1String("NumSGPRs"))
            k->sgprCount = value.toInt();
        else if (key == QLatin1String("NumVGPRs"))
            k->vgprCount = value.toInt();
        else if (key == QLatin1String("MaxFlatWorkGroupSize"))
            k->maxFlatWorkgroupSize = value.toInt();
        else if (key == QLatin1String("NumSpilledSGPRs"))
            k->sgprSpillCount = value.toInt();
        else if (key == QLatin1String("NumSpilledVGPRs"))
            k->vgprSpillCount = value.toInt();
    }
    finishArg();
    return true;
}

} // namespace hd
