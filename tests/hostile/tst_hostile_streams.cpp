// Hostile streams and untrusted text (docs/limits.md "Standard input and pastes", "Format
// tokens in untrusted text", "Control and format characters"): standard input of any length in
// constant memory, findings merged by meaning, documents never through the terminal filter,
// scan honest about what it skipped, /proc refused, %1 kept literally.

#include "common/capped_output.h"
#include "common/engine_text.h"
#include "common/format.h"
#include "common/input_file.h"
#include "diagnosis/diagnosis.h"
#include "diagnosis/text_events.h"
#include "model/finding.h"
#include "report/report.h"
#include "scan/scan.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace hd;

namespace {

struct CliRun {
    int exitCode = -1;
    bool finished = false;
    QByteArray out;
    QString err;
};

// A shell command line with hipdoctor-cli as "$CLI": the stream comes from a real pipe.
CliRun runShell(const QString &script, int timeoutMs = 120000) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CLI"), hdtest::binary(QStringLiteral("hipdoctor-cli")));
    env.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral("/bin/bash"), {QStringLiteral("-c"), script});
    CliRun r;
    r.finished = p.waitForStarted(30000) && p.waitForFinished(timeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished();
    }
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

bool writeFile(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// The runtime's answer when no code object fits: one finding per sighting before the merge.
const char kNoBinaryLine[] =
    ":1:hip_code_object.cpp      :507 : 0385567830 us: 1616 : [tid:0x7f0000000001] "
    "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!\n";

} // namespace

class TestHostileStreams : public QObject {
    Q_OBJECT

private slots:
    // The cap keeps head and tail and counts the lines left out between them.
    void cappedOutputCountsDroppedLines() {
        CappedOutput c(4, 4);
        c.append(QByteArrayLiteral("ab\ncd\nef\ngh\nij"));
        QCOMPARE(c.totalBytes(), qint64(14));
        QCOMPARE(c.droppedBytes(), qint64(6));
        QCOMPARE(c.droppedLines(),
                 qint64(2)); // "d\nef\ng": the two line ends between head and tail
        QVERIFY(c.bytes().startsWith("ab\nc"));
        QVERIFY(c.bytes().endsWith("h\nij"));
        qint64 chars = 0, lines = 0;
        const QString kept = cappedText(QStringLiteral("12\n34\n56\n78"), 3, 3, &chars, &lines);
        QCOMPARE(chars, qint64(5));
        QCOMPARE(lines, qint64(1));
        QVERIFY(kept.startsWith(QLatin1String("12\n")) && kept.endsWith(QLatin1String("\n78")));
        QCOMPARE(cappedText(QStringLiteral("short"), 3, 3), QStringLiteral("short"));
    }

    // `diagnose -` reads any length in constant memory: the first and last 8 MiB, the middle
    // counted and said on stderr, the answer at the end of the stream (control: before, the
    // whole stream was read into memory and nothing was said).
    void standardInputIsBounded() {
        const CliRun r =
            runShell(QStringLiteral(
                         // Long lines: what is kept is 16 MiB of text either way, read in seconds.
                         "{ printf '%s' '%1'; yes \"$(head -c 4000 /dev/zero | tr '\\0' x)\" | "
                         "head -c 150000000; printf '\\n%s' '%2'; } | "
                         "\"$CLI\" diagnose --json - > /dev/null")
                         .arg(QLatin1String(kNoBinaryLine), QLatin1String(kNoBinaryLine)));
        QVERIFY2(r.finished, qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("standard input: 150000")) &&
                     r.err.contains(QLatin1String("the first and the last 8.0 MiB were read")) &&
                     r.err.contains(QLatin1String("lines) between them were not")),
                 qPrintable(r.err));
        QVERIFY2(r.exitCode == 1, qPrintable(r.err)); // both ends were read: the error is found
    }

    // Nothing to read on standard input is exit code 2, as an empty file (control: "No
    // findings" and 0 before).
    void emptyOrClosedStandardInputIsAnError() {
        for (const QString &redirect :
             {QStringLiteral("< /dev/null"), QStringLiteral("0<&-"), QStringLiteral("< /")}) {
            const CliRun r = runShell(QStringLiteral("\"$CLI\" diagnose - ") + redirect);
            QVERIFY2(r.finished, qPrintable(redirect));
            QVERIFY2(r.exitCode == 2, qPrintable(redirect + QLatin1String(": ") + r.err));
            QVERIFY2(r.err.contains(QLatin1String("standard input")), qPrintable(r.err));
        }
    }

    // 10^5 identical runtime-log lines are one finding "seen 100,000 times, first at line 1,
    // last at line 100000" (control: one finding per line before, each title with its line).
    void identicalLinesAreOneFinding() {
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("run.log"));
        QByteArray bytes;
        for (int i = 0; i < 100000; ++i)
            bytes += kNoBinaryLine;
        QVERIFY(writeFile(log, bytes));
        DiagnoseRequest req;
        req.inputs << log;
        const Diagnosis d = diagnose(req);
        const QList<Finding> f =
            findingsWithId(d.findings, QStringLiteral("arch.no-compatible-code-object"));
        QCOMPARE(f.size(), 1);
        QCOMPARE(f.first().occurrences, 100000);
        QCOMPARE(f.first().firstLine, qint64(1));
        QCOMPARE(f.first().lastLine, qint64(100000));
        QCOMPARE(occurrenceText(f.first()).english(),
                 QStringLiteral("seen 100,000 times, first at line 1, last at line 100000"));
        QVERIFY(d.findings.size() < 10);
        const QJsonObject json = f.first().toJson();
        QCOMPARE(json.value(QStringLiteral("first_line")).toInt(), 1);
        QCOMPARE(json.value(QStringLiteral("last_line")).toInt(), 100000);
    }

    // A rocminfo listing of 10,000 GPUs, 9,000 gfx1030 and 1,000 gfx1100, against a gfx90a
    // code object: two devices, one per target, each counting its GPUs, and one finding per
    // target (control: 10,000 devices and the finding "seen 9,000 times" for the gfx1030s).
    void devicesMergedPerTarget() {
        QString text = QStringLiteral("HSA Agents\n");
        for (int i = 0; i < 10000; ++i)
            text += QStringLiteral("Agent %1\n  Name: %2\n  Marketing Name: %3\n"
                                   "  Device Type: GPU\n")
                        .arg(QString::number(i + 1),
                             i < 9000 ? QStringLiteral("gfx1030") : QStringLiteral("gfx1100"),
                             i < 9000 ? QStringLiteral("AMD Radeon PRO W6800")
                                      : QStringLiteral("Radeon %1").arg(i));
        DiagnoseRequest req;
        req.inputs << hdtest::kernelArtifact(QStringLiteral("vector_add_gfx90a.co"));
        req.texts.append({QStringLiteral("rocminfo.txt"), text});
        const Diagnosis d = diagnose(req);
        QCOMPARE(d.devicesFrom, QStringLiteral("rocminfo"));
        QCOMPARE(d.devices.size(), 2);
        QCOMPARE(d.devices.at(0).count, 9000);
        QCOMPARE(d.devices.at(0).label(),
                 QStringLiteral("gfx1030 (AMD Radeon PRO W6800, 9,000 devices)"));
        QCOMPARE(d.devices.at(1).count, 1000);
        QCOMPARE(d.devices.at(1).label(), QStringLiteral("gfx1100 (1,000 devices)"));
        const QList<Finding> f =
            findingsWithId(d.findings, QStringLiteral("arch.no-compatible-code-object"));
        QCOMPARE(f.size(), 2);
        for (const Finding &x : f) {
            QCOMPARE(x.occurrences, 1);
            QVERIFY2(x.title.english().contains(QLatin1String(",000 devices)")),
                     qPrintable(x.title.english()));
        }
        QCOMPARE(d.toJson()
                     .value(QStringLiteral("devices"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("count"))
                     .toInt(),
                 9000);
    }

    // A flood of short lines keeps its first and last 131,072 lines, whatever their bytes
    // (control: 8 million lines of "x" within the byte limit took 132 s and 1 GB before).
    void shortLinesAreBounded() {
        DiagnoseRequest req;
        QString text;
        for (int i = 0; i < 1000000; ++i)
            text += QStringLiteral("x\n");
        text += QLatin1String(kNoBinaryLine);
        req.texts.append({QStringLiteral("<stdin>"), text});
        const Diagnosis d = diagnose(req);
        QCOMPARE(d.inputs.size(), 1);
        const QList<Problem> &p = d.inputs.first().problems;
        QVERIFY(std::any_of(p.cbegin(), p.cend(), [](const Problem &x) {
            return x.message.contains(QLatin1String("text of more than 262144 lines")) &&
                   x.message.contains(QLatin1String("737857 lines between them"));
        }));
    }

    // The key leaves line numbers out; the subject stays in it.
    void keyIgnoresLineNumbersOnly() {
        Finding a{QStringLiteral("x.y"), Severity::Error, QStringLiteral("k1 failed (line 12)")};
        Finding b = a;
        b.title = QStringLiteral("k1 failed (line 40)");
        Finding c = a;
        c.title = QStringLiteral("k2 failed (line 12)");
        QCOMPARE(a.key(), b.key());
        QVERIFY(a.key() != c.key());
        const QList<Finding> merged = mergeDuplicateFindings({a, b, c, b});
        QCOMPARE(merged.size(), 2);
        QCOMPARE(merged.first().occurrences, 3);
        QCOMPARE(merged.first().firstLine, qint64(12));
        QCOMPARE(merged.first().lastLine, qint64(40));
        QCOMPARE(merged.first().evidence.size(), 0); // no "also reported as" for a line number
    }

    // A chain of .arg() calls is one pass: a %1 inside an argument is never filled by the next
    // (control: "uses 65536 bytes of LDS; the limit is %3" before).
    void formatTokensStayLiteralInText() {
        const QString hostile = QStringLiteral("k%1%2%L1%3");
        const Text t = HD_TEXT("hd::Diagnosis", "%1 uses %2 bytes of LDS; the limit is %3")
                           .arg(hostile)
                           .arg(65536)
                           .arg(32768);
        QCOMPARE(t.english(),
                 QStringLiteral("k%1%2%L1%3 uses 65536 bytes of LDS; the limit is 32768"));
        // The front end's rendering (the app's Chinese) is one pass too.
        const QString shown = t.rendered([](const char *, const char *) {
            return QStringLiteral("%1 用了 %2 字节 LDS，上限 %3");
        });
        QCOMPARE(shown, QStringLiteral("k%1%2%L1%3 用了 65536 字节 LDS，上限 32768"));
        // A plain format is kept apart as well.
        QCOMPARE(Text(QStringLiteral("%1: %2")).arg(hostile).arg(QStringLiteral("x")).english(),
                 QStringLiteral("k%1%2%L1%3: x"));
        // An argument that is itself a format is still filled when the outer one has no place
        // left (the old nesting, used on purpose).
        QCOMPARE(Text(QStringLiteral("[%1]")).arg(QStringLiteral("a %1")).arg(7).english(),
                 QStringLiteral("[a 7]"));
    }

    // Untrusted fields reach findings, JSON and the CLI's text literally: a kernel name in a
    // compiler's LDS error, a file name, a log's runtime source path.
    void formatTokensStayLiteralEndToEnd() {
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("build%1%2.log"));
        QVERIFY(writeFile(
            log, QByteArrayLiteral("error: local memory (65536) exceeds limit (32768) in function "
                                   "'k%1%2%L1'\n") +
                     QByteArray(kNoBinaryLine).replace("hip_code_object.cpp", "hip%1%2.cpp")));
        const CliRun text = runShell(QStringLiteral("\"$CLI\" diagnose '%1'").arg(log));
        const CliRun json = runShell(QStringLiteral("\"$CLI\" diagnose --json '%1'").arg(log));
        QVERIFY(text.finished && json.finished);
        const QString t = QString::fromUtf8(text.out), j = QString::fromUtf8(json.out);
        QVERIFY2(t.contains(QLatin1String("k%1%2%L1")), qPrintable(t));
        QVERIFY2(j.contains(QLatin1String("k%1%2%L1")), qPrintable(j));
        QVERIFY2(!t.contains(QLatin1String("65536k")) && !t.contains(QLatin1String("32768k")),
                 qPrintable(t));
        QVERIFY2(t.contains(QLatin1String("build%1%2.log")), qPrintable(t));
    }

    // QString chains whose first argument comes from a log are one pass too: a runtime
    // log's source file (control: "hip%1%2.cpp:507" read as "hip507%2.cpp:%2" before).
    void formatTokensStayLiteralInEvents() {
        const QList<TextEvent> events = readEvents(QString::fromLatin1(
            QByteArray(kNoBinaryLine).replace("hip_code_object.cpp", "hip%1%2.cpp")));
        QVERIFY(!events.isEmpty());
        QCOMPARE(events.first().field(QStringLiteral("source")), QStringLiteral("hip%1%2.cpp:507"));
    }

    // A large scan --json is one valid document on stdout, not cut at 64 KiB by the terminal
    // filter (control: invalid JSON past 64 KiB before).
    void scanJsonIsWhole() {
        QTemporaryDir dir;
        const QByteArray co = [] {
            QFile f(hdtest::kernelArtifact(QStringLiteral("vector_add_gfx90a.co")));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        QVERIFY(!co.isEmpty());
        for (int i = 0; i < 400; ++i) {
            QByteArray copy = co;
            copy.append(QByteArray::number(i)); // distinct files
            QVERIFY(writeFile(dir.filePath(QStringLiteral("kernel_%1.co").arg(i)), copy));
        }
        const CliRun r =
            runShell(QStringLiteral("\"$CLI\" scan --json '%1' --target gfx90a").arg(dir.path()));
        QVERIFY(r.finished);
        QVERIFY2(r.out.size() > 65536, qPrintable(QString::number(r.out.size())));
        QJsonParseError pe{};
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        QCOMPARE(doc.object().value(QStringLiteral("libraries")).toArray().size(), 400);
        QCOMPARE(r.exitCode, 0);
    }

    // What scan did not read is a problem with its reason, and the exit code says "not all
    // read" (4), never the 0 of a complete answer (control: exit 0, nothing said before).
    void scanSaysWhatItSkipped() {
        QTemporaryDir dir;
        const QByteArray co = [] {
            QFile f(hdtest::kernelArtifact(QStringLiteral("vector_add_gfx90a.co")));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        QString deep = dir.path();
        for (int i = 0; i < 18; ++i)
            deep += QStringLiteral("/d%1").arg(i);
        QVERIFY(QDir().mkpath(deep));
        QVERIFY(writeFile(deep + QStringLiteral("/deep.co"), co));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("top.co")), co));
        // A name that is not UTF-8, and a link to a kernel interface named like a library.
        {
            const QByteArray bad = QFile::encodeName(dir.path()) + "/bad\xff.co";
            FILE *f = std::fopen(bad.constData(), "wb");
            QVERIFY(f);
            std::fwrite(co.constData(), 1, size_t(co.size()), f);
            std::fclose(f);
        }
        QVERIFY(QFile::link(QStringLiteral("/proc/self/status"),
                            dir.filePath(QStringLiteral("libkmsg.so"))));
        const CliRun r =
            runShell(QStringLiteral("\"$CLI\" scan '%1' --target gfx90a").arg(dir.path()), 60000);
        QVERIFY(r.finished);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(r.exitCode == 4, qPrintable(out + r.err));
        QVERIFY2(out.contains(QLatin1String("deeper than 16 levels: not read")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("not valid UTF-8: not read")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("is a file of /proc")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("not all read")), qPrintable(out));
        const CliRun j = runShell(
            QStringLiteral("\"$CLI\" scan --json '%1' --target gfx90a").arg(dir.path()), 60000);
        QVERIFY(
            QJsonDocument::fromJson(j.out).object().value(QStringLiteral("incomplete")).toBool());
        ::unlink((QFile::encodeName(dir.path()) + "/bad\xff.co").constData()); // Qt cannot name it
    }

    // A symbolic link loop named to scan is one, not "no such file" (control: "no such file or
    // folder" before).
    void scanNamesASymbolicLinkLoop() {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a")), b = dir.filePath(QStringLiteral("b"));
        QVERIFY(QFile::link(b, a) && QFile::link(a, b));
        const ScanResult r = scanPaths({a});
        QCOMPARE(r.problems.size(), 1);
        QVERIFY2(r.problems.first().message.contains(QLatin1String("symbolic link loop")),
                 qPrintable(r.problems.first().message));
    }

    // The Markdown report escapes a check's signal name and a redaction's names like every
    // other field (control: written raw before).
    void markdownEscapesSignalAndRedaction() {
        Session s;
        StepRecord st;
        st.step = 1;
        CheckRecord c;
        c.id = QStringLiteral("run");
        c.status = CheckStatus::Fail;
        c.signalName = QStringLiteral("<img src=x onerror=alert(1)>");
        st.checks.append(c);
        s.steps.append(st);
        const QString md = markdownReport(s);
        // Escaped as the report's Markdown escapes a tag (a backslash, CommonMark; no entity to
        // read past, issue 41): never a raw tag.
        QVERIFY2(!md.contains(QRegularExpression(QStringLiteral("(?<!\\\\)<img"))), qPrintable(md));
        QVERIFY2(md.contains(QLatin1String("\\<img")), qPrintable(md));
    }

    // A file of /proc is refused by what it is, whatever the link that leads there (control:
    // /proc/kmsg behind lib*.so hung scan, inspect and diagnose as root).
    void procFilesRefused() {
        QTemporaryDir dir;
        const QString link = dir.filePath(QStringLiteral("libfoo.so"));
        QVERIFY(QFile::link(QStringLiteral("/proc/self/status"), link));
        QFile f;
        QString why;
        QVERIFY(!openInputFile(f, link, &why));
        QCOMPARE(why,
                 QStringLiteral("is a file of /proc (a kernel interface), not a regular file"));
        QVERIFY(!notRegularFileReason(link).isEmpty());
        for (const char *cmd : {"inspect", "diagnose"}) {
            const CliRun r =
                runShell(QStringLiteral("\"$CLI\" %1 '%2'").arg(QLatin1String(cmd), link), 60000);
            QVERIFY(r.finished);
            QVERIFY2(r.exitCode == 2, qPrintable(r.err + QString::fromUtf8(r.out)));
            QVERIFY2(
                (r.err + QString::fromUtf8(r.out)).contains(QLatin1String("is a file of /proc")),
                qPrintable(r.err + QString::fromUtf8(r.out)));
        }
    }

    // Untrusted text shows its control and format characters, piped or with NO_COLOR: an
    // SGR sequence from a log (\e[8m hides the lines after it) and a bidi override (control:
    // both reached the terminal raw).
    void terminalShowsControlAndFormatCharacters() {
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("run.log"));
        QVERIFY(writeFile(log, QByteArray(kNoBinaryLine)
                                   .replace("hipErrorNoBinaryForGpu", "\x1b[8mhip\xe2\x80\xae"
                                                                      "ErrorNoBinaryForGpu")));
        const CliRun r = runShell(QStringLiteral("\"$CLI\" diagnose '%1'").arg(log));
        QVERIFY(r.finished);
        QVERIFY2(!r.out.contains('\x1b') && !r.out.contains("\xe2\x80\xae"), r.out.constData());
        QVERIFY2(r.out.contains("\\x1B[8m") || r.out.contains("\\u202E"), r.out.constData());
        QCOMPARE(printableText(QStringLiteral("a\u202Eb\u200Bc")),
                 QStringLiteral("a\\u202Eb\\u200Bc"));
        QCOMPARE(withoutTerminalEscapes(QStringLiteral("\x1b[8mx\u2067y")),
                 QStringLiteral("x\\u2067y"));
    }
};

QTEST_GUILESS_MAIN(TestHostileStreams)
#include "tst_hostile_streams.moc"
