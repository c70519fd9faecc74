// The value parsers shared by the CLI and the app's fields (core/common/value_parsers.h).

#include "common/value_parsers.h"

#include <QTest>

using namespace hd;

class TstValueParsers : public QObject {
    Q_OBJECT
private slots:
    void dimensions_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<unsigned>("x");
        QTest::addColumn<unsigned>("y");
        QTest::addColumn<unsigned>("z");
        QTest::newRow("x") << "4096" << true << 4096u << 1u << 1u;
        QTest::newRow("x,y") << "64,4" << true << 64u << 4u << 1u;
        QTest::newRow("spaces") << " 8 , 2 ,3 " << true << 8u << 2u << 3u;
        QTest::newRow("max") << "4294967295" << true << 4294967295u << 1u << 1u;
        QTest::newRow("zero") << "0" << false << 0u << 0u << 0u;
        QTest::newRow("empty") << "" << false << 0u << 0u << 0u;
        QTest::newRow("four") << "1,1,1,1" << false << 0u << 0u << 0u;
        QTest::newRow("too big") << "4294967296" << false << 0u << 0u << 0u;
        QTest::newRow("negative") << "-1" << false << 0u << 0u << 0u;
        QTest::newRow("word") << "abc" << false << 0u << 0u << 0u;
        QTest::newRow("empty part") << "4,,1" << false << 0u << 0u << 0u;
    }
    void dimensions() {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QString error;
        const auto d = parseDimensions(text, &error);
        QCOMPARE(bool(d), ok);
        if (!ok) {
            QVERIFY(error.contains(QLatin1String("X[,Y,Z]")));
            QVERIFY(error.contains(text));
            return;
        }
        QFETCH(unsigned, x);
        QFETCH(unsigned, y);
        QFETCH(unsigned, z);
        QCOMPARE(*d, (std::array<unsigned, 3>{x, y, z}));
        // The shortest text reads back as the same dimensions.
        QCOMPARE(parseDimensions(dimensionsText(*d)), d);
    }

    void envAssignment() {
        QString error;
        auto a = parseEnvAssignment(QStringLiteral("HIP_VISIBLE_DEVICES=0,1"), &error);
        QVERIFY(a);
        QCOMPARE(a->name, QStringLiteral("HIP_VISIBLE_DEVICES"));
        QCOMPARE(a->value, QStringLiteral("0,1"));
        a = parseEnvAssignment(QStringLiteral("A=b=c"));
        QVERIFY(a);
        QCOMPARE(a->value, QStringLiteral("b=c"));
        a = parseEnvAssignment(QStringLiteral("_EMPTY="));
        QVERIFY(a && a->value.isEmpty());
        for (const char *bad : {"NOEQUALS", "=value", "1X=2", "A B=1", "A-B=1"}) {
            QVERIFY2(!parseEnvAssignment(QLatin1String(bad), &error), bad);
            QVERIFY2(error.contains(QLatin1String("NAME=VALUE")) &&
                         error.contains(QLatin1String(bad)),
                     qPrintable(error));
        }
    }

    void numbers() {
        QString error;
        QCOMPARE(parsePositiveInt(QStringLiteral(" 12 ")), 12);
        QVERIFY(!parsePositiveInt(QStringLiteral("0"), &error));
        QVERIFY(error.contains(QLatin1String("'0'")));
        QVERIFY(!parsePositiveInt(QStringLiteral("2147483648")));
        QVERIFY(!parsePositiveInt(QStringLiteral("1.5")));
        QCOMPARE(parseInteger(QStringLiteral("0"), 0, 10), 0);
        QVERIFY(!parseInteger(QStringLiteral("11"), 0, 10, &error));
        QVERIFY(error.contains(QLatin1String("from 0 to 10")));
        QCOMPARE(parseSeconds(QStringLiteral("1.5")), 1500);
        QCOMPARE(parseSeconds(QStringLiteral("0.0001")), 1); // never 0: that would be no limit
        QVERIFY(!parseSeconds(QStringLiteral("0"), &error));
        QVERIFY(!parseSeconds(QStringLiteral("nan")));
        QVERIFY(!parseSeconds(QStringLiteral("-3")));
        QVERIFY(!parseSeconds(QStringLiteral("1e9")));
    }

    void choice() {
        QString error;
        const QStringList backends{QStringLiteral("auto"), QStringLiteral("hip"),
                                   QStringLiteral("cuda")};
        QCOMPARE(parseChoice(QStringLiteral("hip"), backends), QStringLiteral("hip"));
        QVERIFY(!parseChoice(QStringLiteral("HIP"), backends, &error));
        QCOMPARE(error, QStringLiteral("expected auto, hip or cuda, got 'HIP'"));
    }
};

QTEST_GUILESS_MAIN(TstValueParsers)
#include "tst_value_parsers.moc"
