#include "artifacts/inspection_document.h"

#include "artifacts/selection.h"
#include "common/json_writer.h"
#include "common/version.h"
#include "model/model_json.h"

namespace hd {

namespace {

// Small objects whose one writer is their toJson() (library resolutions, selections).
template <typename T> void objects(JsonWriter &w, const QList<T> &list) {
    w.beginArray();
    for (const T &p : list)
        w.value(p.toJson());
    w.endArray();
}

} // namespace

InspectionWriter::InspectionWriter(JsonWriter &out, const QList<TargetId> &targets,
                                   const LoadRuntime &runtime)
    : m_out(out), m_targets(targets), m_runtime(runtime) {
    m_out.beginObject();
    m_out.member("schema", kInspectionSchema);
    m_out.member("hipdoctor_version", version());
    m_out.key("targets").beginArray();
    for (const TargetId &t : targets)
        m_out.value(t.toString());
    m_out.endArray();
    m_out.key("inputs").beginArray();
}

void InspectionWriter::finish() {
    m_out.endArray();
    m_out.endObject();
    m_out.flush();
}

void InspectionWriter::writeSymbol(const Symbol &s) {
    JsonWriter &w = m_out;
    w.beginObject();
    const QString &name = s.name();
    const QString &demangled = s.demangled();
    w.member("name", name);
    if (demangled != name)
        w.member("demangled", demangled);
    w.member("kind", symbolKindName(s.kind));
    w.member("binding", s.binding());
    w.member("visibility", s.visibility());
    w.member("section", s.section());
    w.member("value", s.value);
    w.member("size", s.size);
    w.member("undefined", s.undefined);
    w.endObject();
}

void InspectionWriter::writeKernel(const KernelInfo &k) {
    JsonWriter &w = m_out;
    w.beginObject();
    w.member("name", k.name);
    w.member("symbol", k.symbol);
    w.key("args");
    if (k.args.isEmpty()) {
        w.beginArray();
        w.endArray();
    } else {
        QByteArray &json = m_args[k.args.constData()];
        if (json.isEmpty()) {
            JsonWriter a(nullptr, w.style(), w.depth());
            a.beginArray();
            for (const KernelArg &arg : k.args) {
                a.beginObject();
                a.member("value_kind", arg.valueKind);
                a.member("size", arg.size);
                a.member("offset", arg.offset);
                a.member("hidden", arg.hidden());
                if (!arg.name.isEmpty())
                    a.member("name", arg.name);
                if (!arg.typeName.isEmpty())
                    a.member("type_name", arg.typeName);
                if (!arg.addressSpace.isEmpty())
                    a.member("address_space", arg.addressSpace);
                a.endObject();
            }
            a.endArray();
            json = a.takeBytes();
        }
        w.rawValue(json);
    }
    w.member("kernarg_segment_size", k.kernargSegmentSize);
    w.member("kernarg_segment_align", k.kernargSegmentAlign);
    w.member("group_segment_fixed_size", k.groupSegmentFixedSize);
    w.member("private_segment_fixed_size", k.privateSegmentFixedSize);
    w.member("wavefront_size", k.wavefrontSize);
    w.member("sgpr_count", k.sgprCount);
    w.member("vgpr_count", k.vgprCount);
    w.member("agpr_count", k.agprCount);
    w.member("sgpr_spill_count", k.sgprSpillCount);
    w.member("vgpr_spill_count", k.vgprSpillCount);
    w.member("max_flat_workgroup_size", k.maxFlatWorkgroupSize);
    w.member("uses_dynamic_stack", k.usesDynamicStack);
    w.endObject();
}

void InspectionWriter::writeCodeObject(const CodeObject &co) {
    JsonWriter &w = m_out;
    w.beginObject();
    w.member("origin", co.origin);
    w.member("file_offset", co.fileOffset);
    w.member("size", co.size);
    w.member("inside_compressed", co.insideCompressed);
    w.member("format", codeObjectFormatName(co.format));
    w.member("target", co.target.isValid() ? co.target.toString() : QString());
    w.member("target_detail", co.target.toJson());
    w.member("code_object_version", co.codeObjectVersion);
    w.member("elf_flags", co.elfFlags);
    w.member("elf_osabi", co.elfOsAbi);
    w.member("elf_abiversion", co.elfAbiVersion);
    if (!co.metadataTarget.isEmpty())
        w.member("metadata_target", co.metadataTarget);
    if (!co.ptxVersion.isEmpty())
        w.member("ptx_version", co.ptxVersion);
    w.key("kernels").beginArray();
    for (const KernelInfo &k : co.kernels)
        writeKernel(k);
    w.endArray();
    w.key("symbols").beginArray();
    for (const Symbol &s : co.symbols)
        writeSymbol(s);
    w.endArray();
    w.key("undefined_symbols").stringArray(co.undefinedSymbols);
    w.key("problems");
    writeJsonArray(w, co.problems);
    w.endObject();
}

void InspectionWriter::writeHost(const HostInfo &h) {
    JsonWriter &w = m_out;
    w.beginObject();
    w.member("machine", h.machine);
    w.member("soname", h.soname);
    w.member("interpreter", h.interpreter);
    w.key("needed").stringArray(h.needed);
    w.key("rpath").stringArray(h.rpath);
    w.key("runpath").stringArray(h.runpath);
    w.key("undefined_dynamic").beginArray();
    for (const Symbol &s : h.undefinedDynamic)
        writeSymbol(s);
    w.endArray();
    w.key("resolutions");
    objects(w, h.resolutions);
    w.member("has_hip_fatbin", h.hasHipFatbin);
    w.member("has_nv_fatbin", h.hasNvFatbin);
    w.member("has_offload_sections", h.hasOffloadSections);
    w.key("host_functions").beginArray();
    for (const Symbol &s : h.hostFunctions)
        writeSymbol(s);
    w.endArray();
    w.endObject();
}

void InspectionWriter::add(const ArtifactReport &r) {
    JsonWriter &w = m_out;
    w.beginObject();
    w.member("path", r.path);
    w.member("kind", artifactKindName(r.kind));
    w.member("file_size", r.fileSize);
    if (r.host) {
        w.key("host");
        writeHost(*r.host);
    }
    w.key("bundles").beginArray();
    for (const Bundle &b : r.bundles) {
        w.beginObject();
        w.member("origin", b.origin);
        w.member("file_offset", b.fileOffset);
        w.member("size", b.size);
        w.member("compressed", b.compressed);
        if (b.compressed) {
            w.member("ccob_version", b.ccobVersion);
            w.member("compression", b.compression);
            w.member("uncompressed_size", b.uncompressedSize);
        }
        w.key("entries").beginArray();
        for (const BundleEntry &e : b.entries) {
            w.beginObject();
            w.member("id", e.id);
            w.member("kind", e.kind);
            w.member("triple", e.triple);
            w.member("target_id", e.targetId);
            w.member("offset", e.offset);
            w.member("size", e.size);
            w.member("content", e.content);
            if (e.codeObjectIndex >= 0)
                w.member("code_object", e.codeObjectIndex);
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.key("code_objects").beginArray();
    for (const CodeObject &co : r.codeObjects)
        writeCodeObject(co);
    w.endArray();
    w.member("kernel_count", r.kernelCount());
    // The load verdict per target (artifacts/load_verdict.h): its selections, and the answer.
    QList<LoadVerdict> verdicts;
    for (const TargetId &t : m_targets)
        verdicts.append(loadVerdict(r, t, m_runtime));
    w.key("selections").beginArray();
    for (const LoadVerdict &v : std::as_const(verdicts))
        for (const CodeObjectSelection &s : v.selections)
            w.value(s.toJson());
    w.endArray();
    w.key("load_verdicts").beginArray();
    for (const LoadVerdict &v : std::as_const(verdicts))
        w.value(v.toJson());
    w.endArray();
    w.key("problems");
    writeJsonArray(w, r.problems);
    w.endObject();
}

void writeInspection(JsonWriter &out, const QList<ArtifactReport> &reports,
                     const QList<TargetId> &targets, const LoadRuntime &runtime) {
    InspectionWriter doc(out, targets, runtime);
    for (const ArtifactReport &r : reports)
        doc.add(r);
    doc.finish();
}

} // namespace hd
