// The producer catalogues (producer_catalog.h): every entry is reachable by the event reader,
// alone, behind the AMD log prefix and wrapped by a terminal; each entry's text is still in
// the real library it was read from, where that library is on this machine; and every CUDA
// runtime error name of the table is read as a runtime result.

#include "diagnosis/producer_catalog.h"
#include "diagnosis/text_facts.h"
#include "diagnosis/text_normalize.h"
#include "model/runtime_errors.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QTest>

using namespace hd;

namespace {

// A line the program would print: each conversion filled with a value of its kind.
QString sampleLine(const CatalogMessage &m) {
    QString out = QString::fromLatin1(m.format);
    int n = 0;
    static const QRegularExpression conv(QStringLiteral("%z?[sdux]"));
    for (auto it = conv.globalMatch(QString::fromLatin1(m.format)); it.hasNext();) {
        const auto c = it.next();
        const QString kind = c.captured().right(1);
        const QString value = kind == QLatin1String("s")   ? QStringLiteral("val%1").arg(n)
                              : kind == QLatin1String("x") ? QStringLiteral("5a%1").arg(n)
                                                           : QString::number(10 + n);
        out.replace(out.indexOf(c.captured()), c.capturedLength(), value);
        ++n;
    }
    return out;
}

const TextEvent *eventOn(const QList<TextEvent> &events, int line) {
    for (const TextEvent &e : events)
        if (e.firstLine <= line && line <= e.lastLine &&
            !e.field(QStringLiteral("catalog")).isEmpty())
            return &e;
    return nullptr;
}

// The library a source names, where it is on this machine.
QString libraryOf(const CatalogMessage &m) {
    const QString source = QString::fromLatin1(m.source);
    const QStringList dirs = {
        QStringLiteral("/usr/lib/x86_64-linux-gnu"),
        QDir::homePath() +
            QStringLiteral("/.cache/hipdoctor/rocm-debs/root/usr/lib/x86_64-linux-gnu")};
    static const QRegularExpression file(QStringLiteral(R"(^(lib[\w.-]+\.so[\d.]*))"));
    const auto f = file.match(source);
    if (!f.hasMatch())
        return {};
    for (const QString &d : dirs)
        if (QFile::exists(d + QLatin1Char('/') + f.captured(1)))
            return d + QLatin1Char('/') + f.captured(1);
    return {};
}

} // namespace

class TstProducerCatalog : public QObject {
    Q_OBJECT

private slots:
    void everyEntryReachable_data();
    void everyEntryReachable();
    void textInTheLibrary();
    void cudaRuntimeNames();
    void noMatchOnPlainLines();
};

void TstProducerCatalog::everyEntryReachable_data() {
    QTest::addColumn<int>("index");
    for (int i = 0; i < producerCatalog().size(); ++i)
        QTest::newRow(producerCatalog().at(i).id) << i;
}

void TstProducerCatalog::everyEntryReachable() {
    QFETCH(int, index);
    const CatalogMessage &m = producerCatalog().at(index);
    const QString line = sampleLine(m);
    const QString id = QString::fromLatin1(m.id);
    // Alone, as a program's stderr line.
    {
        const QList<TextEvent> events = readEvents(QStringLiteral("some output\n") + line);
        const TextEvent *e = eventOn(events, 2);
        QVERIFY2(e, qPrintable(line));
        QCOMPARE(e->field(QStringLiteral("catalog")), id);
        const QStringList fields =
            QString::fromLatin1(m.fields).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        for (int k = 0; k < fields.size(); ++k)
            if (fields.at(k) != QLatin1String("-") &&
                QString::fromLatin1(m.format).contains(QLatin1String("%s")))
                QVERIFY2(!e->field(fields.at(k)).isEmpty(), qPrintable(fields.at(k)));
    }
    // Behind AMD_LOG_LEVEL's prefix, for the runtime's own lines.
    if (QLatin1String(m.producer) == QLatin1String("hip")) {
        const QString logged =
            QStringLiteral(
                ":1:hip_code_object.cpp      :624 : 2185700473 us: 2123 : [tid:0x7f2b] ") +
            line;
        const TextEvent *e = eventOn(readEvents(logged), 1);
        QVERIFY2(e, qPrintable(logged));
        QCOMPARE(e->kind, EventKind::RuntimeLog);
        QCOMPARE(e->field(QStringLiteral("catalog")), id);
    }
    // Wrapped in the middle of its fixed text by a terminal, then normalized.
    const QString fixed = m.fixedText();
    if (fixed.size() >= 16) {
        const qsizetype at = line.indexOf(fixed) + fixed.size() / 2;
        if (line.at(at - 1).isLetterOrNumber() && !line.at(at).isSpace()) {
            const QString wrapped = line.left(at) + QLatin1Char('\n') + line.mid(at);
            const NormalizedText n = normalizeText(wrapped);
            QCOMPARE(n.lines, QStringList{line});
            QVERIFY(eventOn(readEvents(n.text()), 1));
        }
    }
}

// The text of each entry whose library is here is in that library's strings (a stream's
// pieces: each fixed part).
void TstProducerCatalog::textInTheLibrary() {
    int checked = 0;
    QHash<QString, QByteArray> read; // each library once
    for (const CatalogMessage &m : producerCatalog()) {
        const QString lib = libraryOf(m);
        if (lib.isEmpty())
            continue;
        if (!read.contains(lib)) {
            QFile f(lib);
            QVERIFY(f.open(QIODevice::ReadOnly));
            read.insert(lib, f.readAll());
        }
        QVERIFY2(read.value(lib).contains(m.fixedText().toLatin1()), m.id);
        ++checked;
    }
    if (checked == 0)
        QSKIP("none of the catalogued libraries is on this machine");
    qInfo("checked %d entries against their libraries", checked);
}

// The CUDA runtime's error names (the runtime-error table, from CUDA 13.0's driver_types.h):
// each is read as a runtime result that keeps its name and number.
void TstProducerCatalog::cudaRuntimeNames() {
    int checked = 0;
    for (int code = 0; code < 1000; ++code) {
        const QString name = runtimeStatusName(QStringLiteral("cuda-runtime"), code);
        if (name.isEmpty() || code == 0)
            continue;
        const QString line = QStringLiteral("RuntimeError: CUDA call failed: %1").arg(name);
        bool found = false;
        for (const TextEvent &e : readEvents(line))
            found = found ||
                    (e.kind == EventKind::RuntimeResult && e.field(QStringLiteral("name")) == name);
        QVERIFY2(found, qPrintable(name));
        ++checked;
    }
    QVERIFY(checked >= 130);
}

void TstProducerCatalog::noMatchOnPlainLines() {
    QVERIFY(!matchCatalog(QStringLiteral("Cannot find the")));
    QVERIFY(!matchCatalog(QStringLiteral("all tests passed")));
    QVERIFY(!matchCatalog(QString()));
}

QTEST_GUILESS_MAIN(TstProducerCatalog)
#include "tst_producer_catalog.moc"
