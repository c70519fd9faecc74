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
