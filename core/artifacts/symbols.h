#pragma once

// Shared helpers for reading ELF symbol tables into the model (AMDGPU code objects and host
// ELFs use the same conventions).

#include "artifacts/model.h"

#include <llvm/ADT/StringRef.h>

namespace hd {

// llvm::demangle for "_Z..." names (Itanium), the name itself otherwise.
QString demangleSymbol(llvm::StringRef name);
QString symbolBindingName(unsigned binding);
QString symbolVisibilityName(unsigned other);

} // namespace hd
