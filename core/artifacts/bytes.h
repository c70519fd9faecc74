#pragma once

// Bounds-checked little-endian reads over untrusted bytes. Every reader of the inspector
// goes through these so an offset or count taken from the input can never read past the end.

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace hd::bytes {

// True when [offset, offset + length) lies inside a buffer of `size` bytes (no overflow).
constexpr bool fits(uint64_t size, uint64_t offset, uint64_t length) {
    return offset <= size && length <= size - offset;
}

// End of [offset, offset + length) clipped to a buffer of `size` bytes, without wrapping:
// a section whose offset + size passes 2^64 ends at the buffer's end, not near 0.
constexpr uint64_t clampedEnd(uint64_t size, uint64_t offset, uint64_t length) {
    return offset >= size ? size : length <= size - offset ? offset + length : size;
}

template <typename T> bool readLe(const char *data, size_t size, uint64_t offset, T &out) {
    if (!fits(size, offset, sizeof(T)))
        return false;
    T v;
    std::memcpy(&v, data + offset, sizeof(T)); // x86-64 and AArch64 hosts are little-endian
    out = v;
    return true;
}

inline bool startsWith(const char *data, size_t size, const char *magic, size_t magicLen) {
    return size >= magicLen && std::memcmp(data, magic, magicLen) == 0;
}

inline uint64_t alignUp(uint64_t v, uint64_t a) {
    return (v + a - 1) / a * a;
}

} // namespace hd::bytes
