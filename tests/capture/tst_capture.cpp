// hipdoctor-cli capture on real hipcc-built programs and this machine's real ROCm runtime
// (docs/capture.md): each program runs plainly and under libhipdoctor-capture.so with the same
// exit code and output; its record is diagnosed with --target.

#include "testpaths.h"

#include "artifacts/inspector.h"
#include "artifacts/load_verdict.h"
#include "capture/capture_record.h"
#include "targets/target_id.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace hd;

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run runProgram(const QString &program, const QStringList &args, const QString &recordDir = {}) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!recordDir.isEmpty()) {
        env.insert(QStringLiteral("LD_PRELOAD"), hdtest::binary("libhipdoctor-capture.so"));
        env.insert(QStringLiteral("HIPDOCTOR_CAPTURE_DIR"), recordDir);
    }
    p.setProcessEnvironment(env);
    p.start(program, args);
    p.waitForFinished(120000);
    const int code = p.exitStatus() == QProcess::CrashExit ? 1000 : p.exitCode();
    return {code, p.readAllStandardOutput(), p.readAllStandardError()};
}

// `hipdoctor-cli capture --json --target T RECORD`: the diagnosis of an earlier record.
QJsonObject diagnoseRecord(const QString &dir, const QString &target, int *exitCode) {
    QProcess p;
    p.start(hdtest::binary("hipdoctor-cli"), {QStringLiteral("capture"), QStringLiteral("--json"),
                                              QStringLiteral("--target"), target, dir});
    p.waitForFinished(120000);
    *exitCode = p.exitCode();
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

QJsonObject callNamed(const QJsonObject &doc, const QString &call) {
    for (const QJsonValue &v : doc.value(u"calls").toArray())
        if (v.toObject().value(u"call").toString() == call)
            return v.toObject();
    return {};
}

QString program(const QString &name) {
    return hdtest::kernelArtifact(QStringLiteral("capture/") + name);
}

} // namespace

class TstCapture : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        if (!QFileInfo::exists(program(QStringLiteral("module_load"))))
            QSKIP("no hipcc-built capture programs (hipcc not found at configure time)");
        QVERIFY(QFileInfo::exists(hdtest::binary("libhipdoctor-capture.so")));
    }

    // Exit code, stdout and stderr are the same with and without capture.
    void sameBehaviour_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("args");
        const QString co = program(QStringLiteral("vecadd.hsaco"));
        QTest::newRow("module_load") << "module_load" << QStringList{co, QStringLiteral("vecAdd")};
        QTest::newRow("registered") << "registered" << QStringList{};
        QTest::newRow("abort") << "module_load"
                               << QStringList{co, QStringLiteral("vecAdd"),
                                              QStringLiteral("abort")};
        QTest::newRow("dlopen") << "capture_dlopen_runtime"
                                << QStringList{co, QStringLiteral("vecAdd")};
    }
    void sameBehaviour() {
        QFETCH(QString, name);
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        const Run plain = runProgram(program(name), args);
        const Run captured = runProgram(program(name), args, dir.path());
        QCOMPARE(captured.exitCode, plain.exitCode);
        QCOMPARE(captured.out, plain.out);
        QCOMPARE(captured.err, plain.err);
        // Control: the record is there (the interposer ran), whole even when the program aborts.
        QVERIFY(isCaptureRecord(dir.path()));
        const CaptureRecord rec = readCaptureRecord(dir.path());
        QVERIFY(rec.calls() > 0);
        QVERIFY2(rec.problems.isEmpty(), qPrintable(rec.problems.join(u'\n')));
        if (name == u"module_load")
            QCOMPARE(rec.processes.first().calls.last().call,
                     QStringLiteral("hipModuleGetFunction"));
    }

    // A module loaded from a file and looked up by its plain name: the image holds only the
    // mangled one. Control: the mangled name is no finding.
    void moduleLookedUpByPlainName() {
        const QString co = program(QStringLiteral("vecadd.hsaco"));
        QTemporaryDir dir, dir2;
        runProgram(program(QStringLiteral("module_load")), {co, QStringLiteral("vecAdd")},
                   dir.path());
        int rc = -1;
        const QJsonObject doc = diagnoseRecord(dir.path(), QStringLiteral("gfx90a"), &rc);
        QCOMPARE(rc, 1);
        const QJsonObject load = callNamed(doc, QStringLiteral("hipModuleLoad"));
        QCOMPARE(load.value(u"source").toString(), QStringLiteral("file"));
        QVERIFY(!load.value(u"image").toString().isEmpty()); // the file was saved
        const QJsonObject answer = doc.value(u"answer").toObject();
        const QJsonObject lookup = callNamed(doc, QStringLiteral("hipModuleGetFunction"));
        QCOMPARE(answer.value(u"seq").toInteger(), lookup.value(u"seq").toInteger());
        QVERIFY2(answer.value(u"text").toString().contains(
                     QStringLiteral("hipModuleGetFunction(module of vecadd.hsaco, \"vecAdd\")")),
                 qPrintable(answer.value(u"text").toString()));
        QVERIFY(answer.value(u"text").toString().contains(QStringLiteral("_Z6vecAddPKfS0_Pfi")));
        QVERIFY(answer.value(u"fixes").toArray().first().toString().contains(
            QStringLiteral("extern \"C\"")));
        // The finding the session and the report carry: the catalog's id.
        const QJsonArray findings = doc.value(u"findings").toArray();
        QCOMPARE(findings.size(), 1);
        QCOMPARE(findings.first().toObject().value(u"id").toString(),
                 QStringLiteral("symbol.mangled-name"));

        runProgram(program(QStringLiteral("module_load")),
                   {co, QStringLiteral("_Z6vecAddPKfS0_Pfi")}, dir2.path());
        const QJsonObject good = diagnoseRecord(dir2.path(), QStringLiteral("gfx90a"), &rc);
        QCOMPARE(rc, 0);
        QVERIFY(!good.contains(u"answer"));
    }

    // A fat binary registered at start: its targets listed; on a device it has no code for,
    // the registration is the answer, and the verdict is the load verdict of the program file.
    void registeredFatBinary() {
        QTemporaryDir dir;
        runProgram(program(QStringLiteral("registered")), {}, dir.path());
        int rc = -1;
        const QJsonObject doc = diagnoseRecord(dir.path(), QStringLiteral("gfx1100"), &rc);
        QCOMPARE(rc, 1);
        const QJsonObject reg = callNamed(doc, QStringLiteral("__hipRegisterFatBinary"));
        QCOMPARE(reg.value(u"source").toString(), QStringLiteral("fatbin"));
        QCOMPARE(doc.value(u"answer").toObject().value(u"seq").toInteger(),
                 reg.value(u"seq").toInteger());
        const QJsonArray images = doc.value(u"images").toArray();
        QCOMPARE(images.size(), 1);
        const QJsonObject img = images.first().toObject();
        QVERIFY(img.value(u"kernels").toArray().contains(QStringLiteral("_Z5scalePffi")));
        const QString status = img.value(u"verdict").toObject().value(u"status").toString();
        const ArtifactReport file = inspectFile(program(QStringLiteral("registered")));
        QCOMPARE(status,
                 loadVerdict(file, *TargetId::parse(QStringLiteral("gfx1100"))).statusName());
        QCOMPARE(status, QStringLiteral("refused"));

        // Control: on gfx90a it loads, and "no device" alone is no answer under --target.
        const QJsonObject fits = diagnoseRecord(dir.path(), QStringLiteral("gfx90a"), &rc);
        QCOMPARE(rc, 0);
        QCOMPARE(
            fits.value(u"images")
                .toArray()
                .first()
                .toObject()
                .value(u"verdict")
                .toObject()
                .value(u"status"),
            QJsonValue(loadVerdict(file, *TargetId::parse(QStringLiteral("gfx90a"))).statusName()));
    }

    // The runtime opened with dlopen and called through dlsym pointers is recorded too.
    void dlopenedRuntime() {
        const QString co = program(QStringLiteral("vecadd.hsaco"));
        QTemporaryDir dir;
        runProgram(program(QStringLiteral("capture_dlopen_runtime")),
                   {co, QStringLiteral("vecAdd")}, dir.path());
        int rc = -1;
        const QJsonObject doc = diagnoseRecord(dir.path(), QStringLiteral("gfx90a"), &rc);
        QCOMPARE(rc, 1);
        const QJsonObject load = callNamed(doc, QStringLiteral("hipModuleLoadData"));
        QCOMPARE(load.value(u"source").toString(), QStringLiteral("memory"));
        QVERIFY(!load.value(u"image").toString().isEmpty());
        QVERIFY(doc.value(u"answer").toObject().value(u"text").toString().contains(
            QStringLiteral("_Z6vecAddPKfS0_Pfi")));
        // Control: without the interposer nothing is recorded.
        QTemporaryDir none;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HIPDOCTOR_CAPTURE_DIR"), none.path());
        p.setProcessEnvironment(env);
        p.start(program(QStringLiteral("capture_dlopen_runtime")), {co, QStringLiteral("vecAdd")});
        p.waitForFinished(120000);
        QVERIFY(!isCaptureRecord(none.path()));
    }

    // The command itself: runs the program, forwards its exit code in the JSON, keeps the record.
    void commandRunsProgram() {
        QTemporaryDir dir;
        QProcess p;
        p.start(hdtest::binary("hipdoctor-cli"),
                {QStringLiteral("capture"), QStringLiteral("--json"), QStringLiteral("-o"),
                 dir.path(), QStringLiteral("--target"), QStringLiteral("gfx1100"),
                 QStringLiteral("--"), program(QStringLiteral("registered"))});
        p.waitForFinished(120000);
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(isCaptureRecord(dir.path()));
        const QByteArray out = p.readAllStandardOutput();
        const QByteArray json = out.mid(out.indexOf("{\"")); // after the program's own line
        const QJsonObject doc = QJsonDocument::fromJson(json).object();
        QCOMPARE(doc.value(u"schema").toString(), QStringLiteral("hipdoctor.capture/1"));
        QCOMPARE(doc.value(u"exit_code").toInt(), 1);
    }
};

QTEST_GUILESS_MAIN(TstCapture)
#include "tst_capture.moc"
