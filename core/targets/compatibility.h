#pragma once

#include "common/engine_text.h"
#include "targets/target_id.h"

#include <QString>

namespace hd {

// Why a code object does or does not run on a device, by the HIP runtime's / comgr's rules
// (docs/formats.md "Matching a code object to a device") and the CUDA driver's for SMs.
struct Compatibility {
    enum class Kind {
        Exact,                    // processor and features fit
        ViaGeneric,               // a generic code object covers the device's processor
        ViaPtxJit,                // NVIDIA PTX the driver can JIT for this device
        ProcessorMismatch,        // another processor (or another vendor)
        FeatureMismatch,          // processor fits, xnack or sramecc does not
        GenericNeedsNewerRuntime, // generic target the runtime does not know
    };
    Kind kind = Kind::ProcessorMismatch;
    Text reason; // a sentence for the user

    bool compatible() const {
        return kind == Kind::Exact || kind == Kind::ViaGeneric || kind == Kind::ViaPtxJit;
    }
};

QString compatibilityKindName(Compatibility::Kind k);

struct MatchOptions {
    // Runtimes from ROCm 6.3 on accept generic code objects (code object v6); ROCm 5.x do not.
    bool runtimeKnowsGeneric = true;
    bool isPtx = false; // NVIDIA: the code object is PTX (JIT-compiled for newer GPUs)
};

Compatibility checkCompatibility(const TargetId &codeObject, const TargetId &device,
                                 const MatchOptions &options = {});

} // namespace hd
