// What a file is, from its first bytes (never from its name).

#include "artifacts/amdgpu_code_object.h"
#include "artifacts/inspector.h"
#include "artifacts/offload_bundle.h"
#include "common/input_file.h"

#include <llvm/BinaryFormat/ELF.h>

#include <QFile>
#include <QFileInfo>

#include <cstring>

namespace hd {

namespace {

constexpr uint32_t kFatbinMagic = 0xBA55ED50;
constexpr uint16_t kEmCuda = 190;

// PTX: text with ".version" and ".target" near the start.
bool looksLikePtxText(const char *data, size_t size) {
    const QByteArray head = QByteArray::fromRawData(data, qsizetype(std::min<size_t>(size, 4096)));
    return head.contains(".version") && head.contains(".target");
}

// ESC counts as text: the HIP runtime colours its API lines (AMD_LOG_LEVEL >= 3, every version
// from 5.2 to 7.2: tests/logs/data/), as do compilers and Python tracebacks on a terminal.
bool looksLikeText(const char *data, size_t size) {
    const size_t n = std::min<size_t>(size, 4096);
    for (size_t i = 0; i < n; ++i) {
        const unsigned char c = static_cast<unsigned char>(data[i]);
        if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != 0x1b))
            return false;
    }
    return n > 0;
}

} // namespace

ArtifactKind detectArtifactKind(const char *data, size_t size) {
    if (!data || size == 0)
        return ArtifactKind::Unknown;
    if (looksLikeElf(data, size)) {
        if (size < 20)
            return ArtifactKind::Unknown;
        uint16_t machine = 0, type = 0;
        std::memcpy(&type, data + 16, 2);
        std::memcpy(&machine, data + 18, 2);
        if (machine == llvm::ELF::EM_AMDGPU)
            return ArtifactKind::AmdgpuCodeObject;
        if (machine == kEmCuda)
            return ArtifactKind::NvidiaCubin;
        switch (type) {
        case llvm::ELF::ET_REL:
            return ArtifactKind::HostRelocatable;
        case llvm::ELF::ET_EXEC:
            return ArtifactKind::HostExecutable;
        default:
            return ArtifactKind::HostSharedLibrary; // refined by PT_INTERP when read fully
        }
    }
    if (looksLikeOffloadBundle(data, size))
        return ArtifactKind::OffloadBundle;
    if (looksLikeCcob(data, size))
        return ArtifactKind::CompressedBundle;
    if (size >= 4) {
        uint32_t magic = 0;
        std::memcpy(&magic, data, 4);
        if (magic == kFatbinMagic)
            return ArtifactKind::NvidiaFatbin;
    }
    if (looksLikeText(data, size))
        return looksLikePtxText(data, size) ? ArtifactKind::NvidiaPtx : ArtifactKind::Text;
    return ArtifactKind::Unknown;
}

ArtifactKind detectArtifactKind(const QString &path) {
    const QFileInfo fi(path);
    if (fi.isDir())
        return ArtifactKind::Directory;
    // Never blocks on a FIFO; what is not a regular file is Unknown (inspectFile says why).
    QString why;
    const QByteArray head = readInputFile(path, 4096, &why);
    return detectArtifactKind(head.constData(), size_t(head.size()));
}

} // namespace hd
