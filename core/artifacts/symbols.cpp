#include "artifacts/symbols.h"

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Demangle/Demangle.h>

#include <string>

namespace hd {

QString demangleSymbol(llvm::StringRef name) {
    const QString q = QString::fromUtf8(name.data(), qsizetype(name.size()));
    if (!name.startswith("_Z"))
        return q;
    const std::string d = llvm::demangle(std::string(name));
    return QString::fromStdString(d);
}

QString StringPool::intern(llvm::StringRef s) {
    auto [it, inserted] = m_strings.try_emplace(s);
    if (inserted)
        it->second = QString::fromUtf8(s.data(), qsizetype(s.size()));
    return it->second;
}

QString StringPool::demangled(llvm::StringRef mangled) {
    if (!mangled.startswith("_Z"))
        return intern(mangled);
    auto [it, inserted] = m_demangled.try_emplace(mangled);
    if (inserted)
        it->second = m_shared ? m_shared->demangled(mangled) : demangleSymbol(mangled);
    return it->second;
}

const StringPool::Names &StringPool::symbolNames(llvm::StringRef name) {
    auto [it, inserted] = m_symbolNames.try_emplace(name);
    if (inserted)
        it->second = Names{intern(name), demangled(name)};
    return it->second;
}

QList<KernelArg> StringPool::sharedArgs(const QList<KernelArg> &args) {
    m_argKey.clear();
    auto put = [&](auto v) { m_argKey.append(reinterpret_cast<const char *>(&v), sizeof v); };
    for (const KernelArg &a : args) {
        put(a.name.constData());
        put(a.typeName.constData());
        put(a.valueKind.constData());
        put(a.addressSpace.constData());
        put(a.size);
        put(a.offset);
    }
    auto [it, inserted] = m_argLists.try_emplace(m_argKey);
    if (inserted)
        it->second = QList<KernelArg>(args.cbegin(), args.cend()); // exact capacity
    return it->second;
}

QString DemangleCache::demangled(llvm::StringRef mangled) {
    {
        const std::lock_guard lock(m_mutex);
        const auto it = m_names.find(mangled);
        if (it != m_names.end())
            return it->second;
    }
    // Demangle outside the lock; two threads racing on one name both get equal strings.
    QString d = demangleSymbol(mangled);
    const std::lock_guard lock(m_mutex);
    return m_names.try_emplace(mangled, std::move(d)).first->second;
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
