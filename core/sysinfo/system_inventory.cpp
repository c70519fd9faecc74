#include "sysinfo/system_inventory.h"

#include "common/capped_output.h"
#include "common/child_process.h"
#include "env/env_catalogue.h"
#include "loader/loader.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

#include <gnu/libc-version.h>
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>

namespace hd {

namespace {

constexpr int kElfMachineX86_64 = 62, kElfClass64 = 2;

class Collector {
public:
    explicit Collector(const InventoryOptions &o) : m_options(o) {
        m_path =
            o.environment.value(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    }

    void fact(const QString &section, const QString &name, const QString &value,
              const QString &source) {
        m_facts.append({section, name, value, source, QString()});
    }
    void missing(const QString &section, const QString &name, const QString &source,
                 const QString &reason) {
        m_facts.append({section, name, QString(), source, reason});
    }

    // A tool on the environment's PATH; "" when none.
    QString tool(const QString &name) const {
        return m_path.isEmpty() ? QString() : QStandardPaths::findExecutable(name, m_path);
    }

    struct Run {
        bool ok = false; // started, exited normally with status 0, in time
        QString why;     // when not ok
        QByteArray out;  // stdout (also when not ok)
    };
    // argv only, never a shell; killed (with its process group) after the timeout; dies with
    // hipdoctor (common/child_process.h); output kept within kMaxOutput (first and last bytes).
    Run run(const QString &program, const QStringList &args) const {
        static constexpr qsizetype kMaxOutput = qsizetype(512) << 10;
        Run r;
        const QString tool = QFileInfo(program).fileName();
        QProcess p;
        p.setProcessEnvironment(m_options.environment);
        p.setProgram(program);
        p.setArguments(args);
        guardChildProcess(p);
        p.start();
        if (!p.waitForStarted(m_options.timeoutMs)) {
            r.why = QStringLiteral("%1 could not be started: %2").arg(program, p.errorString());
            return r;
        }
        const ChildRegistration registered(p.processId());
        p.closeWriteChannel();
        CappedOutput out(kMaxOutput / 2, kMaxOutput / 2), err(4096, 4096);
        QElapsedTimer clock;
        clock.start();
        bool finished = false;
        while (!finished) {
            const qint64 left = m_options.timeoutMs - clock.elapsed();
            if (left <= 0)
                break;
            finished = p.waitForFinished(int(std::min<qint64>(left, 100)));
            out.append(p.readAllStandardOutput());
            err.append(p.readAllStandardError());
        }
        if (!finished) {
            killChildGroup(p);
            r.why = QStringLiteral("%1 did not answer within %2 s (killed)")
                        .arg(tool)
                        .arg(m_options.timeoutMs / 1000.0);
            return r;
        }
        out.append(p.readAllStandardOutput());
        err.append(p.readAllStandardError());
        r.out = out.bytes();
        if (p.exitStatus() != QProcess::NormalExit)
            r.why = QStringLiteral("%1 crashed").arg(tool);
        else if (p.exitCode() != 0)
            r.why = QStringLiteral("%1 exited with %2: %3")
                        .arg(tool)
                        .arg(p.exitCode())
                        .arg(err.text().trimmed().left(200));
        else
            r.ok = true;
        return r;
    }

    const InventoryOptions &options() const { return m_options; }
    QList<InventoryFact> take() { return std::move(m_facts); }

private:
    const InventoryOptions &m_options;
    QStringList m_path;
    QList<InventoryFact> m_facts;
};

QString readText(const QString &path, QString *why) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *why = f.exists() ? f.errorString() : QStringLiteral("%1 does not exist").arg(path);
        return {};
    }
    return QString::fromUtf8(f.read(1 << 20)).trimmed();
}

void systemFacts(Collector &c) {
    const QString s = QStringLiteral("system");
    QString why;
    const QString osRelease = readText(QStringLiteral("/etc/os-release"), &why);
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
    struct utsname u {};
    if (uname(&u) == 0) {
        c.fact(s, QStringLiteral("kernel"),
               QStringLiteral("%1 %2 %3")
                   .arg(QString::fromUtf8(u.sysname), QString::fromUtf8(u.release),
                        QString::fromUtf8(u.version)),
               QStringLiteral("uname(2)"));
        c.fact(s, QStringLiteral("machine"), QString::fromUtf8(u.machine),
               QStringLiteral("uname(2)"));
    } else {
        c.missing(s, QStringLiteral("kernel"), QStringLiteral("uname(2)"),
                  QString::fromLocal8Bit(strerror(errno)));
    }
    c.fact(s, QStringLiteral("glibc"), QString::fromLatin1(gnu_get_libc_version()),
           QStringLiteral("gnu_get_libc_version()"));
}

void driverFacts(Collector &c) {
    const QString s = QStringLiteral("driver");
    QString why;
    const QString amdgpu = readText(QStringLiteral("/sys/module/amdgpu/version"), &why);
    if (!amdgpu.isEmpty())
        c.fact(s, QStringLiteral("amdgpu"), amdgpu, QStringLiteral("/sys/module/amdgpu/version"));
    else if (QFileInfo::exists(QStringLiteral("/sys/module/amdgpu")))
        c.fact(s, QStringLiteral("amdgpu"),
               QStringLiteral("loaded (the kernel's own amdgpu: no version file)"),
               QStringLiteral("/sys/module/amdgpu"));
    else
        c.missing(s, QStringLiteral("amdgpu"), QStringLiteral("/sys/module/amdgpu"),
                  QStringLiteral("the amdgpu kernel module is not loaded"));

    const QString topo = QStringLiteral("/sys/class/kfd/kfd/topology/nodes");
    const QDir nodes(topo);
    if (!nodes.exists()) {
        c.missing(s, QStringLiteral("kfd"), topo,
                  QStringLiteral("no KFD topology (no amdgpu driver with KFD)"));
    } else {
        QStringList gpus;
        const QStringList names = nodes.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        for (const QString &n : names) {
            QString w;
            const QString props = readText(nodes.filePath(n + QStringLiteral("/properties")), &w);
            static const QRegularExpression re(QStringLiteral("^gfx_target_version (\\d+)$"),
                                               QRegularExpression::MultilineOption);
            const auto m = re.match(props);
            if (m.hasMatch() && m.captured(1) != QLatin1String("0"))
                gpus << QStringLiteral("node %1: gfx_target_version %2").arg(n, m.captured(1));
        }
        c.fact(s, QStringLiteral("kfd"),
               gpus.isEmpty() ? QStringLiteral("%1 node(s), no GPU node").arg(names.size())
                              : gpus.join(QStringLiteral("; ")),
               topo);
    }
    const QString nv = readText(QStringLiteral("/proc/driver/nvidia/version"), &why);
    if (!nv.isEmpty())
        c.fact(s, QStringLiteral("nvidia"), nv.section(QLatin1Char('\n'), 0, 0).simplified(),
               QStringLiteral("/proc/driver/nvidia/version"));
}

QString groupName(gid_t g) {
    if (const struct group *gr = getgrgid(g))
        return QString::fromLocal8Bit(gr->gr_name);
    return QString::number(g);
}

// "crw-rw---- root:render, you: read+write" for a device node.
QString nodeDescription(const QString &path) {
    struct stat st {};
    const QByteArray p = QFile::encodeName(path);
    if (::stat(p.constData(), &st) != 0)
        return {};
    char mode[11] = "----------";
    mode[0] = S_ISCHR(st.st_mode)   ? 'c'
              : S_ISBLK(st.st_mode) ? 'b'
              : S_ISDIR(st.st_mode) ? 'd'
                                    : '-';
    const char rwx[] = "rwxrwxrwx";
    for (int i = 0; i < 9; ++i)
        if (st.st_mode & (0400 >> i))
            mode[i + 1] = rwx[i];
    const struct passwd *pw = getpwuid(st.st_uid);
    const QString owner = pw ? QString::fromLocal8Bit(pw->pw_name) : QString::number(st.st_uid);
    const bool r = access(p.constData(), R_OK) == 0, w = access(p.constData(), W_OK) == 0;
    return QStringLiteral("%1 %2:%3, this user: %4")
        .arg(QString::fromLatin1(mode), owner, groupName(st.st_gid),
             r && w ? QStringLiteral("read+write")
             : r    ? QStringLiteral("read only")
                    : QStringLiteral("no access"));
}

void devicesFacts(Collector &c) {
    const QString s = QStringLiteral("devices");
    const QString kfd = QStringLiteral("/dev/kfd");
    const QString d = nodeDescription(kfd);
    if (d.isEmpty())
        c.missing(s, kfd, kfd, QStringLiteral("%1 does not exist").arg(kfd));
    else
        c.fact(s, kfd, d, QStringLiteral("stat(2), access(2)"));
    const QDir dri(QStringLiteral("/dev/dri"));
    const QStringList nodes =
        dri.entryList(QDir::System | QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    if (nodes.isEmpty())
        c.missing(s, QStringLiteral("/dev/dri"), QStringLiteral("/dev/dri"),
                  QStringLiteral("no DRM device nodes"));
    for (const QString &n : nodes)
        c.fact(s, dri.filePath(n), nodeDescription(dri.filePath(n)),
               QStringLiteral("stat(2), access(2)"));

    QStringList groups;
    const int n = getgroups(0, nullptr);
    std::vector<gid_t> gids(size_t(std::max(n, 0)));
    if (n > 0 && getgroups(n, gids.data()) == n)
        for (gid_t g : gids)
            groups << groupName(g);
    const QString primary = groupName(getegid());
    if (!groups.contains(primary))
        groups.prepend(primary);
    const struct passwd *pw = getpwuid(geteuid());
    c.fact(s, QStringLiteral("user"),
           pw ? QString::fromLocal8Bit(pw->pw_name) : QString::number(geteuid()),
           QStringLiteral("getpwuid(3)"));
    QString groupsText = groups.join(QStringLiteral(", "));
    for (const char *needed : {"render", "video"})
        if (!groups.contains(QLatin1String(needed)))
            groupsText += QStringLiteral(" (not in %1)").arg(QLatin1String(needed));
    c.fact(s, QStringLiteral("groups"), groupsText, QStringLiteral("getgroups(2)"));
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

// Where ld.so would find a library (LD_LIBRARY_PATH, then the cache), resolved to its file.
QString findLibrary(const QString &soname, const QStringList &ldLibraryPath) {
    for (const QString &dir : ldLibraryPath) {
        const QFileInfo fi(QDir(dir).filePath(soname));
        if (fi.exists())
            return fi.canonicalFilePath();
    }
    const QString p = readLdSoCache(QStringLiteral("/etc/ld.so.cache"))
                          .lookup(soname, kElfMachineX86_64, kElfClass64);
    return p.isEmpty() ? QString() : QFileInfo(p).canonicalFilePath();
}

void toolchainFacts(Collector &c) {
    const QString s = QStringLiteral("toolchain");
    const QStringList ldPath = c.options()
                                   .environment.value(QStringLiteral("LD_LIBRARY_PATH"))
                                   .split(QLatin1Char(':'), Qt::SkipEmptyParts);
    QString hip;
    for (const char *name : {"libamdhip64.so.6", "libamdhip64.so.5", "libamdhip64.so"})
        if (hip = findLibrary(QLatin1String(name), ldPath); !hip.isEmpty())
            break;
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
    const QString cuda = findLibrary(QStringLiteral("libcuda.so.1"), ldPath);
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
        const auto r = c.run(path, t.args);
        if (!r.ok) {
            c.missing(s, name, path, r.why);
            continue;
        }
        // The lines that name versions: hipcc prints the HIP version and its clang's, nvcc a
        // "release".
        QStringList lines;
        for (const QString &l : QString::fromUtf8(r.out).split(QLatin1Char('\n')))
            if (l.contains(QLatin1String("version"), Qt::CaseInsensitive) ||
                l.contains(QLatin1String("release")) || lines.isEmpty())
                lines << l.trimmed();
        lines.removeAll(QString());
        c.fact(s, name, QStringLiteral("%1 (%2)").arg(lines.join(QStringLiteral("; ")), path),
               QStringLiteral("%1 %2").arg(name, t.args.join(QLatin1Char(' '))));
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

void pythonFacts(Collector &c) {
    const QString s = QStringLiteral("python");
    const QString source = QStringLiteral("python3 -c");
    const QString py = c.tool(QStringLiteral("python3"));
    if (py.isEmpty()) {
        c.missing(s, QStringLiteral("python"), QStringLiteral("PATH"),
                  QStringLiteral("python3 is not on PATH"));
        return;
    }
    const auto r = c.run(py, {QStringLiteral("-c"), QString::fromLatin1(kPythonScript)});
    const QJsonObject o = QJsonDocument::fromJson(r.out.trimmed().split('\n').last()).object();
    if (!r.ok || o.isEmpty()) {
        c.missing(s, QStringLiteral("python"), source,
                  r.ok ? QStringLiteral("python3 printed no answer") : r.why);
        return;
    }
    for (const char *k : {"python", "torch", "torch.version.hip", "torch.version.cuda",
                          "torch.cuda.get_arch_list()", "triton"}) {
        const QString key = QLatin1String(k);
        if (!o.contains(key))
            continue;
        const QString v = o.value(key).toString();
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
    const QProcessEnvironment &env = c.options().environment;
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

SystemInventory collectSessionInventory() {
    return collectSystemInventory(InventoryOptions{});
}

namespace {

QString factText(const InventoryFact &f) {
    return f.available() ? f.value : QStringLiteral("not available: %1").arg(f.unavailable);
}

} // namespace

QList<InventorySummaryRow> summarizeInventory(const SystemInventory &inv) {
    QList<InventorySummaryRow> rows;
    // A row of the given facts: the available ones; when none is, every reason.
    auto row = [&](const QString &label, const QList<const InventoryFact *> &facts, auto &&format) {
        InventorySummaryRow r;
        r.label = label;
        for (const InventoryFact *f : facts)
            if (f && f->available() && !f->value.isEmpty())
                r.items << format(*f);
        if (r.items.isEmpty()) {
            r.missing = true;
            for (const InventoryFact *f : facts)
                if (f && !f->available())
                    r.items
                        << QStringLiteral("%1: not available (%2)").arg(f->name, f->unavailable);
        }
        if (!r.items.isEmpty())
            rows << r;
    };
    const auto named = [](const InventoryFact &f) {
        return QStringLiteral("%1: %2").arg(f.name, f.value);
    };
    auto sectionFacts = [&](const QString &section) {
        QList<const InventoryFact *> out;
        for (const InventoryFact &f : inv.facts)
            if (f.section == section)
                out << &f;
        return out;
    };
    auto facts = [&](const QString &section, const QStringList &names) {
        QList<const InventoryFact *> out;
        for (const InventoryFact &f : inv.facts)
            if (f.section == section && names.contains(f.name))
                out << &f;
        return out;
    };
    if (inv.isEmpty())
        return rows;

    row(QStringLiteral("GPUs (vendor tools)"), sectionFacts(QStringLiteral("gpus")), named);
    row(QStringLiteral("Kernel driver"), sectionFacts(QStringLiteral("driver")), named);
    {
        QStringList sys;
        for (const char *n : {"os", "kernel", "machine"})
            if (const InventoryFact *f = inv.find(QStringLiteral("system"), QLatin1String(n));
                f && f->available())
                sys << f->value;
        if (const InventoryFact *f = inv.find(QStringLiteral("system"), QStringLiteral("glibc"));
            f && f->available())
            sys << QStringLiteral("glibc ") + f->value;
        if (!sys.isEmpty())
            rows << InventorySummaryRow{QStringLiteral("System"), {sys.join(QStringLiteral(", "))}};
    }
    row(QStringLiteral("HIP runtime"),
        facts(QStringLiteral("toolchain"),
              {QStringLiteral("hip runtime"), QStringLiteral("cuda driver library")}),
        [](const InventoryFact &f) {
            return f.name == QLatin1String("hip runtime")
                       ? f.value
                       : QStringLiteral("%1: %2").arg(f.name, f.value);
        });
    {
        InventorySummaryRow r{QStringLiteral("Packages")};
        const QList<const InventoryFact *> pk = sectionFacts(QStringLiteral("packages"));
        for (const InventoryFact *f : pk)
            r.items << (f->available() ? QStringLiteral("%1 %2").arg(f->name, f->value)
                                       : QStringLiteral("not available (%1)").arg(f->unavailable));
        r.missing = !pk.isEmpty() && std::none_of(pk.begin(), pk.end(), [](const InventoryFact *f) {
            return f->available();
        });
        if (!r.items.isEmpty())
            rows << r;
    }
    row(QStringLiteral("Compilers"),
        facts(QStringLiteral("toolchain"),
              {QStringLiteral("hipcc"), QStringLiteral("clang"), QStringLiteral("nvcc")}),
        named);
    {
        const QList<const InventoryFact *> py = sectionFacts(QStringLiteral("python"));
        InventorySummaryRow r{QStringLiteral("Python, PyTorch, Triton")};
        for (const InventoryFact *f : py)
            r.items << QStringLiteral("%1: %2").arg(f->name, factText(*f));
        if (!r.items.isEmpty())
            rows << r;
    }
    {
        InventorySummaryRow r{QStringLiteral("Device access")};
        for (const InventoryFact *f : sectionFacts(QStringLiteral("devices"))) {
            if (f->name == QLatin1String("user"))
                continue;
            r.items << QStringLiteral("%1: %2").arg(f->name, factText(*f));
            // No access to a device node explains "no device" on its own.
            r.problem = r.problem || (f->available() && f->value.startsWith(QLatin1Char('c')) &&
                                      !f->value.contains(QLatin1String("read+write")));
        }
        if (!r.items.isEmpty())
            rows << r;
    }
    // PATH is long and rarely the answer: it stays in the full inventory.
    QList<const InventoryFact *> env = sectionFacts(QStringLiteral("environment"));
    env.removeIf([](const InventoryFact *f) { return f->name == QLatin1String("PATH"); });
    row(QStringLiteral("Environment"), env,
        [](const InventoryFact &f) { return QStringLiteral("%1=%2").arg(f.name, f.value); });
    return rows;
}

QList<QPair<QString, QString>> inventorySections() {
    return {{QStringLiteral("system"), QStringLiteral("System")},
            {QStringLiteral("driver"), QStringLiteral("Kernel driver")},
            {QStringLiteral("devices"), QStringLiteral("Device nodes and groups")},
            {QStringLiteral("packages"), QStringLiteral("Packages")},
            {QStringLiteral("toolchain"), QStringLiteral("Runtime and compilers")},
            {QStringLiteral("gpus"), QStringLiteral("GPUs (vendor tools)")},
            {QStringLiteral("python"), QStringLiteral("Python, PyTorch, Triton")},
            {QStringLiteral("environment"), QStringLiteral("Environment variables")}};
}

SystemInventory collectSystemInventory(const InventoryOptions &options) {
    Collector c(options);
    systemFacts(c);
    driverFacts(c);
    devicesFacts(c);
    packagesFacts(c);
    toolchainFacts(c);
    gpusFacts(c);
    if (options.python)
        pythonFacts(c);
    environmentFacts(c);
    SystemInventory inv;
    inv.collectedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    inv.facts = c.take();
    return inv;
}

} // namespace hd
