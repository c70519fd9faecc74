// Helpers every rule file shares (private/rules_p.h).

#include "rules_p.h"

#include "artifacts/inspector.h"
#include "diagnosis/runtime_env.h"
#include "loader/loader.h"
#include "targets/closeness.h"
#include "targets/compatibility.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace hd::detail {

QString fileName(const QString &path) {
    return QFileInfo(path).fileName();
}

// "hipv4-amdgcn-amd-amdhsa--gfx1030" -> gfx1030; host entries -> nothing.
std::optional<TargetId> targetFromBundleId(const QString &id) {
    if (id.startsWith(QLatin1String("host")))
        return std::nullopt;
    const qsizetype dd = id.indexOf(QLatin1String("--"));
    if (dd >= 0)
        return TargetId::parse(id.mid(dd + 2));
    return TargetId::parse(id);
}

QStringList libraryDirs(const Context &c) {
    QStringList dirs = c.request.ldLibraryPath;
    dirs << QStringLiteral("/usr/lib/x86_64-linux-gnu") << QStringLiteral("/lib/x86_64-linux-gnu")
         << QStringLiteral("/usr/local/lib") << QStringLiteral("/usr/lib") << QStringLiteral("/lib")
         << QStringLiteral("/opt/rocm/lib") << QStringLiteral("/opt/rocm/lib64");
    const QFileInfoList rocms =
        QDir(QStringLiteral("/opt")).entryInfoList({QStringLiteral("rocm-*")}, QDir::Dirs);
    for (const QFileInfo &fi : rocms)
        dirs << fi.filePath() + QStringLiteral("/lib");
    return dirs;
}

QString resolvedHipRuntime(const HostInfo &host) {
    QString path;
    for (const LibraryResolution &res : host.resolutions)
        if (res.name.startsWith(QLatin1String("libamdhip64")) && res.found())
            path = res.path;
    return path;
}

QString overrideProcessor(const QString &version) {
    static const QRegularExpression ver(QStringLiteral(R"(^\s*(\d+)\.(\d+)\.(\d+)\s*$)"));
    const auto m = ver.match(version);
    if (!m.hasMatch())
        return {};
    return QStringLiteral("gfx%1%2%3")
        .arg(m.captured(1).toInt())
        .arg(m.captured(2).toInt(), 0, 16)
        .arg(m.captured(3).toInt(), 0, 16);
}

QString compatibleOverride(const QString &processor) {
    return hsaGfxVersion(isaBaseProcessor(processor)); // targets/closeness.h
}

bool isHipRuntimeSymbol(const QString &s) {
    return s.startsWith(QLatin1String("__hipRegister")) ||
           s.startsWith(QLatin1String("__hipPushCallConfiguration")) ||
           s.startsWith(QLatin1String("__hipPopCallConfiguration")) ||
           s.startsWith(QLatin1String("__hipUnregister")) ||
           (s.startsWith(QLatin1String("hip")) && s.size() > 3 && s[3].isUpper());
}

// Link-time undefined symbols that say how the HIP build was linked, not what is missing.
bool isHipLinkFailure(const TextFacts::UndefinedSymbol &u) {
    return u.linkTime &&
           (u.symbol.startsWith(QLatin1String("__hip_fatbin")) || isHipRuntimeSymbol(u.symbol));
}

bool isDeviceLinkLine(const TextFacts &f, int lineNumber) {
    return std::any_of(f.deviceLinkUndefined.cbegin(), f.deviceLinkUndefined.cend(),
                       [&](const TextLine &l) { return l.number == lineNumber; });
}

// The text or --env says HIP builds for NVIDIA (hipcc then drives nvcc).
bool hipOnNvidia(const Context &c) {
    for (const auto &[name, value] : c.request.env)
        if (name == QLatin1String("HIP_PLATFORM") &&
            (value == QLatin1String("nvidia") || value == QLatin1String("nvcc")))
            return true;
    return false;
}

bool hasHipccCommand(const TextFacts &f) {
    return std::any_of(f.commands.cbegin(), f.commands.cend(), [](const CommandLine &cmd) {
        return cmd.tool.startsWith(QLatin1String("hipcc"));
    });
}

bool showsCompressedBundle(const TextFacts &f) {
    return std::any_of(f.events.cbegin(), f.events.cend(), [](const TextEvent &e) {
        return e.kind == EventKind::Hexdump &&
               e.field(QStringLiteral("magic")).contains(QLatin1String("CCOB"));
    });
}

QString ruleScopeName(RuleScope scope) {
    switch (scope) {
    case RuleScope::Triton:
        return QStringLiteral("triton");
    case RuleScope::Artifact:
        return QStringLiteral("artifact");
    case RuleScope::Symbols:
        return QStringLiteral("symbols");
    case RuleScope::Text:
        return QStringLiteral("text");
    case RuleScope::Env:
        return QStringLiteral("env");
    case RuleScope::Global:
        return QStringLiteral("global");
    }
    return {};
}

const QList<Rule> &ruleRegistry() {
    static const QList<Rule> all = [] {
        QList<Rule> r;
        // Triton first: it inspects the Triton binaries the symbol rules look at.
        // Build-output rules before the other text rules: text/unknown-layer, the last of
        // those, reads what every text rule found.
        r << tritonRuleList() << artifactRuleList() << symbolRuleList() << buildRuleList()
          << eventRuleList() << textRuleList() << envRuleList();
        // text/unknown-layer reads what every other rule found, the environment's findings on
        // the variables a text sets included: it goes last.
        for (qsizetype i = 0; i < r.size(); ++i)
            if (QLatin1String(r.at(i).name) == QLatin1String("text/unknown-layer")) {
                r.append(r.takeAt(i));
                break;
            }
        return r;
    }();
    return all;
}

const Rule *findRule(const QString &name) {
    for (const Rule &r : ruleRegistry())
        if (name == QLatin1String(r.name))
            return &r;
    return nullptr;
}

void applyRule(Context &c, const Rule &rule) {
    switch (rule.scope) {
    case RuleScope::Artifact:
        for (const ArtifactReport &a : std::as_const(c.artifacts)) {
            if (c.cancelled())
                return;
            rule.apply(c, RuleInput{&a, nullptr});
        }
        return;
    case RuleScope::Text:
        for (const TextInput &t : std::as_const(c.texts)) {
            if (c.cancelled())
                return;
            rule.apply(c, RuleInput{nullptr, &t});
        }
        return;
    default:
        rule.apply(c, RuleInput{});
        return;
    }
}

void runRules(Context &c) {
    for (const Rule &rule : ruleRegistry()) {
        if (c.cancelled())
            return;
        applyRule(c, rule);
    }
}

} // namespace hd::detail
