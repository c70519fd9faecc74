#pragma once

// Internals shared by the NVIDIA readers (cubin ELF, PTX, fatbin container): not part of the
// engine's public API.

#include "artifacts/nvidia.h"

#include <llvm/ADT/ArrayRef.h>

#include <cstdint>
#include <cstring>

namespace hd::nvidia::detail {

template <typename T> bool readLE(const char *data, size_t size, uint64_t off, T &out) {
    if (off > size || size - off < sizeof(T))
        return false;
    std::memcpy(&out, data + off, sizeof(T)); // x86-64 / aarch64 hosts: little-endian
    return true;
}

// A problem at `rel` bytes into the piece `src` describes (inside a decompressed payload: at
// the compressed payload, the offset named in the message).
Problem problemAt(const Source &src, uint64_t rel, const QString &message);

// The little-endian u32 at `off`, 0 past the end.
uint32_t u32At(llvm::ArrayRef<uint8_t> d, size_t off);

} // namespace hd::nvidia::detail
