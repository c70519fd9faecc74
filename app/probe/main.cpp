// hipdoctor-probe: loads a GPU runtime with dlopen in a clean process and answers one request
// (devices, load, launch, dlopen). Protocol: docs/protocol.md. Plain C++17 and libdl only.

#include "backends.h"
#include "probe.h"

#include "reaper.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>

using namespace hdprobe;

// Sanitizer builds (the asan preset): the CUDA driver reserves address ranges that lie in
// ASan's protected shadow gap, so cuInit fails with CUDA_ERROR_OUT_OF_MEMORY unless the gap
// is left unprotected (seen on an H200, driver 580). ASAN_OPTIONS from the environment
// still apply on top of this default.
#if defined(__SANITIZE_ADDRESS__)
#define HD_PROBE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HD_PROBE_ASAN 1
#endif
#endif
#ifdef HD_PROBE_ASAN
extern "C" const char *__asan_default_options() {
    return "protect_shadow_gap=0";
}
#endif

namespace {

struct Request {
    std::string kind, backend = "auto", library, file, kernel, args, validate = "auto", dlopenPath;
    std::vector<std::string> kernels;
    unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
    unsigned shared = 0;
    int repeat = 1, device = 0;
};

struct Result {
    std::string status = "ok", message, phase, api, error;
    int code = 0;
};

void emitResult(Probe &p, const Result &r) {
    // Timings first: one line per phase with min / median / max over the calls made.
    for (auto &t : p.times) {
        std::vector<double> v = t.second;
        std::sort(v.begin(), v.end());
        double median =
            v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
        p.out.line(JsonLine()
                       .add("event", "timing")
                       .add("name", t.first)
                       .add("count", int64_t(v.size()))
                       .add("min", v.front())
                       .add("median", median)
                       .add("max", v.back())
                       .str());
    }
    JsonLine l;
    l.add("event", "result").add("status", r.status).add("message", r.message);
    if (!r.phase.empty())
        l.add("phase", r.phase).add("api", r.api).add("code", r.code).add("error", r.error);
    p.out.line(l.str());
}

int exitCodeFor(const Result &r) {
    if (r.status == "ok")
        return 0;
    if (r.status == "bad-request")
        return 2;
    return 1;
}

void helloNone(Probe &p, const std::vector<LibraryAttempt> &tried) {
    std::string list = "[";
    for (size_t i = 0; i < tried.size(); ++i) {
        if (i)
            list += ",";
        list += JsonLine()
                    .add("path", tried[i].path)
                    .add("loaded", tried[i].loaded)
                    .add("error", tried[i].error)
                    .str();
    }
    list += "]";
    p.out.line(JsonLine()
                   .add("event", "hello")
                   .add("protocol", p.protocolClaim)
                   .add("probe", kProbeVersion)
                   .add("backend", "none")
                   .add("library", "")
                   .raw("tried", list)
                   .str());
}

bool readFile(const std::string &path, std::vector<char> &data, std::string &error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot open '" + path + "': " + std::strerror(errno);
        return false;
    }
    data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) {
        error = "cannot read '" + path + "'";
        return false;
    }
    if (data.empty()) {
        error = "'" + path + "' is empty";
        return false;
    }
    data.push_back('\0'); // PTX is text: the driver wants it NUL-terminated
    return true;
}

Result fail(const std::string &status, const std::string &message) {
    Result r;
    r.status = status;
    r.message = message;
    return r;
}

Result apiFail(Backend &b, const char *phase, const char *api, int code, const std::string &what) {
    Result r;
    r.status = "error";
    r.phase = phase;
    r.api = api;
    r.code = code;
    r.error = b.errorName(code);
    r.message = what + ": " + api + " returned " + std::to_string(code) +
                (r.error.empty() ? "" : " (" + r.error + ")");
    std::string s = b.errorString(code);
    if (!s.empty() && s != r.error)
        r.message += ": " + s;
    return r;
}

void emitDevice(Probe &p, const DeviceFacts &d) {
    std::string isas = "[";
    for (size_t i = 0; i < d.isas.size(); ++i)
        isas += (i ? "," : "") + jsonEscape(d.isas[i]);
    isas += "]";
    JsonLine l;
    l.add("event", "device")
        .add("index", d.index)
        .add("name", d.name)
        .add("isa", d.isa)
        .add("target", d.target);
    l.add("compute_units", d.computeUnits).add("wavefront", d.wavefront).add("memory", d.memory);
    l.add("max_threads_per_block", d.maxThreadsPerBlock)
        .add("max_shared_per_block", d.maxSharedPerBlock);
    l.add("cc_major", d.ccMajor).add("cc_minor", d.ccMinor).add("pci", d.pci).raw("isas", isas);
    p.out.line(l.str());
}

// Validation of the built-in vector add: c[i] == a[i] + b[i] for every element a thread covered.
template <typename T>
void checkAdd(const ArgSpec &a, const ArgSpec &b, const ArgSpec &c, uint64_t n, uint64_t &bad,
              int64_t &first) {
    const T *pa = reinterpret_cast<const T *>(a.host.data());
    const T *pb = reinterpret_cast<const T *>(b.host.data());
    const T *pc = reinterpret_cast<const T *>(c.host.data());
    for (uint64_t i = 0; i < n; ++i)
        if (pc[i] != T(pa[i] + pb[i])) {
            if (first < 0)
                first = int64_t(i);
            ++bad;
        }
}

// Reads the request's file into image (kept by the caller while the module lives), selects the
// device and loads the module; on failure, the result that says why.
std::optional<Result> loadModule(Probe &p, Backend &b, const Request &rq,
                                 std::vector<char> &image) {
    std::string error;
    if (!readFile(rq.file, image, error))
        return fail("bad-request", error);
    int rc = b.useDevice(p, rq.device);
    if (rc)
        return apiFail(b, "runtime-init", "select device", rc,
                       "device " + std::to_string(rq.device));
    if ((rc = b.loadModule(p, image)))
        return apiFail(b, "module-load",
                       b.name() == std::string("hip") ? "hipModuleLoadData" : "cuModuleLoadData",
                       rc, "loading " + rq.file);
    return std::nullopt;
}

// Looks the kernel up and says so in a "kernel" line; returns the runtime's code.
int lookUpKernel(Probe &p, Backend &b, const std::string &kernel) {
    const int rc = b.getFunction(p, kernel);
    p.out.line(JsonLine()
                   .add("event", "kernel")
                   .add("name", kernel)
                   .add("found", rc == 0)
                   .add("code", rc)
                   .add("error", rc ? b.errorName(rc) : "")
                   .str());
    return rc;
}

const char *functionLookupApi(Backend &b) {
    return b.name() == std::string("hip") ? "hipModuleGetFunction" : "cuModuleGetFunction";
}

// The built-in vector add check's argument shape: buf T in, buf T in, buf T out, integer n.
bool isVectorAddShape(const std::vector<ArgSpec> &args) {
    return args.size() == 4 && args[0].kind == ArgSpec::Kind::Buffer &&
           args[1].kind == ArgSpec::Kind::Buffer && args[2].kind == ArgSpec::Kind::Buffer &&
           args[3].kind == ArgSpec::Kind::Scalar && args[2].init == "out" &&
           args[0].init != "out" && args[1].init != "out" && args[0].type == args[1].type &&
           args[1].type == args[2].type &&
           (args[3].type == DType::I32 || args[3].type == DType::I64 || args[3].type == DType::U32);
}

// Checks c = a + b on the host over the elements the launch covered; on a bad shape or a
// mismatch, the result that says so.
std::optional<Result> validateVectorAdd(Probe &p, const Request &rq,
                                        const std::vector<ArgSpec> &args, bool shape) {
    p.begin("validation", "host");
    auto t0 = std::chrono::steady_clock::now();
    if (!shape) {
        p.phaseEvent("validation", "host", -1, "invalid",
                     "vector-add validation needs buf T, buf T, buf T:out, i32 n", msSince(t0));
        return fail("bad-request", "vector-add validation needs the argument shape buf:T:N, "
                                   "buf:T:N, buf:T:N:out, i32:N");
    }
    int64_t n = 0;
    std::memcpy(&n, args[3].scalar, args[3].type == DType::I64 ? 8 : 4);
    if (args[3].type != DType::I64)
        n = int64_t(int32_t(n));
    uint64_t threads =
        uint64_t(rq.grid[0]) * rq.grid[1] * rq.grid[2] * rq.block[0] * rq.block[1] * rq.block[2];
    uint64_t count = std::min<uint64_t>(
        {n < 0 ? 0 : uint64_t(n), threads, args[0].count, args[1].count, args[2].count});
    uint64_t bad = 0;
    int64_t first = -1;
    withElementType(args[0].type, [&](auto zero) {
        checkAdd<decltype(zero)>(args[0], args[1], args[2], count, bad, first);
    });
    double ms = msSince(t0);
    p.phaseEvent("validation", "host", bad ? -1 : 0, bad ? "mismatch" : "",
                 bad ? std::to_string(bad) + " of " + std::to_string(count) + " elements differ"
                     : "",
                 ms, -1, "vector add, " + std::to_string(count) + " elements");
    p.out.line(JsonLine()
                   .add("event", "validation")
                   .add("status", bad ? "failed" : "passed")
                   .add("checked", uint64_t(count))
                   .add("mismatches", uint64_t(bad))
                   .add("first_mismatch", int64_t(first))
                   .str());
    if (bad) {
        Result r = fail("error", "validation failed: " + std::to_string(bad) + " of " +
                                     std::to_string(count) + " elements differ, first at index " +
                                     std::to_string(first));
        r.phase = "validation";
        r.api = "host";
        r.code = -1;
        r.error = "mismatch";
        return r;
    }
    return std::nullopt;
}

Result runLaunch(Probe &p, Backend &b, const Request &rq) {
    std::vector<ArgSpec> args;
    std::string error;
    if (!parseArgSpec(rq.args, args, error))
        return fail("bad-request", "argument spec: " + error);
    if (rq.kernel.empty())
        return fail("bad-request", "launch needs a kernel name");
    std::vector<char> image;
    if (std::optional<Result> failed = loadModule(p, b, rq, image))
        return *failed;
    int rc = lookUpKernel(p, b, rq.kernel);
    if (rc)
        return apiFail(b, "function-lookup", functionLookupApi(b), rc, "looking up " + rq.kernel);
    std::vector<void *> params;
    uint32_t seed = 1;
    for (ArgSpec &a : args) {
        if (a.kind == ArgSpec::Kind::Buffer) {
            fillHostBuffer(a, seed++);
            if ((rc = b.alloc(p, a.host.size(), a.device)))
                return apiFail(b, "allocation", "alloc", rc,
                               "allocating " + std::to_string(a.host.size()) + " bytes");
            if ((rc = b.copyToDevice(p, a.device, a.host.data(), a.host.size())))
                return apiFail(b, "copy-h2d", "copy", rc, "copying to the device");
            params.push_back(&a.device);
        } else {
            params.push_back(a.scalar);
        }
    }
    if ((rc = b.createEvents(p)))
        return apiFail(b, "allocation", "event create", rc, "creating events");
    LaunchFailure lf;
    if ((rc = runLaunches(p, b, rq.grid, rq.block, rq.shared, params.data(), rq.repeat, lf)))
        return apiFail(b, lf.phase, lf.api, rc, "launch " + std::to_string(lf.index));
    if ((rc = b.synchronize(p)))
        return apiFail(b, "synchronize", "synchronize", rc, "after the kernel");
    for (ArgSpec &a : args)
        if (a.kind == ArgSpec::Kind::Buffer && a.init == "out")
            if ((rc = b.copyToHost(p, a.host.data(), a.device, a.host.size())))
                return apiFail(b, "copy-d2h", "copy", rc, "copying the result back");

    const bool shape = isVectorAddShape(args);
    const bool want = rq.validate == "vector-add" || (rq.validate == "auto" && shape &&
                                                      rq.kernel.find("add") != std::string::npos);
    if (want)
        if (std::optional<Result> failed = validateVectorAdd(p, rq, args, shape))
            return *failed;
    Result ok;
    ok.message = "launched " + rq.kernel + " " + std::to_string(rq.repeat) + " time(s)" +
                 (want ? ", result validated" : "");
    return ok;
}

Result runLoad(Probe &p, Backend &b, const Request &rq) {
    std::vector<char> image;
    if (std::optional<Result> failed = loadModule(p, b, rq, image))
        return *failed;
    int missing = 0, firstCode = 0;
    for (const auto &k : rq.kernels) {
        const int rc = lookUpKernel(p, b, k);
        if (rc) {
            ++missing;
            if (!firstCode)
                firstCode = rc;
        }
    }
    if (missing) {
        Result r = apiFail(b, "function-lookup", functionLookupApi(b), firstCode,
                           std::to_string(missing) + " of " + std::to_string(rq.kernels.size()) +
                               " kernel(s) not found");
        return r;
    }
    Result ok;
    ok.message = "module loaded; " + std::to_string(rq.kernels.size()) + " kernel(s) found";
    return ok;
}

bool parseDims(const JsonValue *v, unsigned out[3]) {
    if (!v)
        return true;
    if (v->type == JsonValue::Type::Number) {
        out[0] = unsigned(v->number);
        return v->number >= 1;
    }
    if (v->type != JsonValue::Type::Array || v->array.empty() || v->array.size() > 3)
        return false;
    for (size_t i = 0; i < 3; ++i) {
        out[i] = 1;
        if (i < v->array.size()) {
            if (v->array[i].type != JsonValue::Type::Number || v->array[i].number < 1 ||
                v->array[i].number > 4294967295.0)
                return false;
            out[i] = unsigned(v->array[i].number);
        }
    }
    return true;
}

} // namespace

// The request read from its JSON text; a "bad-request" result when it cannot be served.
Result parseRequest(const std::string &text, Request &rq) {
    JsonValue req;
    std::string error;
    Result bad;
    std::vector<ArgSpec> specCheck;
    std::string specError;
    bool ok = parseJson(text, req, error);
    if (!ok)
        bad = fail("bad-request", "request is not JSON: " + error);
    else if (req.type != JsonValue::Type::Object)
        bad = fail("bad-request", "request is not a JSON object");
    else if (req.has("protocol") && int(req.num("protocol", 0)) != kProtocol)
        bad = fail("bad-request", "engine speaks protocol " +
                                      std::to_string(int(req.num("protocol", 0))) +
                                      ", this probe speaks " + std::to_string(kProtocol));
    if (bad.status.empty() || bad.status == "ok") {
        rq.kind = req.str("request");
        rq.backend = req.str("backend", "auto");
        rq.library = req.str("library");
        rq.file = req.str("file");
        rq.kernel = req.str("kernel");
        rq.args = req.str("args");
        rq.validate = req.str("validate", "auto");
        rq.dlopenPath = req.str("path");
        rq.repeat = int(req.num("repeat", 1));
        rq.device = int(req.num("device", 0));
        rq.shared = unsigned(req.num("shared", 0));
        if (const JsonValue *k = req.find("kernels"))
            for (const auto &v : k->array)
                if (v.type == JsonValue::Type::String)
                    rq.kernels.push_back(v.string);
        if (!parseDims(req.find("grid"), rq.grid) || !parseDims(req.find("block"), rq.block))
            bad = fail("bad-request", "grid and block are 1 to 3 positive numbers");
        else if (rq.kind != "devices" && rq.kind != "load" && rq.kind != "launch" &&
                 rq.kind != "dlopen")
            bad = fail("bad-request",
                       "unknown request '" + rq.kind + "' (devices, load, launch, dlopen)");
        else if (rq.backend != "auto" && rq.backend != "hip" && rq.backend != "cuda")
            bad = fail("bad-request", "unknown backend '" + rq.backend + "' (auto, hip, cuda)");
        else if (rq.repeat < 1 || rq.repeat > 1000000)
            bad = fail("bad-request", "repeat must be between 1 and 1000000");
        else if ((rq.kind == "load" || rq.kind == "launch") && rq.file.empty())
            bad = fail("bad-request", rq.kind + " needs a file");
        else if (rq.kind == "launch" && !parseArgSpec(rq.args, specCheck, specError))
            bad = fail("bad-request", "argument spec: " + specError);
        else if (rq.kind == "dlopen" && rq.dlopenPath.empty())
            bad = fail("bad-request", "dlopen needs a path");
    }
    return bad;
}

// The dlopen request: no runtime, only the library the user's program would load.
int runDlopen(Probe &p, const Request &rq) {
    helloNone(p, {});
    std::string err;
    int rc = p.call(
        "dlopen", "dlopen",
        [&] {
            dlerror();
            void *h = dlopen(rq.dlopenPath.c_str(), RTLD_NOW | RTLD_LOCAL);
            if (!h) {
                const char *e = dlerror();
                err = e ? e : "dlopen failed";
                return 1;
            }
            return 0;
        },
        -1, rq.dlopenPath);
    Result r;
    if (rc) {
        r.status = "error";
        r.phase = "dlopen";
        r.api = "dlopen";
        r.code = rc;
        r.error = "dlerror";
        r.message = err;
    } else {
        r.message = "loaded " + rq.dlopenPath;
    }
    emitResult(p, r);
    return exitCodeFor(r);
}

// --contain -- PROGRAM ARGS…: runs PROGRAM under a reaper, so that nothing it starts outlives
// it (reaper.h): the wrapper of docs/remote.md runs every step's command
// on a GPU node this way.
int runContained(int argc, char **argv) {
    int first = 2;
    if (first < argc && std::strcmp(argv[first], "--") == 0)
        ++first;
    if (first >= argc) {
        std::fprintf(stderr, "hipdoctor-probe --contain: no command given\n");
        return 2;
    }
    hd::forkUnderReaper(::getppid()); // returns in the command (or, failing, unguarded)
    ::execvp(argv[first], argv + first);
    const int e = errno;
    std::fprintf(stderr, "hipdoctor-probe --contain: cannot run %s: %s\n", argv[first],
                 std::strerror(e));
    return e == ENOENT ? 127 : 126;
}

namespace {

// A runtime that loaded, with what its init answered (held lines and timings when several
// backends were tried).
struct Probed {
    Backend *backend = nullptr;
    double loadMs = 0;
    int rc = 0, crc = 0, count = 0;
    std::vector<std::string> lines;
    std::vector<std::pair<std::string, std::vector<double>>> times;
};

// Picks the runtime: hip, then cuda for auto. Lines before the hello are held back (out.hold).
// auto: a runtime that loads but sees no device (libamdhip64 installed on an NVIDIA machine)
// does not win over the next one that has devices. Its init runs before the hello, with the
// output held; with a single backend the init runs after the hello, live (chosen.lines empty).
Probed chooseBackend(Probe &p, Output &out, const Request &rq,
                     std::vector<std::unique_ptr<Backend>> &candidates,
                     std::vector<LibraryAttempt> &tried) {
    const bool multi = candidates.size() > 1;
    Probed chosen, fallback;
    out.hold = true;
    for (auto &c : candidates) {
        p.begin("library-load", "dlopen");
        auto t0 = std::chrono::steady_clock::now();
        bool loaded = c->load(rq.library, tried);
        double ms = msSince(t0);
        if (!loaded) {
            // An explicit path that dlopen cannot open will not open for the next backend either.
            if (!rq.library.empty() && !tried.empty() &&
                tried.back().error.rfind("loaded, but", 0) != 0)
                break;
            continue;
        }
        Probed cur;
        cur.backend = c.get();
        cur.loadMs = ms;
        if (!multi) {
            chosen = cur;
            break;
        }
        Backend *b = c.get();
        p.errName = [b](int e) { return b->errorName(e); };
        p.errString = [b](int e) { return b->errorString(e); };
        out.take(); // the begin lines of the search
        const auto timesBefore = p.times;
        p.phaseEvent("library-load", "dlopen", 0, "", "", ms, -1, b->libraryPath);
        out.liveBegins = true;
        cur.rc = b->init(p);
        cur.crc = b->deviceCount(p, cur.count);
        out.liveBegins = false;
        cur.lines = out.take();
        cur.times = std::exchange(p.times, timesBefore);
        if (cur.crc == 0 && cur.count > 0) {
            p.times = cur.times;
            chosen = cur;
            break;
        }
        tried.back().error = std::string("loaded, but it sees no device (") +
                             (cur.crc ? b->errorName(cur.crc) : std::string("0 devices")) + ")";
        if (!fallback.backend)
            fallback = cur;
    }
    if (!chosen.backend && fallback.backend) {
        chosen = fallback;
        p.times = fallback.times;
    }
    return chosen;
}

// The hello line: the runtime chosen, its versions and every library tried. It goes out first;
// the held "begin" lines of the library search are dropped.
void emitHello(Probe &p, Output &out, Backend &backend, const std::vector<LibraryAttempt> &tried) {
    int rtRaw = 0, drvRaw = 0;
    std::string rt, drv;
    backend.versions(rtRaw, rt, drvRaw, drv);
    std::string list = "[";
    for (size_t i = 0; i < tried.size(); ++i)
        list += (i ? "," : "") + JsonLine()
                                     .add("path", tried[i].path)
                                     .add("loaded", tried[i].loaded)
                                     .add("error", tried[i].error)
                                     .str();
    list += "]";
    JsonLine hello;
    hello.add("event", "hello")
        .add("protocol", p.protocolClaim)
        .add("probe", kProbeVersion)
        .add("backend", backend.name())
        .add("library", backend.libraryPath)
        .add("soname", backend.soname)
        .add("runtime_version", rt)
        .add("runtime_version_raw", rtRaw)
        .add("driver_version", drv)
        .add("driver_version_raw", drvRaw);
    backend.helloFields(hello);
    const std::string helloLine = hello.raw("tried", list).str();
    out.discard();
    out.line(helloLine);
}

// The result when the runtime's init or device count failed or found no device.
Result noDeviceResult(Backend &backend, int rc, int crc) {
    const bool hip = backend.name() == std::string("hip");
    const int code = crc ? crc : rc;
    Result r = code ? apiFail(backend, "runtime-init",
                              crc ? (hip ? "hipGetDeviceCount" : "cuDeviceGetCount")
                                  : (hip ? "hipInit" : "cuInit"),
                              code, "the runtime sees no device")
                    : fail("no-device", "the runtime loaded but reports 0 devices");
    if (code == 0 || code == backend.noDeviceCode())
        r.status = "no-device";
    return r;
}

// The request answered with the runtime chosen: its init (now, when it did not run during the
// choice), then the devices listed or the module loaded or launched on the device asked for.
Result answer(Probe &p, Output &out, Backend &backend, const Probed &chosen, bool multi,
              const Request &rq) {
    int count = chosen.count, rc = chosen.rc, crc = chosen.crc;
    if (multi) {
        for (const auto &l : chosen.lines)
            out.line(l);
    } else {
        p.phaseEvent("library-load", "dlopen", 0, "", "", chosen.loadMs, -1, backend.libraryPath);
        rc = backend.init(p);
        crc = backend.deviceCount(p, count);
    }
    if (crc || count <= 0)
        return noDeviceResult(backend, rc, crc);
    Result r;
    if (rq.kind == "devices") {
        for (int i = 0; i < count; ++i) {
            DeviceFacts d;
            backend.describe(p, i, d);
            emitDevice(p, d);
        }
        r.message = std::to_string(count) + " device(s)";
        return r;
    }
    if (rq.device < 0 || rq.device >= count) {
        r = fail("bad-request", "device " + std::to_string(rq.device) + " does not exist (" +
                                    std::to_string(count) + " device(s))");
    } else {
        DeviceFacts d;
        backend.describe(p, rq.device, d);
        emitDevice(p, d);
        r = rq.kind == "load" ? runLoad(p, backend, rq) : runLaunch(p, backend, rq);
    }
    backend.release();
    return r;
}

} // namespace

int main(int argc, char **argv) {
    if (argc > 1 && std::strcmp(argv[1], "--contain") == 0)
        return runContained(argc, argv);
    Output out;
    Probe p(out);
    if (argc > 1 && (std::strcmp(argv[1], "--version") == 0)) {
        std::printf("hipdoctor-probe %s (protocol %d)\n", kProbeVersion, kProtocol);
        return 0;
    }
    if (argc > 1 && std::strcmp(argv[1], "--help") == 0) {
        std::printf(
            "usage: hipdoctor-probe < request.json\n"
            "Reads one JSON request on stdin and writes JSON lines on stdout (docs/protocol.md).\n"
            "  {\"protocol\":1,\"request\":\"devices\",\"backend\":\"auto\"}\n");
        return 0;
    }
    out.usePrivateDescriptor();
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    Request rq;
    const Result bad = parseRequest(text, rq);
    if (bad.status == "bad-request") {
        helloNone(p, {});
        emitResult(p, bad);
        return 2;
    }

    if (rq.kind == "dlopen")
        return runDlopen(p, rq);

    std::vector<std::unique_ptr<Backend>> candidates;
    if (rq.backend == "auto" || rq.backend == "hip")
        candidates.push_back(makeHipBackend());
    if (rq.backend == "auto" || rq.backend == "cuda")
        candidates.push_back(makeCudaBackend());
    std::vector<LibraryAttempt> tried;
    const Probed chosen = chooseBackend(p, out, rq, candidates, tried);
    Backend *backend = chosen.backend;
    if (!backend) {
        // Drop the held begin lines: nothing ran beyond dlopen.
        out.discard();
        helloNone(p, tried);
        std::string list;
        for (const auto &t : tried)
            list += (list.empty() ? "" : "; ") + t.path + ": " + t.error;
        emitResult(p, fail("no-runtime", "no GPU runtime found (tried " + list + ")"));
        return 1;
    }
    p.errName = [backend](int c) { return backend->errorName(c); };
    p.errString = [backend](int c) { return backend->errorString(c); };
    emitHello(p, out, *backend, tried);
    const Result r = answer(p, out, *backend, chosen, candidates.size() > 1, rq);
    emitResult(p, r);
    return exitCodeFor(r);
}
