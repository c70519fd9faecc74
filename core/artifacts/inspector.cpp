// Entry points of the inspector: map the file, detect what it is, hand it to the readers.

#include "artifacts/inspector.h"

#include "artifacts/amdgpu_code_object.h"
#include "artifacts/bytes.h"
#include "artifacts/nvidia.h"
#include "artifacts/offload_bundle.h"
#include "common/format.h"
#include "common/input_file.h"
#include "common/mapped_file_guard.h"
#include "inspector_p.h"
#include "loader/loader.h"
#include "loader/symbol_versions.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <thread>

#include <sys/mman.h>
#include <unistd.h>
#include <utility>

namespace hd {

namespace {

// One sentence for a CCOB whose hash is not its data's, found while inspecting or afterwards
// (checkCcobHashes()).
QString ccobHashMismatch(const QString &origin, uint64_t stored, uint64_t computed) {
    return QStringLiteral("compressed bundle (%1): hash %2 does not match the MD5 of the "
                          "decompressed data (%3)")
        .arg(origin, hex(stored), hex(computed));
}

MetadataRead metadataRead(const InspectOptions &o) {
    if (!o.metadata)
        return MetadataRead::None;
    return o.kernels ? MetadataRead::Kernels : MetadataRead::Counts;
}

} // namespace

namespace detail {

namespace {

// Gives back the whole pages within [data, data + size) (MADV_DONTNEED): a file mapping's
// stay in the page cache; an anonymous buffer's read as zeros if touched again.
void releasePageInterior(const char *data, size_t size) {
    const auto page = uintptr_t(::sysconf(_SC_PAGESIZE));
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + page - 1) / page * page;
    const uintptr_t end = (reinterpret_cast<uintptr_t>(data) + size) / page * page;
    if (end > begin)
        ::madvise(reinterpret_cast<void *>(begin), end - begin, MADV_DONTNEED);
}

bool isBitcode(const char *d, size_t n) {
    return n >= 4 && d[0] == 'B' && d[1] == 'C' && uint8_t(d[2]) == 0xC0 && uint8_t(d[3]) == 0xDE;
}

// CCOB v1 does not store its size: it ends where the next bundle starts (4096-aligned in
// .hip_fatbin) or at the end of the region.
uint64_t ccobV1Extent(const char *data, size_t size) {
    for (uint64_t pos = 4096; pos < size; pos += 4096)
        if (looksLikeCcob(data + pos, size - pos) || looksLikeOffloadBundle(data + pos, size - pos))
            return pos;
    return size;
}

} // namespace

CcobPrefetcher::CcobPrefetcher(const char *data, size_t size,
                               const QList<QPair<uint64_t, uint64_t>> &regions, int threads,
                               int window, bool hash, bool fileMapping)
    : m_data(data), m_size(size), m_window(size_t(std::max(window, 1))), m_hash(hash),
      m_fileMapping(fileMapping) {
    uint64_t first = size, last = 0; // the span of the headers read
    for (const auto &[offset, maxSize] : regions) {
        Slot s{offset, maxSize};
        // Read once here: the workers' wait needs each one's decompressed size.
        if (offset < size) {
            s.header = readCcobHeader(data + offset,
                                      size_t(std::min<uint64_t>(maxSize, size - offset)), nullptr);
            first = std::min(first, offset);
            last = std::max(last, std::min<uint64_t>(offset + 4096, size));
        }
        m_slots.push_back(std::move(s));
    }
    // A fault maps a whole folio of the page cache (a few hundred KB on kernels with large
    // folios): the 65 headers of librocblas 7.2 held about 45 MB of the file until each
    // bundle was read. Every page of the headers' span is dropped here (other sections in it
    // too: a read-only mapping, so a page read again just faults in).
    if (m_fileMapping && last > first)
        releasePageInterior(data + first, size_t(last - first));
    for (int t = 0; t < std::max(threads, 1); ++t)
        m_threads.emplace_back([this] { work(); });
}

CcobPrefetcher::~CcobPrefetcher() {
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_cv.notify_all();
    for (std::thread &t : m_threads)
        t.join();
}

void CcobPrefetcher::work() {
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_cv.wait(lock, [&] {
            const uint64_t held = m_aheadBytes + m_takenBytes;
            return m_stopping ||
                   (m_next < m_slots.size() && m_next - m_taken < m_window &&
                    (held == 0 || held + m_slots[m_next].decompressedSize() <= kAheadBytes));
        });
        if (m_stopping)
            return;
        Slot &slot = m_slots[m_next++];
        const char *p = m_data + slot.offset;
        const size_t avail = slot.offset < m_size
                                 ? size_t(std::min<uint64_t>(slot.maxSize, m_size - slot.offset))
                                 : 0;
        const std::optional<CcobHeader> &h = slot.header;
        // The same limits as readBundleAt: a CCOB over its own limit or the input's budget is
        // left to it, to be refused with its message.
        bool go = h && h->version >= 2 && h->totalSize > h->headerSize &&
                  h->uncompressedSize <= ccobLimit(h->totalSize - h->headerSize) &&
                  m_budgetUsed + h->uncompressedSize <= inputDecompressionBudget(m_size);
        QByteArray buffer;
        if (go) {
            m_budgetUsed += h->uncompressedSize;
            slot.ahead = h->uncompressedSize;
            m_aheadBytes += slot.ahead;
            if (!m_pool.empty()) {
                buffer = std::move(m_pool.back());
                m_pool.pop_back();
            }
        }
        lock.unlock();
        std::optional<Result> result;
        if (go) {
            std::optional<QByteArray> bytes = decompressCcob(p, avail, *h, nullptr, &buffer);
            // The compressed bytes are read: not held while the bundle waits and is decoded.
            if (m_fileMapping)
                releasePageInterior(p, size_t(std::min<uint64_t>(avail, h->totalSize)));
            if (bytes) {
                const uint64_t hash =
                    m_hash ? ccobHash(bytes->constData(), size_t(bytes->size())) : h->hash;
                result = Result{std::move(*bytes), hash};
            }
        }
        lock.lock();
        slot.result = std::move(result);
        slot.done = true;
        m_cv.notify_all();
    }
}

std::optional<CcobPrefetcher::Result> CcobPrefetcher::take(uint64_t offset) {
    std::unique_lock lock(m_mutex);
    const auto it = std::find_if(m_slots.begin(), m_slots.end(),
                                 [&](const Slot &s) { return s.offset == offset; });
    if (it == m_slots.end())
        return std::nullopt;
    // The bundle taken before is decoded by now (recycled, or dropped without recycle(), e.g.
    // over the input's budget). take() and recycle() are called by the inspecting thread
    // only, one bundle after the other.
    m_takenBytes = 0;
    m_cv.notify_all();
    m_cv.wait(lock, [&] { return it->done || m_stopping; });
    std::optional<Result> r = std::move(it->result);
    it->result.reset();
    m_aheadBytes -= it->ahead;
    if (r)
        m_takenBytes = it->ahead;
    it->ahead = 0;
    ++m_taken;
    m_cv.notify_all();
    return r;
}

void CcobPrefetcher::recycle(QByteArray buffer) {
    const std::lock_guard lock(m_mutex);
    m_takenBytes = 0; // decoded
    m_cv.notify_all();
    // Kept buffers hold their pages: no more of them than may be ahead.
    uint64_t kept = uint64_t(buffer.capacity());
    for (const QByteArray &b : m_pool)
        kept += uint64_t(b.capacity());
    if (m_pool.size() <= m_window && kept <= kAheadBytes)
        m_pool.push_back(std::move(buffer));
}

DecodeQueue::~DecodeQueue() {
    stopThreads();
}

void DecodeQueue::add(CodeObjectJob job) {
    if (m_pools.empty()) { // the first job: start the decoding threads
        int threads = m_ctx.options.threads > 0
                          ? m_ctx.options.threads
                          : int(std::min(4u, std::thread::hardware_concurrency()));
        threads = std::max(threads, 1);
        // The inspecting thread is one of them: it decodes in drain() and finish().
        // librocsparse: 1.3 GB, about 30k distinct names; a small file reserves next to nothing.
        const unsigned names = unsigned(std::min<size_t>(m_ctx.size / (40 << 10), 1 << 16));
        for (int t = 0; t < threads; ++t) {
            m_pools.push_back(std::make_unique<StringPool>(&m_ctx.symbolNames));
            m_pools.back()->reserveNames(names);
        }
        for (int t = 1; t < threads; ++t)
            m_threads.emplace_back([this, pool = m_pools[size_t(t)].get()] {
                std::unique_lock lock(m_mutex);
                for (;;) {
                    m_wake.wait(lock, [&] { return m_stopping || m_next < m_published; });
                    size_t first = 0;
                    if (!takeGroup(first))
                        return; // stopping, nothing left
                    decodeGroup(first, m_next, pool, lock);
                }
            });
    }
    const std::lock_guard lock(m_mutex);
    m_jobs.push_back(std::move(job));
}

void DecodeQueue::publish() {
    {
        const std::lock_guard lock(m_mutex);
        if (m_published == m_jobs.size())
            return;
        m_jobs.back().endsGroup = true;
        m_published = m_jobs.size();
    }
    m_wake.notify_one();
}

bool DecodeQueue::takeGroup(size_t &first) {
    if (m_next >= m_published)
        return false;
    first = m_next;
    while (m_next < m_published && m_next - first < kMaxGroup)
        if (m_jobs[m_next++].endsGroup)
            break;
    return true;
}

void DecodeQueue::decodeGroup(size_t first, size_t end, StringPool *pool,
                              std::unique_lock<std::mutex> &lock) {
    // Deque references stay valid while the inspecting thread appends.
    std::vector<CodeObjectJob *> jobs;
    for (size_t i = first; i < end; ++i)
        jobs.push_back(&m_jobs[i]);
    // Few calls (each madvise flushes the TLB of every core running the process): only code
    // objects of a few MB, which make the peak; a buffer's small ones go with it.
    constexpr size_t kBufferReleaseMin = 4 << 20;
    lock.unlock();
    uint64_t begin = UINT64_MAX, finish = 0; // the file range of the group's code objects
    for (CodeObjectJob *job : jobs) {
        decode(*job, pool);
        if (job->releaseBufferAfter && job->size >= kBufferReleaseMin)
            releasePageInterior(job->data, job->size);
        if (job->releaseAfter) {
            begin = std::min(begin, job->source.fileOffset);
            finish = std::max(finish, job->source.fileOffset + job->size);
        }
    }
    // A group is one bundle's code objects, one range of the file: its pages go back once
    // decoded, one call a bundle (librocsparse 6.4: 142). Batches of the decoded prefix of the
    // queue were fewer calls but held up to 200 MB of the file on kernels whose faults map
    // large folios, where a slow group held the prefix back. A page still read elsewhere
    // faults in again.
    if (finish > begin)
        m_ctx.releasePages(begin, finish - begin);
    lock.lock();
    for (CodeObjectJob *job : jobs)
        finished(*job);
}

void DecodeQueue::decode(CodeObjectJob &job, StringPool *pool) {
    if (!m_ctx.cancelled())
        job.result = readAmdgpuCodeObject(job.data, job.size, job.source, m_ctx.options.symbols,
                                          metadataRead(m_ctx.options), pool);
}

void DecodeQueue::finished(CodeObjectJob &job) {
    job.finished = true;
    ++m_done;
    if (job.endsGroup)
        ++m_groupsDone;
    m_idle.notify_all();
}

void DecodeQueue::drain() {
    publish();
    std::unique_lock lock(m_mutex);
    for (size_t first = 0; takeGroup(first);)
        decodeGroup(first, m_next, m_pools[0].get(), lock);
    // Progress while the other threads finish: at least every kProgressIntervalMs.
    const auto interval = std::chrono::milliseconds(InspectOptions::kProgressIntervalMs);
    while (!m_idle.wait_for(lock, interval, [&] { return m_done == m_jobs.size(); })) {
        if (!m_ctx.options.progress)
            continue;
        lock.unlock();
        m_ctx.reportProgress(true);
        lock.lock();
    }
}

void DecodeQueue::counts(int &bundlesDone, int &queued, int &done) {
    const std::lock_guard lock(m_mutex);
    bundlesDone = m_groupsDone;
    queued = int(m_jobs.size());
    done = int(m_done);
}

void DecodeQueue::stopThreads() {
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    for (std::thread &t : m_threads)
        t.join();
    m_threads.clear();
}

void DecodeQueue::finish() {
    drain();
    stopThreads();
    for (CodeObjectJob &job : m_jobs)
        m_ctx.report.codeObjects[job.index] = std::move(job.result);
    m_jobs.clear();
    m_next = m_done = m_published = 0;
    m_groupsDone = 0;
}

void InspectContext::releasePages(uint64_t offset, uint64_t length) const {
    if (!fileMapping || offset >= size)
        return;
    releasePageInterior(data + offset, size_t(std::min<uint64_t>(length, size - offset)));
}

void InspectContext::reportProgress(bool force) {
    if (!options.progress)
        return;
    const auto now = std::chrono::steady_clock::now();
    if (!force &&
        now - lastProgress < std::chrono::milliseconds(InspectOptions::kProgressIntervalMs / 2))
        return;
    lastProgress = now;
    InspectProgress p;
    p.bundlesRead = int(report.bundles.size());
    p.bundlesExpected = std::max(bundlesExpected, p.bundlesRead);
    decoder.counts(p.bundlesDone, p.codeObjectsQueued, p.codeObjectsDone);
    p.bundlesDone = std::min(p.bundlesDone, p.bundlesRead);
    p.partial = &report;
    options.progress(p);
}

int readEntryPayload(InspectContext &ctx, BundleEntry &entry, const char *data, size_t size,
                     uint64_t fileOffset, const QString &origin, bool insideCompressed,
                     bool ownsBytes) {
    if (size == 0) {
        entry.content = QStringLiteral("empty");
        return -1;
    }
    if (ctx.options.entriesOnly) {
        // Only what the entry is; nothing decoded (InspectOptions::entriesOnly).
        entry.content = looksLikeAmdgpuElf(data, size)       ? QStringLiteral("code-object")
                        : isBitcode(data, size)              ? QStringLiteral("bitcode")
                        : nvidia::looksLikeCubin(data, size) ? QStringLiteral("cubin")
                        : nvidia::looksLikePtx(data, size)   ? QStringLiteral("ptx")
                                                             : QStringLiteral("unknown");
        return -1;
    }
    if (looksLikeAmdgpuElf(data, size)) {
        entry.content = QStringLiteral("code-object");
        ctx.report.codeObjects.append(CodeObject{});
        const int index = int(ctx.report.codeObjects.size() - 1);
        CodeObjectJob job{index, data, size,
                          CodeObjectSource{ctx.file, fileOffset, origin, insideCompressed}};
        // Pages of the mapped file are dropped once decoded; a decompressed buffer is not
        // the file.
        job.releaseAfter = ctx.fileMapping && !insideCompressed;
        job.releaseBufferAfter = insideCompressed && ownsBytes;
        ctx.decoder.add(std::move(job));
        return index;
    }
    if (isBitcode(data, size)) {
        entry.content = QStringLiteral("bitcode");
        return -1;
    }
    // NVIDIA device code in a bundle ("cuda"/"openmp" offload kinds).
    const nvidia::Source nsrc{ctx.file, fileOffset, origin, insideCompressed};
    if (nvidia::looksLikeCubin(data, size)) {
        entry.content = QStringLiteral("cubin");
        ctx.report.codeObjects.append(nvidia::readCubin(data, size, nsrc, ctx.options.symbols));
        return int(ctx.report.codeObjects.size() - 1);
    }
    if (nvidia::looksLikePtx(data, size)) {
        entry.content = QStringLiteral("ptx");
        ctx.report.codeObjects.append(nvidia::readPtx(data, size, nsrc));
        return int(ctx.report.codeObjects.size() - 1);
    }
    entry.content = QStringLiteral("unknown");
    if (isHipEntryKind(entry.kind))
        ctx.report.problems.append(Problem{
            ctx.file, qint64(fileOffset),
            QStringLiteral("bundle entry %1 holds neither an AMDGPU code object nor "
                           "bitcode%2")
                .arg(entry.id, insideCompressed ? QStringLiteral(" (inside a compressed bundle)")
                                                : QString()),
            false});
    return -1;
}

namespace {

// A compressed bundle's header fields as a Bundle, before its entries are read.
Bundle ccobBundle(const CcobHeader &h, const char *p, uint64_t offset, uint64_t maxSize,
                  const QString &origin) {
    Bundle b;
    b.origin = origin;
    b.fileOffset = offset;
    b.compressed = true;
    b.ccobVersion = h.version;
    b.compression = h.methodName();
    b.uncompressedSize = h.uncompressedSize;
    b.size = h.version >= 2 ? std::min<uint64_t>(h.totalSize, maxSize)
                            : ccobV1Extent(p, size_t(maxSize));
    return b;
}

// InspectOptions::entriesOnly: the header and entry ids only, from a few KB of the stream, not
// the code objects.
void readCcobEntryIds(InspectContext &ctx, const char *p, uint64_t maxSize, const CcobHeader &h,
                      uint64_t offset, const QString &origin, Bundle &b) {
    QString why;
    for (size_t want = 64 << 10; want <= (size_t(4) << 20); want *= 8) {
        auto head = decompressCcobPrefix(p, size_t(maxSize), h, want, &why);
        if (!head) {
            ctx.problem(offset, QStringLiteral("compressed bundle (%1, CCOB v%2 %3): %4")
                                    .arg(origin, QString::number(h.version), b.compression, why));
            break;
        }
        QList<Problem> inner;
        auto bundle = readOffloadBundle(head->constData(), size_t(head->size()), ctx.file, 0, inner,
                                        h.uncompressedSize);
        const bool truncated = std::any_of(inner.cbegin(), inner.cend(), [](const Problem &pr) {
            return pr.message.contains(QLatin1String("truncated")) ||
                   pr.message.contains(QLatin1String("only"));
        });
        if (truncated && uint64_t(head->size()) < h.uncompressedSize && want < (size_t(4) << 20))
            continue; // more entries than the prefix holds: read more of the stream
        for (Problem &pr : inner) {
            pr.offset = qint64(offset);
            ctx.report.problems.append(pr);
        }
        if (bundle) {
            for (BundleEntry &e : bundle->entries)
                if (e.content.isEmpty())
                    e.content = e.size == 0 ? QStringLiteral("empty") : QStringLiteral("unread");
            b.entries = bundle->entries;
        }
        break;
    }
}

// The decompressed bytes of a compressed bundle: its hash checked, its entries read (their code
// objects decoded before the buffer goes away).
void readDecompressedBundle(InspectContext &ctx, const QByteArray &data,
                            std::optional<uint64_t> knownHash, const CcobHeader &h, uint64_t offset,
                            const QString &origin, Bundle &b) {
    const uint64_t hash = knownHash ? *knownHash
                          : ctx.options.verifyCcobHash
                              ? ccobHash(data.constData(), size_t(data.size()))
                              : h.hash;
    if (hash != h.hash)
        ctx.problem(offset, ccobHashMismatch(origin, h.hash, hash));
    QList<Problem> inner;
    auto bundle = readOffloadBundle(data.constData(), size_t(data.size()), ctx.file, 0, inner);
    for (Problem &pr : inner) {
        pr.message +=
            QStringLiteral(" (at %1 in the decompressed bundle)").arg(hex(uint64_t(pr.offset)));
        pr.offset = qint64(offset);
        ctx.report.problems.append(pr);
    }
    if (bundle) {
        // An entry whose bytes no other entry's overlap is the only reader of them (a crafted
        // bundle may point two entries at one range).
        std::vector<std::pair<uint64_t, uint64_t>> ranges; // [begin, end), sorted
        for (const BundleEntry &e : std::as_const(bundle->entries))
            ranges.emplace_back(e.offset, e.offset + e.size);
        std::sort(ranges.begin(), ranges.end());
        std::vector<bool> aloneAt(ranges.size()); // by place in `ranges`
        uint64_t endBefore = 0;                   // the furthest end of the ranges before
        for (size_t r = 0; r < ranges.size(); ++r) {
            aloneAt[r] = endBefore <= ranges[r].first &&
                         (r + 1 == ranges.size() || ranges[r + 1].first >= ranges[r].second);
            endBefore = std::max(endBefore, ranges[r].second);
        }
        const auto alone = [&](const BundleEntry &e) {
            const std::pair<uint64_t, uint64_t> own{e.offset, e.offset + e.size};
            const auto at = std::lower_bound(ranges.begin(), ranges.end(), own);
            return at != ranges.end() && *at == own && aloneAt[size_t(at - ranges.begin())];
        };
        for (BundleEntry &e : bundle->entries) {
            if (ctx.cancelled())
                break;
            if (e.content == QLatin1String("out-of-range"))
                continue;
            e.codeObjectIndex = readEntryPayload(
                ctx, e, data.constData() + e.offset, size_t(e.size), offset,
                QStringLiteral("entry %1 of compressed bundle @ %2").arg(e.id, origin), true,
                alone(e));
        }
        b.entries = bundle->entries;
    }
    ctx.runPending(); // before the decompressed buffer goes away
}

// All the CCOBs of one input share a budget: many small bombs add up too. False (and said)
// when decompressing this one would pass it.
bool fitsInputBudget(InspectContext &ctx, const CcobHeader &h, uint64_t offset,
                     const QString &origin) {
    const uint64_t budget = inputDecompressionBudget(ctx.size);
    if (h.uncompressedSize <= budget - std::min(budget, ctx.decompressed))
        return true;
    ctx.problem(offset, QStringLiteral("compressed bundle (%1): %2 more uncompressed bytes "
                                       "would pass this file's decompression budget of "
                                       "%3 bytes (%4 already decompressed; "
                                       "docs/limits.md): not decompressed")
                            .arg(origin, QString::number(h.uncompressedSize),
                                 QString::number(budget), QString::number(ctx.decompressed)));
    return false;
}

// A compressed bundle (CCOB) at data[offset]: within the input's decompression budget,
// decompressed (or taken from the prefetcher) and read; returns the bytes it occupies.
uint64_t readCompressedBundleAt(InspectContext &ctx, uint64_t offset, uint64_t maxSize,
                                const QString &origin) {
    const char *p = ctx.data + offset;
    // Taken whatever happens next, so the prefetcher's window moves on.
    std::optional<CcobPrefetcher::Result> prefetched;
    if (ctx.prefetch)
        prefetched = ctx.prefetch->take(offset);
    QString why;
    const auto h = readCcobHeader(p, size_t(maxSize), &why);
    if (!h) {
        ctx.problem(offset, QStringLiteral("compressed bundle (%1): %2").arg(origin, why));
        return 0;
    }
    Bundle b = ccobBundle(*h, p, offset, maxSize, origin);
    // A claim past the CCOB's own limit is refused by decompressCcob, with its own message.
    const uint64_t payload = b.size > h->headerSize ? b.size - h->headerSize : 0;
    const bool withinOwnLimit = h->uncompressedSize <= ccobLimit(payload);
    if (withinOwnLimit && !fitsInputBudget(ctx, *h, offset, origin)) {
        ctx.report.bundles.append(b);
        return b.size;
    }
    if (ctx.options.entriesOnly && withinOwnLimit) {
        readCcobEntryIds(ctx, p, maxSize, *h, offset, origin, b);
        ctx.releasePages(offset, b.size); // see readBundleAt
        ctx.report.bundles.append(b);
        ctx.reportProgress();
        return b.size;
    }
    if (withinOwnLimit)
        ctx.decompressed += h->uncompressedSize;
    std::optional<QByteArray> data;
    std::optional<uint64_t> knownHash;
    if (prefetched) {
        data = std::move(prefetched->data);
        knownHash = prefetched->hash;
    } else {
        data = decompressCcob(p, size_t(h->version >= 2 ? maxSize : b.size), *h, &why);
    }
    if (!data) {
        ctx.problem(offset, QStringLiteral("compressed bundle (%1, CCOB v%2 %3): %4")
                                .arg(origin, QString::number(h->version), b.compression, why));
        ctx.report.bundles.append(b);
        return b.size;
    }
    readDecompressedBundle(ctx, *data, knownHash, *h, offset, origin, b);
    if (ctx.prefetch)
        ctx.prefetch->recycle(std::move(*data));
    ctx.releasePages(offset, b.size);
    ctx.report.bundles.append(b);
    ctx.reportProgress();
    return b.size;
}

} // namespace

uint64_t readBundleAt(InspectContext &ctx, uint64_t offset, uint64_t maxSize,
                      const QString &origin) {
    if (offset >= ctx.size) {
        ctx.problem(offset, QStringLiteral("bundle offset %1 lies past the end of the file (%2 "
                                           "bytes)")
                                .arg(hex(offset))
                                .arg(ctx.size));
        return 0;
    }
    maxSize = std::min<uint64_t>(maxSize, ctx.size - offset);
    const char *p = ctx.data + offset;
    if (looksLikeCcob(p, size_t(maxSize)))
        return readCompressedBundleAt(ctx, offset, maxSize, origin);

    auto bundle = readOffloadBundle(p, size_t(maxSize), ctx.file, offset, ctx.report.problems);
    if (!bundle)
        return 0;
    bundle->origin = origin;
    for (BundleEntry &e : bundle->entries) {
        if (ctx.cancelled())
            break;
        if (e.content == QLatin1String("out-of-range"))
            continue;
        e.codeObjectIndex = readEntryPayload(
            ctx, e, p + e.offset, size_t(e.size), offset + e.offset,
            QStringLiteral("entry %1 @ %2+%3").arg(e.id, origin, hex(e.offset)), false);
    }
    // No waiting here: the code objects point into the file, which stays mapped; each one's
    // pages are dropped when it has been decoded.
    ctx.decoder.publish();
    // The entries' headers were read here, ahead of the decoders: a fault maps a whole folio
    // of the page cache (a few hundred KB on kernels with large folios), so librocsparse 6.4's
    // 1,562 entries held 600 MB of the file until decoded (a scan: until it was unmapped).
    // A decoder faults its pages in again.
    ctx.releasePages(offset, bundle->size);
    ctx.report.bundles.append(*bundle);
    ctx.reportProgress();
    return bundle->size;
}

} // namespace detail

namespace {

// Where ld.so would find each DT_NEEDED library (loader/ does the searching).
void resolveNeeded(detail::InspectContext &ctx) {
    if (!ctx.options.resolveLibraries || !ctx.report.host || ctx.report.host->needed.isEmpty())
        return;
    HostInfo &host = *ctx.report.host;
    LoaderEnvironment env = LoaderEnvironment::fromProcess();
    if (!ctx.options.ldLibraryPath.isEmpty())
        env.ldLibraryPath = ctx.options.ldLibraryPath;
    LoaderQuery q;
    q.binaryPath = QFileInfo(ctx.report.path).absoluteFilePath();
    q.rpath = host.rpath;
    q.runpath = host.runpath;
    q.isExecutable = ctx.report.kind == ArtifactKind::HostExecutable;
    uint16_t machine = 0;
    if (bytes::readLe(ctx.data, ctx.size, 18, machine))
        q.elfMachine = machine;
    q.elfClass = ctx.size > 4 && ctx.data[4] == 1 ? 32 : 64;
    for (const QString &name : host.needed) {
        if (ctx.cancelled())
            break;
        host.resolutions.append(resolveLibrary(name, q, env, &ctx.report.problems));
    }
    checkSymbolVersions(host);
}

// A file that is one bundle: fatal when nothing of it can be read.
void readBundleFile(detail::InspectContext &ctx) {
    if (detail::readBundleAt(ctx, 0, ctx.size, QStringLiteral("file")) == 0 &&
        ctx.report.bundles.isEmpty())
        for (Problem &p : ctx.report.problems)
            p.fatal = true;
    else if (ctx.report.bundles.size() == 1 && !ctx.report.bundles[0].entries.isEmpty() &&
             std::all_of(
                 ctx.report.bundles[0].entries.cbegin(), ctx.report.bundles[0].entries.cend(),
                 [](const BundleEntry &e) { return e.content == QLatin1String("out-of-range"); }))
        ctx.problem(0,
                    QStringLiteral("every entry of the bundle lies outside the file: nothing "
                                   "in it can be read"),
                    true);
}

// The progress callback's last call: everything read and decoded.
void reportDone(detail::InspectContext &ctx) {
    InspectProgress p;
    p.bundlesRead = p.bundlesDone = int(ctx.report.bundles.size());
    p.bundlesExpected = std::max(ctx.bundlesExpected, p.bundlesRead);
    p.codeObjectsQueued = int(ctx.report.codeObjects.size());
    p.codeObjectsDone = p.codeObjectsQueued;
    p.partial = &ctx.report;
    ctx.options.progress(p);
}

void inspectData(detail::InspectContext &ctx) {
    const ArtifactKind kind = detectArtifactKind(ctx.data, ctx.size);
    ctx.report.kind = kind;
    switch (kind) {
    case ArtifactKind::AmdgpuCodeObject: {
        CodeObjectSource src{ctx.file, 0, QStringLiteral("file"), false};
        ctx.report.codeObjects.append(readAmdgpuCodeObject(
            ctx.data, ctx.size, src, ctx.options.symbols, metadataRead(ctx.options), &ctx.pool));
        break;
    }
    case ArtifactKind::OffloadBundle:
    case ArtifactKind::CompressedBundle:
        readBundleFile(ctx);
        break;
    case ArtifactKind::HostExecutable:
    case ArtifactKind::HostSharedLibrary:
    case ArtifactKind::HostRelocatable:
        detail::readHostElf(ctx);
        if (ctx.report.host && ctx.report.host->hasNvFatbin && !ctx.cancelled())
            nvidia::appendTo(ctx.report, nvidia::readHostNvFatbins(ctx.data, ctx.size, ctx.file,
                                                                   ctx.options.symbols));
        resolveNeeded(ctx);
        break;
    case ArtifactKind::NvidiaCubin:
        ctx.report.codeObjects.append(nvidia::readCubin(
            ctx.data, ctx.size, nvidia::Source{ctx.file, 0, QStringLiteral("file"), false},
            ctx.options.symbols));
        break;
    case ArtifactKind::NvidiaPtx:
        ctx.report.codeObjects.append(nvidia::readPtx(
            ctx.data, ctx.size, nvidia::Source{ctx.file, 0, QStringLiteral("file"), false}));
        break;
    case ArtifactKind::NvidiaFatbin:
        nvidia::appendTo(ctx.report, nvidia::readFatbinContainer(
                                         ctx.data, ctx.size,
                                         nvidia::Source{ctx.file, 0, QStringLiteral("file"), false},
                                         ctx.options.symbols));
        break;
    case ArtifactKind::Text:
        ctx.problem(0, QStringLiteral("a text file, not a binary artifact"), true);
        break;
    case ArtifactKind::Unknown:
    case ArtifactKind::Directory: {
        QByteArray head = QByteArray(ctx.data, qsizetype(std::min<size_t>(ctx.size, 8)));
        ctx.problem(0,
                    QStringLiteral("not a recognised artifact (first bytes %1): expected a "
                                   "host ELF, an AMDGPU code object, an offload bundle, a "
                                   "compressed bundle (CCOB) or NVIDIA device code")
                        .arg(QString::fromLatin1(head.toHex(' '))),
                    true);
        break;
    }
    }
    ctx.decoder.finish();
    if (ctx.options.progress) // the last call: everything decoded
        reportDone(ctx);
}

} // namespace

ArtifactReport inspectBytes(const QByteArray &bytes, const QString &displayName,
                            const InspectOptions &options) {
    ArtifactReport report;
    report.path = displayName;
    report.fileSize = uint64_t(bytes.size());
    detail::InspectContext ctx{displayName, bytes.constData(), size_t(bytes.size()), options,
                               report};
    if (bytes.isEmpty()) {
        ctx.problem(0, QStringLiteral("empty file (0 bytes)"), true);
        return report;
    }
    inspectData(ctx);
    return report;
}

ArtifactReport inspectFile(const QString &path, const InspectOptions &options) {
    ArtifactReport report;
    report.path = path;
    const QFileInfo fi(path);
    auto fatal = [&](const QString &msg) {
        report.problems.append(Problem{path, -1, msg, true});
        return report;
    };
    if (fi.isDir()) {
        report.kind = ArtifactKind::Directory;
        return fatal(QStringLiteral("is a directory, not a file"));
    }
    QFile f;
    QString why;
    if (!openInputFile(f, path, &why))
        return fatal(why == QLatin1String("no such file") || why.contains(QLatin1String("regular"))
                         ? why
                         : QStringLiteral("cannot be opened: %1").arg(why));
    const qint64 size = f.size();
    report.fileSize = uint64_t(std::max<qint64>(size, 0));
    if (size <= 0) {
        // Files that report size 0 (/proc): read a bounded amount instead of mapping.
        const QByteArray all = f.read(64 << 20);
        if (all.isEmpty())
            return fatal(QStringLiteral("empty file (0 bytes)"));
        report = inspectBytes(all, path, options);
        return report;
    }
    // mmap: only the pages the readers touch are read (librocsparse is 1.3 GB).
    uchar *map = f.map(0, size);
    if (!map) {
        if (size > (256 << 20))
            return fatal(QStringLiteral("cannot be mapped into memory: %1").arg(f.errorString()));
        const QByteArray all = f.readAll();
        if (all.size() != size)
            return fatal(QStringLiteral("read error: %1").arg(f.errorString()));
        ArtifactReport r = inspectBytes(all, path, options);
        return r;
    }
    // A file that shrinks while it is read (rebuilt in place) gives zeros, not SIGBUS.
    MappingGuard guard(map, size_t(size));
    detail::InspectContext ctx{path, reinterpret_cast<const char *>(map), size_t(size), options,
                               report};
    ctx.fileMapping = true;
    inspectData(ctx);
    guard.release();
    f.unmap(map);
    if (guard.faulted()) {
        const qint64 now = QFileInfo(path).size();
        report.problems.prepend(Problem{
            path, now,
            QStringLiteral("the file shrank while it was read (%1 bytes when opened, %2 now): "
                           "what was read past its new end is not the file; inspect it again "
                           "once it is completely written")
                .arg(size)
                .arg(now),
            true});
    }
    return report;
}

QByteArray readCodeObjectBytes(const CodeObject &co, const QString &path, QString *why) {
    const auto fail = [why](const QString &reason) {
        if (why)
            *why = reason;
        return QByteArray();
    };
    if (co.insideCompressed)
        return fail(QStringLiteral("%1 lies inside a compressed bundle").arg(co.origin));
    QFile in;
    QString error;
    if (!openInputFile(in, path, &error))
        return fail(QStringLiteral("%1: %2").arg(path, error));
    QByteArray bytes;
    if (in.seek(qint64(co.fileOffset)))
        bytes = in.read(qint64(co.size));
    if (bytes.size() != qint64(co.size))
        return fail(QStringLiteral("%1: cannot read %2 bytes at offset %3")
                        .arg(path, QString::number(co.size), QString::number(co.fileOffset)));
    return bytes;
}

QList<Problem> checkCcobHashes(const QString &path, const ArtifactReport &report,
                               const std::atomic_bool *cancel) {
    QList<Problem> problems;
    QFile in;
    QString why;
    if (!openInputFile(in, path, &why))
        return {Problem{path, -1, QStringLiteral("cannot check the bundles' hashes: %1").arg(why)}};
    const auto size = uint64_t(in.size());
    for (const Bundle &b : report.bundles) {
        if (cancel && cancel->load())
            break;
        if (!b.compressed || b.fileOffset >= size)
            continue;
        // One bundle mapped at a time: its pages leave the process's memory with it.
        const auto extent = size_t(std::min<uint64_t>(b.size, size - b.fileOffset));
        uchar *map = in.map(qint64(b.fileOffset), qint64(extent));
        if (!map)
            continue; // the inspection read it, or said why it could not
        const char *p = reinterpret_cast<const char *>(map);
        const auto h = readCcobHeader(p, extent, &why);
        // What cannot be read or was refused as a bomb, the inspection said already.
        const uint64_t payload = h && extent > h->headerSize ? extent - h->headerSize : 0;
        const auto hash = h && h->uncompressedSize <= ccobLimit(payload)
                              ? ccobStreamHash(p, extent, *h, &why)
                              : std::nullopt;
        if (hash && *hash != h->hash)
            problems.append(
                Problem{path, qint64(b.fileOffset), ccobHashMismatch(b.origin, h->hash, *hash)});
        in.unmap(map);
    }
    return problems;
}

} // namespace hd
