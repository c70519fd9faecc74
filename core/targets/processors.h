#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>

namespace hd {

// One AMDGPU processor as the ELF e_flags encode it. Our own table: LLVM 15's
// tryGetCPUName() crashes on processors newer than its own table (gfx942 = 0x4c).
struct ProcessorInfo {
    const char *name;
    uint32_t mach;       // e_flags & 0xff (EF_AMDGPU_MACH_*)
    bool xnack;          // the processor has an xnack setting
    bool sramecc;        // the processor has an sramecc setting
    const char *generic; // the generic target covering it, or nullptr
};

const ProcessorInfo *processorByMach(uint32_t mach);
const ProcessorInfo *processorByName(const QString &name);
bool isGenericProcessor(const QString &name);
// The processors a generic target covers ("gfx9-generic" -> gfx900, gfx902, ...).
QStringList processorsCoveredBy(const QString &genericName);
QStringList allProcessorNames();

} // namespace hd
