// Session JSON: round trip, unknown fields kept, other/newer schemas refused, and a file
// truncated at any byte refused with a clear error while the previous file stays intact.
#include "model/session.h"
#include "sample_session.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace hd;

namespace {
QByteArray readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
void writeAll(const QString &path, const QByteArray &b) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(b);
}
} // namespace

class TestSession : public QObject {
    Q_OBJECT
private slots:
    void roundTrip() {
        const Session s = hdtest::sampleSession();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QString error;
        QVERIFY2(saveSession(s, path, &error), qPrintable(error));
        const auto back = loadSession(path, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        // Same document after a second save: nothing lost or changed.
        QCOMPARE(back->toJson(), s.toJson());
        QCOMPARE(back->steps.size(), 3);
        QCOMPARE(back->steps[0].checks[1].phases.size(), 3);
        QCOMPARE(back->steps[0].checks[1].launchSamplesMs.size(), 5);
        QCOMPARE(back->steps[2].signatures.size(), 2);
        QCOMPARE(back->devices.size(), 1);
        QCOMPARE(back->devices[0].target.toString(), QStringLiteral("gfx90a:sramecc+:xnack-"));
        QCOMPARE(back->env, s.env);
        QCOMPARE(back->findings, s.findings);
        QCOMPARE(back->comparison.direction, s.comparison.direction);
        QCOMPARE(back->inventory, s.inventory);
        QVERIFY(back->inventory.facts.size() > 20);
        const QJsonObject doc = QJsonDocument::fromJson(readAll(path)).object();
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(),
                 QStringLiteral("hipdoctor.session/2"));
        QCOMPARE(doc.value(QStringLiteral("inventory"))
                     .toObject()
                     .value(QStringLiteral("schema"))
                     .toString(),
                 QStringLiteral("hipdoctor.sysinfo/1"));
    }

    // A session written by hipdoctor.session/1 (a real one, saved on an H200 by
    // `hipdoctor-cli verify`) still opens: upgraded on read, without an inventory, and saved
    // back as /2 with everything else unchanged.
    // Issue 41 item 2: engine sentences keep their messages through a save, so a session
    // opens in the reader's language; the English beside them is unchanged.
    void messagesSurviveASave() {
        Session s = hdtest::sampleSession();
        Finding f;
        f.id = QStringLiteral("symbol.mangled-name");
        f.title = HD_TEXT("hd::Diagnosis", "Kernel %1 exists only C++-mangled")
                      .arg(QStringLiteral("vecAdd%1"));
        f.detail = HD_TEXT("hd::Diagnosis", "Found in %1.").arg(QStringLiteral("a.co")) +
                   QStringLiteral(" ") + HD_TEXT("hd::Diagnosis", "Declare it extern \"C\".");
        f.fix << HD_TEXT("hd::Diagnosis", "Look up %1 instead").arg(QStringLiteral("_Z6vecAddv"));
        s.findings = {f};
        s.caseVerdict.answer = f.title;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.json"));
        QString error;
        QVERIFY2(saveSession(s, path, &error), qPrintable(error));
        const QByteArray bytes = readAll(path);
        const QJsonObject doc = QJsonDocument::fromJson(bytes).object();
        QVERIFY(doc.value(QStringLiteral("messages")).toObject().contains(f.title.english()));
        // The English is what it was (the CLI and older readers read it).
        QCOMPARE(doc.value(QStringLiteral("findings"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("title")),
                 QJsonValue(f.title.english()));
        const auto back = loadSession(path, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        const Finding &g = back->findings.first();
        const SentenceLookup upper = [](const char *, const char *source) {
            return QString::fromUtf8(source).toUpper();
        };
        QVERIFY(g.title.hasSentence() && g.detail.hasSentence() && g.fix.first().hasSentence());
        QCOMPARE(g.title.rendered(upper), f.title.rendered(upper));
        QCOMPARE(g.title.rendered(upper),
                 QStringLiteral("KERNEL vecAdd%1 EXISTS ONLY C++-MANGLED"));
        QCOMPARE(g.detail.rendered(upper), f.detail.rendered(upper));
        QCOMPARE(g.fix.first().rendered(upper), f.fix.first().rendered(upper));
        QVERIFY(back->caseVerdict.answer.hasSentence());
        QCOMPARE(back->toJson(), s.toJson()); // saved again: the same document

        // Control: a message that does not make its text's English is not taken, nor is one
        // nested deeper than a saved one can be.
        QJsonObject tampered = doc;
        QJsonObject messages = tampered.value(QStringLiteral("messages")).toObject();
        QJsonObject other{{QStringLiteral("c"), QStringLiteral("hd::Diagnosis")},
                          {QStringLiteral("s"), QStringLiteral("Something else")}};
        messages.insert(f.title.english(), other);
        QJsonValue deep = QStringLiteral("x");
        for (int i = 0; i < 200; ++i)
            deep = QJsonObject{{QStringLiteral("on"), deep},
                               {QStringLiteral("args"), QJsonArray{QStringLiteral("y")}}};
        messages.insert(f.fix.first().english(), deep);
        tampered.insert(QStringLiteral("messages"), messages);
        const auto t = Session::fromJson(tampered, &error);
        QVERIFY2(t.has_value(), qPrintable(error));
        QVERIFY(!t->findings.first().title.hasSentence());
        QCOMPARE(t->findings.first().title.english(), f.title.english());
        QVERIFY(!t->findings.first().fix.first().hasSentence());
        QVERIFY(t->findings.first().detail.hasSentence());
    }

    void version1FileOpens() {
        const QString path = hdtest::sourceDir() +
                             QStringLiteral("/tests/verify/gpu-records/h200-verify-cli-2026-11-30/"
                                            "gpu-session.json");
        const QJsonObject v1 = QJsonDocument::fromJson(readAll(path)).object();
        QCOMPARE(v1.value(QStringLiteral("schema")).toString(),
                 QStringLiteral("hipdoctor.session/1"));
        QCOMPARE(sessionSchemaVersion(v1), 1);
        QString error;
        const auto s = loadSession(path, &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(s->inventory.isEmpty());
        QVERIFY(s->unknownFields.isEmpty());
        QCOMPARE(s->steps.size(), v1.value(QStringLiteral("steps")).toArray().size());
        QVERIFY(!s->devices.isEmpty());
        QCOMPARE(s->devices[0].target.toString(), QStringLiteral("sm_90"));
        // Saved again: /2, and every field of the /1 file kept as it was.
        QJsonObject again = s->toJson();
        QCOMPARE(again.value(QStringLiteral("schema")).toString(),
                 QStringLiteral("hipdoctor.session/2"));
        QVERIFY(!again.contains(QStringLiteral("inventory")));
        again.insert(QStringLiteral("schema"), QStringLiteral("hipdoctor.session/1"));
        for (auto it = v1.begin(); it != v1.end(); ++it)
            QVERIFY2(again.value(it.key()) == it.value(), qPrintable(it.key()));
        QCOMPARE(upgradeSessionJson(v1, 1).value(QStringLiteral("schema")).toString(),
                 QStringLiteral("hipdoctor.session/2"));
    }

    void inventoryMustBeAnObject() {
        QJsonObject o = hdtest::sampleSession().toJson();
        o.insert(QStringLiteral("inventory"), QJsonArray{1, 2});
        QString error;
        QVERIFY(!Session::fromJson(o, &error));
        QVERIFY2(error.contains(QLatin1String("\"inventory\" is a list")), qPrintable(error));
    }

    void unknownFieldsAreKept() {
        QJsonObject o = hdtest::sampleSession().toJson();
        o.insert(QStringLiteral("written_by_newer_minor"), QStringLiteral("value"));
        QString error;
        const auto s = Session::fromJson(o, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->unknownFields.value(QStringLiteral("written_by_newer_minor")).toString(),
                 QStringLiteral("value"));
        QVERIFY(s->toJson().contains(QStringLiteral("x_future_field")));
        QVERIFY(s->toJson().contains(QStringLiteral("written_by_newer_minor")));
    }

    void otherSchemasAreRefused_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("newer major")
            << QByteArray(R"({"schema":"hipdoctor.session/3","steps":[]})") << "newer hipdoctor";
        QTest::newRow("diagnosis doc")
            << QByteArray(R"({"schema":"hipdoctor.diagnosis/1"})") << "not a hipdoctor session";
        QTest::newRow("no schema") << QByteArray(R"({"steps":[]})") << "no \"schema\"";
        QTest::newRow("array") << QByteArray("[1,2]") << "not a JSON object";
        QTest::newRow("empty") << QByteArray("") << "empty file";
        QTest::newRow("steps not a list")
            << QByteArray(R"({"schema":"hipdoctor.session/1","steps":{"a":1}})")
            << "\"steps\" is an object";
        QTest::newRow("garbage") << QByteArray("\x7f"
                                               "ELF\x02\x01\x01")
                                 << "corrupt JSON";
    }
    void otherSchemasAreRefused() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!parseSession(bytes, QStringLiteral("x.json"), &error));
        QVERIFY2(error.startsWith(QLatin1String("x.json: ")), qPrintable(error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    // /1 → /2 only adds "inventory": a /1 document (the sample without it) upgrades to the
    // same document under the new schema name, and the current version is left as it is.
    void upgradeFromV1() {
        QJsonObject v1 = hdtest::sampleSession().toJson();
        v1.remove(QStringLiteral("inventory"));
        v1.insert(QStringLiteral("schema"), QStringLiteral("hipdoctor.session/1"));
        QCOMPARE(sessionSchemaVersion(v1), 1);
        QJsonObject expected = v1;
        expected.insert(QStringLiteral("schema"), QStringLiteral("hipdoctor.session/2"));
        QCOMPARE(upgradeSessionJson(v1, 1), expected);
        const QJsonObject current = hdtest::sampleSession().toJson();
        QCOMPARE(sessionSchemaVersion(current), 2);
        QCOMPARE(upgradeSessionJson(current, 2), current);
    }

    // Every prefix of a saved session is refused with the file name and a byte offset, and the
    // file that is there (the previous session) is not touched by the failed load.
    void truncatedAtEveryByte() {
        const Session s = hdtest::sampleSession();
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("good.json"));
        QString error;
        QVERIFY(saveSession(s, good, &error));
        const QByteArray full = readAll(good);
        const qsizetype lastBrace = full.lastIndexOf('}');
        QVERIFY(lastBrace > 100);
        const QString cut = dir.filePath(QStringLiteral("cut.json"));
        for (qsizetype n = 0; n <= lastBrace; ++n) {
            const QByteArray prefix = full.left(n);
            QString e;
            const auto r = parseSession(prefix, cut, &e);
            if (r)
                QFAIL(qPrintable(QStringLiteral("a session cut at byte %1 of %2 loaded")
                                     .arg(n)
                                     .arg(full.size())));
            if (!e.startsWith(cut) ||
                (n > 0 && !prefix.trimmed().isEmpty() && !e.contains(QLatin1String("byte"))))
                QFAIL(qPrintable(QStringLiteral("unclear error at %1: %2").arg(n).arg(e)));
        }
        // Through the file API too, on a sample of cut points, with the good file intact.
        for (qsizetype n : {qsizetype(0), qsizetype(1), lastBrace / 2, lastBrace}) {
            writeAll(cut, full.left(n));
            QString e;
            QVERIFY(!loadSession(cut, &e));
            QVERIFY2(e.contains(cut), qPrintable(e));
            QCOMPARE(readAll(cut), full.left(n)); // a failed load never rewrites the file
        }
        QCOMPARE(readAll(good), full);
        QVERIFY(loadSession(good, &error));
    }

    // A save that dies halfway (crash, full disk) leaves the previous session as it was.
    void interruptedSaveKeepsPreviousFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        Session first = hdtest::sampleSession();
        QString error;
        QVERIFY(saveSession(first, path, &error));
        const QByteArray before = readAll(path);
        Session second = first;
        second.host = QStringLiteral("otherhost");
        for (qint64 failAt :
             {qint64(0), qint64(1), qint64(before.size() / 2), qint64(before.size() - 2)}) {
            SessionSaveOptions o;
            o.failAfterBytes = failAt;
            QVERIFY(!saveSession(second, path, &error, o));
            QVERIFY2(error.contains(QLatin1String("unchanged")), qPrintable(error));
            QCOMPARE(readAll(path), before);
        }
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                 QStringList{QStringLiteral("s.json")}); // no temp left
        QVERIFY(saveSession(second, path, &error));
        QCOMPARE(loadSession(path, &error)->host, QStringLiteral("otherhost"));
    }

    void unwritableLocation() {
        QString error;
        QVERIFY(!saveSession(hdtest::sampleSession(), QStringLiteral("/nonexistent-dir/s.json"),
                             &error));
        QVERIFY2(error.contains(QLatin1String("/nonexistent-dir/s.json")), qPrintable(error));
        QVERIFY(!loadSession(QStringLiteral("/nonexistent-dir/s.json"), &error));
        QVERIFY2(error.contains(QLatin1String("cannot read")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
