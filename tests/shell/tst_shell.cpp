// The one command-line convention (core/common/shell.h): shellJoin writes what a real POSIX
// shell reads back as the same argv, and shellSplit reads it back the same way, for hostile
// values (spaces, quotes, ;, $(…), backquotes, globs, newlines, backslashes, empty words).

#include "common/shell.h"

#include <QProcess>
#include <QTest>

using namespace hd;

class TstShell : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data();
    void roundTrip();
    void safeWordsStayPlain();
};

void TstShell::roundTrip_data() {
    QTest::addColumn<QStringList>("argv");
    QTest::newRow("plain") << QStringList{"hipcc", "--offload-arch=gfx90a", "-o", "k.co", "k.hip"};
    QTest::newRow("spaces") << QStringList{"/opt/my dir/hipcc", "a b", "  lead", "trail  "};
    QTest::newRow("quotes") << QStringList{"it's", "\"double\"", "'", "''", "a'b\"c"};
    QTest::newRow("shell syntax") << QStringList{"x;rm -rf /", "$(id)", "`id`", "$HOME", "a|b",
                                                 "a&b",        "*",     "?",    "~"};
    QTest::newRow("newlines and tabs") << QStringList{"line1\nline2", "tab\there", "\n"};
    QTest::newRow("backslashes") << QStringList{"\\", "a\\b", "\\'", "C:\\ROCm\\bin"};
    QTest::newRow("empty words") << QStringList{"", "x", ""};
    QTest::newRow("unicode") << QStringList{"κ=1", "名前", "ü ö"};
}

void TstShell::roundTrip() {
    QFETCH(QStringList, argv);
    const QString line = shellJoin(argv);
    QCOMPARE(shellSplit(line), argv);
    // The oracle: /bin/sh prints each word it parsed, NUL-terminated.
    QProcess sh;
    sh.start(QStringLiteral("/bin/sh"),
             {QStringLiteral("-c"),
              QStringLiteral("set -- %1; for a do printf '%s\\0' \"$a\"; done").arg(line)});
    QVERIFY(sh.waitForFinished(10000));
    QCOMPARE(sh.exitCode(), 0);
    QByteArray out = sh.readAllStandardOutput();
    QStringList words;
    while (!out.isEmpty()) {
        const qsizetype nul = out.indexOf('\0');
        QVERIFY(nul >= 0);
        words << QString::fromUtf8(out.left(nul));
        out.remove(0, nul + 1);
    }
    QCOMPARE(words, argv);
}

void TstShell::safeWordsStayPlain() {
    QCOMPARE(shellJoin({"hipcc", "-O3", "x.hip"}), QStringLiteral("hipcc -O3 x.hip"));
    QCOMPARE(shellQuote(QString()), QStringLiteral("''"));
    QCOMPARE(shellQuote(QStringLiteral("it's")), QStringLiteral("'it'\\''s'"));
}

QTEST_GUILESS_MAIN(TstShell)
#include "tst_shell.moc"
