// The probe protocol as the engine reads it: JSON lines from hipdoctor-probe, or recorded on
// a GPU machine and imported (probeResultFromLines).

#include "fuzz_common.h"
#include "probe/protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    const hd::ProbeResult r = hd::probeResultFromLines(hdfuzz::bytes(data, size).split('\n'));
    (void)r.toJson();
    (void)r.summary();
    return 0;
}
