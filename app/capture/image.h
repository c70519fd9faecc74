#pragma once

// The images a program hands the GPU runtime, read from memory by their own headers
// (docs/capture.md, "Images"): which kind, how long, and the device targets a container names.
// Plain C++17, no allocation: the interposer calls it inside the program's runtime calls.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace hdcapture {

enum class ImageKind { Unknown, Elf, Bundle, Ccob, Fatbin, Ptx };

inline const char *imageKindName(ImageKind k) {
    switch (k) {
    case ImageKind::Elf:
        return "elf";
    case ImageKind::Bundle:
        return "offload-bundle";
    case ImageKind::Ccob:
        return "compressed-bundle";
    case ImageKind::Fatbin:
        return "fatbin";
    case ImageKind::Ptx:
        return "ptx";
    case ImageKind::Unknown:
        break;
    }
    return "unknown";
}

template <class T> inline T readAt(const unsigned char *p, std::size_t off) {
    T v;
    std::memcpy(&v, p + off, sizeof v);
    return v;
}

inline constexpr std::uint32_t kFatbinMagic = 0xBA55ED50u;
inline constexpr char kBundleMagic[] = "__CLANG_OFFLOAD_BUNDLE__"; // 24 bytes, no NUL
inline constexpr std::size_t kBundleMagicSize = 24;
inline constexpr std::size_t kMaxPtx = std::size_t(64) << 20;

// The kind of image at p, and its size from its header (0 when the header gives none).
inline ImageKind imageKindAndSize(const void *image, std::size_t *size) {
    *size = 0;
    if (!image)
        return ImageKind::Unknown;
    const auto *p = static_cast<const unsigned char *>(image);
    if (std::memcmp(p,
                    "\x7f"
                    "ELF",
                    4) == 0) {
        if (p[4] != 2) // ELFCLASS64 only
            return ImageKind::Elf;
        const auto shoff = readAt<std::uint64_t>(p, 0x28);
        const auto phoff = readAt<std::uint64_t>(p, 0x20);
        const auto phentsize = readAt<std::uint16_t>(p, 0x36),
                   phnum = readAt<std::uint16_t>(p, 0x38);
        const auto shentsize = readAt<std::uint16_t>(p, 0x3a),
                   shnum = readAt<std::uint16_t>(p, 0x3c);
        std::uint64_t end = 64;
        if (phoff && phoff + std::uint64_t(phentsize) * phnum > end)
            end = phoff + std::uint64_t(phentsize) * phnum;
        if (shoff && shentsize >= 64) {
            if (shoff + std::uint64_t(shentsize) * shnum > end)
                end = shoff + std::uint64_t(shentsize) * shnum;
            for (unsigned i = 0; i < shnum && shoff < (std::uint64_t(1) << 32); ++i) {
                const unsigned char *sh = p + shoff + std::uint64_t(i) * shentsize;
                const auto type = readAt<std::uint32_t>(sh, 4);
                const auto off = readAt<std::uint64_t>(sh, 0x18),
                           sz = readAt<std::uint64_t>(sh, 0x20);
                if (type != 8 /*SHT_NOBITS*/ && off + sz > end)
                    end = off + sz;
            }
        }
        *size = std::size_t(end);
        return ImageKind::Elf;
    }
    if (std::memcmp(p, kBundleMagic, kBundleMagicSize) == 0) {
        const auto n = readAt<std::uint64_t>(p, 24);
        std::uint64_t at = 32, end = 32;
        for (std::uint64_t i = 0; i < n && i < 4096; ++i) {
            const auto off = readAt<std::uint64_t>(p, at), sz = readAt<std::uint64_t>(p, at + 8);
            const auto idLen = readAt<std::uint64_t>(p, at + 16);
            if (idLen > 4096)
                break;
            at += 24 + idLen;
            if (at > end)
                end = at;
            if (off + sz > end)
                end = off + sz;
        }
        *size = std::size_t(end);
        return ImageKind::Bundle;
    }
    if (std::memcmp(p, "CCOB", 4) == 0) {
        const auto version = readAt<std::uint16_t>(p, 4);
        if (version == 2)
            *size = readAt<std::uint32_t>(p, 8);
        else if (version >= 3)
            *size = std::size_t(readAt<std::uint64_t>(p, 8));
        return ImageKind::Ccob; // v1 gives no total size: not saved
    }
    if (readAt<std::uint32_t>(p, 0) == kFatbinMagic) {
        const auto headerSize = readAt<std::uint16_t>(p, 6);
        const auto fatSize = readAt<std::uint64_t>(p, 8);
        *size = std::size_t(headerSize + fatSize);
        return ImageKind::Fatbin;
    }
    // PTX text: ".version", comments or whitespace first.
    const char *text = static_cast<const char *>(image);
    const std::size_t n = strnlen(text, kMaxPtx);
    if (n < kMaxPtx && n > 0 &&
        (std::strstr(text, ".version") != nullptr || std::strstr(text, ".target") != nullptr)) {
        *size = n + 1;
        return ImageKind::Ptx;
    }
    return ImageKind::Unknown;
}

// The targets a fat binary or bundle names, comma-joined into out (at most cap bytes):
// "sm_80,sm_90" or "hipv4-amdgcn-amd-amdhsa--gfx90a,host-x86_64-unknown-linux-gnu".
inline void imageTargets(const void *image, ImageKind kind, std::size_t size, char *out,
                         std::size_t cap) {
    std::size_t used = 0;
    out[0] = 0;
    auto add = [&](const char *s, std::size_t n) {
        if (used + n + 2 >= cap)
            return;
        if (used)
            out[used++] = ',';
        std::memcpy(out + used, s, n);
        used += n;
        out[used] = 0;
    };
    const auto *p = static_cast<const unsigned char *>(image);
    if (kind == ImageKind::Fatbin) {
        const auto headerSize = readAt<std::uint16_t>(p, 6);
        std::uint64_t at = headerSize;
        for (int i = 0; i < 1024 && at + 32 <= size; ++i) {
            const auto ekind = readAt<std::uint16_t>(p, at);
            const auto eh = readAt<std::uint32_t>(p, at + 4);
            const auto esz = readAt<std::uint64_t>(p, at + 8);
            const auto arch = readAt<std::uint32_t>(p, at + 0x1c);
            if (eh < 16)
                break;
            char buf[32];
            const int n =
                std::snprintf(buf, sizeof buf, "%s%u", ekind == 1 ? "compute_" : "sm_", arch);
            add(buf, std::size_t(n));
            at += eh + esz;
        }
    } else if (kind == ImageKind::Bundle) {
        const auto n = readAt<std::uint64_t>(p, 24);
        std::uint64_t at = 32;
        for (std::uint64_t i = 0; i < n && i < 4096; ++i) {
            const auto idLen = readAt<std::uint64_t>(p, at + 16);
            if (idLen > 4096)
                break;
            add(reinterpret_cast<const char *>(p + at + 24), std::size_t(idLen));
            at += 24 + idLen;
        }
    }
}

// A 64-bit content hash (word-wise multiply-mix; not cryptographic: names saved images).
inline std::uint64_t contentHash(const void *data, std::size_t size) {
    const auto *p = static_cast<const unsigned char *>(data);
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ size;
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        h ^= readAt<std::uint64_t>(p, i);
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    for (; i < size; ++i) {
        h ^= p[i];
        h *= 0xc4ceb9fe1a85ec53ull;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return h;
}

} // namespace hdcapture
