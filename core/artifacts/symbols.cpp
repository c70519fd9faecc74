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
    const QByteArray key = QByteArray::fromRawData(s.data(), qsizetype(s.size()));
    const auto it = m_strings.constFind(key);
    if (it != m_strings.cend())
        return it.value();
    QString q = QString::fromUtf8(s.data(), qsizetype(s.size()));
    m_strings.insert(QByteArray(s.data(), qsizetype(s.size())), q);
    return q;
}

QString StringPool::demangled(llvm::StringRef mangled) {
    if (!mangled.startswith("_Z"))
        return intern(mangled);
    const QByteArray key = QByteArray::fromRawData(mangled.data(), qsizetype(mangled.size()));
    const auto it = m_demangled.constFind(key);
    if (it != m_demangled.cend())
        return it.value();
    QString d = demangleSymbol(mangled);
    m_demangled.insert(QByteArray(mangled.data(), qsizetype(mangled.size())), d);
    return d;
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
