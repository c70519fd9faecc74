// The portable CLI tarball (docs/portable.md): built by packaging/portable/make-tarball.sh from
// this build, its programs' glibc and libstdc++ needs stay under the documented floor, and it
// runs unpacked in a root that holds nothing but the base system (glibc, libstdc++, libgcc_s):
// no Qt, no LLVM, no ROCm.

#include "testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QVersionNumber>

#include <unistd.h>

namespace {

// docs/portable.md, "The floor".
const QVersionNumber kGlibcFloor(2, 35);
const QVersionNumber kProbeGlibcFloor(2, 34);
const QVersionNumber kGlibcxxFloor(3, 4, 30);

struct Run {
    int exitCode = -1;
    QString out;
};

Run run(const QString &program, const QStringList &args, int timeoutMs = 300000) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    Run r;
    if (!p.waitForStarted(10000))
        return r;
    p.waitForFinished(timeoutMs);
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromLocal8Bit(p.readAll());
    return r;
}

// The highest version of `prefix` (GLIBC_, GLIBCXX_) an ELF file needs, from objdump -T.
QVersionNumber highestNeed(const QString &file, const QString &prefix) {
    const Run r = run(QStringLiteral("objdump"), {QStringLiteral("-T"), file});
    QVersionNumber top;
    const QRegularExpression re(QStringLiteral(R"(\(%1([0-9.]+)\))").arg(prefix));
    auto it = re.globalMatch(r.out);
    while (it.hasNext())
        top = std::max(top, QVersionNumber::fromString(it.next().captured(1)));
    return top;
}

bool isElf(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(4) == QByteArray("\x7f"
                                                                  "ELF",
                                                                  4);
}

} // namespace

class TstPortable : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void layout();
    void glibcFloor();
    void runsInABareRoot();
    void cleanupTestCase();

private:
    QString m_procMount;
    QTemporaryDir m_dir;
    QString m_root; // the unpacked hipdoctor-cli-<version>-linux-x86_64 folder
};

void TstPortable::initTestCase() {
    QVERIFY(m_dir.isValid());
    const Run make =
        run(QStringLiteral("bash"),
            {hdtest::sourceDir() + QStringLiteral("/packaging/portable/make-tarball.sh"),
             hdtest::buildDir(), m_dir.filePath(QStringLiteral("out"))});
    QVERIFY2(make.exitCode == 0, qPrintable(make.out));
    const QString tarball = make.out.trimmed().split(QLatin1Char('\n')).last();
    QVERIFY2(tarball.endsWith(QLatin1String("-linux-x86_64.tar.gz")), qPrintable(tarball));
    // Unpacked where a user without root would: under /opt of the bare root made below.
    const QString opt = m_dir.filePath(QStringLiteral("root/opt"));
    QVERIFY(QDir().mkpath(opt));
    QCOMPARE(
        run(QStringLiteral("tar"), {QStringLiteral("-C"), opt, QStringLiteral("-xzf"), tarball})
            .exitCode,
        0);
    const QStringList unpacked = QDir(opt).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QCOMPARE(unpacked.size(), 1);
    m_root = opt + QLatin1Char('/') + unpacked.first();
}

void TstPortable::layout() {
    // Step 1's baseline sources travel too (found through ../share/hipdoctor/kernels).
    for (const char *f :
         {"bin/hipdoctor-cli", "libexec/hipdoctor/hipdoctor-probe", "README", "lib/libQt6Core.so.6",
          "share/hipdoctor/kernels/vector_add.hip", "share/hipdoctor/kernels/vector_add_main.hip",
          "share/hipdoctor/kernels/cuda/vector_add.cu",
          "share/hipdoctor/kernels/cuda/vector_add_main.cu"})
        QVERIFY2(QFileInfo::exists(m_root + QLatin1Char('/') + QLatin1String(f)), f);
    // The programs find their libraries through $ORIGIN, not through the build's paths.
    const Run rpath =
        run(QStringLiteral("patchelf"),
            {QStringLiteral("--print-rpath"), m_root + QStringLiteral("/bin/hipdoctor-cli")});
    QCOMPARE(rpath.out.trimmed(), QStringLiteral("$ORIGIN/../lib"));
    // No copy of the base system travels.
    for (const char *base : {"lib/libc.so.6", "lib/libstdc++.so.6", "lib/libgcc_s.so.1"})
        QVERIFY2(!QFileInfo::exists(m_root + QLatin1Char('/') + QLatin1String(base)), base);
}

void TstPortable::glibcFloor() {
    QDirIterator it(m_root, QDir::Files, QDirIterator::Subdirectories);
    int checked = 0;
    while (it.hasNext()) {
        const QString f = it.next();
        if (!isElf(f))
            continue;
        ++checked;
        const QVersionNumber glibc = highestNeed(f, QStringLiteral("GLIBC_"));
        const bool probe = f.endsWith(QLatin1String("hipdoctor-probe"));
        QVERIFY2(glibc <= (probe ? kProbeGlibcFloor : kGlibcFloor),
                 qPrintable(QStringLiteral("%1 needs GLIBC_%2").arg(f, glibc.toString())));
        const QVersionNumber cxx = highestNeed(f, QStringLiteral("GLIBCXX_"));
        QVERIFY2(cxx <= kGlibcxxFloor,
                 qPrintable(QStringLiteral("%1 needs GLIBCXX_%2").arg(f, cxx.toString())));
        if (probe) // libstdc++ is linked into the probe
            QVERIFY2(cxx.isNull(), qPrintable(cxx.toString()));
    }
    QVERIFY(checked >= 10);
}

// A root with only glibc's libraries, libstdc++ and libgcc_s of this system: the tarball's CLI
// inspects a real code object, diagnoses a real runtime log and runs verify's step 1 (no
// compiler there: the step says so and the CLI exits 1, as documented).
void TstPortable::runsInABareRoot() {
    if (geteuid() != 0)
        QSKIP("chroot needs root (CI runs as root)");
    const QString root = m_dir.filePath(QStringLiteral("root"));
    const QString libdir = root + QStringLiteral("/lib/x86_64-linux-gnu");
    QVERIFY(QDir().mkpath(libdir));
    QVERIFY(QDir().mkpath(root + QStringLiteral("/lib64")));
    QVERIFY(QDir().mkpath(root + QStringLiteral("/tmp")));
    QVERIFY(QDir().mkpath(root + QStringLiteral("/data")));
    // ld.so finds $ORIGIN of the main program through /proc/self/exe, as on every real system.
    QVERIFY(QDir().mkpath(root + QStringLiteral("/proc")));
    if (run(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("proc"),
                                      QStringLiteral("proc"), root + QStringLiteral("/proc")})
            .exitCode != 0)
        QSKIP("cannot mount /proc in the bare root (no CAP_SYS_ADMIN)");
    m_procMount = root + QStringLiteral("/proc");
    const QStringList base{QStringLiteral("libc.so.6"),     QStringLiteral("libm.so.6"),
                           QStringLiteral("libdl.so.2"),    QStringLiteral("libpthread.so.0"),
                           QStringLiteral("librt.so.1"),    QStringLiteral("libstdc++.so.6"),
                           QStringLiteral("libgcc_s.so.1"), QStringLiteral("libresolv.so.2")};
    for (const QString &lib : base) {
        const QString from =
            QFileInfo(QStringLiteral("/lib/x86_64-linux-gnu/") + lib).canonicalFilePath();
        QVERIFY2(!from.isEmpty(), qPrintable(lib));
        QVERIFY(QFile::copy(from, libdir + QLatin1Char('/') + lib));
    }
    QVERIFY(
        QFile::copy(QFileInfo(QStringLiteral("/lib64/ld-linux-x86-64.so.2")).canonicalFilePath(),
                    root + QStringLiteral("/lib64/ld-linux-x86-64.so.2")));
    QVERIFY(QFile::copy(hdtest::kernelArtifact(QStringLiteral("vector_add_gfx90a.hsaco")),
                        root + QStringLiteral("/data/vector_add.hsaco")));
    QVERIFY(QFile::copy(hdtest::sourceDir() +
                            QStringLiteral("/tests/diagnosis/field/rocm-mivisionx-778.txt"),
                        root + QStringLiteral("/data/report.txt")));
    const QString cli = QStringLiteral("/opt/") + QFileInfo(m_root).fileName() +
                        QStringLiteral("/bin/hipdoctor-cli");
    auto inRoot = [&](const QStringList &args) {
        return run(QStringLiteral("chroot"), QStringList{root, cli} + args);
    };
    const Run version = inRoot({QStringLiteral("--version")});
    QVERIFY2(version.exitCode == 0 && version.out.startsWith(QLatin1String("hipdoctor-cli ")),
             qPrintable(version.out));
    const Run inspect =
        inRoot({QStringLiteral("inspect"), QStringLiteral("/data/vector_add.hsaco")});
    QVERIFY2(inspect.exitCode == 0 && inspect.out.contains(QLatin1String("gfx90a")),
             qPrintable(inspect.out));
    const Run diagnose = inRoot({QStringLiteral("diagnose"), QStringLiteral("/data/report.txt")});
    QVERIFY2(diagnose.exitCode == 1 &&
                 diagnose.out.contains(QLatin1String("arch.no-compatible-code-object")),
             qPrintable(diagnose.out));
    const Run verify = inRoot({QStringLiteral("verify"), QStringLiteral("--step"),
                               QStringLiteral("1"), QStringLiteral("--target"),
                               QStringLiteral("gfx90a"), QStringLiteral("--no-cache")});
    QVERIFY2(verify.exitCode == 1 && verify.out.contains(QLatin1String("step 1")),
             qPrintable(verify.out));
    // The probe travelled and was found next to the CLI (libexec/hipdoctor).
    QVERIFY2(verify.out.contains(QLatin1String("runtime")), qPrintable(verify.out));
    // So did the baseline's sources: only the missing compiler stops the step.
    QVERIFY2(!verify.out.contains(QLatin1String("--kernels-dir")), qPrintable(verify.out));
}

void TstPortable::cleanupTestCase() {
    if (!m_procMount.isEmpty())
        run(QStringLiteral("umount"), {m_procMount});
}

QTEST_GUILESS_MAIN(TstPortable)
#include "tst_portable.moc"
