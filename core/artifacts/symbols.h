#pragma once

// Shared helpers for reading ELF symbol tables into the model (AMDGPU code objects and host
// ELFs use the same conventions).

#include "artifacts/model.h"

#include <llvm/ADT/StringRef.h>

#include <QByteArray>
#include <QHash>

namespace hd {

// Interns the strings one inspection decodes over and over (argument kinds and names, type
// names, the same kernel in every target's code object), so equal strings share one copy:
// librocsparse has 88k kernels and over a million kernel arguments. Not thread-safe; use one
// per thread.
class StringPool {
public:
    QString intern(llvm::StringRef s);
    // demangleSymbol(), cached by the mangled name.
    QString demangled(llvm::StringRef mangled);

private:
    QHash<QByteArray, QString> m_strings;
    QHash<QByteArray, QString> m_demangled;
};

// llvm::demangle for "_Z..." names (Itanium), the name itself otherwise.
QString demangleSymbol(llvm::StringRef name);
QString symbolBindingName(unsigned binding);
QString symbolVisibilityName(unsigned other);

} // namespace hd
