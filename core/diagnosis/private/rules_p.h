#pragma once

// Internal: the facts every rule reads and the findings they add.

#include "artifacts/load_verdict.h"
#include "diagnosis/diagnosis.h"
#include "diagnosis/text_facts.h"
#include "diagnosis/text_normalize.h"
#include "logs/amd_log.h"
#include "model/finding_catalog.h"
#include "names/kernel_names.h"

#include <QHash>

#include <optional>

namespace hd::detail {

struct TextInput {
    QString path;
    NormalizedText normalized; // what the readers read, and the way back to the original lines
    TextFacts facts;
    std::optional<AmdLog> amdLog;
    std::optional<TritonTracebackStage> tritonStage;
};

struct Context {
    Context(const DiagnoseRequest &r, Diagnosis &res) : effective(r), result(res) {}
    Context(const Context &) = delete;
    Context &operator=(const Context &) = delete;

private:
    // The request as the rules see it: what the caller gave, plus what the texts themselves
    // set (`export HIP_VISIBLE_DEVICES=1`, `ROCR_VISIBLE_DEVICES='' ./app`), after it.
    DiagnoseRequest effective;

public:
    const DiagnoseRequest &request = effective;
    Diagnosis &result;
    // Adds a variable a text set, unless the caller's --env already names it.
    void addTextEnv(const QString &name, const QString &value) {
        for (const auto &[n, v] : std::as_const(effective.env))
            if (n == name)
                return;
        effective.env.append({name, value});
    }
    QList<DeviceInfo> devices;
    QString devicesFrom;
    QStringList realProcessors; // AMD devices' processors before HSA_OVERRIDE_GFX_VERSION
    QPair<int, int> runtime{-1, -1};
    bool runtimeExplicit = false;
    QList<ArtifactReport> artifacts;
    QList<TritonCache> caches;
    QList<KernelLibrary> kernelLibraries;
    QList<ArtifactReport> tritonBinaries; // the .hsaco / .cubin of Triton entries, inspected
    QList<TextInput> texts;
    QStringList kernels; // requested names
    QList<Finding> findings;

    bool runtimeKnown() const { return runtime.first >= 0; }
    bool runtimeAtLeast(int major, int minor) const {
        return runtime.first > major || (runtime.first == major && runtime.second >= minor);
    }
    // The load verdict of one input on one device, computed once per diagnosis: several rules
    // read it (feature, generic, arch, default target).
    const LoadVerdict &loadVerdictFor(const ArtifactReport &r, const TargetId &device) const {
        const QString key = r.path + QChar(0x1f) + device.toString();
        auto it = m_loadVerdicts.constFind(key);
        if (it == m_loadVerdicts.constEnd())
            it = m_loadVerdicts.insert(key, loadVerdict(r, device, loadRuntime()));
        return *it;
    }
    // Every kernel and function of the inputs, Triton's binaries included (names/kernel_names.h),
    // built once per diagnosis on first use: four symbol rules read it (docs/performance.md).
    const SymbolIndex &symbolIndex() const {
        if (!m_symbolIndex) {
            m_symbolIndex.emplace();
            for (const QList<ArtifactReport> *list : {&artifacts, &tritonBinaries})
                for (const ArtifactReport &r : *list)
                    m_symbolIndex->add(r);
        }
        return *m_symbolIndex;
    }
    // The runtime as the load verdict reads it (artifacts/load_verdict.h).
    LoadRuntime loadRuntime() const {
        return runtimeKnown() ? LoadRuntime::rocm(runtime.first, runtime.second) : LoadRuntime{};
    }
    QString runtimeText() const {
        return QStringLiteral("%1.%2").arg(runtime.first).arg(runtime.second);
    }
    bool cancelled() const {
        return request.cancel && request.cancel->load(std::memory_order_relaxed);
    }
    // Merged as they come (model/finding.h FindingMerger): one finding per cause in memory.
    void add(Finding f) {
        m_merged.findings() = std::move(findings);
        m_merged.add(std::move(f));
        findings = std::move(m_merged.findings());
    }

private:
    mutable QHash<QString, LoadVerdict> m_loadVerdicts;
    mutable std::optional<SymbolIndex> m_symbolIndex;
    FindingMerger m_merged;
};

Evidence fileEvidence(const QString &path, const Text &location, const Text &text = {});
// The text's first error event whose line `re` matches; nullptr when none.
const TextEvent *firstErrorMatching(const TextInput &t, const QRegularExpression &re);
Evidence lineEvidence(const QString &path, const TextLine &line);
Evidence lineEvidence(const QString &path, int lineNumber, const Text &text);
QString fileName(const QString &path);
// "hipv4-amdgcn-amd-amdhsa--gfx1030" -> gfx1030; host entries -> nothing.
std::optional<TargetId> targetFromBundleId(const QString &id);
// HSA_OVERRIDE_GFX_VERSION "10.3.0" -> "gfx1030" (stepping in hex: 9.0.10 -> gfx90a); "" when
// the value is not X.Y.Z.
QString overrideProcessor(const QString &version);
// The override value under which a processor runs its family's kernels ("gfx1031" -> "10.3.0"),
// only for families whose members share one instruction set; "" otherwise.
QString compatibleOverride(const QString &processor);
// Shared by the text and build-output rules.
bool isHipRuntimeSymbol(const QString &symbol);
bool isHipLinkFailure(const TextFacts::UndefinedSymbol &u); // __hip_fatbin / hip* at link time
bool isDeviceLinkLine(const TextFacts &f, int lineNumber);
bool hipOnNvidia(const Context &c); // HIP_PLATFORM=nvidia|nvcc in --env or the text
bool hasHipccCommand(const TextFacts &f);
// A hexdump in the text shows a compressed offload bundle ("CCOB"): the more specific cause of
// an invalid image or a code object the runtime could not read.
bool showsCompressedBundle(const TextFacts &f);
// Directories searched for other major versions of a library (the request's path first).
QStringList libraryDirs(const Context &c);
// Where the loader finds libamdhip64 for a binary; "" when it does not.
QString resolvedHipRuntime(const HostInfo &host);

// ---- the rule registry (docs/findings.md, "Rules") -----------------------------------------
// A rule is a small function that reads the facts of one subject and adds findings with the
// ids it declares. The runner calls Artifact rules once per inspected artifact, Text rules once
// per text input, and Triton, Env and Global rules once per diagnosis, in registry order.
enum class RuleScope { Triton, Artifact, Symbols, Text, Env, Global };
QString ruleScopeName(RuleScope scope);

struct RuleInput {
    const ArtifactReport *artifact = nullptr; // Artifact scope
    const TextInput *text = nullptr;          // Text scope
};

using RuleFn = void (*)(Context &, const RuleInput &);

struct Rule {
    const char *name; // "text/nvcc-flags": scope, then what it looks at
    RuleScope scope;
    QStringList ids; // every finding id apply() can add (checked against the catalog)
    RuleFn apply;
};

// Each rules_*.cpp lists its own rules; ruleRegistry() is all of them in run order.
const QList<Rule> &tritonRuleList();
const QList<Rule> &artifactRuleList();
const QList<Rule> &symbolRuleList();
const QList<Rule> &buildRuleList();
const QList<Rule> &eventRuleList();
const QList<Rule> &textRuleList();
const QList<Rule> &envRuleList();
const QList<Rule> &ruleRegistry();
const Rule *findRule(const QString &name);

// Runs one rule over every subject of its scope (tests run single rules this way).
void applyRule(Context &c, const Rule &rule);
// Runs the whole registry, stopping between rules when cancelled.
void runRules(Context &c);

} // namespace hd::detail
