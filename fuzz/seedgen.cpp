// Seed corpus helper for the fuzz runs, so seeds come from real files:
//   seedgen ccob BUNDLE OUTDIR   compressed bundles (CCOB v1 zlib, v2 zstd, v3 zstd, v3 zlib)
//                                of a real clang-offload-bundler output, to docs/formats.md's
//                                layout
//   seedgen notes ELF OUTDIR     the AMDGPU metadata note payloads (msgpack) of a code object
// Plain C++ with LLVM Object, zlib and zstd; no Qt.

#include "artifacts/offload_bundle.h"

#include <llvm/Object/ELFObjectFile.h>
#include <llvm/Support/MemoryBuffer.h>

#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

std::vector<char> readFile(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool writeFile(const std::string &path, const std::vector<char> &bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    return bool(out);
}

template <typename T> void put(std::vector<char> &v, T x) {
    const char *p = reinterpret_cast<const char *>(&x);
    v.insert(v.end(), p, p + sizeof(T));
}

std::vector<char> compress(const std::vector<char> &in, int method) {
    std::vector<char> out;
    if (method == 1) {
        out.resize(ZSTD_compressBound(in.size()));
        const size_t n = ZSTD_compress(out.data(), out.size(), in.data(), in.size(), 3);
        if (ZSTD_isError(n))
            return {};
        out.resize(n);
    } else {
        uLongf n = compressBound(uLong(in.size()));
        out.resize(n);
        if (compress2(reinterpret_cast<Bytef *>(out.data()), &n,
                      reinterpret_cast<const Bytef *>(in.data()), uLong(in.size()), 6) != Z_OK)
            return {};
        out.resize(n);
    }
    return out;
}

// "CCOB" · u16 version · u16 method · v1: u32 size, u64 hash · v2: u32 total, u32 size, u64
// hash · v3: u64 total, u64 size, u64 hash.
std::vector<char> ccob(const std::vector<char> &bundle, int version, int method) {
    const std::vector<char> payload = compress(bundle, method);
    if (payload.empty())
        return {};
    const uint64_t hash = hd::ccobHash(bundle.data(), bundle.size());
    const size_t header = version == 1 ? 20 : version == 2 ? 24 : 32;
    std::vector<char> v{'C', 'C', 'O', 'B'};
    put<uint16_t>(v, uint16_t(version));
    put<uint16_t>(v, uint16_t(method));
    if (version == 1) {
        put<uint32_t>(v, uint32_t(bundle.size()));
    } else if (version == 2) {
        put<uint32_t>(v, uint32_t(header + payload.size()));
        put<uint32_t>(v, uint32_t(bundle.size()));
    } else {
        put<uint64_t>(v, uint64_t(header + payload.size()));
        put<uint64_t>(v, uint64_t(bundle.size()));
    }
    put<uint64_t>(v, hash);
    v.insert(v.end(), payload.begin(), payload.end());
    return v;
}

int notes(const std::string &in, const std::string &outDir) {
    auto buf = llvm::MemoryBuffer::getFile(in);
    if (!buf) {
        std::fprintf(stderr, "seedgen: cannot read %s\n", in.c_str());
        return 1;
    }
    auto elf = llvm::object::ELF64LEFile::create((*buf)->getBuffer());
    if (!elf) {
        std::fprintf(stderr, "seedgen: %s: %s\n", in.c_str(),
                     llvm::toString(elf.takeError()).c_str());
        return 1;
    }
    auto sections = elf->sections();
    if (!sections) {
        llvm::consumeError(sections.takeError());
        return 1;
    }
    int written = 0;
    for (const auto &s : *sections) {
        if (s.sh_type != llvm::ELF::SHT_NOTE)
            continue;
        llvm::Error err = llvm::Error::success();
        for (const auto &note : elf->notes(s, err)) {
            if (note.getName() != "AMDGPU" && note.getName() != "AMD")
                continue;
            const auto desc = note.getDesc();
            const std::string path = outDir + "/note" + std::to_string(written++) + "_type" +
                                     std::to_string(note.getType()) + ".bin";
            writeFile(path, std::vector<char>(desc.begin(), desc.end()));
        }
        if (err)
            llvm::consumeError(std::move(err));
    }
    std::printf("seedgen: %d note(s) from %s\n", written, in.c_str());
    return written > 0 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: seedgen ccob BUNDLE OUTDIR | seedgen notes ELF OUTDIR\n");
        return 2;
    }
    const std::string cmd = argv[1], in = argv[2], outDir = argv[3];
    if (cmd == "notes")
        return notes(in, outDir);
    if (cmd != "ccob")
        return 2;
    const std::vector<char> bundle = readFile(in);
    if (bundle.size() < 24 || std::memcmp(bundle.data(), hd::kBundleMagic, hd::kBundleMagicSize)) {
        std::fprintf(stderr, "seedgen: %s is not an offload bundle\n", in.c_str());
        return 1;
    }
    struct Variant {
        int version, method;
        const char *name;
    };
    for (const Variant v : {Variant{1, 0, "ccob_v1_zlib"}, Variant{2, 1, "ccob_v2_zstd"},
                            Variant{3, 1, "ccob_v3_zstd"}, Variant{3, 0, "ccob_v3_zlib"}}) {
        const std::vector<char> c = ccob(bundle, v.version, v.method);
        if (c.empty() || !writeFile(outDir + "/" + v.name + ".bin", c)) {
            std::fprintf(stderr, "seedgen: %s failed\n", v.name);
            return 1;
        }
    }
    return 0;
}
