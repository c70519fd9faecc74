#include "probe.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace hdprobe {

void Output::line(const std::string &s) {
    if (hold) {
        m_held.push_back(s);
        return;
    }
    std::string l = s;
    l += '\n';
    // One write per line on the private descriptor (see usePrivateDescriptor).
    for (size_t done = 0; done < l.size();) {
        const ssize_t n = ::write(m_fd, l.data() + done, l.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        done += size_t(n);
    }
}

void Output::usePrivateDescriptor() {
    std::fflush(stdout);
    const int fd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (fd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
        return;
    m_fd = fd;
}

void Output::beginLine(const std::string &s) {
    if (hold && liveBegins) {
        hold = false;
        line(s);
        hold = true;
        return;
    }
    line(s);
}

void Output::release() {
    hold = false;
    for (const auto &s : m_held)
        line(s);
    m_held.clear();
}

void Probe::addTime(const std::string &phase, double ms) {
    for (auto &t : times)
        if (t.first == phase) {
            t.second.push_back(ms);
            return;
        }
    times.push_back({phase, {ms}});
}

double msSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

Probe::Probe(Output &o) : out(o) {
    const char *f = std::getenv("HIPDOCTOR_PROBE_FAULT");
    if (f && *f) {
        std::string spec = f;
        auto colon = spec.find(':');
        faultKind = spec.substr(0, colon);
        faultPhase = colon == std::string::npos ? std::string() : spec.substr(colon + 1);
        if (faultKind == "protocol") {
            protocolClaim = std::atoi(faultPhase.c_str());
            faultKind.clear();
        }
    }
}

void Probe::fault(const char *phase) {
    if (faultKind.empty() || (!faultPhase.empty() && faultPhase != phase))
        return;
    // Test-only switch: behave like a runtime that dies inside this phase.
    std::fprintf(stderr, "hipdoctor-probe: fault injection: %s in phase %s\n", faultKind.c_str(),
                 phase);
    std::fflush(stderr);
    if (faultKind == "crash") {
        std::signal(SIGSEGV, SIG_DFL);
        std::raise(SIGSEGV);
    } else if (faultKind == "abort") {
        std::abort();
    } else if (faultKind == "hang") {
        for (;;)
            pause();
    } else if (faultKind == "exit") {
        std::_Exit(7);
    }
}

void Probe::begin(const char *phase, const char *api) {
    out.beginLine(JsonLine().add("event", "begin").add("name", phase).add("api", api).str());
    fault(phase);
}

void Probe::phaseEvent(const char *phase, const char *api, int code, const std::string &en,
                       const std::string &es, double ms, int repeat, const std::string &detail) {
    JsonLine l;
    l.add("event", "phase")
        .add("name", phase)
        .add("api", api)
        .add("status", code == 0 ? "ok" : "error")
        .add("ms", ms)
        .add("code", code);
    if (code != 0) {
        l.add("error", en);
        l.add("message", es);
    }
    if (repeat >= 0)
        l.add("repeat", repeat);
    if (!detail.empty())
        l.add("detail", detail);
    out.line(l.str());
    if (code == 0)
        addTime(phase, ms);
}

int Probe::call(const char *phase, const char *api, const std::function<int()> &fn, int repeat,
                const std::string &detail) {
    begin(phase, api);
    auto t0 = std::chrono::steady_clock::now();
    int rc = fn();
    lastMs = msSince(t0);
    phaseEvent(phase, api, rc, rc ? errName(rc) : std::string(), rc ? errString(rc) : std::string(),
               lastMs, repeat, detail);
    return rc;
}

int runLaunches(Probe &p, Backend &b, const unsigned grid[3], const unsigned block[3],
                unsigned shared, void **params, int repeats, LaunchFailure &failure) {
    // Allocated and touched here, so the loop only stores into it.
    std::vector<LaunchSample> samples(static_cast<size_t>(repeats));
    size_t done = 0;
    p.begin("launch", b.launchApi());
    // The loop writes no begin lines, so a switch aimed at the kernel phase fires here.
    if (p.faultTargets("kernel"))
        p.begin("kernel", b.waitApi());
    b.launchLoop(grid, block, shared, params, samples, done);
    // The lines the loop would have written, in the same order (the first begin is out).
    for (size_t r = 0; r < done; ++r) {
        const LaunchSample &s = samples[r];
        const int repeat = repeats > 1 ? int(r) : -1;
        if (r > 0)
            p.begin("launch", b.launchApi());
        const int lc = s.launchCode;
        p.phaseEvent("launch", s.launchApi, lc, lc ? p.errName(lc) : std::string(),
                     lc ? p.errString(lc) : std::string(), s.launchMs, repeat);
        if (lc) {
            failure = {long(r), "launch", s.launchApi};
            return lc;
        }
        p.begin("kernel", b.waitApi());
        const int kc = s.kernelCode;
        p.phaseEvent("kernel", s.kernelApi, kc, kc ? p.errName(kc) : std::string(),
                     kc ? p.errString(kc) : std::string(), s.kernelMs, repeat);
        if (kc) {
            failure = {long(r), "kernel", s.kernelApi};
            return kc;
        }
    }
    return 0;
}

bool parseDType(const std::string &s, DType &t) {
    static const struct {
        const char *n;
        DType t;
    } table[] = {{"f32", DType::F32}, {"f64", DType::F64}, {"i32", DType::I32}, {"u32", DType::U32},
                 {"i64", DType::I64}, {"u64", DType::U64}, {"u8", DType::U8}};
    for (const auto &e : table)
        if (s == e.n) {
            t = e.t;
            return true;
        }
    return false;
}

size_t dtypeSize(DType t) {
    return withElementType(t, [](auto zero) { return sizeof(zero); });
}

const char *dtypeName(DType t) {
    switch (t) {
    case DType::F32:
        return "f32";
    case DType::F64:
        return "f64";
    case DType::I32:
        return "i32";
    case DType::U32:
        return "u32";
    case DType::I64:
        return "i64";
    case DType::U64:
        return "u64";
    case DType::U8:
        return "u8";
    }
    return "?";
}

static std::string trim(const std::string &s) {
    size_t b = s.find_first_not_of(" \t\n");
    size_t e = s.find_last_not_of(" \t\n");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

static std::vector<std::string> split(const std::string &s, char sep) {
    std::vector<std::string> parts;
    std::string cur;
    std::istringstream in(s);
    while (std::getline(in, cur, sep))
        parts.push_back(trim(cur));
    if (!s.empty() && s.back() == sep)
        parts.push_back(std::string());
    return parts;
}

namespace {

// buf:<type>:<count>[:init] (its fields f) into a; "" or why it is not one.
std::string readBufferArg(const std::vector<std::string> &f, ArgSpec &a) {
    if (f.size() < 3 || f.size() > 4)
        return "expected buf:<type>:<count>[:rand|zero|ones|seq|out]";
    a.kind = ArgSpec::Kind::Buffer;
    if (!parseDType(f[1], a.type))
        return "unknown element type '" + f[1] + "' (f32 f64 i32 u32 i64 u64 u8)";
    char *end = nullptr;
    unsigned long long n = std::strtoull(f[2].c_str(), &end, 0);
    if (f[2].empty() || *end || n == 0 || n > (1ull << 34))
        return "element count '" + f[2] + "' is not a number between 1 and 2^34";
    a.count = n;
    a.init = f.size() == 4 ? f[3] : "zero";
    if (a.init != "rand" && a.init != "zero" && a.init != "ones" && a.init != "seq" &&
        a.init != "out")
        return "unknown initializer '" + a.init + "' (rand zero ones seq out)";
    return {};
}

// The scalar's bytes from its text c, in a's type; end: where the number stopped.
void storeScalar(ArgSpec &a, const char *c, char *&end) {
    switch (a.type) {
    case DType::F32: {
        float v = std::strtof(c, &end);
        std::memcpy(a.scalar, &v, 4);
        break;
    }
    case DType::F64: {
        double v = std::strtod(c, &end);
        std::memcpy(a.scalar, &v, 8);
        break;
    }
    case DType::I32:
    case DType::U32: {
        long long v = std::strtoll(c, &end, 0);
        int32_t w = int32_t(v);
        std::memcpy(a.scalar, &w, 4);
        break;
    }
    case DType::I64:
    case DType::U64: {
        long long v = std::strtoll(c, &end, 0);
        std::memcpy(a.scalar, &v, 8);
        break;
    }
    case DType::U8: {
        long v = std::strtol(c, &end, 0);
        a.scalar[0] = static_cast<unsigned char>(v);
        break;
    }
    }
}

// <type>:<value> (its fields f) into a; "" or why it is not one.
std::string readScalarArg(const std::vector<std::string> &f, ArgSpec &a) {
    if (f.size() != 2)
        return "expected <type>:<value> or buf:<type>:<count>[:init]";
    a.kind = ArgSpec::Kind::Scalar;
    if (!parseDType(f[0], a.type))
        return "unknown scalar type '" + f[0] + "' (f32 f64 i32 u32 i64 u64 u8)";
    a.text = f[1];
    char *end = nullptr;
    storeScalar(a, f[1].c_str(), end);
    if (f[1].empty() || (end && *end))
        return "value '" + f[1] + "' is not a " + dtypeName(a.type);
    return {};
}

} // namespace

bool parseArgSpec(const std::string &spec, std::vector<ArgSpec> &args, std::string &error) {
    args.clear();
    if (trim(spec).empty())
        return true;
    int index = 0;
    for (const std::string &item : split(spec, ',')) {
        ++index;
        std::vector<std::string> f = split(item, ':');
        ArgSpec a;
        const std::string why = f.empty() || f[0].empty() ? std::string("empty argument")
                                : f[0] == "buf"           ? readBufferArg(f, a)
                                                          : readScalarArg(f, a);
        if (!why.empty()) {
            error = "argument " + std::to_string(index) + " '" + item + "': " + why;
            return false;
        }
        args.push_back(std::move(a));
    }
    return true;
}

void fillHostBuffer(ArgSpec &a, uint32_t seed) {
    const size_t es = dtypeSize(a.type);
    a.host.assign(a.count * es, 0);
    if (a.init == "zero" || a.init == "out")
        return;
    uint32_t x = seed * 2654435761u + 12345u; // xorshift: reproducible inputs for validation
    for (uint64_t i = 0; i < a.count; ++i) {
        double v = 0;
        if (a.init == "ones") {
            v = 1;
        } else if (a.init == "seq") {
            v = double(i);
        } else {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            v = double(x % 1000u);
            if (a.type == DType::F32 || a.type == DType::F64)
                v = v / 8.0; // exact in binary, so a + b is exact too
        }
        unsigned char *p = a.host.data() + i * es;
        switch (a.type) {
        case DType::F32: {
            float f = float(v);
            std::memcpy(p, &f, 4);
            break;
        }
        case DType::F64:
            std::memcpy(p, &v, 8);
            break;
        case DType::I32:
        case DType::U32: {
            uint32_t w = uint32_t(v);
            std::memcpy(p, &w, 4);
            break;
        }
        case DType::I64:
        case DType::U64: {
            uint64_t w = uint64_t(v);
            std::memcpy(p, &w, 8);
            break;
        }
        case DType::U8:
            *p = static_cast<unsigned char>(uint32_t(v) & 0xff);
            break;
        }
    }
}

void *Backend::sym(const char *n) {
    return handle ? dlsym(handle, n) : nullptr;
}

std::string realPathOf(void *handle, const std::string &fallback) {
    struct link_map *lm = nullptr;
    if (handle && dlinfo(handle, RTLD_DI_LINKMAP, &lm) == 0 && lm && lm->l_name && *lm->l_name) {
        char buf[4096];
        if (realpath(lm->l_name, buf))
            return buf;
        return lm->l_name;
    }
    return fallback;
}

std::string sonameOf(void *handle) {
    struct link_map *lm = nullptr;
    if (!handle || dlinfo(handle, RTLD_DI_LINKMAP, &lm) != 0 || !lm || !lm->l_ld)
        return {};
    ElfW(Addr) strtab = 0;
    ElfW(Xword) soname = 0;
    bool hasSoname = false;
    for (const ElfW(Dyn) *d = lm->l_ld; d->d_tag != DT_NULL; ++d) {
        if (d->d_tag == DT_STRTAB)
            strtab = d->d_un.d_ptr;
        else if (d->d_tag == DT_SONAME) {
            soname = d->d_un.d_val;
            hasSoname = true;
        }
    }
    if (!strtab || !hasSoname)
        return {};
    // ld.so relocates DT_STRTAB in place where the dynamic section is writable (x86-64), not
    // where it is read-only: an address below the load base is still unrelocated.
    if (strtab < lm->l_addr)
        strtab += lm->l_addr;
    const char *s = reinterpret_cast<const char *>(strtab + soname);
    return std::string(s, strnlen(s, 256));
}

bool Backend::load(const std::string &explicitPath, std::vector<LibraryAttempt> &tried) {
    std::vector<std::string> names;
    if (!explicitPath.empty())
        names.push_back(explicitPath);
    else
        names = defaultNames();
    for (const std::string &n : names) {
        LibraryAttempt a;
        a.path = n;
        dlerror();
        void *h = dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            const char *e = dlerror();
            a.error = e ? e : "dlopen failed";
            tried.push_back(a);
            continue;
        }
        handle = h;
        std::string missing = resolve();
        if (!missing.empty()) {
            a.error = "loaded, but it has no symbol " + missing;
            tried.push_back(a);
            dlclose(h);
            handle = nullptr;
            continue;
        }
        a.loaded = true;
        libraryPath = realPathOf(h, n);
        soname = sonameOf(h);
        tried.push_back(a);
        return true;
    }
    return false;
}

} // namespace hdprobe
