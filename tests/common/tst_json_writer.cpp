// JsonWriter: exact bytes of both styles, escaping, numbers, QJsonValue round trips and
// flushing through a device, each checked against QJsonDocument's parser.

#include "common/json_writer.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <limits>

using hd::JsonWriter;

namespace {

QJsonValue parsed(const QByteArray &json) {
    QJsonParseError e;
    const QJsonDocument d = QJsonDocument::fromJson("[" + json + "]", &e);
    if (e.error != QJsonParseError::NoError)
        return QJsonValue(QJsonValue::Undefined);
    return d.array().first();
}

QByteArray one(const QString &s) {
    JsonWriter w;
    w.value(s);
    return w.takeBytes();
}

} // namespace

class TestJsonWriter : public QObject {
    Q_OBJECT

private slots:
    void compactAndPretty() {
        for (const auto style : {JsonWriter::Style::Compact, JsonWriter::Style::Pretty}) {
            JsonWriter w(nullptr, style);
            w.beginObject();
            w.member("a", 1);
            w.key("b").beginArray();
            w.value(true);
            w.null();
            w.beginObject();
            w.endObject();
            w.beginArray();
            w.endArray();
            w.endArray();
            w.member("c", "x");
            w.endObject();
            const QByteArray bytes = w.takeBytes();
            if (style == JsonWriter::Style::Compact)
                QCOMPARE(bytes, QByteArray(R"({"a":1,"b":[true,null,{},[]],"c":"x"})"
                                           "\n"));
            else
                QCOMPARE(bytes, QByteArray("{\n  \"a\": 1,\n  \"b\": [\n    true,\n    null,\n"
                                           "    {},\n    []\n  ],\n  \"c\": \"x\"\n}\n"));
        }
    }

    void escaping() {
        QString all;
        for (char16_t c = 0; c < 0x80; ++c)
            all += QChar(c);
        all += QStringLiteral("é€ 𝄞 \u2028 \uFFFF");
        const QByteArray bytes = one(all);
        QCOMPARE(parsed(bytes).toString(), all);
        QVERIFY(bytes.contains(R"(!\"#)"));
        QVERIFY(bytes.contains(R"([\\])"));
        QVERIFY(bytes.contains(R"(\b\t\n\u000b\f\r\u000e)"));
        QVERIFY(bytes.contains("\xf0\x9d\x84\x9e")); // U+1D11E as 4 bytes of UTF-8
        // A lone surrogate has no UTF-8 form: written as U+FFFD.
        QString lone = QStringLiteral("a");
        lone += QChar(char16_t(0xd800));
        lone += QLatin1Char('b');
        QCOMPARE(parsed(one(lone)).toString(), QStringLiteral("a\uFFFDb"));
        // UTF-8 input is escaped the same way.
        JsonWriter w;
        w.value(std::string_view("q\"\x01\xc3\xa9"));
        QCOMPARE(w.takeBytes(), QByteArray("\"q\\\"\\u0001\xc3\xa9\""));
    }

    void numbers() {
        JsonWriter w;
        w.beginArray();
        w.value(std::numeric_limits<unsigned long long>::max());
        w.value(std::numeric_limits<long long>::min());
        w.value(0);
        w.value(1300000000ULL); // QJsonDocument wrote sizes as doubles: 1.3e+09
        w.value(0.1);
        w.value(std::numeric_limits<double>::infinity());
        w.value(std::numeric_limits<double>::quiet_NaN());
        w.endArray();
        QCOMPARE(w.takeBytes(), QByteArray("[18446744073709551615,-9223372036854775808,0,"
                                           "1300000000,0.1,null,null]\n"));
    }

    void jsonValues() {
        const QJsonObject o{{QStringLiteral("z"), 1},
                            {QStringLiteral("a"), QJsonArray{1.5, QString(), QJsonValue()}},
                            {QStringLiteral("m"), QJsonObject{{QStringLiteral("k\n"), false}}},
                            {QStringLiteral("big"), double(1ULL << 53)},
                            {QStringLiteral("neg"), -42}};
        for (const auto style : {JsonWriter::Style::Compact, JsonWriter::Style::Pretty}) {
            JsonWriter w(nullptr, style);
            w.value(o);
            const QByteArray bytes = w.takeBytes();
            QCOMPARE(QJsonDocument::fromJson(bytes).object(), o);
            if (style == JsonWriter::Style::Compact)
                QCOMPARE(bytes, QJsonDocument(o).toJson(QJsonDocument::Compact) + "\n");
        }
    }

    void objectFromWriter() {
        // The in-memory form types derive from their one writer: the streamed bytes parsed.
        const QJsonObject o = hd::jsonObjectFromWriter([](hd::JsonWriter &w) {
            w.beginObject();
            w.key("list").beginArray();
            w.value(3);
            w.number(2.5);
            w.value(QStringLiteral("caf\u00e9 \"q\"\n"));
            w.endArray();
            w.member("n", 9007199254740993ULL);
            w.key("o").beginObject();
            w.member("t", true);
            w.endObject();
            w.endObject();
        });
        QCOMPARE(o.value(QStringLiteral("list")),
                 QJsonValue(QJsonArray{3, 2.5, QStringLiteral("caf\u00e9 \"q\"\n")}));
        QCOMPARE(o.value(QStringLiteral("n")).toInteger(), qint64(9007199254740993LL));
        QCOMPARE(o.value(QStringLiteral("o")).toObject().value(QStringLiteral("t")),
                 QJsonValue(true));
        QCOMPARE(o.size(), 3);
        // A writer that leaves its object open gives no object, never a partial one.
        QVERIFY(hd::jsonObjectFromWriter([](hd::JsonWriter &w) {
                    w.beginObject();
                    w.member("a", 1);
                }).isEmpty());
    }

    void fragments() {
        // A fragment written at the depth it is spliced in reads as if written in place.
        for (const auto style : {JsonWriter::Style::Compact, JsonWriter::Style::Pretty}) {
            JsonWriter direct(nullptr, style);
            JsonWriter spliced(nullptr, style);
            for (JsonWriter *w : {&direct, &spliced}) {
                w->beginObject();
                w->key("list");
                if (w == &direct) {
                    w->beginArray();
                    w->value(1);
                    w->value(2);
                    w->endArray();
                } else {
                    JsonWriter f(nullptr, style, w->depth());
                    f.beginArray();
                    f.value(1);
                    f.value(2);
                    f.endArray();
                    w->rawValue(f.takeBytes());
                }
                w->member("after", 3);
                w->endObject();
            }
            QCOMPARE(spliced.takeBytes(), direct.takeBytes());
        }
    }

    void flushesThroughDevice() {
        const QString big(300000, QChar(u'é')); // 600 KB of UTF-8 per string
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        JsonWriter inMemory;
        {
            JsonWriter w(&buffer);
            for (JsonWriter *x : {&w, &inMemory}) {
                x->beginArray();
                for (int i = 0; i < 10; ++i)
                    x->value(big);
                x->endArray();
            }
            QVERIFY(w.flush());
        }
        QCOMPARE(buffer.data(), inMemory.takeBytes());
        QCOMPARE(QJsonDocument::fromJson(buffer.data()).array().size(), 10);
    }

    void failedWriteIsReported() {
        QBuffer readOnly;
        readOnly.open(QIODevice::ReadOnly);
        JsonWriter w(&readOnly);
        w.value(QStringLiteral("x"));
        QTest::ignoreMessage(QtWarningMsg, "QIODevice::write (QBuffer): ReadOnly device");
        QVERIFY(!w.flush());
        QVERIFY(!w.ok());
    }
};

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_json_writer.moc"
