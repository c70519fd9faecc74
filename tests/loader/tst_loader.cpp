// Loader-path resolution against the real dynamic loader: every answer is compared with what
// `ldd` says for the same binary and environment. Inputs (DT_NEEDED, RPATH, RUNPATH) are read
// with llvm-readelf-15; test trees are built with gcc and edited with patchelf.

#include "loader/loader.h"
#include "testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace hd;

namespace {

struct Dynamic {
    QStringList needed, rpath, runpath;
};

QByteArray runTool(const QString &program, const QStringList &args,
                   const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                   int *exitCode = nullptr) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(120000))
        qWarning("%s timed out", qPrintable(program));
    if (exitCode)
        *exitCode = p.exitCode();
    return p.readAllStandardOutput() + p.readAllStandardError();
}

Dynamic readDynamic(const QString &path) {
    Dynamic d;
    const QString out = QString::fromUtf8(
        runTool(QStringLiteral("llvm-readelf-15"), {QStringLiteral("--dynamic-table"), path}));
    static const QRegularExpression re(
        QStringLiteral(R"(\((NEEDED|RPATH|RUNPATH)\)\s+[^\[]*\[(.*)\])"));
    for (auto it = re.globalMatch(out); it.hasNext();) {
        const auto m = it.next();
        if (m.captured(1) == QLatin1String("NEEDED"))
            d.needed << m.captured(2);
        else if (m.captured(1) == QLatin1String("RPATH"))
            d.rpath << m.captured(2);
        else
            d.runpath << m.captured(2);
    }
    return d;
}

// name -> resolved path, or "not found"
QMap<QString, QString> ldd(const QString &path, const QStringList &ldLibraryPath = {}) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    if (!ldLibraryPath.isEmpty())
        env.insert(QStringLiteral("LD_LIBRARY_PATH"), ldLibraryPath.join(QLatin1Char(':')));
    const QString out = QString::fromUtf8(runTool(QStringLiteral("ldd"), {path}, env));
    QMap<QString, QString> m;
    static const QRegularExpression arrow(
        QStringLiteral(R"(^\s*(\S+) => (.*?)(?: \(0x[0-9a-f]+\))?$)"));
    static const QRegularExpression plain(QStringLiteral(R"(^\s*(/\S+) \(0x[0-9a-f]+\)$)"));
    for (const QString &line : out.split(QLatin1Char('\n'))) {
        if (auto a = arrow.match(line); a.hasMatch())
            m.insert(a.captured(1), a.captured(2).trimmed());
        else if (auto p = plain.match(line); p.hasMatch())
            m.insert(p.captured(1), p.captured(1));
    }
    return m;
}

LoaderEnvironment cleanEnv(const QStringList &ldLibraryPath = {}) {
    LoaderEnvironment env;
    env.ldLibraryPath = ldLibraryPath;
    return env;
}

LoaderQuery queryFor(const QString &path, bool executable = true) {
    const Dynamic d = readDynamic(path);
    LoaderQuery q;
    q.binaryPath = path;
    q.rpath = d.rpath;
    q.runpath = d.runpath;
    q.isExecutable = executable;
    return q;
}

bool samePath(const QString &a, const QString &b) {
    return a == b ||
           (!a.isEmpty() && QFileInfo(a).canonicalFilePath() == QFileInfo(b).canonicalFilePath());
}

bool haveTools() {
    return !QStandardPaths::findExecutable(QStringLiteral("llvm-readelf-15")).isEmpty() &&
           !QStandardPaths::findExecutable(QStringLiteral("ldd")).isEmpty();
}

} // namespace

class TstLoader : public QObject {
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_main; // tmp/app/bin/main, needs libone.so
    QString m_gcc, m_patchelf;

    QString build(const QStringList &args) {
        int rc = -1;
        const QByteArray out = runTool(m_gcc, args, QProcessEnvironment::systemEnvironment(), &rc);
        if (rc != 0)
            qWarning("gcc failed: %s", out.constData());
        return rc == 0 ? QStringLiteral("ok") : QString();
    }
    bool patchelf(const QStringList &args) {
        int rc = -1;
        const QByteArray out =
            runTool(m_patchelf, args, QProcessEnvironment::systemEnvironment(), &rc);
        if (rc != 0)
            qWarning("patchelf failed: %s", out.constData());
        return rc == 0;
    }
    QString copyMain(const QString &name) {
        const QString p = m_tmp.filePath(QStringLiteral("app/bin/") + name);
        QFile::remove(p);
        QFile::copy(m_main, p);
        return p;
    }
    // Compares our answer with ldd's for every DT_NEEDED of the binary.
    void compareWithLdd(const QString &binary, const QStringList &ldLibraryPath = {}) {
        const Dynamic d = readDynamic(binary);
        QVERIFY2(!d.needed.isEmpty(), qPrintable(binary));
        const auto truth = ldd(binary, ldLibraryPath);
        const LoaderQuery q = queryFor(binary);
        const LoaderEnvironment env = cleanEnv(ldLibraryPath);
        for (const QString &name : d.needed) {
            const LibraryResolution r = resolveLibrary(name, q, env);
            QString expected = truth.value(name);
            // The dynamic linker itself is listed by its path ("/lib64/ld-linux-x86-64.so.2").
            for (auto it = truth.begin(); expected.isEmpty() && it != truth.end(); ++it)
                if (QFileInfo(it.key()).fileName() == name)
                    expected = it.value();
            QVERIFY2(!expected.isEmpty(),
                     qPrintable(QStringLiteral("ldd does not list %1").arg(name)));
            if (expected == QLatin1String("not found")) {
                QVERIFY2(
                    !r.found(),
                    qPrintable(QStringLiteral("%1: we found %2, ldd did not").arg(name, r.path)));
                QVERIFY(!r.searched.isEmpty());
            } else {
                QVERIFY2(samePath(r.path, expected),
                         qPrintable(QStringLiteral("%1 %2: ours %3 (%4), ldd %5\nsearched: %6")
                                        .arg(binary, name, r.path, r.via, expected,
                                             r.searched.join(QStringLiteral("; ")))));
            }
        }
    }

private slots:
    void initTestCase();
    void parseSystemCache();
    void parseCacheFormats_data();
    void parseCacheFormats();
    void corruptedCache_data();
    void corruptedCache();
    void expandTokens_data();
    void expandTokens();
    void systemBinariesMatchLdd_data();
    void systemBinariesMatchLdd();
    void runpathOrigin();
    void rpathOnly();
    void ldLibraryPathOrder();
    void libToken();
    void wrongMachineSkipped();
    void absoluteNeeded();
    void notFound();
    void otherMajorVersion();
    void brokenCacheStillResolves();
    void sysroot();
    void symlinkedExecutable();
};

void TstLoader::initTestCase() {
    if (!haveTools())
        QSKIP("llvm-readelf-15 or ldd missing");
    QVERIFY(m_tmp.isValid());
    m_gcc = QStandardPaths::findExecutable(QStringLiteral("gcc"));
    m_patchelf = QStandardPaths::findExecutable(QStringLiteral("patchelf"));
    QVERIFY2(!m_gcc.isEmpty() && !m_patchelf.isEmpty(), "gcc and patchelf are needed");
    QDir(m_tmp.path()).mkpath(QStringLiteral("app/bin"));
    QDir(m_tmp.path()).mkpath(QStringLiteral("app/lib/x86_64-linux-gnu"));
    QDir(m_tmp.path()).mkpath(QStringLiteral("other"));
    QFile lib(m_tmp.filePath(QStringLiteral("one.c")));
    QVERIFY(lib.open(QIODevice::WriteOnly));
    lib.write("int one(void) { return 1; }\n");
    lib.close();
    QFile mainc(m_tmp.filePath(QStringLiteral("main.c")));
    QVERIFY(mainc.open(QIODevice::WriteOnly));
    mainc.write("int one(void);\nint main(void) { return one() - 1; }\n");
    mainc.close();
    const QString libOne = m_tmp.filePath(QStringLiteral("app/lib/libone.so"));
    QVERIFY(!build({QStringLiteral("-shared"), QStringLiteral("-fPIC"), QStringLiteral("-o"),
                    libOne, m_tmp.filePath(QStringLiteral("one.c"))})
                 .isEmpty());
    QVERIFY(QFile::copy(libOne, m_tmp.filePath(QStringLiteral("other/libone.so"))));
    QVERIFY(
        QFile::copy(libOne, m_tmp.filePath(QStringLiteral("app/lib/x86_64-linux-gnu/libone.so"))));
    m_main = m_tmp.filePath(QStringLiteral("app/bin/main"));
    QVERIFY(!build({QStringLiteral("-o"), m_main, m_tmp.filePath(QStringLiteral("main.c")),
                    QStringLiteral("-L") + m_tmp.filePath(QStringLiteral("app/lib")),
                    QStringLiteral("-lone"),
                    QStringLiteral("-Wl,--enable-new-dtags,-rpath,$ORIGIN/../lib")})
                 .isEmpty());
}

void TstLoader::parseSystemCache() {
    const LdSoCache c = readLdSoCache(QStringLiteral("/etc/ld.so.cache"));
    QVERIFY2(!c.problem, c.problem ? qPrintable(c.problem->toString()) : "");
    QVERIFY(!c.format.isEmpty());
    // Oracle: ldconfig -p lists the same (name, path) pairs.
    const QString out =
        QString::fromUtf8(runTool(QStringLiteral("/sbin/ldconfig"), {QStringLiteral("-p")}));
    static const QRegularExpression row(QStringLiteral(R"(^\s+(\S+) \(([^)]*)\) => (\S+)$)"));
    QSet<QString> expected, got;
    for (const QString &line : out.split(QLatin1Char('\n')))
        if (auto m = row.match(line); m.hasMatch())
            expected.insert(m.captured(1) + QStringLiteral(" => ") + m.captured(3));
    for (const auto &e : c.entries)
        got.insert(e.key + QStringLiteral(" => ") + e.path);
    QVERIFY(expected.size() > 10);
    QCOMPARE(got, expected);
    QVERIFY(samePath(c.lookup(QStringLiteral("libc.so.6"), 62, 64),
                     QStringLiteral("/lib/x86_64-linux-gnu/libc.so.6")));
    QVERIFY(c.lookup(QStringLiteral("libdoesnotexist.so.9"), 62, 64).isEmpty());
}

void TstLoader::parseCacheFormats_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("expectFormat");
    QTest::newRow("old") << "old"
                         << "ld.so-1.7.0";
    QTest::newRow("compat (old + new)") << "compat"
                                        << "glibc-ld.so.cache1.1";
    QTest::newRow("new") << "new"
                         << "glibc-ld.so.cache1.1";
}

void TstLoader::parseCacheFormats() {
    QFETCH(QString, format);
    QFETCH(QString, expectFormat);
    // ldconfig writes each format; -X leaves the directories' links alone.
    const QString cache = m_tmp.filePath(format + QStringLiteral(".cache"));
    int rc = -1;
    runTool(QStringLiteral("/sbin/ldconfig"),
            {QStringLiteral("-X"), QStringLiteral("-c"), format, QStringLiteral("-C"), cache,
             QStringLiteral("-f"), QStringLiteral("/dev/null"),
             m_tmp.filePath(QStringLiteral("other"))},
            QProcessEnvironment::systemEnvironment(), &rc);
    if (rc != 0)
        QSKIP("ldconfig cannot write a cache here");
    const LdSoCache c = readLdSoCache(cache);
    QVERIFY2(!c.problem, c.problem ? qPrintable(c.problem->toString()) : "");
    QCOMPARE(c.format, expectFormat);
    const QString out = QString::fromUtf8(runTool(
        QStringLiteral("/sbin/ldconfig"), {QStringLiteral("-p"), QStringLiteral("-C"), cache}));
    static const QRegularExpression row(QStringLiteral(R"(^\s+(\S+) \(([^)]*)\) => (\S+)$)"));
    QSet<QString> expected, got;
    for (const QString &line : out.split(QLatin1Char('\n')))
        if (auto m = row.match(line); m.hasMatch())
            expected.insert(m.captured(1) + QStringLiteral(" => ") + m.captured(3));
    for (const auto &e : c.entries)
        got.insert(e.key + QStringLiteral(" => ") + e.path);
    QCOMPARE(got, expected);
    QCOMPARE(c.lookup(QStringLiteral("libone.so"), 62, 64),
             m_tmp.filePath(QStringLiteral("other/libone.so")));
}

void TstLoader::corruptedCache_data() {
    QTest::addColumn<int>("truncate");    // -1: keep
    QTest::addColumn<int>("patchOffset"); // -1: none
    QTest::addColumn<QByteArray>("patch");
    QTest::addColumn<QString>("expect");
    QTest::newRow("empty") << 0 << -1 << QByteArray() << "empty";
    QTest::newRow("magic only") << 20 << -1 << QByteArray() << "truncated";
    QTest::newRow("half header") << 30 << -1 << QByteArray() << "truncated";
    QTest::newRow("cut entries") << 200 << -1 << QByteArray() << "entries";
    QTest::newRow("nlibs huge") << -1 << 20 << QByteArray("\xff\xff\xff\x7f", 4) << "entries";
    QTest::newRow("string offset")
        << -1 << 48 + 4 << QByteArray("\xff\xff\xff\x00", 4) << "string offset";
    QTest::newRow("garbage") << -1 << 0 << QByteArray("XXXXXXXXXXXXXXXXXXXXXXXX")
                             << "not an ld.so.cache";
}

void TstLoader::corruptedCache() {
    QFETCH(int, truncate);
    QFETCH(int, patchOffset);
    QFETCH(QByteArray, patch);
    QFETCH(QString, expect);
    QFile f(QStringLiteral("/etc/ld.so.cache"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray bytes = f.readAll();
    QVERIFY(bytes.startsWith("glibc-ld.so.cache1.1"));
    if (truncate >= 0)
        bytes.truncate(truncate);
    if (patchOffset >= 0)
        bytes.replace(patchOffset, patch.size(), patch);
    const LdSoCache c = parseLdSoCache(bytes, QStringLiteral("bad.cache"));
    QVERIFY(c.problem.has_value());
    QCOMPARE(c.problem->file, QStringLiteral("bad.cache"));
    QVERIFY2(c.problem->message.contains(expect), qPrintable(c.problem->toString()));
    QVERIFY(c.entries.isEmpty());
    QVERIFY(c.lookup(QStringLiteral("libc.so.6"), 62, 64).isEmpty());
    // Every prefix of a valid cache: never a crash, always a clear answer.
    if (truncate < 0 && patchOffset == 0)
        for (int n = 0; n < 4096 && n < f.size(); n += 13) {
            const LdSoCache cut = parseLdSoCache(bytes.left(n), QStringLiteral("cut"));
            QVERIFY(cut.problem.has_value() || !cut.entries.isEmpty());
        }
}

void TstLoader::expandTokens_data() {
    QTest::addColumn<QString>("in");
    QTest::addColumn<QString>("out");
    QTest::newRow("origin") << "$ORIGIN/../lib"
                            << "/o/../lib";
    QTest::newRow("braced") << "${ORIGIN}/x"
                            << "/o/x";
    QTest::newRow("lib") << "/opt/$LIB/foo"
                         << "/opt/lib/x86_64-linux-gnu/foo";
    QTest::newRow("platform") << "/p/${PLATFORM}"
                              << "/p/x86_64";
    QTest::newRow("not a token") << "/a/$ORIGINAL"
                                 << "/a/$ORIGINAL";
    QTest::newRow("dollar alone") << "/a/$"
                                  << "/a/$";
}

void TstLoader::expandTokens() {
    QFETCH(QString, in);
    QFETCH(QString, out);
    QCOMPARE(expandDynamicStringTokens(in, QStringLiteral("/o"), LoaderEnvironment{}), out);
}

void TstLoader::systemBinariesMatchLdd_data() {
    QTest::addColumn<QString>("binary");
    for (const char *p : {"/usr/bin/rocminfo", "/bin/ls", "/usr/bin/clang-offload-bundler-15",
                          "/usr/lib/x86_64-linux-gnu/libamdhip64.so.5",
                          "/usr/lib/x86_64-linux-gnu/libQt6Core.so.6"})
        if (QFileInfo::exists(QLatin1String(p)))
            QTest::newRow(p) << QString::fromLatin1(p);
    // hipcc-built host programs and libraries from build/kernels, when the build made them.
    const QString kernels = qEnvironmentVariable("HIPDOCTOR_KERNELS_DIR");
    if (!kernels.isEmpty() && QDir(kernels).exists()) {
        QDirIterator it(kernels, QDir::Files | QDir::Executable, QDirIterator::Subdirectories);
        int n = 0;
        while (it.hasNext() && n < 6) {
            const QString f = it.next();
            QFile file(f);
            if (!file.open(QIODevice::ReadOnly) || !file.read(4).startsWith("\x7f"
                                                                            "ELF"))
                continue;
            if (readDynamic(f).needed.isEmpty())
                continue;
            QTest::newRow(
                qPrintable(QStringLiteral("kernels/") + QDir(kernels).relativeFilePath(f)))
                << f;
            ++n;
        }
    }
}

void TstLoader::systemBinariesMatchLdd() {
    QFETCH(QString, binary);
    compareWithLdd(binary);
    // Every answer came from the cache or a default dir and says so.
    const Dynamic d = readDynamic(binary);
    const LibraryResolution r = resolveLibrary(d.needed.first(), queryFor(binary), cleanEnv());
    QVERIFY(!r.via.isEmpty());
}

void TstLoader::runpathOrigin() {
    compareWithLdd(m_main);
    const LibraryResolution r =
        resolveLibrary(QStringLiteral("libone.so"), queryFor(m_main), cleanEnv());
    QCOMPARE(r.via, QStringLiteral("runpath"));
    QCOMPARE(r.path, m_tmp.filePath(QStringLiteral("app/bin/../lib/libone.so")));
    // ${ORIGIN} spelled with braces gives the same answer.
    const QString braced = copyMain(QStringLiteral("braced"));
    QVERIFY(patchelf({QStringLiteral("--set-rpath"), QStringLiteral("${ORIGIN}/../lib"), braced}));
    compareWithLdd(braced);
}

void TstLoader::rpathOnly() {
    const QString bin = copyMain(QStringLiteral("rpath"));
    QVERIFY(patchelf({QStringLiteral("--force-rpath"), QStringLiteral("--set-rpath"),
                      QStringLiteral("$ORIGIN/../lib"), bin}));
    QVERIFY(readDynamic(bin).runpath.isEmpty());
    compareWithLdd(bin);
    const LibraryResolution r =
        resolveLibrary(QStringLiteral("libone.so"), queryFor(bin), cleanEnv());
    QCOMPARE(r.via, QStringLiteral("rpath"));
}

void TstLoader::ldLibraryPathOrder() {
    const QStringList llp{m_tmp.filePath(QStringLiteral("other"))};
    // RUNPATH comes after LD_LIBRARY_PATH...
    compareWithLdd(m_main, llp);
    LibraryResolution r =
        resolveLibrary(QStringLiteral("libone.so"), queryFor(m_main), cleanEnv(llp));
    QCOMPARE(r.via, QStringLiteral("LD_LIBRARY_PATH"));
    QCOMPARE(r.path, m_tmp.filePath(QStringLiteral("other/libone.so")));
    // ...RPATH (without RUNPATH) before it.
    const QString bin = copyMain(QStringLiteral("rpath2"));
    QVERIFY(patchelf({QStringLiteral("--force-rpath"), QStringLiteral("--set-rpath"),
                      QStringLiteral("$ORIGIN/../lib"), bin}));
    compareWithLdd(bin, llp);
    r = resolveLibrary(QStringLiteral("libone.so"), queryFor(bin), cleanEnv(llp));
    QCOMPARE(r.via, QStringLiteral("rpath"));
}

void TstLoader::libToken() {
    const QString bin = copyMain(QStringLiteral("libtoken"));
    QVERIFY(patchelf({QStringLiteral("--set-rpath"), QStringLiteral("$ORIGIN/../$LIB"), bin}));
    compareWithLdd(bin);
    const LibraryResolution r =
        resolveLibrary(QStringLiteral("libone.so"), queryFor(bin), cleanEnv());
    QCOMPARE(r.path, m_tmp.filePath(QStringLiteral("app/bin/../lib/x86_64-linux-gnu/libone.so")));
}

void TstLoader::wrongMachineSkipped() {
    // A non-x86-64 ELF named like the library comes first on the path: ld.so skips it.
    const QString dir = m_tmp.filePath(QStringLiteral("wrongmachine"));
    QDir().mkpath(dir);
    QFile::remove(dir + QStringLiteral("/libone.so"));
    QVERIFY(QFile::copy(hdtest::fixture(QStringLiteral("nvidia/k90.cubin")),
                        dir + QStringLiteral("/libone.so")));
    compareWithLdd(m_main, {dir});
    const LibraryResolution r =
        resolveLibrary(QStringLiteral("libone.so"), queryFor(m_main), cleanEnv({dir}));
    QCOMPARE(r.via, QStringLiteral("runpath"));
    QVERIFY(r.searched.first().startsWith(dir));
}

void TstLoader::absoluteNeeded() {
    const QString bin = copyMain(QStringLiteral("absolute"));
    const QString lib = m_tmp.filePath(QStringLiteral("other/libone.so"));
    QVERIFY(patchelf({QStringLiteral("--replace-needed"), QStringLiteral("libone.so"), lib, bin}));
    compareWithLdd(bin);
    const LibraryResolution r = resolveLibrary(lib, queryFor(bin), cleanEnv());
    QCOMPARE(r.via, QStringLiteral("absolute"));
    QCOMPARE(r.path, lib);
}

void TstLoader::notFound() {
    const QString bin = copyMain(QStringLiteral("missing"));
    QVERIFY(patchelf(
        {QStringLiteral("--add-needed"), QStringLiteral("libhipdoctor-missing.so.3"), bin}));
    compareWithLdd(bin);
    const LibraryResolution r =
        resolveLibrary(QStringLiteral("libhipdoctor-missing.so.3"), queryFor(bin),
                       cleanEnv({m_tmp.filePath(QStringLiteral("other"))}));
    QVERIFY(!r.found());
    // Every place looked, in ld.so's order.
    const QString all = r.searched.join(QLatin1Char('\n'));
    const int llp = all.indexOf(QLatin1String("(LD_LIBRARY_PATH)"));
    const int run = all.indexOf(QLatin1String("(runpath)"));
    const int cache = all.indexOf(QLatin1String("(ld.so.cache)"));
    const int def = all.indexOf(QLatin1String("/usr/lib (default)"));
    QVERIFY2(llp >= 0 && llp < run && run < cache && cache < def, qPrintable(all));
    QVERIFY(r.otherVersions.isEmpty());
}

void TstLoader::otherMajorVersion() {
    // A binary that needs libamdhip64.so.7 on a machine with ROCm 5's libamdhip64.so.5.
    const LdSoCache sys = readLdSoCache(QStringLiteral("/etc/ld.so.cache"));
    const QString hip5 = sys.lookup(QStringLiteral("libamdhip64.so.5"), 62, 64);
    if (hip5.isEmpty())
        QSKIP("libamdhip64.so.5 is not installed");
    const QString src = m_tmp.filePath(QStringLiteral("hip.c"));
    QFile f(src);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("int hipGetDeviceCount(int *);\nint main(void) { int n = 0; return "
            "hipGetDeviceCount(&n); }\n");
    f.close();
    const QString bin = m_tmp.filePath(QStringLiteral("app/bin/hipuser"));
    QVERIFY(!build({QStringLiteral("-o"), bin, src, QStringLiteral("-L/usr/lib/x86_64-linux-gnu"),
                    QStringLiteral("-l:libamdhip64.so.5")})
                 .isEmpty());
    QVERIFY(readDynamic(bin).needed.contains(QStringLiteral("libamdhip64.so.5")));
    compareWithLdd(bin); // .so.5 resolves as ldd says
    QVERIFY(patchelf({QStringLiteral("--replace-needed"), QStringLiteral("libamdhip64.so.5"),
                      QStringLiteral("libamdhip64.so.7"), bin}));
    compareWithLdd(bin); // now "not found", as ldd says
    const LibraryResolution r =
        resolveLibrary(QStringLiteral("libamdhip64.so.7"), queryFor(bin), cleanEnv());
    QVERIFY(!r.found());
    bool sawHip5 = false;
    for (const QString &o : r.otherVersions)
        sawHip5 = sawHip5 || samePath(o, hip5);
    QVERIFY2(sawHip5, qPrintable(r.otherVersions.join(QLatin1Char(' '))));
    for (const QString &o : r.otherVersions)
        QVERIFY2(!o.endsWith(QLatin1String(".so.7")) && QFileInfo::exists(o), qPrintable(o));
    // The found case lists the other versions too (none for .so.5 unless ROCm 6/7 is also there).
    const QStringList others =
        otherMajorVersions(QStringLiteral("libamdhip64.so.6"), {}, cleanEnv());
    QVERIFY(std::any_of(others.begin(), others.end(),
                        [&](const QString &o) { return samePath(o, hip5); }));
}

void TstLoader::brokenCacheStillResolves() {
    // A corrupted ld.so.cache: a Problem, and the default directories still answer.
    const QString bad = m_tmp.filePath(QStringLiteral("broken.cache"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray("glibc-ld.so.cache1.1") + QByteArray("\xff\xff\xff\xff", 4) +
            QByteArray(40, '\0'));
    f.close();
    LoaderEnvironment env = cleanEnv();
    env.ldSoCache = bad;
    QList<Problem> problems;
    const LibraryResolution r =
        resolveLibrary(QStringLiteral("libc.so.6"), LoaderQuery{}, env, &problems);
    QCOMPARE(problems.size(), 1);
    QCOMPARE(problems[0].file, bad);
    QCOMPARE(problems[0].offset, qint64(20));
    QVERIFY(r.found());
    QCOMPARE(r.via, QStringLiteral("default"));
    QVERIFY(r.searched.join(QLatin1Char('\n')).contains(QLatin1String("ld.so.cache: ")));
    // A missing cache file is said, not fatal.
    env.ldSoCache = m_tmp.filePath(QStringLiteral("nope.cache"));
    problems.clear();
    QVERIFY(resolveLibrary(QStringLiteral("libc.so.6"), LoaderQuery{}, env, &problems).found());
    QCOMPARE(problems.size(), 1);
}

void TstLoader::sysroot() {
    // Another root (a container image, a mounted disk): every absolute path is looked up
    // under it, and the reported paths are the files on disk.
    const QString root = m_tmp.filePath(QStringLiteral("root"));
    QVERIFY(QDir().mkpath(root + QStringLiteral("/usr/lib/x86_64-linux-gnu")));
    QFile::remove(root + QStringLiteral("/usr/lib/x86_64-linux-gnu/libone.so"));
    QVERIFY(QFile::copy(m_tmp.filePath(QStringLiteral("app/lib/libone.so")),
                        root + QStringLiteral("/usr/lib/x86_64-linux-gnu/libone.so")));
    LoaderEnvironment env = cleanEnv();
    env.sysroot = root;
    env.ldSoCache = QStringLiteral("/etc/ld.so.cache"); // absent under the root: said, not fatal
    QList<Problem> problems;
    const LibraryResolution r =
        resolveLibrary(QStringLiteral("libone.so"), LoaderQuery{}, env, &problems);
    QCOMPARE(r.path, root + QStringLiteral("/usr/lib/x86_64-linux-gnu/libone.so"));
    QCOMPARE(r.via, QStringLiteral("default"));
    QCOMPARE(problems.size(), 1);
    QCOMPARE(problems[0].file, root + QStringLiteral("/etc/ld.so.cache"));
    // The host's own libc is not under that root.
    QVERIFY(!resolveLibrary(QStringLiteral("libc.so.6"), LoaderQuery{}, env).found());
}

void TstLoader::symlinkedExecutable() {
    // A program started through a symlink: ld.so takes $ORIGIN from /proc/self/exe, the real
    // file, while `ldd` (ld.so run on the path) uses the link's directory. The program's own
    // start is the oracle here.
    const QString links = m_tmp.filePath(QStringLiteral("links"));
    QVERIFY(QDir().mkpath(links));
    const QString link = links + QStringLiteral("/main");
    QFile::remove(link);
    QVERIFY(QFile::link(m_main, link));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    p.setProcessEnvironment(env);
    p.start(link, {});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData()); // libone.so was found
    LoaderQuery q = queryFor(link, /*executable=*/true);
    const LibraryResolution r = resolveLibrary(QStringLiteral("libone.so"), q, cleanEnv());
    QVERIFY2(r.found(), qPrintable(r.searched.join(QLatin1Char('\n'))));
    QVERIFY(samePath(r.path, m_tmp.filePath(QStringLiteral("app/lib/libone.so"))));
    // As a library (dlopen'ed by that path) the link's own directory counts, as ldd shows.
    q.isExecutable = false;
    QVERIFY(!resolveLibrary(QStringLiteral("libone.so"), q, cleanEnv()).found());
    QCOMPARE(ldd(link).value(QStringLiteral("libone.so")), QStringLiteral("not found"));
}

QTEST_GUILESS_MAIN(TstLoader)
#include "tst_loader.moc"
