#pragma once

// Shared helpers for reading ELF symbol tables into the model (AMDGPU code objects and host
// ELFs use the same conventions).

#include "model/artifact_report.h"

#include <llvm/ADT/CachedHashString.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringMap.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Allocator.h>
#include <llvm/Support/StringSaver.h>

#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace hd {

// The symbol names of one inspection, shared by its decoding threads: the same kernel appears
// in every target's code object, so each name is converted once and stored once (and
// demangled once, when asked: SymbolName). Thread-safe; returned references stay valid as
// long as the cache. Keys carry their hash (CachedHashStringRef): it is computed once by the
// caller's own table and reused here (LLVM 15's StringMap hashes byte by byte, which cost a
// tenth of an inspection of librocsparse).
class SharedSymbolNames {
public:
    struct Entry {
        llvm::StringRef key; // the stored copy of the mangled name
        SymbolName name;
    };
    const Entry &get(llvm::CachedHashStringRef mangled);

private:
    std::mutex m_mutex;
    llvm::BumpPtrAllocator m_keyStorage;
    llvm::StringSaver m_keys{m_keyStorage};
    std::deque<Entry> m_entries; // never move
    llvm::DenseMap<llvm::CachedHashStringRef, const Entry *> m_index;
};

// Interns the strings one inspection decodes over and over (argument kinds and names, type
// names, the same kernel in every target's code object), so equal strings share one copy:
// librocsparse has 88k kernels and over a million kernel arguments. Not thread-safe; use one
// per thread.
class StringPool {
public:
    // Symbol names come from (and go to) `shared` when set; it must outlive the pool.
    explicit StringPool(SharedSymbolNames *shared = nullptr) : m_shared(shared) {}
    QString intern(llvm::StringRef s);
    // The shared SymbolName of this name.
    const SymbolName &symbolName(llvm::StringRef name);
    // symbolName() for the kernel names (.name, .symbol) of a metadata note, read in order
    // after beginNote(). The next code object is mostly another target's build of the same
    // source, naming the same kernels in the same order: the name read at the same place in
    // the note before is tried first, by one compare instead of a hash and a table lookup
    // (librocsparse: 176k kernel names, most of them found so).
    void beginNote();
    const SymbolName &noteName(llvm::StringRef name);
    // Room for about `names` distinct symbol names, so the table does not grow (and rehash
    // every long name) step by step while a large library is decoded.
    void reserveNames(unsigned names) { m_seenNames.reserve(names); }
    // symbolName() by st_name offset for one string table, remembered per table content:
    // every target's build of one source has the same string table, so each of its names is
    // looked up once instead of once per code object (hashing long mangled names dominated).
    struct OffsetNames {
        const SymbolName *name = nullptr;
        // For "<kernel>.kd" (a kernel descriptor's name): the kernel's name, else null.
        const SymbolName *descriptorOf = nullptr;
    };
    using NamesByOffset = llvm::DenseMap<uint32_t, OffsetNames>;
    NamesByOffset &namesByOffset(llvm::StringRef strtab);
    // The names of st_name `offset` in `strtab` (NUL-terminated, offset inside), through `memo`.
    const OffsetNames &namesAt(NamesByOffset &memo, llvm::StringRef strtab, uint32_t offset);
    // One shared copy (QList is implicitly shared) of each distinct argument list: templated
    // libraries repeat the same signature across kernels and across every target's code
    // object (librocsparse: 1.16M arguments). `args` must hold strings from intern() of this
    // pool: equal strings are then compared by their data pointer.
    QList<KernelArg> sharedArgs(const QList<KernelArg> &args);
    // An argument list decoded earlier whose raw metadata bytes (the `count` msgpack values of
    // one kernel's ".args") start `rest`, or null; `first` is the bytes of its first value
    // (a prefix of `rest`). A msgpack value ends where its own encoding says, so a list whose
    // bytes equal a decoded one's is that list, and it is recognised by comparing in place:
    // librocsparse's 88k kernels have 618 distinct lists (65 MB of bytes), and walking every
    // list to find its end was a tenth of the inspection. `*size` gets the list's byte length.
    const QList<KernelArg> *argsAt(llvm::StringRef rest, size_t count, llvm::StringRef first,
                                   size_t *size);
    // Remembers the decoded list of the `count` values in `raw`, whose first value is `first`.
    void rememberArgs(llvm::StringRef raw, size_t count, llvm::StringRef first,
                      const QList<KernelArg> &args);

private:
    // Keys hashed once a lookup and stored once, in m_stringKeys.
    llvm::DenseMap<llvm::CachedHashStringRef, QString> m_strings;
    llvm::BumpPtrAllocator m_stringKeyStorage;
    llvm::StringSaver m_stringKeys{m_stringKeyStorage};
    SharedSymbolNames m_ownNames; // when no shared cache is given
    using NameEntry = SharedSymbolNames::Entry;
    const NameEntry &nameEntry(llvm::StringRef name);
    // This thread's view of the shared names, without its lock; keys point into it.
    llvm::DenseMap<llvm::CachedHashStringRef, const NameEntry *> m_seenNames;
    // The kernel names of the note being read and of the one read before, in order.
    std::vector<const NameEntry *> m_noteNames, m_lastNoteNames;
    llvm::StringMap<QList<KernelArg>> m_argLists;
    std::string m_argKey; // reused buffer for sharedArgs()
    // The raw bytes are copied: the mapped file's pages are released while decoding.
    struct RawArgs {
        std::string raw;
        size_t count = 0;
        QList<KernelArg> args;
    };
    std::vector<RawArgs> m_rawArgs;
    // By hash of (count, first value's bytes): indices into m_rawArgs, most recently matched
    // first (templated kernels come in runs: about 1.5 tries a kernel on librocsparse).
    llvm::DenseMap<uint64_t, llvm::SmallVector<uint32_t, 2>> m_rawArgsByFirst;
    // By xxHash64 of the table; a second hash and the size rule out collisions without
    // keeping a copy of every table.
    struct StrtabNames {
        uint64_t check = 0;
        size_t size = 0;
        NamesByOffset byOffset;
    };
    llvm::DenseMap<uint64_t, StrtabNames> m_strtabs;
    NamesByOffset m_unshared; // for a table whose hash collides with another table's
    SharedSymbolNames *m_shared = nullptr;
};

} // namespace hd
