#include "model/model_json.h"
#include "model/case_verdict.h"

#include "common/json_writer.h"
#include "env/env_profile.h"
#include "model/device.h"
#include "model/finding.h"
#include "model/problem.h"
#include "model/records.h"
#include "model/session.h"
#include "model/system_inventory.h"

#include <QMap>

#include <functional>

namespace hd {

// Keys in sorted order everywhere below: the order a QJsonObject has, so that the object
// jsonObjectOf() parses back is the same document (docs/architecture.md, "JSON documents").

namespace {

void writeNumber(JsonWriter &w, std::string_view key, double v) {
    w.key(key);
    w.number(v);
}

void writeKey(JsonWriter &w, const QString &key) {
    const QByteArray k = key.toUtf8();
    w.key(std::string_view(k.constData(), size_t(k.size())));
}

} // namespace

void writeJson(JsonWriter &w, const Evidence &e) {
    w.beginObject();
    w.member("location", e.location);
    w.member("source", e.source);
    w.member("text", e.text);
    w.endObject();
}

void writeJson(JsonWriter &w, const Finding &f) {
    w.beginObject();
    w.member("detail", f.detail);
    w.member("direction", int(f.direction));
    w.key("evidence");
    writeJsonArray(w, f.evidence);
    if (f.occurrences > 1 && f.firstLine > 0)
        w.member("first_line", f.firstLine);
    w.key("fix").stringArray(f.fix);
    w.member("id", f.id);
    if (f.occurrences > 1 && f.lastLine > 0)
        w.member("last_line", f.lastLine);
    w.member("layer", f.layer);
    if (f.occurrences > 1)
        w.member("occurrences", f.occurrences);
    w.member("severity", severityName(f.severity));
    if (!f.severityReason.isEmpty())
        w.member("severity_reason", f.severityReason);
    w.member("title", f.title);
    w.endObject();
}

void writeJson(JsonWriter &w, const Problem &p) {
    w.beginObject();
    if (p.fatal)
        w.member("fatal", true);
    w.member("file", p.file);
    w.member("message", p.message);
    if (p.offset >= 0)
        w.member("offset", p.offset);
    w.endObject();
}

void writeJson(JsonWriter &w, const DeviceInfo &d, const QString *from) {
    // The optional members only when set.
    auto put = [&w](const char *k, const QString &v) {
        if (!v.isEmpty())
            w.member(k, v);
    };
    auto putNum = [&w](const char *k, double v) {
        if (v > 0)
            writeNumber(w, k, v);
    };
    w.beginObject();
    put("backend", d.backend);
    putNum("compute_units", d.computeUnits);
    if (d.count > 1)
        w.member("count", d.count);
    put("driver_version", d.driverVersion);
    if (from)
        w.member("from", *from);
    w.member("index", d.index);
    put("isa_name", d.isaName);
    put("library", d.library);
    putNum("max_shared_memory_per_block", double(d.maxSharedMemoryPerBlock));
    putNum("max_threads_per_block", d.maxThreadsPerBlock);
    w.member("name", d.name);
    put("runtime_version", d.runtimeVersion);
    w.member("source", deviceSourceName(d.source));
    w.member("target", d.target.toString());
    putNum("total_memory", double(d.totalMemory));
    w.member("vendor", d.target.isNvidia() ? "nvidia" : "amd");
    putNum("wavefront_size", d.wavefrontSize);
    w.endObject();
}

void writeJson(JsonWriter &w, const InventoryFact &f) {
    w.beginObject();
    w.member("name", f.name);
    w.member("section", f.section);
    w.member("source", f.source);
    if (f.available())
        w.member("value", f.value);
    else
        w.member("unavailable", f.unavailable);
    w.endObject();
}

void writeJson(JsonWriter &w, const SystemInventory &inv, const QString &remote,
               const QString &host) {
    w.beginObject();
    w.member("collected_at", inv.collectedAt);
    w.key("facts");
    writeJsonArray(w, inv.facts);
    if (!remote.isEmpty()) { // collected on a node (docs/schema-sysinfo.md)
        w.member("host", host);
        w.member("remote", remote);
    }
    w.member("schema", kSysinfoSchema);
    w.endObject();
}

void writeJson(JsonWriter &w, const PhaseTiming &p) {
    w.beginObject();
    w.member("detail", p.detail);
    writeNumber(w, "ms", p.ms);
    w.member("name", p.name);
    writeNumber(w, "start_ms", p.startMs);
    w.member("status", p.status);
    w.endObject();
}

void writeJson(JsonWriter &w, const FailureSignature &s) {
    w.beginObject();
    writeNumber(w, "duration_ms", s.durationMs);
    w.member("exit_code", s.exitCode);
    w.member("first_error", s.firstError);
    w.key("hip_errors").stringArray(s.hipErrors);
    w.member("passed", s.passed);
    w.member("signal", s.signalName);
    w.member("timed_out", s.timedOut);
    w.endObject();
}

void writeJson(JsonWriter &w, const CheckRecord &c) {
    w.beginObject();
    w.key("artifacts").stringArray(c.artifacts);
    w.member("cached", c.cached);
    w.key("command").stringArray(c.command);
    w.member("data", c.data);
    writeNumber(w, "duration_ms", c.durationMs);
    w.key("env").beginObject();
    for (auto it = c.env.begin(); it != c.env.end(); ++it) { // a QMap: sorted already
        writeKey(w, it.key());
        w.value(it.value());
    }
    w.endObject();
    w.key("env_removed").stringArray(c.envRemoved);
    w.member("exit_code", c.exitCode);
    w.member("id", c.id);
    w.key("launch_samples_ms").beginArray();
    for (double d : c.launchSamplesMs)
        w.number(d);
    w.endArray();
    w.member("log", c.logText);
    w.key("phases");
    writeJsonArray(w, c.phases);
    w.member("signal", c.signalName);
    w.member("started_at", c.startedAt);
    w.member("status", checkStatusName(c.status));
    w.member("stderr", c.stderrText);
    w.member("stdout", c.stdoutText);
    w.member("summary", c.summary);
    w.member("timed_out", c.timedOut);
    w.member("title", c.title);
    w.member("working_directory", c.workingDirectory);
    w.endObject();
}

void writeJson(JsonWriter &w, const StepRecord &s) {
    w.beginObject();
    w.key("checks");
    writeJsonArray(w, s.checks);
    writeNumber(w, "duration_ms", s.durationMs);
    w.key("findings");
    writeJsonArray(w, s.findings);
    w.member("inputs", s.inputs);
    if (!s.rerun.isEmpty())
        w.member("rerun", s.rerun);
    w.key("signatures");
    writeJsonArray(w, s.signatures);
    w.member("started_at", s.startedAt);
    w.member("status", checkStatusName(s.status));
    w.member("step", s.step);
    w.member("summary", s.summary);
    w.member("title", s.title);
    w.endObject();
}

void writeJson(JsonWriter &w, const Comparison &c) {
    w.beginObject();
    w.key("basis").stringArray(c.basis);
    w.member("direction", int(c.direction));
    w.member("direction_name", directionName(c.direction));
    w.key("findings");
    writeJsonArray(w, c.findings);
    w.member("verdict", c.verdict);
    w.endObject();
}

void writeJson(JsonWriter &w, const Session &s) {
    // The session's members, each a writer, merged with the unknown fields (kept from a newer
    // writer) by key as a QJsonObject would merge them: ours win, "inventory" only when collected.
    QMap<QString, std::function<void()>> fields;
    for (auto it = s.unknownFields.begin(); it != s.unknownFields.end(); ++it)
        fields.insert(it.key(), [&w, v = it.value()] { w.value(v); });
    const auto list = [&w](const auto &items) {
        return [&w, &items] { writeJsonArray(w, items); };
    };
    fields[QStringLiteral("schema")] = [&w] {
        w.value(QString::fromLatin1(kSessionSchemaPrefix) + QString::number(kSessionSchemaVersion));
    };
    fields[QStringLiteral("created_at")] = [&] { w.value(s.createdAt); };
    fields[QStringLiteral("tool")] = [&] { w.value(s.tool); };
    fields[QStringLiteral("host")] = [&] { w.value(s.host); };
    if (!s.remote.isEmpty())
        fields[QStringLiteral("remote")] = [&] { w.value(s.remote); };
    fields[QStringLiteral("origin")] = [&] { w.value(s.origin); };
    fields[QStringLiteral("inputs")] = [&] { w.value(s.inputs); };
    fields[QStringLiteral("devices")] = list(s.devices);
    fields[QStringLiteral("env")] = [&] { writeJson(w, s.env); };
    fields[QStringLiteral("env_problems")] = [&] {
        w.beginArray();
        for (const EnvProblem &p : s.envProblems) {
            w.beginObject();
            w.member("error", p.error);
            w.member("message", p.message);
            w.member("name", p.name);
            w.endObject();
        }
        w.endArray();
    };
    fields[QStringLiteral("steps")] = list(s.steps);
    fields[QStringLiteral("comparison")] = [&] { writeJson(w, s.comparison); };
    fields[QStringLiteral("findings")] = list(s.findings);
    fields[QStringLiteral("cancelled")] = [&] { w.value(s.cancelled); };
    if (!s.coverage.isEmpty())
        fields[QStringLiteral("coverage")] = [&] {
            QStringList lines;
            for (const Text &t : s.coverage)
                lines << t.english();
            w.stringArray(lines);
        };
    if (!s.caseVerdict.isEmpty())
        fields[QStringLiteral("case_verdict")] = [&] { w.value(s.caseVerdict.toJson()); };
    if (const QJsonObject messages = sessionMessages(s); !messages.isEmpty())
        fields[QStringLiteral("messages")] = [&w, messages] { w.value(messages); };
    else
        fields.remove(QStringLiteral("messages"));
    if (!s.inventory.isEmpty())
        fields[QStringLiteral("inventory")] = [&] { writeJson(w, s.inventory); };
    else
        fields.remove(QStringLiteral("inventory"));
    w.beginObject();
    for (auto it = fields.cbegin(); it != fields.cend(); ++it) {
        writeKey(w, it.key());
        it.value()();
    }
    w.endObject();
}

} // namespace hd
