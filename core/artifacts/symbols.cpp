#include "artifacts/symbols.h"

#include <llvm/ADT/Hashing.h>
#include <llvm/BinaryFormat/ELF.h>
#include <llvm/Support/xxhash.h>

#include <algorithm>
#include <string>

namespace hd {

namespace {
// A copy of `s` kept by `keys`, with the hash `s` was looked up by.
llvm::CachedHashStringRef storeKey(llvm::StringSaver &keys, llvm::CachedHashStringRef s) {
    return llvm::CachedHashStringRef(keys.save(s.val()), s.hash());
}
} // namespace

QString StringPool::intern(llvm::StringRef s) {
    const llvm::CachedHashStringRef key(s);
    const auto it = m_strings.find(key);
    if (it != m_strings.end())
        return it->second;
    const QString value = QString::fromUtf8(s.data(), qsizetype(s.size()));
    m_strings.try_emplace(storeKey(m_stringKeys, key), value);
    return value;
}

const StringPool::NameEntry &StringPool::nameEntry(llvm::StringRef name) {
    const llvm::CachedHashStringRef key(name);
    const auto it = m_seenNames.find(key);
    if (it != m_seenNames.end())
        return *it->second;
    const NameEntry &entry = (m_shared ? m_shared : &m_ownNames)->get(key);
    m_seenNames.try_emplace(llvm::CachedHashStringRef(entry.key, key.hash()), &entry);
    return entry;
}

const SymbolName &StringPool::symbolName(llvm::StringRef name) {
    return nameEntry(name).name;
}

void StringPool::beginNote() {
    std::swap(m_noteNames, m_lastNoteNames);
    m_noteNames.clear();
}

const SymbolName &StringPool::noteName(llvm::StringRef name) {
    const size_t i = m_noteNames.size();
    const NameEntry *entry = i < m_lastNoteNames.size() && m_lastNoteNames[i]->key == name
                                 ? m_lastNoteNames[i]
                                 : &nameEntry(name);
    m_noteNames.push_back(entry);
    return entry->name;
}

StringPool::NamesByOffset &StringPool::namesByOffset(llvm::StringRef strtab) {
    const uint64_t check = uint64_t(llvm::hash_value(strtab));
    auto [it, inserted] = m_strtabs.try_emplace(llvm::xxHash64(strtab));
    StrtabNames &t = it->second;
    if (inserted) {
        t.check = check;
        t.size = strtab.size();
    } else if (t.check != check || t.size != strtab.size()) {
        m_unshared.clear();
        return m_unshared;
    }
    return t.byOffset;
}

const StringPool::OffsetNames &StringPool::namesAt(NamesByOffset &memo, llvm::StringRef strtab,
                                                   uint32_t offset) {
    OffsetNames &entry = memo[offset];
    if (!entry.name) {
        const llvm::StringRef n(strtab.data() + offset);
        entry.name = &symbolName(n);
        if (n.endswith(".kd"))
            entry.descriptorOf = &symbolName(n.drop_back(3));
    }
    return entry;
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

namespace {
uint64_t firstArgKey(size_t count, llvm::StringRef first) {
    return llvm::xxHash64(first) ^ (uint64_t(count) * 0x9e3779b97f4a7c15ull);
}
} // namespace

const QList<KernelArg> *StringPool::argsAt(llvm::StringRef rest, size_t count,
                                           llvm::StringRef first, size_t *size) {
    const auto it = m_rawArgsByFirst.find(firstArgKey(count, first));
    if (it == m_rawArgsByFirst.end())
        return nullptr;
    auto &candidates = it->second;
    for (auto c = candidates.begin(); c != candidates.end(); ++c) {
        const RawArgs &seen = m_rawArgs[*c];
        if (seen.count != count || !rest.startswith(seen.raw))
            continue;
        std::rotate(candidates.begin(), c, std::next(c)); // most recent first
        *size = seen.raw.size();
        return &seen.args;
    }
    return nullptr;
}

void StringPool::rememberArgs(llvm::StringRef raw, size_t count, llvm::StringRef first,
                              const QList<KernelArg> &args) {
    auto &candidates = m_rawArgsByFirst[firstArgKey(count, first)];
    candidates.insert(candidates.begin(), uint32_t(m_rawArgs.size()));
    m_rawArgs.push_back(RawArgs{raw.str(), count, args});
}

const SharedSymbolNames::Entry &SharedSymbolNames::get(llvm::CachedHashStringRef mangled) {
    {
        const std::lock_guard lock(m_mutex);
        const auto it = m_index.find(mangled);
        if (it != m_index.end())
            return *it->second;
    }
    // Convert outside the lock; a thread that loses a race drops its copy.
    SymbolName name(QString::fromUtf8(mangled.data(), qsizetype(mangled.size())));
    const std::lock_guard lock(m_mutex);
    const auto it = m_index.find(mangled);
    if (it != m_index.end())
        return *it->second;
    const llvm::CachedHashStringRef key = storeKey(m_keys, mangled);
    const Entry &entry = m_entries.emplace_back(Entry{key.val(), std::move(name)});
    m_index.try_emplace(key, &entry);
    return entry;
}

} // namespace hd
