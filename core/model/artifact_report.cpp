#include "model/artifact_report.h"

#include <QJsonArray>

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Demangle/Demangle.h>

#include <mutex>

namespace hd {

namespace {

// llvm::demangle for "_Z..." names (Itanium), the name itself otherwise.
QString demangleSymbol(const std::string &name) {
    if (name.rfind("_Z", 0) != 0)
        return QString::fromStdString(name);
    return QString::fromStdString(llvm::demangle(name));
}

QJsonArray toArray(const QStringList &l) {
    return QJsonArray::fromStringList(l);
}

template <typename T> QJsonArray toArray(const QList<T> &l) {
    QJsonArray a;
    for (const T &x : l)
        a.append(x.toJson());
    return a;
}

// JSON numbers are doubles: offsets and sizes beyond 2^53 would lose precision, but no file
// we read is that large; keep them numeric so scripts can compare them.
QJsonValue num(uint64_t v) {
    return QJsonValue(double(v));
}

} // namespace

QString artifactKindName(ArtifactKind k) {
    switch (k) {
    case ArtifactKind::Unknown:
        return QStringLiteral("unknown");
    case ArtifactKind::HostExecutable:
        return QStringLiteral("host-executable");
    case ArtifactKind::HostSharedLibrary:
        return QStringLiteral("host-shared-library");
    case ArtifactKind::HostRelocatable:
        return QStringLiteral("host-relocatable");
    case ArtifactKind::AmdgpuCodeObject:
        return QStringLiteral("amdgpu-code-object");
    case ArtifactKind::OffloadBundle:
        return QStringLiteral("offload-bundle");
    case ArtifactKind::CompressedBundle:
        return QStringLiteral("compressed-bundle");
    case ArtifactKind::NvidiaCubin:
        return QStringLiteral("nvidia-cubin");
    case ArtifactKind::NvidiaFatbin:
        return QStringLiteral("nvidia-fatbin");
    case ArtifactKind::NvidiaPtx:
        return QStringLiteral("nvidia-ptx");
    case ArtifactKind::Directory:
        return QStringLiteral("directory");
    case ArtifactKind::Text:
        return QStringLiteral("text");
    }
    return QStringLiteral("unknown");
}

QString symbolKindName(SymbolKind k) {
    switch (k) {
    case SymbolKind::Kernel:
        return QStringLiteral("kernel");
    case SymbolKind::KernelDescriptor:
        return QStringLiteral("kernel-descriptor");
    case SymbolKind::DeviceFunction:
        return QStringLiteral("device-function");
    case SymbolKind::HostFunction:
        return QStringLiteral("host-function");
    case SymbolKind::Object:
        return QStringLiteral("object");
    case SymbolKind::Section:
        return QStringLiteral("section");
    case SymbolKind::File:
        return QStringLiteral("file");
    case SymbolKind::Other:
        return QStringLiteral("other");
    }
    return QStringLiteral("other");
}

struct SymbolName::Data : QSharedData {
    QString name;
    mutable std::once_flag demangle;
    mutable QString demangled;
};

SymbolName::SymbolName(const QString &name) : d(new Data) {
    d->name = name;
}

SymbolName::SymbolName(const QString &name, const QString &demangled) : SymbolName(name) {
    std::call_once(d->demangle, [&] { d->demangled = demangled; });
}

SymbolName::SymbolName() noexcept = default;
SymbolName::~SymbolName() = default;
SymbolName::SymbolName(const SymbolName &) = default;
SymbolName::SymbolName(SymbolName &&) noexcept = default;
SymbolName &SymbolName::operator=(const SymbolName &) = default;
SymbolName &SymbolName::operator=(SymbolName &&) noexcept = default;

const QString &SymbolName::name() const {
    static const QString none;
    return d ? d->name : none;
}

const QString &SymbolName::demangled() const {
    if (!d)
        return name();
    std::call_once(d->demangle, [this] {
        d->demangled = d->name.startsWith(QLatin1String("_Z"))
                           ? demangleSymbol(d->name.toStdString())
                           : d->name;
    });
    return d->demangled;
}

static_assert(sizeof(Symbol) <= 40, "Symbol is kept small: hundreds of thousands per library");

QJsonObject Symbol::toJson() const {
    const QString &name = this->name();
    const QString &demangled = this->demangled();
    QJsonObject o{
        {QStringLiteral("name"), name},         {QStringLiteral("kind"), symbolKindName(kind)},
        {QStringLiteral("binding"), binding()}, {QStringLiteral("visibility"), visibility()},
        {QStringLiteral("section"), section()}, {QStringLiteral("value"), num(value)},
        {QStringLiteral("size"), num(size)},    {QStringLiteral("undefined"), undefined}};
    if (demangled != name)
        o.insert(QStringLiteral("demangled"), demangled);
    return o;
}

QJsonObject KernelArg::toJson() const {
    QJsonObject o{{QStringLiteral("value_kind"), valueKind},
                  {QStringLiteral("size"), num(size)},
                  {QStringLiteral("offset"), num(offset)},
                  {QStringLiteral("hidden"), hidden()}};
    if (!name.isEmpty())
        o.insert(QStringLiteral("name"), name);
    if (!typeName.isEmpty())
        o.insert(QStringLiteral("type_name"), typeName);
    if (!addressSpace.isEmpty())
        o.insert(QStringLiteral("address_space"), addressSpace);
    return o;
}

QJsonObject KernelInfo::toJson() const {
    return QJsonObject{{QStringLiteral("name"), name},
                       {QStringLiteral("symbol"), symbol},
                       {QStringLiteral("args"), toArray(args)},
                       {QStringLiteral("kernarg_segment_size"), num(kernargSegmentSize)},
                       {QStringLiteral("kernarg_segment_align"), num(kernargSegmentAlign)},
                       {QStringLiteral("group_segment_fixed_size"), num(groupSegmentFixedSize)},
                       {QStringLiteral("private_segment_fixed_size"), num(privateSegmentFixedSize)},
                       {QStringLiteral("wavefront_size"), wavefrontSize},
                       {QStringLiteral("sgpr_count"), sgprCount},
                       {QStringLiteral("vgpr_count"), vgprCount},
                       {QStringLiteral("agpr_count"), agprCount},
                       {QStringLiteral("sgpr_spill_count"), sgprSpillCount},
                       {QStringLiteral("vgpr_spill_count"), vgprSpillCount},
                       {QStringLiteral("max_flat_workgroup_size"), maxFlatWorkgroupSize},
                       {QStringLiteral("uses_dynamic_stack"), usesDynamicStack}};
}

QString codeObjectFormatName(CodeObject::Format f) {
    switch (f) {
    case CodeObject::Format::AmdgpuElf:
        return QStringLiteral("amdgpu-elf");
    case CodeObject::Format::NvidiaCubin:
        return QStringLiteral("nvidia-cubin");
    case CodeObject::Format::NvidiaPtx:
        return QStringLiteral("nvidia-ptx");
    }
    return QStringLiteral("unknown");
}

QJsonObject CodeObject::toJson() const {
    QJsonObject o{{QStringLiteral("origin"), origin},
                  {QStringLiteral("file_offset"), num(fileOffset)},
                  {QStringLiteral("size"), num(size)},
                  {QStringLiteral("inside_compressed"), insideCompressed},
                  {QStringLiteral("format"), codeObjectFormatName(format)},
                  {QStringLiteral("target"), target.isValid() ? target.toString() : QString()},
                  {QStringLiteral("target_detail"), target.toJson()},
                  {QStringLiteral("code_object_version"), codeObjectVersion},
                  {QStringLiteral("elf_flags"), num(elfFlags)},
                  {QStringLiteral("elf_osabi"), elfOsAbi},
                  {QStringLiteral("elf_abiversion"), elfAbiVersion},
                  {QStringLiteral("kernels"), toArray(kernels)},
                  {QStringLiteral("symbols"), toArray(symbols)},
                  {QStringLiteral("undefined_symbols"), toArray(undefinedSymbols)},
                  {QStringLiteral("problems"), toArray(problems)}};
    if (!ptxVersion.isEmpty())
        o.insert(QStringLiteral("ptx_version"), ptxVersion);
    if (!metadataTarget.isEmpty())
        o.insert(QStringLiteral("metadata_target"), metadataTarget);
    return o;
}

QJsonObject BundleEntry::toJson() const {
    QJsonObject o{{QStringLiteral("id"), id},
                  {QStringLiteral("kind"), kind},
                  {QStringLiteral("triple"), triple},
                  {QStringLiteral("target_id"), targetId},
                  {QStringLiteral("offset"), num(offset)},
                  {QStringLiteral("size"), num(size)},
                  {QStringLiteral("content"), content}};
    if (codeObjectIndex >= 0)
        o.insert(QStringLiteral("code_object"), codeObjectIndex);
    return o;
}

QJsonObject Bundle::toJson() const {
    QJsonObject o{{QStringLiteral("origin"), origin},
                  {QStringLiteral("file_offset"), num(fileOffset)},
                  {QStringLiteral("size"), num(size)},
                  {QStringLiteral("compressed"), compressed},
                  {QStringLiteral("entries"), toArray(entries)}};
    if (compressed) {
        o.insert(QStringLiteral("ccob_version"), ccobVersion);
        o.insert(QStringLiteral("compression"), compression);
        o.insert(QStringLiteral("uncompressed_size"), num(uncompressedSize));
    }
    return o;
}

QJsonObject LibraryResolution::toJson() const {
    QJsonObject o{{QStringLiteral("name"), name},
                  {QStringLiteral("found"), found()},
                  {QStringLiteral("path"), path},
                  {QStringLiteral("via"), via},
                  {QStringLiteral("searched"), toArray(searched)}};
    if (!otherVersions.isEmpty())
        o.insert(QStringLiteral("other_versions"), toArray(otherVersions));
    if (!versionsNeeded.isEmpty())
        o.insert(QStringLiteral("versions_needed"), toArray(versionsNeeded));
    if (!versionsMissing.isEmpty())
        o.insert(QStringLiteral("versions_missing"), toArray(versionsMissing));
    return o;
}

QJsonObject HostInfo::toJson() const {
    return QJsonObject{{QStringLiteral("machine"), machine},
                       {QStringLiteral("soname"), soname},
                       {QStringLiteral("interpreter"), interpreter},
                       {QStringLiteral("needed"), toArray(needed)},
                       {QStringLiteral("rpath"), toArray(rpath)},
                       {QStringLiteral("runpath"), toArray(runpath)},
                       {QStringLiteral("undefined_dynamic"), toArray(undefinedDynamic)},
                       {QStringLiteral("resolutions"), toArray(resolutions)},
                       {QStringLiteral("has_hip_fatbin"), hasHipFatbin},
                       {QStringLiteral("has_nv_fatbin"), hasNvFatbin},
                       {QStringLiteral("has_offload_sections"), hasOffloadSections},
                       {QStringLiteral("host_functions"), toArray(hostFunctions)}};
}

QJsonObject ArtifactReport::toJson() const {
    QJsonObject o{{QStringLiteral("path"), path},
                  {QStringLiteral("kind"), artifactKindName(kind)},
                  {QStringLiteral("file_size"), num(fileSize)},
                  {QStringLiteral("bundles"), toArray(bundles)},
                  {QStringLiteral("code_objects"), toArray(codeObjects)},
                  {QStringLiteral("problems"), toArray(problems)}};
    if (host)
        o.insert(QStringLiteral("host"), host->toJson());
    return o;
}

int ArtifactReport::kernelCount() const {
    int n = 0;
    for (const CodeObject &co : codeObjects)
        n += int(co.kernels.size());
    return n;
}

QString symbolBindingName(unsigned binding) {
    switch (binding) {
    case llvm::ELF::STB_LOCAL:
        return QStringLiteral("local");
    case llvm::ELF::STB_GLOBAL:
        return QStringLiteral("global");
    case llvm::ELF::STB_WEAK:
        return QStringLiteral("weak");
    case llvm::ELF::STB_GNU_UNIQUE:
        return QStringLiteral("unique");
    default:
        return QStringLiteral("binding-%1").arg(binding);
    }
}

QString symbolVisibilityName(unsigned other) {
    switch (other & 3) {
    case llvm::ELF::STV_DEFAULT:
        return QStringLiteral("default");
    case llvm::ELF::STV_INTERNAL:
        return QStringLiteral("internal");
    case llvm::ELF::STV_HIDDEN:
        return QStringLiteral("hidden");
    default:
        return QStringLiteral("protected");
    }
}

} // namespace hd
