// Checks the verification and the launch command call with what they know of a launch, and
// the step 3 finding (docs/findings.md, "Launch" and context.triton-state).

#include "common/engine_text.h"
#include "diagnosis/diagnosis.h"
#include "model/finding_catalog.h"

namespace hd {

namespace {

// The block's threads against the kernel's (or the device's, when lower) workgroup limit.
std::optional<Finding> blockSizeFinding(const KernelInfo &kernel, const DeviceInfo *device,
                                        int blockX, int blockY, int blockZ, const QString &where) {
    const qint64 threads = qint64(blockX) * blockY * blockZ;
    int limit = kernel.maxFlatWorkgroupSize > 0 ? kernel.maxFlatWorkgroupSize : 1024;
    Text limitFrom = kernel.maxFlatWorkgroupSize > 0
                         ? HD_TEXT("hd::Diagnosis", "the kernel's .max_flat_workgroup_size")
                         : HD_TEXT("hd::Diagnosis", "the default maximum");
    if (device && device->maxThreadsPerBlock > 0 && device->maxThreadsPerBlock < limit) {
        limit = device->maxThreadsPerBlock;
        limitFrom = HD_TEXT("hd::Diagnosis", "the device's maximum workgroup size");
    }
    if (threads > limit || blockX <= 0 || blockY <= 0 || blockZ <= 0) {
        Finding f =
            makeFinding(QStringLiteral("launch.block-too-large"),
                        HD_TEXT("hd::Diagnosis", "Block %1x%2x%3 (%4 threads) is over %5's limit "
                                                 "of %6")
                            .arg(blockX)
                            .arg(blockY)
                            .arg(blockZ)
                            .arg(threads)
                            .arg(kernel.name)
                            .arg(limit),
                        HD_TEXT("hd::Diagnosis", "The limit comes from %1.").arg(limitFrom));
        f.evidence.append(
            {where, kernel.name,
             QStringLiteral(".max_flat_workgroup_size = %1").arg(kernel.maxFlatWorkgroupSize)});
        f.fix << HD_TEXT("hd::Diagnosis",
                         "Launch with at most %1 threads per block, or raise the kernel's "
                         "__launch_bounds__.")
                     .arg(limit);
        return f;
    }
    return std::nullopt;
}

// The bytes the launch passes against the end of the kernel's explicit arguments.
std::optional<Finding> argumentBytesFinding(const KernelInfo &kernel, qint64 argumentBytes,
                                            const QString &where) {
    uint64_t explicitEnd = 0;
    int explicitCount = 0;
    for (const KernelArg &a : kernel.args) {
        if (a.hidden())
            continue;
        ++explicitCount;
        explicitEnd = std::max(explicitEnd, a.offset + a.size);
    }
    if (!kernel.args.isEmpty() && uint64_t(argumentBytes) != explicitEnd) {
        Finding f = makeFinding(
            QStringLiteral("launch.args-mismatch"),
            HD_TEXT("hd::Diagnosis",
                    "%1 expects %2 bytes of explicit arguments (%3 argument(s)); the "
                    "launch passes %4")
                .arg(kernel.name)
                .arg(explicitEnd)
                .arg(explicitCount)
                .arg(argumentBytes),
            HD_TEXT("hd::Diagnosis", "The kernarg layout comes from the code object's metadata "
                                     "(.args offsets and sizes, hidden arguments excluded)."));
        f.evidence.append(
            {where, kernel.name,
             QStringLiteral(".kernarg_segment_size = %1").arg(kernel.kernargSegmentSize)});
        f.fix << HD_TEXT("hd::Diagnosis", "Pass the kernel's arguments in order with their sizes "
                                          "and alignment (pointers 8 bytes, int 4 bytes).");
        return f;
    }
    return std::nullopt;
}

} // namespace

QList<Finding> checkLaunchConfiguration(const KernelInfo &kernel, const DeviceInfo *device,
                                        int blockX, int blockY, int blockZ, qint64 argumentBytes,
                                        const QString &where) {
    QList<Finding> out;
    if (auto f = blockSizeFinding(kernel, device, blockX, blockY, blockZ, where))
        out.append(*f);
    if (argumentBytes >= 0)
        if (auto f = argumentBytesFinding(kernel, argumentBytes, where))
            out.append(*f);
    return out;
}

} // namespace hd
