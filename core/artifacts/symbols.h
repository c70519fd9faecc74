#pragma once

// Shared helpers for reading ELF symbol tables into the model (AMDGPU code objects and host
// ELFs use the same conventions).

#include "artifacts/model.h"

#include <llvm/ADT/StringMap.h>
#include <llvm/ADT/StringRef.h>

#include <mutex>
#include <string>

namespace hd {

// Interns the strings one inspection decodes over and over (argument kinds and names, type
// names, the same kernel in every target's code object), so equal strings share one copy:
// librocsparse has 88k kernels and over a million kernel arguments. Not thread-safe; use one
// per thread.
// Demangled names shared by the decoding threads: the same kernel appears in every target's
// code object and demangling costs microseconds per name, so each name is demangled once.
class DemangleCache {
public:
    QString demangled(llvm::StringRef mangled);

private:
    std::mutex m_mutex;
    llvm::StringMap<QString> m_names;
};

class StringPool {
public:
    // Demangled names come from (and go to) `shared` when set; it must outlive the pool.
    explicit StringPool(DemangleCache *shared = nullptr) : m_shared(shared) {}
    QString intern(llvm::StringRef s);
    // demangleSymbol(), cached by the mangled name.
    QString demangled(llvm::StringRef mangled);
    // intern(name) and demangled(name) with one lookup (symbol tables: one call per symbol).
    struct Names {
        QString name, demangled;
    };
    const Names &symbolNames(llvm::StringRef name);
    // One shared copy (QList is implicitly shared) of each distinct argument list: templated
    // libraries repeat the same signature across kernels and across every target's code
    // object (librocsparse: 1.16M arguments). `args` must hold strings from intern() of this
    // pool: equal strings are then compared by their data pointer.
    QList<KernelArg> sharedArgs(const QList<KernelArg> &args);

private:
    // StringMap hashes the bytes in place (no key object per lookup) and stores each key
    // once next to its value; lookups dominate (millions per large library).
    llvm::StringMap<QString> m_strings;
    llvm::StringMap<QString> m_demangled;
    llvm::StringMap<Names> m_symbolNames;
    llvm::StringMap<QList<KernelArg>> m_argLists;
    std::string m_argKey; // reused buffer for sharedArgs()
    DemangleCache *m_shared = nullptr;
};

// llvm::demangle for "_Z..." names (Itanium), the name itself otherwise.
QString demangleSymbol(llvm::StringRef name);
QString symbolBindingName(unsigned binding);
QString symbolVisibilityName(unsigned other);

} // namespace hd
