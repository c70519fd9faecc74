#include "inventory_source_p.h"

#include "sysinfo/system_inventory.h"

#include "common/capped_output.h"
#include "common/supervised_process.h"
#include "exec/execution_host.h"
#include "exec/process_run.h"
#include "loader/loader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include <gnu/libc-version.h>
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

namespace hd {

namespace {

constexpr int kElfMachineX86_64 = 62, kElfClass64 = 2;
constexpr qsizetype kMaxText = 1 << 20;

QString accessText(bool r, bool w) {
    return r && w ? QStringLiteral("read+write")
           : r    ? QStringLiteral("read only")
                  : QStringLiteral("no access");
}

// --- This machine -------------------------------------------------------------------------

QString groupName(gid_t g) {
    if (const struct group *gr = getgrgid(g))
        return QString::fromLocal8Bit(gr->gr_name);
    return QString::number(g);
}

// "crw-rw---- root:render, this user: read+write" for a device node.
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
    return QStringLiteral("%1 %2:%3, this user: %4")
        .arg(QString::fromLatin1(mode), owner, groupName(st.st_gid),
             accessText(access(p.constData(), R_OK) == 0, access(p.constData(), W_OK) == 0));
}

class LocalSource final : public InventorySource {
public:
    explicit LocalSource(const InventoryOptions &o) : m_options(o) {
        m_path =
            o.environment.value(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    }

    QString readText(const QString &path, QString *why) override {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            *why = f.exists() ? f.errorString() : QStringLiteral("%1 does not exist").arg(path);
            return {};
        }
        return QString::fromUtf8(f.read(kMaxText)).trimmed();
    }

    QHash<QString, QString> readTexts(const QStringList &paths) override {
        QHash<QString, QString> texts;
        for (const QString &p : paths) {
            QString why;
            const QString t = readText(p, &why);
            if (why.isEmpty())
                texts.insert(p, t);
        }
        return texts;
    }

    bool exists(const QString &path) override { return QFileInfo::exists(path); }

    std::optional<QStringList> entries(const QString &dir, bool folders, QString *) override {
        const QDir d(dir);
        if (!d.exists())
            return std::nullopt;
        return d.entryList(folders ? QDir::Dirs | QDir::NoDotAndDotDot
                                   : QDir::System | QDir::Files | QDir::NoDotAndDotDot,
                           QDir::Name);
    }

    Uname uname() override {
        Uname r;
        struct utsname u {};
        if (::uname(&u) != 0) {
            r.why = QString::fromLocal8Bit(strerror(errno));
            return r;
        }
        r.sysname = QString::fromUtf8(u.sysname);
        r.release = QString::fromUtf8(u.release);
        r.version = QString::fromUtf8(u.version);
        r.machine = QString::fromUtf8(u.machine);
        return r;
    }

    QString glibc(QString *) override { return QString::fromLatin1(gnu_get_libc_version()); }

    QHash<QString, QString> nodeDescriptions(const QStringList &paths, QString *) override {
        QHash<QString, QString> d;
        for (const QString &p : paths)
            if (const QString text = nodeDescription(p); !text.isEmpty())
                d.insert(p, text);
        return d;
    }

    bool identity(QString *user, QString *primary, QStringList *groups, QString *) override {
        const int n = getgroups(0, nullptr);
        std::vector<gid_t> gids(size_t(std::max(n, 0)));
        if (n > 0 && getgroups(n, gids.data()) == n)
            for (gid_t g : gids)
                *groups << groupName(g);
        *primary = groupName(getegid());
        const struct passwd *pw = getpwuid(geteuid());
        *user = pw ? QString::fromLocal8Bit(pw->pw_name) : QString::number(geteuid());
        return true;
    }

    QString tool(const QString &name) override {
        return m_path.isEmpty() ? QString() : QStandardPaths::findExecutable(name, m_path);
    }

    // The one supervised child (common/supervised_process.h): killed with everything it
    // started after the timeout, dies with hipdoctor; output kept within kMaxOutput (first
    // and last bytes).
    Run run(const QString &program, const QStringList &args) override {
        static constexpr qsizetype kMaxOutput = qsizetype(512) << 10;
        Run r;
        const QString tool = QFileInfo(program).fileName();
        CappedOutput out(kMaxOutput / 2, kMaxOutput / 2), err(4096, 4096);
        SupervisedSpec sv;
        sv.program = program;
        sv.arguments = args;
        sv.environment = m_options.environment;
        sv.reaper = reaperProgram();
        sv.startTimeoutMs = m_options.timeoutMs;
        sv.timeoutMs = m_options.timeoutMs;
        sv.onStdout = [&out](const QByteArray &b) { out.append(b); };
        sv.onStderr = [&err](const QByteArray &b) { err.append(b); };
        const SupervisedEnd end = runSupervised(sv);
        if (!end.started) {
            r.why = QStringLiteral("%1 could not be started: %2").arg(program, end.startError);
            return r;
        }
        if (end.timedOut) {
            r.why = QStringLiteral("%1 did not answer within %2 s (killed)")
                        .arg(tool, QString::number(m_options.timeoutMs / 1000.0));
            return r;
        }
        r.out = out.bytes();
        r.ran = !end.crashed;
        if (end.crashed)
            r.why = QStringLiteral("%1 crashed").arg(tool);
        else if (end.exitCode != 0)
            r.why = QStringLiteral("%1 exited with %2: %3")
                        .arg(tool, QString::number(end.exitCode), err.text().trimmed().left(200));
        else
            r.ok = true;
        return r;
    }

    QProcessEnvironment environment(QString *) override { return m_options.environment; }

    QString findLibrary(const QStringList &sonames) override {
        const QStringList ldPath = m_options.environment.value(QStringLiteral("LD_LIBRARY_PATH"))
                                       .split(QLatin1Char(':'), Qt::SkipEmptyParts);
        for (const QString &soname : sonames) {
            for (const QString &dir : ldPath) {
                const QFileInfo fi(QDir(dir).filePath(soname));
                if (fi.exists())
                    return fi.canonicalFilePath();
            }
            if (!m_cache)
                m_cache = readLdSoCache(QStringLiteral("/etc/ld.so.cache"));
            const QString p = m_cache->lookup(soname, kElfMachineX86_64, kElfClass64);
            if (const QString real = p.isEmpty() ? QString() : QFileInfo(p).canonicalFilePath();
                !real.isEmpty())
                return real;
        }
        return {};
    }

    QString unameSource() const override { return QStringLiteral("uname(2)"); }
    QString glibcSource() const override { return QStringLiteral("gnu_get_libc_version()"); }
    QString nodeSource() const override { return QStringLiteral("stat(2), access(2)"); }
    QString userSource() const override { return QStringLiteral("getpwuid(3)"); }
    QString groupsSource() const override { return QStringLiteral("getgroups(2)"); }

private:
    const InventoryOptions &m_options;
    QStringList m_path;
    std::optional<LdSoCache> m_cache;
};

// --- A host --------------------------------------------------------------------------------

// The tools the facts ask for, looked up on the host's PATH in one command.
const char *const kTools[] = {"dpkg-query", "rpm",      "hipcc",   "hipconfig",  "clang",
                              "nvcc",       "rocminfo", "amd-smi", "nvidia-smi", "python3"};

class HostSource final : public InventorySource {
public:
    HostSource(ExecutionHost &host, const InventoryOptions &o) : m_host(host), m_options(o) {}

    QString readText(const QString &path, QString *why) override {
        const Run r = run(QStringLiteral("cat"), {QStringLiteral("--"), path}, true);
        if (!r.ok) {
            *why = r.ran && r.why.contains(QLatin1String("No such file"))
                       ? QStringLiteral("%1 does not exist").arg(path)
                       : r.why;
            return {};
        }
        return QString::fromUtf8(r.out.left(kMaxText)).trimmed();
    }

    // grep -H '' prints every line as "path:line"; a missing file is left out (-s).
    QHash<QString, QString> readTexts(const QStringList &paths) override {
        QHash<QString, QString> texts;
        if (paths.isEmpty())
            return texts;
        const Run r = run(QStringLiteral("grep"),
                          QStringList{QStringLiteral("-s"), QStringLiteral("-H"),
                                      QStringLiteral("-e"), QString(), QStringLiteral("--")} +
                              paths,
                          true);
        for (const QString &line : QString::fromUtf8(r.out).split(QLatin1Char('\n'))) {
            QString best;
            for (const QString &p : paths)
                if (p.size() > best.size() && line.startsWith(p + QLatin1Char(':')))
                    best = p;
            if (best.isEmpty())
                continue;
            QString &t = texts[best];
            if (!t.isEmpty())
                t += QLatin1Char('\n');
            t += line.mid(best.size() + 1);
        }
        return texts;
    }

    bool exists(const QString &path) override {
        return run(QStringLiteral("test"), {QStringLiteral("-e"), path}, true).ok;
    }

    std::optional<QStringList> entries(const QString &dir, bool folders, QString *why) override {
        // -L: a link counts as what it points to, as QDir sees it here.
        QStringList args{QStringLiteral("-L"),        findPath(dir),
                         QStringLiteral("-mindepth"), QStringLiteral("1"),
                         QStringLiteral("-maxdepth"), QStringLiteral("1")};
        if (!folders)
            args << QStringLiteral("!");
        args << QStringLiteral("-type") << QStringLiteral("d") << QStringLiteral("-printf")
             << QStringLiteral("%f\\n");
        const Run r = run(QStringLiteral("find"), args, true);
        if (!r.ran)
            *why = r.why;
        if (!r.ok && r.out.isEmpty())
            return std::nullopt;
        QStringList names = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        names.sort();
        return names;
    }

    // uname prints the fields in a fixed order, one space apart: "Linux 6.1.0 #1 SMP … x86_64".
    Uname uname() override {
        Uname u;
        const Run r = run(QStringLiteral("uname"),
                          {QStringLiteral("-s"), QStringLiteral("-r"), QStringLiteral("-v"),
                           QStringLiteral("-m")},
                          true);
        const QString text = QString::fromUtf8(r.out).trimmed();
        const QStringList words = text.split(QLatin1Char(' '));
        if (!r.ok || words.size() < 4) {
            u.why = r.ok ? QStringLiteral("uname printed '%1'").arg(text) : r.why;
            return u;
        }
        u.sysname = words.first();
        u.release = words.at(1);
        u.machine = words.last();
        u.version = words.mid(2, words.size() - 3).join(QLatin1Char(' '));
        return u;
    }

    QString glibc(QString *why) override {
        const Run r = run(QStringLiteral("getconf"), {QStringLiteral("GNU_LIBC_VERSION")}, true);
        const QString text = QString::fromUtf8(r.out).trimmed();
        if (!r.ok || !text.startsWith(QLatin1String("glibc "))) {
            *why = r.ok ? QStringLiteral("not a GNU libc ('%1')").arg(text) : r.why;
            return {};
        }
        return text.mid(6);
    }

    // One find: mode, owner, group and path of each node (links followed, as stat(2) does),
    // then r/w when this user may read/write it (access(2), as find's -readable/-writable).
    QHash<QString, QString> nodeDescriptions(const QStringList &paths, QString *why) override {
        QHash<QString, QString> d;
        if (paths.isEmpty())
            return d;
        QStringList args{QStringLiteral("-L")};
        for (const QString &p : paths)
            args << findPath(p);
        args << QStringLiteral("-maxdepth") << QStringLiteral("0") << QStringLiteral("-printf")
             << QStringLiteral("%M\\t%u\\t%g\\t%p\\t") << QStringLiteral("(")
             << QStringLiteral("-readable") << QStringLiteral("-printf") << QStringLiteral("r")
             << QStringLiteral("-o") << QStringLiteral("-printf") << QStringLiteral("-")
             << QStringLiteral(")") << QStringLiteral("(") << QStringLiteral("-writable")
             << QStringLiteral("-printf") << QStringLiteral("w") << QStringLiteral("-o")
             << QStringLiteral("-printf") << QStringLiteral("-") << QStringLiteral(")")
             << QStringLiteral("-printf") << QStringLiteral("\\n");
        const Run r = run(QStringLiteral("find"), args, true);
        if (!r.ran)
            *why = r.why;
        for (const QString &line : QString::fromUtf8(r.out).split(QLatin1Char('\n'))) {
            const QStringList f = line.split(QLatin1Char('\t'));
            if (f.size() != 5 || f[4].size() != 2)
                continue;
            QString mode = f[0];
            if (!mode.isEmpty() && !QStringLiteral("cbd").contains(mode[0]))
                mode[0] = u'-'; // as the local description: c, b, d or -
            QString path = f[3];
            if (path.startsWith(QLatin1String("./")))
                path = path.mid(2);
            d.insert(path, QStringLiteral("%1 %2:%3, this user: %4")
                               .arg(mode.left(10), f[1], f[2],
                                    accessText(f[4][0] == u'r', f[4][1] == u'w')));
        }
        return d;
    }

    // id's own line: "uid=1000(ana) gid=1000(ana) groups=1000(ana),44(video),993(render)".
    bool identity(QString *user, QString *primary, QStringList *groups, QString *why) override {
        const Run r = run(QStringLiteral("id"), {}, true);
        const QString text = QString::fromUtf8(r.out).trimmed();
        static const QRegularExpression uid(QStringLiteral("^uid=(\\d+)(?:\\(([^)]*)\\))?")),
            gid(QStringLiteral(" gid=(\\d+)(?:\\(([^)]*)\\))?")),
            list(QStringLiteral(" groups=(\\S+)")), item(QStringLiteral("^(\\d+)(?:\\((.*)\\))?$"));
        const auto mu = uid.match(text), mg = gid.match(text);
        if (!r.ok || !mu.hasMatch() || !mg.hasMatch()) {
            *why = r.ok ? QStringLiteral("id printed '%1'").arg(text.left(200)) : r.why;
            return false;
        }
        auto name = [](const QRegularExpressionMatch &m) {
            return m.captured(2).isEmpty() ? m.captured(1) : m.captured(2);
        };
        *user = name(mu);
        *primary = name(mg);
        if (const auto ml = list.match(text); ml.hasMatch())
            for (const QString &g : ml.captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts))
                if (const auto mi = item.match(g); mi.hasMatch())
                    *groups << name(mi);
        return true;
    }

    QString tool(const QString &name) override {
        if (!m_toolsLooked) {
            m_toolsLooked = true;
            lookUpTools();
        }
        return m_tools.value(name);
    }

    Run run(const QString &program, const QStringList &args) override {
        return run(program, args, false);
    }

    QProcessEnvironment environment(QString *why) override {
        if (!m_envRead) {
            m_envRead = true;
            // As the tools see it: no LC_ALL of ours.
            const Run r = run(QStringLiteral("env"), {QStringLiteral("-0")}, false);
            if (!r.ok)
                m_envWhy = r.why;
            for (const QByteArray &kv : r.out.split('\0')) {
                const qsizetype eq = kv.indexOf('=');
                if (eq > 0)
                    m_env.insert(QString::fromUtf8(kv.left(eq)), QString::fromUtf8(kv.mid(eq + 1)));
            }
        }
        if (why)
            *why = m_envWhy;
        return m_env;
    }

    // Candidates in ld.so's order (LD_LIBRARY_PATH, then the cache, fetched and read here);
    // one `readlink -e` prints the real paths of those that exist, in order: the first wins.
    QString findLibrary(const QStringList &sonames) override {
        const QStringList ldPath = environment(nullptr)
                                       .value(QStringLiteral("LD_LIBRARY_PATH"))
                                       .split(QLatin1Char(':'), Qt::SkipEmptyParts);
        if (!m_cache) {
            QString error;
            const QString copy = m_host.fetchFromHost(QStringLiteral("/etc/ld.so.cache"), &error);
            m_cache = copy.isEmpty() ? LdSoCache{} : readLdSoCache(copy);
        }
        QStringList candidates;
        for (const QString &soname : sonames) {
            for (const QString &dir : ldPath)
                candidates << QDir::cleanPath(dir + QLatin1Char('/') + soname);
            if (const QString p = m_cache->lookup(soname, kElfMachineX86_64, kElfClass64);
                !p.isEmpty())
                candidates << p;
        }
        if (candidates.isEmpty())
            return {};
        const Run r =
            run(QStringLiteral("readlink"),
                QStringList{QStringLiteral("-e"), QStringLiteral("--")} + candidates, true);
        return QString::fromUtf8(r.out).section(QLatin1Char('\n'), 0, 0).trimmed();
    }

    QString unameSource() const override { return QStringLiteral("uname -srvm"); }
    QString glibcSource() const override { return QStringLiteral("getconf GNU_LIBC_VERSION"); }
    QString nodeSource() const override { return QStringLiteral("find -printf %M -readable"); }
    QString userSource() const override { return QStringLiteral("id"); }
    QString groupsSource() const override { return QStringLiteral("id"); }

private:
    // A path find cannot take for an option or an operator.
    static QString findPath(const QString &p) {
        return p.startsWith(QLatin1Char('/')) ? p : QStringLiteral("./") + p;
    }

    // One find over the PATH folders, in PATH order: the first executable file of each name.
    void lookUpTools() {
        const QStringList dirs = environment(nullptr)
                                     .value(QStringLiteral("PATH"))
                                     .split(QLatin1Char(':'), Qt::SkipEmptyParts);
        if (dirs.isEmpty())
            return;
        QStringList args{QStringLiteral("-L")};
        for (const QString &d : dirs)
            args << findPath(d);
        args << QStringLiteral("-maxdepth") << QStringLiteral("1") << QStringLiteral("(");
        bool first = true;
        for (const char *t : kTools) {
            if (!first)
                args << QStringLiteral("-o");
            first = false;
            args << QStringLiteral("-name") << QLatin1String(t);
        }
        args << QStringLiteral(")") << QStringLiteral("-type") << QStringLiteral("f")
             << QStringLiteral("-executable") << QStringLiteral("-print");
        const Run r = run(QStringLiteral("find"), args, true);
        for (const QString &line : QString::fromUtf8(r.out).split(QLatin1Char('\n'))) {
            const QString name = line.section(QLatin1Char('/'), -1);
            if (!name.isEmpty() && !m_tools.contains(name))
                m_tools.insert(name, line.startsWith(QLatin1String("./")) ? line.mid(2) : line);
        }
    }

    // plumbing: the helper programs' messages in the C locale, so they read the same
    // everywhere.
    Run run(const QString &program, const QStringList &args, bool plumbing) {
        ProcessSpec spec;
        spec.argv = QStringList{program} + args;
        spec.timeoutMs = m_options.timeoutMs;
        if (plumbing)
            spec.env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
        CheckRecord check;
        m_host.runProcess(spec, check);
        Run r;
        r.out = check.stdoutText.toUtf8();
        const QString tool = QFileInfo(program).fileName();
        const QString failure = check.data.value(QStringLiteral("remoteFailure")).toString();
        if (check.timedOut)
            r.why = QStringLiteral("%1 did not answer within %2 s (killed)")
                        .arg(tool, QString::number(m_options.timeoutMs / 1000.0));
        else if (!failure.isEmpty() || check.exitCode < 0)
            r.why = check.summary.english();
        else if (!check.signalName.isEmpty())
            r.why = QStringLiteral("%1 crashed").arg(tool);
        else if (check.exitCode != 0)
            r.why = QStringLiteral("%1 exited with %2: %3")
                        .arg(tool, QString::number(check.exitCode),
                             check.stderrText.trimmed().left(200));
        else
            r.ok = true;
        r.ran = r.ok || r.why.contains(QLatin1String(" exited with "));
        return r;
    }

    ExecutionHost &m_host;
    const InventoryOptions &m_options;
    bool m_toolsLooked = false, m_envRead = false;
    QHash<QString, QString> m_tools;
    QProcessEnvironment m_env;
    QString m_envWhy;
    std::optional<LdSoCache> m_cache;
};

} // namespace

std::unique_ptr<InventorySource> makeLocalSource(const InventoryOptions &options) {
    return std::make_unique<LocalSource>(options);
}

std::unique_ptr<InventorySource> makeHostSource(ExecutionHost &host,
                                                const InventoryOptions &options) {
    return std::make_unique<HostSource>(host, options);
}

} // namespace hd
