#pragma once

// Internals shared by the inspector's readers (not part of the engine's public API).

#include "artifacts/amdgpu_code_object.h"
#include "artifacts/inspector.h"
#include "artifacts/offload_bundle.h"
#include "artifacts/symbols.h"

#include <QPair>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace hd::detail {

// A code object whose slot in report.codeObjects is reserved and whose bytes are decoded
// on the decoding threads (librocsparse: 777 code objects, 88k kernels).
struct CodeObjectJob {
    int index = -1;
    const char *data = nullptr;
    size_t size = 0;
    CodeObjectSource source;
    bool releaseAfter = false; // its pages of the mapped file go back once decoded (by bundle)
    // Its bytes lie in a decompressed buffer and no other entry's overlap them: a big one's
    // pages go back as soon as it is decoded, not with the whole buffer (librocblas 7.2's
    // largest bundles are 158 and 154 MB of about a dozen code objects).
    bool releaseBufferAfter = false;
    bool endsGroup = false; // the last job of a published group (DecodeQueue::publish())
    bool finished = false;  // decoded (DecodeQueue::finished() was called for it)
    CodeObject result;
};

struct InspectContext;

// Decompresses the CCOBs of a host binary (their offsets known from .hipFatBinSegment) on
// worker threads, a few ahead of the inspecting thread, and hashes them there when asked
// (InspectOptions::verifyCcobHash): decompression, hashing and decoding then overlap instead of
// taking turns (librocblas 7.2: 65 CCOBs). Keeps at most `window` decompressed bundles not yet
// taken, and at most kAheadBytes of them unless there is none (librocblas' largest are 158 and 154
// MB: two of them ahead of the one being decoded made the app's peak). Within the same limits as
// readBundleAt (ccobLimit, the input's budget); what it does not decompress the caller does, as
// before.
class CcobPrefetcher {
public:
    // fileMapping: data is a read-only mapping of the file, whose pages may be given back once
    // read (InspectContext::releasePages).
    CcobPrefetcher(const char *data, size_t size, const QList<QPair<uint64_t, uint64_t>> &regions,
                   int threads, int window, bool hash, bool fileMapping);
    ~CcobPrefetcher();
    CcobPrefetcher(const CcobPrefetcher &) = delete;
    CcobPrefetcher &operator=(const CcobPrefetcher &) = delete;
    struct Result {
        QByteArray data;
        uint64_t hash = 0;
    };
    // The bundle of the CCOB at `offset` (blocks until it is ready); nothing when it was not
    // prefetched. Every prefetched offset must be taken, in order, to keep the window moving.
    std::optional<Result> take(uint64_t offset);
    // A taken bundle's buffer, no longer needed: decompressed into again (no fresh pages).
    void recycle(QByteArray buffer);

private:
    // 64 MB: with the hashes off (the app) the peak at librocblas 7.2's findings stays within
    // 400 MB; 96 MB reached 485 MB in one run of four (docs/performance.md).
    static constexpr uint64_t kAheadBytes = 64ull << 20;
    struct Slot {
        uint64_t offset = 0, maxSize = 0;
        std::optional<CcobHeader> header; // nothing when unreadable
        uint64_t ahead = 0;               // its decompressed size while it waits to be taken
        uint64_t decompressedSize() const { return header ? header->uncompressedSize : 0; }
        bool done = false;
        std::optional<Result> result;
    };
    void work();
    const char *m_data;
    size_t m_size;
    std::vector<Slot> m_slots;
    size_t m_next = 0, m_taken = 0, m_window;
    uint64_t m_aheadBytes = 0; // decompressed (or being so) and not yet taken
    // The bundle taken and being decoded counts in the window too: librocblas 7.2's 150 MB
    // bundle then has no 65 MB one decompressed beside it (the app's peak).
    uint64_t m_takenBytes = 0;
    uint64_t m_budgetUsed = 0;
    bool m_hash = true;
    bool m_fileMapping = false;
    bool m_stopping = false;
    std::vector<QByteArray> m_pool; // recycled buffers
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::vector<std::thread> m_threads;
};

// Decodes code objects on worker threads while the inspecting thread goes on finding bundles:
// no barrier per bundle, so the threads stay busy across the whole file. Results are kept
// apart from report.codeObjects (which the inspecting thread keeps appending to) and moved
// into their slots by finish().
class DecodeQueue {
public:
    explicit DecodeQueue(InspectContext &ctx) : m_ctx(ctx) {}
    ~DecodeQueue();
    DecodeQueue(const DecodeQueue &) = delete;
    DecodeQueue &operator=(const DecodeQueue &) = delete;

    // Queues a job; the threads see it once published.
    void add(CodeObjectJob job);
    // Hands the jobs added since the last call to the threads as one group, which one thread
    // decodes in order (up to kMaxGroup jobs). A group is one bundle: every target's build of
    // the same source, with the same names (hot in that core's cache, their reference counts
    // not bouncing between cores) and the same kernels in the same order (StringPool::noteName).
    void publish();
    // Returns once every job added so far is decoded; the calling thread decodes too.
    // Needed before the bytes of those jobs go away (a decompressed CCOB buffer).
    void drain();
    // drain(), stop the threads, move the results into report.codeObjects.
    void finish();
    // Counts for InspectProgress (any thread).
    void counts(int &bundlesDone, int &queued, int &done);

private:
    void stopThreads();
    static constexpr size_t kMaxGroup = 16;
    // With m_mutex held: the jobs [first, m_next) of the next published group, or false.
    bool takeGroup(size_t &first);
    // Decodes jobs [first, end) without the lock, then marks them finished with it.
    void decodeGroup(size_t first, size_t end, StringPool *pool,
                     std::unique_lock<std::mutex> &lock);
    void decode(CodeObjectJob &job, StringPool *pool);
    // Called with m_mutex held when `job` is decoded: counts it.
    void finished(CodeObjectJob &job);

    InspectContext &m_ctx;
    std::mutex m_mutex;
    std::condition_variable m_wake;   // a group was published, or the queue stops
    std::condition_variable m_idle;   // a job was finished
    std::deque<CodeObjectJob> m_jobs; // references stay valid while jobs are appended
    size_t m_next = 0, m_done = 0, m_published = 0;
    int m_groupsDone = 0; // published groups (bundles) whose jobs are all decoded
    bool m_stopping = false;
    std::vector<std::unique_ptr<StringPool>> m_pools; // [0]: the inspecting thread's
    std::vector<std::thread> m_threads;
};

// One inspection in progress: the bytes of the whole file and the report being filled.
struct InspectContext {
    QString file; // display name for Problems
    const char *data = nullptr;
    size_t size = 0;
    const InspectOptions &options;
    ArtifactReport &report;
    SharedSymbolNames symbolNames{}; // shared by all pools
    StringPool pool{&symbolNames};   // for the inspecting thread
    bool fileMapping = false;        // data is a read-only mmap of the file (see releasePages)
    uint64_t decompressed = 0;       // bytes of all CCOBs decompressed so far (see readBundleAt)
    std::unique_ptr<CcobPrefetcher> prefetch; // set by the host ELF reader for CCOB bundles
    DecodeQueue decoder{*this}; // last: its destructor joins threads that use the above

    // Decodes the queued code objects. Must run before the bytes they point into go away
    // (a decompressed CCOB buffer).
    void runPending() { decoder.drain(); }
    // Drops the pages of [offset, offset + length) from this process once read (they stay in
    // the page cache): peak RSS then holds the pages of the code objects being decoded, not
    // the whole file's.
    void releasePages(uint64_t offset, uint64_t length) const;
    bool cancelled() const { return options.cancel && options.cancel->load(); }
    int bundlesExpected = 0; // set by the host ELF reader when .hipFatBinSegment tells
    // Calls options.progress (on this thread) when `force` or kProgressIntervalMs / 2 have
    // passed since the last call.
    void reportProgress(bool force = false);
    std::chrono::steady_clock::time_point lastProgress{};
    void problem(uint64_t offset, const QString &message, bool fatal = false) {
        report.problems.append(Problem{file, qint64(offset), message, fatal});
    }
};

// Reads a bundle (plain or CCOB) at data[offset], using at most maxSize bytes, and appends it
// and its code objects to the report. Returns the bytes the bundle occupies (0: none read).
uint64_t readBundleAt(InspectContext &ctx, uint64_t offset, uint64_t maxSize,
                      const QString &origin);

// Reads the code object (or other payload) of one bundle entry at data[0..size) and returns
// its index in report.codeObjects, or -1; sets entry.content.
// `ownsBytes`: inside a decompressed buffer, no other entry reads these bytes
// (CodeObjectJob::releaseBufferAfter).
int readEntryPayload(InspectContext &ctx, BundleEntry &entry, const char *data, size_t size,
                     uint64_t fileOffset, const QString &origin, bool insideCompressed,
                     bool ownsBytes = false);

// Host ELF: dynamic section, symbols, .hip_fatbin through .hipFatBinSegment, -fgpu-rdc
// sections, .nv_fatbin, library resolution.
void readHostElf(InspectContext &ctx);

} // namespace hd::detail
