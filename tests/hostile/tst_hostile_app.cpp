// The app survives a bad file among good ones: each file is inspected on its own, and the
// problem shows on that file's row of the artifact tree (the model the Artifacts panel shows).

#include "testpaths.h"

#include "artifacts/inspector.h"
#include "models/artifact_tree_model.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <sys/stat.h>

using namespace hd;
using hd::ui::ArtifactTreeModel;

class TestHostileApp : public QObject {
    Q_OBJECT

private slots:
    void badFileAmongGoodOnes();
};

void TestHostileApp::badFileAmongGoodOnes() {
    QTemporaryDir dir;
    const QString good = hdtest::kernelArtifact(QStringLiteral("vector_add_gfx90a.co"));
    const QString fifo = dir.filePath(QStringLiteral("pipe.co"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString link = dir.filePath(QStringLiteral("loop.so"));
    QVERIFY(QFile::link(link, link));
    // Readable but damaged: the input that once crashed the note reader (tests/fuzz/
    // regressions/) and a code object cut short. Their problems belong to the code object
    // inside, and still show on the file's row.
    const QString wrapped =
        hdtest::sourceDir() + QStringLiteral("/tests/fuzz/regressions/note-offset-wraps.co");
    const QString cut = dir.filePath(QStringLiteral("cut.co"));
    {
        QFile in(good), out(cut);
        QVERIFY(in.open(QIODevice::ReadOnly) && out.open(QIODevice::WriteOnly));
        QVERIFY(out.write(in.read(3000)) == 3000);
    }
    const QStringList files{good, fifo, QStringLiteral("/dev/zero"), link, wrapped, cut, good};
    QList<ArtifactReport> reports;
    for (const QString &f : files)
        reports << inspectFile(f);
    ArtifactTreeModel model;
    model.setArtifacts(reports);
    QCOMPARE(model.rowCount(), int(files.size()));
    auto problemRows = [&](int row) {
        QStringList out;
        const QModelIndex parent = model.index(row, 0);
        for (int r = 0; r < model.rowCount(parent); ++r) {
            const QModelIndex i = model.index(r, 0, parent);
            if (model.node(i)->type == ArtifactTreeModel::NodeType::Problem)
                out << model.data(i).toString() + QLatin1Char('|') +
                           model.data(i, Qt::ToolTipRole).toString();
        }
        return out;
    };
    QVERIFY(problemRows(0).isEmpty());
    QVERIFY(problemRows(6).isEmpty());
    QVERIFY(!reports[0].codeObjects.isEmpty());
    const QStringList p1 = problemRows(1), p2 = problemRows(2), p3 = problemRows(3);
    QCOMPARE(p1.size(), 1);
    QVERIFY2(p1[0].contains(QLatin1String("FIFO")) && p1[0].contains(fifo), qPrintable(p1[0]));
    QCOMPARE(p2.size(), 1);
    QVERIFY2(p2[0].contains(QLatin1String("character device")), qPrintable(p2[0]));
    QCOMPARE(p3.size(), 1);
    QVERIFY2(p3[0].contains(QLatin1String("symbolic link loop")), qPrintable(p3[0]));
    const QStringList p4 = problemRows(4), p5 = problemRows(5);
    QVERIFY2(p4.join('\n').contains(QLatin1String("note section")), qPrintable(p4.join('\n')));
    QVERIFY2(p4.join('\n').contains(wrapped), qPrintable(p4.join('\n')));
    QVERIFY2(p5.join('\n').contains(QLatin1String("section header")), qPrintable(p5.join('\n')));
    // The damaged files are listed with what could be read of them (the code object row).
    QVERIFY(!reports[4].codeObjects.isEmpty() && !reports[5].codeObjects.isEmpty());
}

QTEST_GUILESS_MAIN(TestHostileApp)
#include "tst_hostile_app.moc"
