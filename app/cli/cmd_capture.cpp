// hipdoctor-cli capture: runs a command under the capture interposer (app/capture) and
// diagnoses what it handed the GPU runtime (core/capture, docs/capture.md).

#include "cli.h"
#include "options.h"

#include "capture/capture_record.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>

namespace hd::cli {

namespace {

// $HIPDOCTOR_CAPTURE_LIB, then beside the executable, its ../libexec/hipdoctor and ../bin.
QString findCaptureLibrary() {
    QStringList candidates;
    const QString env = qEnvironmentVariable("HIPDOCTOR_CAPTURE_LIB");
    if (!env.isEmpty())
        candidates << env;
    const QString exeDir = QCoreApplication::applicationDirPath();
    const QString name = QStringLiteral("libhipdoctor-capture.so");
    candidates << exeDir + u'/' + name
               << QDir::cleanPath(exeDir + QStringLiteral("/../libexec/hipdoctor/") + name)
               << QDir::cleanPath(exeDir + QStringLiteral("/../bin/") + name);
    for (const QString &c : candidates)
        if (QFileInfo(c).isFile())
            return QFileInfo(c).absoluteFilePath();
    return {};
}

void printAnalysis(QTextStream &s, const CaptureRecord &rec, const CaptureAnalysis &a) {
    s << "Capture " << rec.dir << ": " << rec.processes.size() << " process(es), " << rec.calls()
      << " call(s)\n";
    s << "Device: "
      << (a.device.isEmpty() ? QStringLiteral("none seen (give --target)")
                             : QStringLiteral("%1 (from %2)").arg(a.device, a.deviceFrom))
      << "\n\n";
    bool any = false;
    for (const CaptureRow &r : a.rows) {
        if (r.kind != u"load" && r.kind != u"lookup" && r.kind != u"register")
            continue;
        if (!any)
            s << "Loads, registrations and lookups:\n";
        any = true;
        const CaptureCall &c = *r.call;
        s << "  " << (r.problem ? paint(QStringLiteral("✗"), Colour::Red) : QStringLiteral(" "))
          << " call " << c.seq << " (pid " << c.pid << ", tid " << c.tid << ")  " << r.what;
        if (!c.returned)
            s << " → never returned";
        else if (c.hasResult)
            s << " → " << (c.resultName.isEmpty() ? QString::number(c.result) : c.resultName);
        s << "\n";
        if (!r.imageHash.isEmpty() && r.kind != u"lookup") {
            const CaptureImage img = a.images.value(r.imageHash);
            s << "      image " << r.imageHash << " (" << img.kind;
            if (!img.targets.isEmpty())
                s << ": " << img.targets.join(u", ");
            s << ")";
            if (img.verdict)
                s << ", " << img.verdict->statusName() << " on " << a.device;
            s << "\n";
            if (!img.kernels.isEmpty())
                s << "      kernels " << QStringList(img.kernels.mid(0, 8)).join(u", ")
                  << (img.kernels.size() > 8 ? QStringLiteral(" …") : QString()) << "\n";
        }
        if (!r.sentence.isEmpty())
            s << "      " << r.sentence.english() << "\n";
    }
    if (!any)
        s << "No load, registration or lookup was recorded.\n";
    s << "\n";
    if (a.answerRow >= 0) {
        s << paint(QStringLiteral("Answer: "), Colour::Bold) << a.answer.english() << "\n";
        for (const Text &f : a.fixes)
            s << "  → " << f.english() << "\n";
    } else {
        s << "No call failed"
          << (a.device.isEmpty() ? QString() : QStringLiteral(" or would fail on ") + a.device)
          << ".\n";
    }
    for (const QString &p : rec.problems)
        s << "note: " << p << "\n";
}

int capture(const Args &args) {
    QString error;
    const auto targets = readTargets(args, &error);
    if (!targets)
        return usageError(args.spec(), error);
    const QString target = args.values(Opt::Target).value(0);
    const Output output = readOutput(args);
    const QStringList command = args.positional();
    if (command.isEmpty())
        return usageError(args.spec(), QStringLiteral("give a command after --, or a record"));

    QString dir;
    int programExit = -1;
    if (command.size() == 1 && isCaptureRecord(command.first())) {
        dir = command.first(); // an earlier record, diagnosed again
    } else {
        const QString lib = findCaptureLibrary();
        if (lib.isEmpty()) {
            err() << "hipdoctor-cli capture: libhipdoctor-capture.so not found (set "
                     "HIPDOCTOR_CAPTURE_LIB)\n";
            return ExitInternal;
        }
        dir =
            output.file.isEmpty()
                ? QStringLiteral("hipdoctor-capture-%1")
                      .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")))
                : output.file;
        if (!QDir().mkpath(dir)) {
            err() << "hipdoctor-cli capture: cannot make " << dir << "\n";
            return ExitUsage;
        }
        dir = QDir(dir).absolutePath();
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const QString preload = env.value(QStringLiteral("LD_PRELOAD"));
        env.insert(QStringLiteral("LD_PRELOAD"), preload.isEmpty() ? lib : lib + u':' + preload);
        env.insert(QStringLiteral("HIPDOCTOR_CAPTURE_DIR"), dir);
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::ForwardedChannels);
        p.setInputChannelMode(QProcess::ForwardedInputChannel);
        out().flush();
        p.start(command.first(), command.mid(1));
        if (!p.waitForStarted(-1)) {
            err() << "hipdoctor-cli capture: " << command.first() << ": " << p.errorString()
                  << "\n";
            return ExitUsage;
        }
        p.waitForFinished(-1);
        programExit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : 128 + 6;
        err() << "hipdoctor-cli capture: " << command.first() << " exited with " << programExit
              << "; record in " << dir << "\n";
    }
    const CaptureRecord rec = readCaptureRecord(dir);
    const CaptureAnalysis a = analyzeCapture(rec, target);
    if (output.json) {
        QJsonObject doc = captureToJson(rec, a);
        if (programExit >= 0)
            doc[u"exit_code"] = programExit;
        printJson(doc, output.pretty);
    } else {
        printAnalysis(out(), rec, a);
    }
    return a.answerRow >= 0 ? ExitFindings : ExitOk;
}

} // namespace

CommandSpec captureCommand() {
    CommandSpec c;
    c.name = QStringLiteral("capture");
    c.summary = QStringLiteral("run a command and record what it hands the GPU runtime");
    c.positionals = {{QStringLiteral("COMMAND"),
                      QStringLiteral("the command and its arguments, after --; or the folder "
                                     "of an earlier record, diagnosed again"),
                      true, false}};
    c.moreUsage = {QStringLiteral("[--target ID] [-o DIR] [--json] -- COMMAND [ARG...]"),
                   QStringLiteral("[--target ID] [--json] RECORD_DIR")};
    c.description = QStringLiteral(
        "Runs the command with libhipdoctor-capture.so preloaded: every HIP and CUDA call that "
        "loads, registers or looks up device code is recorded in order, with the images it "
        "handed the runtime (docs/capture.md). Each image is then checked against the device "
        "the program saw (or --target), each lookup against the symbols of the image it asked, "
        "and the first failing call is the answer. The program's output and exit code are its "
        "own.");
    c.groups = {{QString(),
                 {targetOption(QStringLiteral("the device to check against (gfx90a, sm_90...) "
                                              "instead of the one the program saw"))}},
                outputGroup({QStringLiteral("one hipdoctor.capture/1 document on stdout"), true,
                             QStringLiteral("the folder the record is written to (default "
                                            "./hipdoctor-capture-DATE-TIME)"),
                             true})};
    c.exitCodes = QStringLiteral("0 no call failed, 1 a call failed or would fail on the "
                                 "device, 2 usage, 3 internal failure");
    c.run = capture;
    return c;
}

} // namespace hd::cli
