// A replacement for libFuzzer's main in the normal (GCC) build: replays a seed corpus of real
// files through LLVMFuzzerTestOneInput, then a bounded, deterministic mutation loop over each
// seed (bit flips, truncations, length/offset field overwrites, chunk copies, splices).
// Fixed iteration counts and a fixed PRNG seed: the same run every time, no timing.
//
//   fuzz_<name> [--iterations N] [--seed S] [--max-seed-size BYTES] [--min-seeds K] PATH...
//
// PATH is a file or a directory (read recursively, in sorted order). Missing paths are
// reported and skipped; fewer than --min-seeds usable seeds is an error, so a broken corpus
// path cannot make the run pass by testing nothing.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

using Bytes = std::vector<uint8_t>;

struct Rng { // splitmix64: small, fast, and the same on every platform
    uint64_t state;
    uint64_t next() {
        uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    uint64_t below(uint64_t n) { return n == 0 ? 0 : next() % n; }
};

// Values that break length and offset arithmetic.
uint64_t interesting(Rng &rng, size_t size) {
    static const uint64_t fixed[] = {0,
                                     1,
                                     2,
                                     7,
                                     8,
                                     16,
                                     0x7f,
                                     0x80,
                                     0xff,
                                     0x100,
                                     0x1000,
                                     0x7fff,
                                     0x8000,
                                     0xffff,
                                     0x7fffffff,
                                     0x80000000,
                                     0xffffffff,
                                     0x100000000ull,
                                     0x7fffffffffffffffull,
                                     0x8000000000000000ull,
                                     0xffffffffffffffffull};
    const uint64_t pick = rng.below(sizeof(fixed) / sizeof(fixed[0]) + 4);
    if (pick < sizeof(fixed) / sizeof(fixed[0]))
        return fixed[pick];
    switch (pick - sizeof(fixed) / sizeof(fixed[0])) {
    case 0:
        return size;
    case 1:
        return size + 1;
    case 2:
        return size > 0 ? size - 1 : 0;
    default:
        return rng.next();
    }
}

void mutateOnce(Bytes &b, Rng &rng, const std::vector<Bytes> &corpus) {
    const size_t n = b.size();
    switch (rng.below(8)) {
    case 0: { // bit flips
        if (n == 0)
            break;
        const int flips = 1 + int(rng.below(4));
        for (int i = 0; i < flips; ++i)
            b[rng.below(n)] ^= uint8_t(1u << rng.below(8));
        break;
    }
    case 1: // truncation
        b.resize(rng.below(n + 1));
        break;
    case 2:
    case 3: { // a 1/2/4/8-byte little-endian field overwritten; headers are where fields live
        static const size_t widths[] = {1, 2, 4, 8};
        const size_t w = widths[rng.below(4)];
        if (n < w)
            break;
        size_t limit = n - w + 1;
        if (rng.below(2) == 0)
            limit = std::min<size_t>(limit, 256);
        size_t off = rng.below(limit);
        if (rng.below(2) == 0)
            off &= ~(w - 1);
        const uint64_t v = interesting(rng, n);
        std::memcpy(b.data() + off, &v, w);
        break;
    }
    case 4: { // copy a chunk over another place
        if (n < 2)
            break;
        const size_t len = 1 + rng.below(std::min<size_t>(n / 2, 512));
        const size_t from = rng.below(n - len + 1), to = rng.below(n - len + 1);
        std::memmove(b.data() + to, b.data() + from, len);
        break;
    }
    case 5: { // insert random bytes
        const size_t at = rng.below(n + 1);
        const size_t len = 1 + rng.below(64);
        Bytes ins(len);
        for (auto &c : ins)
            c = uint8_t(rng.next());
        b.insert(b.begin() + std::ptrdiff_t(at), ins.begin(), ins.end());
        break;
    }
    case 6: { // delete a chunk
        if (n == 0)
            break;
        const size_t at = rng.below(n);
        const size_t len = 1 + rng.below(std::min<size_t>(n - at, 4096));
        b.erase(b.begin() + std::ptrdiff_t(at), b.begin() + std::ptrdiff_t(at + len));
        break;
    }
    default: { // splice with another seed
        if (corpus.empty())
            break;
        const Bytes &o = corpus[rng.below(corpus.size())];
        const size_t cut = rng.below(n + 1);
        const size_t from = rng.below(o.size() + 1);
        b.resize(cut);
        b.insert(b.end(), o.begin() + std::ptrdiff_t(from), o.end());
        break;
    }
    }
}

void collect(const std::filesystem::path &p, std::vector<std::filesystem::path> &out) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(p, ec)) {
        out.push_back(p);
        return;
    }
    if (!std::filesystem::is_directory(p, ec)) {
        std::printf("note: %s does not exist, skipped\n", p.c_str());
        return;
    }
    std::vector<std::filesystem::path> files;
    for (auto it = std::filesystem::recursive_directory_iterator(
             p, std::filesystem::directory_options::skip_permission_denied, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec))
            files.push_back(it->path());
    std::sort(files.begin(), files.end());
    out.insert(out.end(), files.begin(), files.end());
}

bool readFile(const std::filesystem::path &p, size_t maxSize, Bytes &out) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(p, ec);
    if (ec || size > maxSize)
        return false;
    std::ifstream in(p, std::ios::binary);
    out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return bool(in) || in.eof();
}

void runOne(const Bytes &b) {
    // A heap copy of exactly the input's size, so ASan sees any read past its end.
    uint8_t *copy = static_cast<uint8_t *>(std::malloc(b.empty() ? 1 : b.size()));
    if (!b.empty())
        std::memcpy(copy, b.data(), b.size());
    LLVMFuzzerTestOneInput(copy, b.size());
    std::free(copy);
}

} // namespace

int main(int argc, char **argv) {
    uint64_t iterations = 200, seed = 0x6869706475ull, maxSeed = 4u << 20, minSeeds = 1;
    std::vector<std::filesystem::path> paths;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto num = [&](uint64_t &v) {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "%s needs a value\n", a.c_str());
                std::exit(2);
            }
            v = std::strtoull(argv[++i], nullptr, 0);
        };
        if (a == "--iterations")
            num(iterations);
        else if (a == "--seed")
            num(seed);
        else if (a == "--max-seed-size")
            num(maxSeed);
        else if (a == "--min-seeds")
            num(minSeeds);
        else if (a.rfind("-", 0) == 0) // libFuzzer-style flags (-runs=...) are not ours
            std::printf("note: ignoring option %s (standalone driver)\n", a.c_str());
        else
            paths.emplace_back(a);
    }
    std::vector<std::filesystem::path> files;
    for (const auto &p : paths)
        collect(p, files);
    std::vector<Bytes> corpus;
    for (const auto &f : files) {
        Bytes b;
        if (readFile(f, maxSeed, b))
            corpus.push_back(std::move(b));
        else
            std::printf("note: %s unreadable or over %llu bytes, skipped\n", f.c_str(),
                        static_cast<unsigned long long>(maxSeed));
    }
    std::printf("%zu seed files\n", corpus.size());
    if (corpus.size() < minSeeds) {
        std::fprintf(stderr, "error: %zu usable seeds, need at least %llu\n", corpus.size(),
                     static_cast<unsigned long long>(minSeeds));
        return 1;
    }
    runOne({}); // the empty input
    uint64_t executions = 1;
    for (size_t s = 0; s < corpus.size(); ++s) {
        runOne(corpus[s]);
        ++executions;
        Rng rng{seed ^ (0x51ed27ull * (s + 1))};
        for (uint64_t i = 0; i < iterations; ++i) {
            Bytes b = corpus[s];
            const int stack = 1 + int(rng.below(3));
            for (int k = 0; k < stack; ++k)
                mutateOnce(b, rng, corpus);
            runOne(b);
            ++executions;
        }
    }
    std::printf("%llu executions, no crash\n", static_cast<unsigned long long>(executions));
    return 0;
}
