#include "targets/processors.h"

#include <array>

namespace hd {
namespace {

// From docs/formats.md (LLVM's EF_AMDGPU_MACH_* values). Feature columns follow LLVM's
// AMDGPUTargetParser: xnack from gfx8 on (not gfx10.3+/gfx11+), sramecc on gfx906/908/90a/94x.
constexpr std::array kProcessors{
    ProcessorInfo{"gfx600", 0x20, false, false, nullptr},
    ProcessorInfo{"gfx601", 0x21, false, false, nullptr},
    ProcessorInfo{"gfx602", 0x3a, false, false, nullptr},
    ProcessorInfo{"gfx700", 0x22, false, false, nullptr},
    ProcessorInfo{"gfx701", 0x23, false, false, nullptr},
    ProcessorInfo{"gfx702", 0x24, false, false, nullptr},
    ProcessorInfo{"gfx703", 0x25, false, false, nullptr},
    ProcessorInfo{"gfx704", 0x26, false, false, nullptr},
    ProcessorInfo{"gfx705", 0x3b, false, false, nullptr},
    ProcessorInfo{"gfx801", 0x28, true, false, nullptr},
    ProcessorInfo{"gfx802", 0x29, false, false, nullptr},
    ProcessorInfo{"gfx803", 0x2a, false, false, nullptr},
    ProcessorInfo{"gfx805", 0x3c, false, false, nullptr},
    ProcessorInfo{"gfx810", 0x2b, true, false, nullptr},
    ProcessorInfo{"gfx900", 0x2c, true, false, "gfx9-generic"},
    ProcessorInfo{"gfx902", 0x2d, true, false, "gfx9-generic"},
    ProcessorInfo{"gfx904", 0x2e, true, false, "gfx9-generic"},
    ProcessorInfo{"gfx906", 0x2f, true, true, "gfx9-generic"},
    ProcessorInfo{"gfx908", 0x30, true, true, nullptr},
    ProcessorInfo{"gfx909", 0x31, true, false, "gfx9-generic"},
    ProcessorInfo{"gfx90a", 0x3f, true, true, nullptr},
    ProcessorInfo{"gfx90c", 0x32, true, false, "gfx9-generic"},
    ProcessorInfo{"gfx940", 0x40, true, true, "gfx9-4-generic"},
    ProcessorInfo{"gfx941", 0x4b, true, true, "gfx9-4-generic"},
    ProcessorInfo{"gfx942", 0x4c, true, true, "gfx9-4-generic"},
    ProcessorInfo{"gfx950", 0x4f, true, true, "gfx9-4-generic"},
    ProcessorInfo{"gfx1010", 0x33, true, false, "gfx10-1-generic"},
    ProcessorInfo{"gfx1011", 0x34, true, false, "gfx10-1-generic"},
    ProcessorInfo{"gfx1012", 0x35, true, false, "gfx10-1-generic"},
    ProcessorInfo{"gfx1013", 0x42, true, false, "gfx10-1-generic"},
    ProcessorInfo{"gfx1030", 0x36, false, false, "gfx10-3-generic"},
    ProcessorInfo{"gfx1031", 0x37, false, false, "gfx10-3-generic"},
    ProcessorInfo{"gfx1032", 0x38, false, false, "gfx10-3-generic"},
    ProcessorInfo{"gfx1033", 0x39, false, false, "gfx10-3-generic"},
    ProcessorInfo{"gfx1034", 0x3e, false, false, "gfx10-3-generic"},
    ProcessorInfo{"gfx1035", 0x3d, false, false, "gfx10-3-generic"},
    ProcessorInfo{"gfx1036", 0x45, false, false, "gfx10-3-generic"},
    ProcessorInfo{"gfx1100", 0x41, false, false, "gfx11-generic"},
    ProcessorInfo{"gfx1101", 0x46, false, false, "gfx11-generic"},
    ProcessorInfo{"gfx1102", 0x47, false, false, "gfx11-generic"},
    ProcessorInfo{"gfx1103", 0x44, false, false, "gfx11-generic"},
    ProcessorInfo{"gfx1150", 0x43, false, false, "gfx11-generic"},
    ProcessorInfo{"gfx1151", 0x4a, false, false, "gfx11-generic"},
    ProcessorInfo{"gfx1152", 0x55, false, false, "gfx11-generic"},
    ProcessorInfo{"gfx1153", 0x58, false, false, "gfx11-generic"},
    ProcessorInfo{"gfx1200", 0x48, false, false, "gfx12-generic"},
    ProcessorInfo{"gfx1201", 0x4e, false, false, "gfx12-generic"},
    ProcessorInfo{"gfx9-generic", 0x51, true, false, nullptr},
    ProcessorInfo{"gfx10-1-generic", 0x52, true, false, nullptr},
    ProcessorInfo{"gfx10-3-generic", 0x53, false, false, nullptr},
    ProcessorInfo{"gfx11-generic", 0x54, false, false, nullptr},
    ProcessorInfo{"gfx12-generic", 0x59, false, false, nullptr},
    ProcessorInfo{"gfx9-4-generic", 0x5f, true, true, nullptr},
};

} // namespace

const ProcessorInfo *processorByMach(uint32_t mach) {
    for (const ProcessorInfo &p : kProcessors)
        if (p.mach == mach)
            return &p;
    return nullptr;
}

const ProcessorInfo *processorByName(const QString &name) {
    for (const ProcessorInfo &p : kProcessors)
        if (name == QLatin1String(p.name))
            return &p;
    return nullptr;
}

bool isGenericProcessor(const QString &name) {
    return name.endsWith(QLatin1String("-generic"));
}

QStringList processorsCoveredBy(const QString &genericName) {
    QStringList out;
    for (const ProcessorInfo &p : kProcessors)
        if (p.generic && genericName == QLatin1String(p.generic))
            out.append(QLatin1String(p.name));
    return out;
}

QStringList allProcessorNames() {
    QStringList out;
    for (const ProcessorInfo &p : kProcessors)
        out.append(QLatin1String(p.name));
    return out;
}

} // namespace hd
