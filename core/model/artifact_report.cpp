#include "model/artifact_report.h"

#include <QJsonArray>

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Demangle/Demangle.h>

#include <atomic>
#include <thread>

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

// The demangled form is made once, by the first thread that asks; one asking meanwhile waits
// for it. Not std::call_once: glibc's pthread_once makes a futex system call after every first
// call, one per distinct name (librocsparse 6.4: 180k of them, seconds of system time on a
// virtual machine).
struct SymbolName::Data : QSharedData {
    enum : quint8 { None, Making, Made };
    QString name;
    mutable std::atomic<quint8> state{None};
    mutable QString demangled;
};

SymbolName::SymbolName(const QString &name) : d(new Data) {
    d->name = name;
}

SymbolName::SymbolName(const QString &name, const QString &demangled) : SymbolName(name) {
    d->demangled = demangled;
    d->state.store(Data::Made, std::memory_order_release);
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
    quint8 state = d->state.load(std::memory_order_acquire);
    if (state == Data::Made)
        return d->demangled;
    if (state == Data::None &&
        d->state.compare_exchange_strong(state, Data::Making, std::memory_order_acquire)) {
        try {
            d->demangled = d->name.startsWith(QLatin1String("_Z"))
                               ? demangleSymbol(d->name.toStdString())
                               : d->name;
        } catch (...) { // out of memory: the next asker tries again, none waits forever
            d->state.store(Data::None, std::memory_order_release);
            throw;
        }
        d->state.store(Data::Made, std::memory_order_release);
        return d->demangled;
    }
    while (d->state.load(std::memory_order_acquire) == Data::Making)
        std::this_thread::yield(); // another thread is demangling it (microseconds)
    return d->state.load(std::memory_order_acquire) == Data::Made ? d->demangled : demangled();
}

static_assert(sizeof(Symbol) <= 40, "Symbol is kept small: hundreds of thousands per library");

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

int ArtifactReport::kernelCount() const {
    int n = 0;
    for (const CodeObject &co : codeObjects)
        n += int(co.kernels.size() + co.countedKernels);
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
