#include "sysinfo/system_inventory.h"

#include "inventory_source_p.h"

#include "env/env_catalogue.h"
#include "exec/execution_host.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>

namespace hd {

namespace {

class Collector {
public:
    Collector(InventorySource &source, const InventoryOptions &o)
        : m_source(source), m_options(o) {}

    void fact(const QString &section, const QString &name, const QString &value,
              const QString &source) {
        m_facts.append({section, name, value, source, QString()});
    }
    void missing(const QString &section, const QString &name, const QString &source,
                 const QString &reason) {
        m_facts.append({section, name, QString(), source, reason});
    }

    InventorySource &src() { return m_source; }
    QString tool(const QString &name) { return m_source.tool(name); }
    InventorySource::Run run(const QString &program, const QStringList &args) {
        return m_source.run(program, args);
    }

    const InventoryOptions &options() const { return m_options; }
    QList<InventoryFact> take() { return std::move(m_facts); }

private:
    InventorySource &m_source;
    const InventoryOptions &m_options;
    QList<InventoryFact> m_facts;
};

void systemFacts(Collector &c) {
    const QString s = QStringLiteral("system");
    QString why;
    const QString osRelease = c.src().readText(QStringLiteral("/etc/os-release"), &why);
    if (osRelease.isEmpty()) {
        c.missing(s, QStringLiteral("os"), QStringLiteral("/etc/os-release"), why);
    } else {
        QString pretty, id, version;
        for (const QString &line : osRelease.split(QLatin1Char('\n'))) {
            const qsizetype eq = line.indexOf(QLatin1Char('='));
            if (eq <= 0)
                continue;
            QString v = line.mid(eq + 1).trimmed();
            if (v.size() >= 2 && (v.front() == u'"' || v.front() == u'\'') && v.back() == v.front())
                v = v.mid(1, v.size() - 2);
            const QString k = line.left(eq);
            if (k == QLatin1String("PRETTY_NAME"))
                pretty = v;
            else if (k == QLatin1String("ID"))
                id = v;
            else if (k == QLatin1String("VERSION_ID"))
                version = v;
        }
        const QString value = !pretty.isEmpty() ? pretty : QStringLiteral("%1 %2").arg(id, version);
        c.fact(s, QStringLiteral("os"), value.trimmed(), QStringLiteral("/etc/os-release"));
        if (!id.isEmpty())
            c.fact(s, QStringLiteral("os_id"),
                   version.isEmpty() ? id : id + QLatin1Char(' ') + version,
                   QStringLiteral("/etc/os-release"));
    }
    const InventorySource::Uname u = c.src().uname();
    if (u.why.isEmpty()) {
        c.fact(s, QStringLiteral("kernel"),
               QStringLiteral("%1 %2 %3").arg(u.sysname, u.release, u.version),
               c.src().unameSource());
        c.fact(s, QStringLiteral("machine"), u.machine, c.src().unameSource());
    } else {
        c.missing(s, QStringLiteral("kernel"), c.src().unameSource(), u.why);
    }
    QString glibcWhy;
    const QString glibc = c.src().glibc(&glibcWhy);
    if (glibcWhy.isEmpty())
        c.fact(s, QStringLiteral("glibc"), glibc, c.src().glibcSource());
    else
        c.missing(s, QStringLiteral("glibc"), c.src().glibcSource(), glibcWhy);
}

void driverFacts(Collector &c) {
    const QString s = QStringLiteral("driver");
    QString why;
    const QString amdgpu = c.src().readText(QStringLiteral("/sys/module/amdgpu/version"), &why);
    if (!amdgpu.isEmpty())
        c.fact(s, QStringLiteral("amdgpu"), amdgpu, QStringLiteral("/sys/module/amdgpu/version"));
    else if (c.src().exists(QStringLiteral("/sys/module/amdgpu")))
        c.fact(s, QStringLiteral("amdgpu"),
               QStringLiteral("loaded (the kernel's own amdgpu: no version file)"),
               QStringLiteral("/sys/module/amdgpu"));
    else
        c.missing(s, QStringLiteral("amdgpu"), QStringLiteral("/sys/module/amdgpu"),
                  QStringLiteral("the amdgpu kernel module is not loaded"));

    const QString topo = QStringLiteral("/sys/class/kfd/kfd/topology/nodes");
    QString listWhy;
    const std::optional<QStringList> names = c.src().entries(topo, true, &listWhy);
    if (!names) {
        c.missing(s, QStringLiteral("kfd"), topo,
                  listWhy.isEmpty() ? QStringLiteral("no KFD topology (no amdgpu driver with KFD)")
                                    : listWhy);
    } else {
        QStringList files;
        for (const QString &n : *names)
            files << topo + QLatin1Char('/') + n + QStringLiteral("/properties");
        const QHash<QString, QString> props = c.src().readTexts(files);
        QStringList gpus;
        for (qsizetype i = 0; i < names->size(); ++i) {
            static const QRegularExpression re(QStringLiteral("^gfx_target_version (\\d+)$"),
                                               QRegularExpression::MultilineOption);
            const auto m = re.match(props.value(files.at(i)));
            if (m.hasMatch() && m.captured(1) != QLatin1String("0"))
                gpus << QStringLiteral("node %1: gfx_target_version %2")
                            .arg(names->at(i), m.captured(1));
        }
        c.fact(s, QStringLiteral("kfd"),
               gpus.isEmpty() ? QStringLiteral("%1 node(s), no GPU node").arg(names->size())
                              : gpus.join(QStringLiteral("; ")),
               topo);
    }
    const QString nv = c.src().readText(QStringLiteral("/proc/driver/nvidia/version"), &why);
    if (!nv.isEmpty())
        c.fact(s, QStringLiteral("nvidia"), nv.section(QLatin1Char('\n'), 0, 0).simplified(),
               QStringLiteral("/proc/driver/nvidia/version"));
}

void devicesFacts(Collector &c) {
    const QString s = QStringLiteral("devices");
    const QString kfd = QStringLiteral("/dev/kfd");
    const QString driPath = QStringLiteral("/dev/dri");
    QStringList paths{kfd};
    QString driWhy, nodeWhy;
    const QStringList nodes = c.src().entries(driPath, false, &driWhy).value_or(QStringList());
    for (const QString &n : nodes)
        paths << driPath + QLatin1Char('/') + n;
    const QHash<QString, QString> described = c.src().nodeDescriptions(paths, &nodeWhy);
    if (const QString d = described.value(kfd); !d.isEmpty())
        c.fact(s, kfd, d, c.src().nodeSource());
    else
        c.missing(s, kfd, kfd,
                  nodeWhy.isEmpty() ? QStringLiteral("%1 does not exist").arg(kfd) : nodeWhy);
    if (nodes.isEmpty())
        c.missing(s, driPath, driPath,
                  driWhy.isEmpty() ? QStringLiteral("no DRM device nodes") : driWhy);
    for (const QString &p : paths.mid(1))
        c.fact(s, p, described.value(p), c.src().nodeSource());

    QString user, primary, why;
    QStringList groups;
    if (!c.src().identity(&user, &primary, &groups, &why)) {
        c.missing(s, QStringLiteral("user"), c.src().userSource(), why);
        return;
    }
    if (!groups.contains(primary))
        groups.prepend(primary);
    c.fact(s, QStringLiteral("user"), user, c.src().userSource());
    QString groupsText = groups.join(QStringLiteral(", "));
    for (const char *needed : {"render", "video"})
        if (!groups.contains(QLatin1String(needed)))
            groupsText += QStringLiteral(" (not in %1)").arg(QLatin1String(needed));
    c.fact(s, QStringLiteral("groups"), groupsText, c.src().groupsSource());
}

// Package names that belong to ROCm / HIP / the GPU stack.
bool gpuPackage(const QString &name) {
    static const QRegularExpression re(
        QStringLiteral("^(rocm|hip|hsa|roc|libroc|libhip|libamdhip|libhsa|amd|libamd|comgr|"
                       "miopen|libmiopen|rccl|librccl|migraphx|amdgpu|python3-torch|"
                       "nvidia-driver|cuda-toolkit|libcudart)"));
    return re.match(name).hasMatch();
}

void packagesFacts(Collector &c) {
    const QString s = QStringLiteral("packages");
    if (const QString dpkg = c.tool(QStringLiteral("dpkg-query")); !dpkg.isEmpty()) {
        const auto r =
            c.run(dpkg, {QStringLiteral("-W"),
                         QStringLiteral("-f=${Package}\t${Version}\t${db:Status-Abbrev}\n")});
        if (!r.ok && r.out.isEmpty()) {
            c.missing(s, QStringLiteral("dpkg"), QStringLiteral("dpkg-query -W"), r.why);
            return;
        }
        int found = 0;
        for (const QByteArray &line : r.out.split('\n')) {
            const QList<QByteArray> f = line.split('\t');
            if (f.size() < 3 || !f[2].startsWith("ii"))
                continue;
            const QString name = QString::fromUtf8(f[0]);
            if (!gpuPackage(name))
                continue;
            c.fact(s, name, QString::fromUtf8(f[1]), QStringLiteral("dpkg-query -W"));
            ++found;
        }
        if (found == 0)
            c.missing(s, QStringLiteral("rocm"), QStringLiteral("dpkg-query -W"),
                      QStringLiteral("no ROCm, HIP or GPU driver package installed"));
        return;
    }
    if (const QString rpm = c.tool(QStringLiteral("rpm")); !rpm.isEmpty()) {
        const auto r = c.run(rpm, {QStringLiteral("-qa"), QStringLiteral("--qf"),
                                   QStringLiteral("%{NAME}\t%{VERSION}-%{RELEASE}\n")});
        if (!r.ok) {
            c.missing(s, QStringLiteral("rpm"), QStringLiteral("rpm -qa"), r.why);
            return;
        }
        int found = 0;
        for (const QByteArray &line : r.out.split('\n')) {
            const QList<QByteArray> f = line.split('\t');
            if (f.size() == 2 && gpuPackage(QString::fromUtf8(f[0]))) {
                c.fact(s, QString::fromUtf8(f[0]), QString::fromUtf8(f[1]),
                       QStringLiteral("rpm -qa"));
                ++found;
            }
        }
        if (found == 0)
            c.missing(s, QStringLiteral("rocm"), QStringLiteral("rpm -qa"),
                      QStringLiteral("no ROCm, HIP or GPU driver package installed"));
        return;
    }
    c.missing(s, QStringLiteral("package manager"), QStringLiteral("PATH"),
              QStringLiteral("neither dpkg-query nor rpm is on PATH"));
}

void toolchainFacts(Collector &c) {
    const QString s = QStringLiteral("toolchain");
    const QString hip =
        c.src().findLibrary({QStringLiteral("libamdhip64.so.6"), QStringLiteral("libamdhip64.so.5"),
                             QStringLiteral("libamdhip64.so")});
    if (hip.isEmpty()) {
        c.missing(s, QStringLiteral("hip runtime"),
                  QStringLiteral("LD_LIBRARY_PATH, /etc/ld.so.cache"),
                  QStringLiteral("libamdhip64.so is not found by the dynamic loader"));
    } else {
        // The real file's name carries the version: libamdhip64.so.5.2.21153.
        static const QRegularExpression ver(QStringLiteral("\\.so\\.(\\d+(?:\\.\\d+)*)$"));
        const auto m = ver.match(hip);
        c.fact(s, QStringLiteral("hip runtime"),
               m.hasMatch() ? QStringLiteral("%1 (%2)").arg(m.captured(1), hip) : hip,
               QStringLiteral("LD_LIBRARY_PATH, /etc/ld.so.cache"));
    }
    const QString cuda = c.src().findLibrary({QStringLiteral("libcuda.so.1")});
    if (!cuda.isEmpty())
        c.fact(s, QStringLiteral("cuda driver library"), cuda, QStringLiteral("/etc/ld.so.cache"));

    struct Tool {
        const char *name;
        QStringList args;
    };
    const Tool tools[] = {{"hipcc", {QStringLiteral("--version")}},
                          {"hipconfig", {QStringLiteral("--version")}},
                          {"clang", {QStringLiteral("--version")}},
                          {"nvcc", {QStringLiteral("--version")}}};
    for (const Tool &t : tools) {
        const QString name = QLatin1String(t.name);
        const QString path = c.tool(name);
        if (path.isEmpty()) {
            c.missing(s, name, QStringLiteral("PATH"),
                      QStringLiteral("%1 is not on PATH").arg(name));
            continue;
        }
        QString source = QStringLiteral("%1 %2").arg(name, t.args.join(QLatin1Char(' ')));
        QString out;
        if (const auto known =
                c.options().knownVersion ? c.options().knownVersion(path) : std::nullopt) {
            out = *known;
            source += QStringLiteral(" (as the compile cache keeps it for this file)");
        } else {
            const auto r = c.run(path, t.args);
            if (!r.ok) {
                c.missing(s, name, path, r.why);
                continue;
            }
            out = QString::fromUtf8(r.out);
        }
        // The lines that name versions: hipcc prints the HIP version and its clang's, nvcc a
        // "release".
        QStringList lines;
        for (const QString &l : out.split(QLatin1Char('\n')))
            if (l.contains(QLatin1String("version"), Qt::CaseInsensitive) ||
                l.contains(QLatin1String("release")) || lines.isEmpty())
                lines << l.trimmed();
        lines.removeAll(QString());
        c.fact(s, name, QStringLiteral("%1 (%2)").arg(lines.join(QStringLiteral("; ")), path),
               source);
    }
}

void gpusFacts(Collector &c) {
    const QString s = QStringLiteral("gpus");
    if (const QString rocminfo = c.tool(QStringLiteral("rocminfo")); rocminfo.isEmpty()) {
        c.missing(s, QStringLiteral("rocminfo"), QStringLiteral("PATH"),
                  QStringLiteral("rocminfo is not on PATH"));
    } else {
        const auto r = c.run(rocminfo, {});
        const QString text = QString::fromUtf8(r.out);
        // Agents are blocks; a GPU agent's "Name:" is its gfx target.
        QStringList found;
        static const QRegularExpression agent(QStringLiteral("^\\s*Name:\\s+(gfx\\w+)\\s*$"),
                                              QRegularExpression::MultilineOption);
        for (auto it = agent.globalMatch(text); it.hasNext();)
            found << it.next().captured(1);
        if (!found.isEmpty())
            c.fact(s, QStringLiteral("rocminfo"), found.join(QStringLiteral(", ")),
                   QStringLiteral("rocminfo"));
        else
            c.missing(s, QStringLiteral("rocminfo"), QStringLiteral("rocminfo"),
                      r.ok ? QStringLiteral("rocminfo lists no GPU agent")
                           : r.why.section(QLatin1Char('\n'), 0, 0));
    }
    if (const QString smi = c.tool(QStringLiteral("amd-smi")); !smi.isEmpty()) {
        const auto r = c.run(smi, {QStringLiteral("list")});
        if (r.ok)
            c.fact(s, QStringLiteral("amd-smi"), QString::fromUtf8(r.out).simplified(),
                   QStringLiteral("amd-smi list"));
        else
            c.missing(s, QStringLiteral("amd-smi"), QStringLiteral("amd-smi list"), r.why);
    } else {
        c.missing(s, QStringLiteral("amd-smi"), QStringLiteral("PATH"),
                  QStringLiteral("amd-smi is not on PATH"));
    }
    if (const QString smi = c.tool(QStringLiteral("nvidia-smi")); !smi.isEmpty()) {
        const auto r =
            c.run(smi, {QStringLiteral("--query-gpu=index,name,driver_version,compute_cap"),
                        QStringLiteral("--format=csv,noheader")});
        if (r.ok)
            for (const QString &l : QString::fromUtf8(r.out).trimmed().split(QLatin1Char('\n')))
                c.fact(s, QStringLiteral("nvidia-smi"), l.trimmed(),
                       QStringLiteral("nvidia-smi --query-gpu"));
        else
            c.missing(s, QStringLiteral("nvidia-smi"), QStringLiteral("nvidia-smi --query-gpu"),
                      r.why);
    } else {
        c.missing(s, QStringLiteral("nvidia-smi"), QStringLiteral("PATH"),
                  QStringLiteral("nvidia-smi is not on PATH"));
    }
}

// One JSON object on stdout; each import on its own so a broken torch still reports triton.
const char kPythonScript[] = R"PY(
import json, sys
r = {"python": sys.version.split()[0] + " (" + sys.executable + ")"}
try:
    import torch
    r["torch"] = torch.__version__
    r["torch.version.hip"] = str(torch.version.hip)
    r["torch.version.cuda"] = str(torch.version.cuda)
    try:
        r["torch.cuda.get_arch_list()"] = " ".join(torch.cuda.get_arch_list())
    except Exception as e:
        r["torch.cuda.get_arch_list()"] = "!" + type(e).__name__ + ": " + str(e)
except Exception as e:
    r["torch"] = "!" + type(e).__name__ + ": " + str(e)
try:
    import triton
    r["triton"] = triton.__version__
except Exception as e:
    r["triton"] = "!" + type(e).__name__ + ": " + str(e)
print(json.dumps(r))
)PY";

// The same answers without importing torch or triton (loading torch's libraries takes seconds:
// 3.1 s on the GPU machine): their versions from the packages' own files, read as Python
// syntax, never run; the arch list, which only the loaded library knows, is not asked.
const char kPythonFilesScript[] = R"PY(
import ast, json, os, sys
from importlib import util
r = {"python": sys.version.split()[0] + " (" + sys.executable + ")"}
def assigned(path):
    out = {}
    with open(path, encoding="utf-8") as f:
        for n in ast.parse(f.read()).body:
            t = n.targets[0] if isinstance(n, ast.Assign) and len(n.targets) == 1 else getattr(n, "target", None)
            if isinstance(n, (ast.Assign, ast.AnnAssign)) and isinstance(t, ast.Name) and n.value is not None:
                try:
                    out[t.id] = ast.literal_eval(n.value)
                except Exception:
                    pass
    return out
def package(name, file):
    spec = util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("No module named '%s'" % name)
    return assigned(os.path.join(list(spec.submodule_search_locations)[0], file))
try:
    v = package("torch", "version.py")
    r["torch"] = str(v["__version__"])
    r["torch.version.hip"] = str(v.get("hip"))
    r["torch.version.cuda"] = str(v.get("cuda"))
except Exception as e:
    r["torch"] = "!" + type(e).__name__ + ": " + str(e)
try:
    r["triton"] = str(package("triton", "__init__.py")["__version__"])
except Exception as e:
    r["triton"] = "!" + type(e).__name__ + ": " + str(e)
print(json.dumps(r))
)PY";

void pythonFacts(Collector &c, bool imports) {
    const QString s = QStringLiteral("python");
    const QString source =
        imports ? QStringLiteral("python3 -c") : QStringLiteral("python3 -c (package files)");
    const QString py = c.tool(QStringLiteral("python3"));
    if (py.isEmpty()) {
        c.missing(s, QStringLiteral("python"), QStringLiteral("PATH"),
                  QStringLiteral("python3 is not on PATH"));
        return;
    }
    const auto r = c.run(py, {QStringLiteral("-c"),
                              QString::fromLatin1(imports ? kPythonScript : kPythonFilesScript)});
    const QJsonObject o = QJsonDocument::fromJson(r.out.trimmed().split('\n').last()).object();
    if (!r.ok || o.isEmpty()) {
        c.missing(s, QStringLiteral("python"), source,
                  r.ok ? QStringLiteral("python3 printed no answer") : r.why);
        return;
    }
    for (const char *k : {"python", "torch", "torch.version.hip", "torch.version.cuda",
                          "torch.cuda.get_arch_list()", "triton"}) {
        const QString key = QLatin1String(k);
        const QString v = o.value(key).toString();
        if (!o.contains(key)) {
            // Read from the package files, torch's version is there but not its arch list.
            const QString torch = o.value(QStringLiteral("torch")).toString();
            if (!imports && key.startsWith(QLatin1String("torch.cuda")) && !torch.isEmpty() &&
                !torch.startsWith(QLatin1Char('!')))
                c.missing(s, key, source,
                          QStringLiteral("not asked: only importing torch tells (seconds); "
                                         "hipdoctor-cli sysinfo asks it"));
            continue;
        }
        if (v.startsWith(QLatin1Char('!')))
            c.missing(s, key, source, QStringLiteral("not importable: %1").arg(v.mid(1)));
        else
            c.fact(s, key, v, source);
    }
}

bool relevantVariable(const QString &name) {
    static const QStringList exact{
        QStringLiteral("PATH"),         QStringLiteral("LD_LIBRARY_PATH"),
        QStringLiteral("PYTHONPATH"),   QStringLiteral("VIRTUAL_ENV"),
        QStringLiteral("CONDA_PREFIX"), QStringLiteral("CUDA_HOME")};
    static const QStringList prefixes{QStringLiteral("TRITON_"), QStringLiteral("PYTORCH_"),
                                      QStringLiteral("TORCH_"),  QStringLiteral("NVIDIA_"),
                                      QStringLiteral("ROCM_"),   QStringLiteral("OMP_")};
    if (exact.contains(name) || findEnvVar(name) || clearedForChild(name, EnvChild::Probe))
        return true;
    return std::any_of(prefixes.begin(), prefixes.end(),
                       [&](const QString &p) { return name.startsWith(p); });
}

void environmentFacts(Collector &c) {
    const QString s = QStringLiteral("environment");
    QString why;
    const QProcessEnvironment env = c.src().environment(&why);
    if (!why.isEmpty()) {
        c.missing(s, QStringLiteral("variables"), QStringLiteral("environment"), why);
        return;
    }
    QStringList names = env.keys();
    names.sort();
    bool any = false;
    for (const QString &n : names)
        if (relevantVariable(n)) {
            c.fact(s, n, env.value(n), QStringLiteral("environment"));
            any = true;
        }
    if (!any)
        c.missing(s, QStringLiteral("variables"), QStringLiteral("environment"),
                  QStringLiteral("no GPU, ROCm, CUDA, Triton or PyTorch variable is set"));
}

} // namespace

SystemInventory
collectSessionInventory(std::function<std::optional<QString>(const QString &toolPath)> knownVersion,
                        bool pythonImports) {
    InventoryOptions o;
    o.knownVersion = std::move(knownVersion);
    o.pythonImports = pythonImports;
    return collectSystemInventory(o);
}

namespace {

SystemInventory collect(InventorySource &source, const InventoryOptions &options) {
    Collector c(source, options);
    systemFacts(c);
    driverFacts(c);
    devicesFacts(c);
    packagesFacts(c);
    toolchainFacts(c);
    gpusFacts(c);
    if (options.python)
        pythonFacts(c, options.pythonImports);
    environmentFacts(c);
    SystemInventory inv;
    inv.collectedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    inv.facts = c.take();
    return inv;
}

} // namespace

SystemInventory collectSystemInventory(const InventoryOptions &options) {
    return collect(*makeLocalSource(options), options);
}

SystemInventory collectSystemInventory(ExecutionHost &host, const InventoryOptions &options) {
    if (host.isLocal()) // this machine's files and system calls: the fast path
        return collectSystemInventory(options);
    return collect(*makeHostSource(host, options), options);
}

} // namespace hd
