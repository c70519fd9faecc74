// AMDGPU code object reader and the metadata decoders (msgpack note, code object v2 YAML).

#include "artifacts/amdgpu_code_object.h"
#include "artifacts/inspection_document.h"
#include "common/json_writer.h"
#include "fuzz_common.h"

#include <QBuffer>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    const char *p = reinterpret_cast<const char *>(data);
    hd::CodeObjectSource src;
    src.file = QStringLiteral("fuzz");
    src.origin = QStringLiteral("file");
    const hd::CodeObject co = hd::readAmdgpuCodeObject(p, size, src);
    // inspect --summary's reading: the symbol table and the kernels counted only.
    (void)hd::readAmdgpuCodeObject(p, size, src, false, hd::MetadataRead::Counts);
    hd::ArtifactReport report; // serialized by the inspection document's one writer
    report.codeObjects << co;
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    hd::JsonWriter w(&out);
    hd::writeInspection(w, {report}, {});
    // The metadata blobs on their own: the same bytes as a msgpack map and as YAML.
    QList<hd::KernelInfo> kernels;
    QString target, error;
    (void)hd::parseAmdgpuMetadataMsgpack(p, size, kernels, &target, &error);
    qsizetype counted = 0, countedArgs = 0;
    (void)hd::countAmdgpuMetadataMsgpack(p, size, counted, countedArgs, &target, &error);
    kernels.clear();
    (void)hd::parseAmdgpuMetadataYaml(p, size, kernels, &error);
    return 0;
}
