// hd::app::tuneHeap(): the process re-executes itself with glibc's huge-page tunable, keeps
// its pid, hands the environment back exactly as it was, and its heap is then really backed
// by huge pages. Each case runs this test binary again as a child ("--report") in a chosen
// environment; the child tunes itself like hipdoctor-cli does and reports what it sees.

#include "heap_tuning.h"
#include "sanitizers.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTest>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include <gnu/libc-version.h>
#include <sys/mman.h>
#include <unistd.h>

constexpr bool kSanitizerAllocator = hdtest::kAddressSanitizer || hdtest::kThreadSanitizer;

namespace {

// AnonHugePages of this process, in KiB.
long anonHugeKb() {
    QFile f(QStringLiteral("/proc/self/smaps_rollup"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("AnonHugePages:"))
            return line.mid(14).trimmed().split(' ').first().toLong();
    return -1;
}

// The child: what the tuning left behind, and whether the heap and a region madvised by hand
// got huge pages. The heap is filled the way an inspection fills it: many small blocks.
int report() {
    std::printf("pid=%d\n", int(::getpid()));
    std::printf("state=%s\n", hd::app::heapTuningName(hd::app::heapTuning()));
    const char *t = std::getenv("GLIBC_TUNABLES");
    std::printf("tunables=%s\n", t ? t : "<unset>");
    std::printf("marker=%s\n", std::getenv("HIPDOCTOR_HEAP_TUNED") ? "set" : "unset");
    const long before = anonHugeKb();
    std::vector<char *> blocks;
    for (int i = 0; i < 24000; ++i) { // ~96 MB
        char *b = static_cast<char *>(std::malloc(4000));
        for (int j = 0; j < 4000; j += 512)
            b[j] = char(j);
        blocks.push_back(b);
    }
    const long heap = anonHugeKb() - before;
    const size_t len = 16 << 20;
    void *m = ::mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    long control = -1;
    if (m != MAP_FAILED && ::madvise(m, len, MADV_HUGEPAGE) == 0) {
        const long mid = anonHugeKb();
        for (size_t i = 0; i < len; i += 4096)
            static_cast<char *>(m)[i] = 1;
        control = anonHugeKb() - mid;
    }
    std::printf("heapHugeKb=%ld\ncontrolHugeKb=%ld\n", heap, control);
    for (char *b : blocks)
        std::free(b);
    return 0;
}

QString thpMode() {
    QFile f(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray s = f.readAll();
    const int open = s.indexOf('['), close = s.indexOf(']');
    return open >= 0 && close > open ? QString::fromLatin1(s.mid(open + 1, close - open - 1))
                                     : QString();
}

} // namespace

class TestHeapTuning : public QObject {
    Q_OBJECT
private:
    // Runs the child with GLIBC_TUNABLES = `tunables` (unset when null) and the extra
    // variables; returns its key=value lines and checks the pid stayed the same.
    QMap<QString, QString> child(const char *tunables, const QStringList &extra = {},
                                 const QString &mode = QStringLiteral("--report")) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("GLIBC_TUNABLES"));
        env.remove(QStringLiteral("HIPDOCTOR_HEAP_TUNING"));
        if (tunables)
            env.insert(QStringLiteral("GLIBC_TUNABLES"), QString::fromLatin1(tunables));
        for (const QString &kv : extra)
            env.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QCoreApplication::applicationFilePath(), {mode});
        QMap<QString, QString> out;
        if (!p.waitForStarted(60000))
            return out;
        const qint64 pid = p.processId(); // 0 once it has finished
        if (!p.waitForFinished(60000))
            return out;
        for (const QByteArray &line : p.readAllStandardOutput().split('\n'))
            if (line.contains('='))
                out.insert(QString::fromLatin1(line.left(line.indexOf('='))),
                           QString::fromLatin1(line.mid(line.indexOf('=') + 1)));
        out.insert(QStringLiteral("childPid"), QString::number(pid));
        return out;
    }

    // What tuneHeap() must do on this machine when the user has not decided.
    static QString expectedState() {
        if (kSanitizerAllocator)
            return QStringLiteral("unavailable");
        const QString mode = thpMode();
        if (mode == QLatin1String("always"))
            return QStringLiteral("kernel-default");
        int major = 0, minor = 0;
        const bool glibc235 = std::sscanf(gnu_get_libc_version(), "%d.%d", &major, &minor) == 2 &&
                              (major > 2 || (major == 2 && minor >= 35));
        if (mode != QLatin1String("madvise") || !glibc235)
            return QStringLiteral("unavailable");
        // A chroot without /proc cannot re-execute itself.
        return QFile::exists(QStringLiteral("/proc/self/exe")) ? QStringLiteral("huge-pages")
                                                               : QStringLiteral("exec-failed");
    }

private slots:
    void environmentComesBackUnchanged_data() {
        QTest::addColumn<QByteArray>("tunables"); // "<unset>" for none
        QTest::newRow("unset") << QByteArray("<unset>");
        QTest::newRow("other tunable") << QByteArray("glibc.malloc.arena_max=2");
        QTest::newRow("empty") << QByteArray("");
    }
    void environmentComesBackUnchanged() {
        QFETCH(QByteArray, tunables);
        const bool unset = tunables == "<unset>";
        const auto r = child(unset ? nullptr : tunables.constData());
        QVERIFY2(r.contains(QStringLiteral("state")), "the child did not report");
        QCOMPARE(r.value(QStringLiteral("state")), expectedState());
        // Same process (exec, not a new one), environment as given, marker gone.
        QCOMPARE(r.value(QStringLiteral("pid")), r.value(QStringLiteral("childPid")));
        QCOMPARE(r.value(QStringLiteral("tunables")), QString::fromLatin1(tunables));
        QCOMPARE(r.value(QStringLiteral("marker")), QStringLiteral("unset"));
    }

    void usersChoiceIsKept() {
        const auto r = child("glibc.malloc.hugetlb=0");
        if (kSanitizerAllocator)
            QCOMPARE(r.value(QStringLiteral("state")), QStringLiteral("unavailable"));
        else if (expectedState() == QLatin1String("huge-pages"))
            QCOMPARE(r.value(QStringLiteral("state")), QStringLiteral("user-tunables"));
        QCOMPARE(r.value(QStringLiteral("tunables")), QStringLiteral("glibc.malloc.hugetlb=0"));
        const auto off = child(nullptr, {QStringLiteral("HIPDOCTOR_HEAP_TUNING=0")});
        if (!kSanitizerAllocator)
            QCOMPARE(off.value(QStringLiteral("state")), QStringLiteral("disabled"));
        QCOMPARE(off.value(QStringLiteral("tunables")), QStringLiteral("<unset>"));
        // Not asked to re-execute (a CLI command that does not inspect): nothing changes.
        const auto unasked = child(nullptr, {}, QStringLiteral("--report-unasked"));
        if (!kSanitizerAllocator)
            QCOMPARE(unasked.value(QStringLiteral("state")), QStringLiteral("disabled"));
        QCOMPARE(unasked.value(QStringLiteral("tunables")), QStringLiteral("<unset>"));
    }

    void hugePagesBackTheHeap() {
        if (expectedState() != QLatin1String("huge-pages"))
            QSKIP("transparent huge pages are not in madvise mode here (or a sanitizer build)");
        const auto tuned = child(nullptr);
        const auto plain = child(nullptr, {QStringLiteral("HIPDOCTOR_HEAP_TUNING=0")});
        if (tuned.value(QStringLiteral("controlHugeKb")).toLong() <= 0)
            QSKIP("the kernel gave no huge page even to a region madvised by hand (memory "
                  "fragmented?)");
        // Tuned: where the kernel backed the whole 16 MB control by huge pages, at least a
        // third of the ~96 MB heap must be so too; where memory is fragmented and it gave
        // less, at least one. Untuned: none, in madvise mode.
        const bool plenty = tuned.value(QStringLiteral("controlHugeKb")).toLong() >= 16 * 1024;
        QVERIFY2(tuned.value(QStringLiteral("heapHugeKb")).toLong() >= (plenty ? 32 * 1024 : 2048),
                 qPrintable(tuned.value(QStringLiteral("heapHugeKb"))));
        QCOMPARE(plain.value(QStringLiteral("heapHugeKb")).toLong(), 0L);
    }
};

int main(int argc, char **argv) {
    // As the front ends do; "--report-unasked" as the CLI's commands that do not inspect.
    const bool unasked = argc > 1 && qstrcmp(argv[1], "--report-unasked") == 0;
    hd::app::tuneHeap(argv, !unasked);
    if (argc > 1 && (qstrcmp(argv[1], "--report") == 0 || unasked))
        return report();
    QCoreApplication app(argc, argv);
    TestHeapTuning t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_heap_tuning.moc"
