#pragma once

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>

namespace hd {

// A feature's setting in a target ID: "gfx90a:xnack+" is On, ":xnack-" Off, absent Any.
// Unsupported means the processor (or code object version) has no such setting at all.
enum class FeatureSetting { Any, On, Off, Unsupported };

QString featureSettingName(FeatureSetting s); // "any" | "on" | "off" | "unsupported"

enum class Vendor { Amd, Nvidia };

// A device or code object target: AMD target ID (processor + xnack/sramecc) or an NVIDIA SM.
struct TargetId {
    Vendor vendor = Vendor::Amd;
    QString processor; // "gfx90a", "gfx9-generic", "sm_90", "sm_90a"
    FeatureSetting sramecc = FeatureSetting::Any;
    FeatureSetting xnack = FeatureSetting::Any;

    // Accepts "gfx90a", "gfx90a:sramecc+:xnack-" (either order), full triples such as
    // "amdgcn-amd-amdhsa--gfx90a:xnack-" and NVIDIA "sm_90", "sm_90a", "90", "compute_80".
    // Returns nothing (and an explanation in *error) for anything else.
    static std::optional<TargetId> parse(const QString &text, QString *error = nullptr);
    // The target ID of an AMDGPU code object from its ELF header.
    static TargetId fromAmdgpuElf(uint32_t eflags, int codeObjectVersion);
    static TargetId nvidiaSm(int sm, bool archSpecific = false);

    // Canonical form: "gfx90a:sramecc+:xnack-" (features in LLVM's order), "sm_90".
    QString toString() const;
    bool isValid() const { return !processor.isEmpty(); }
    bool isNvidia() const { return vendor == Vendor::Nvidia; }
    bool isGeneric() const;
    int smVersion() const;         // 90 for sm_90 / sm_90a; 0 for AMD
    bool isArchSpecificSm() const; // sm_90a

    QJsonObject toJson() const;
    bool operator==(const TargetId &) const = default;
};

} // namespace hd
