// Code objects built with Debian sid's hipcc 7.0 (clang 21) by scripts/runtime-matrix.sh
// artifacts, committed in tests/artifacts/rocm7/ with what LLVM's own tools said of them
// (oracle.txt: clang-offload-bundler --list / --unbundle, llvm-readelf, the CCOB header): code
// object v6, compressed bundles (CCOB), generic targets, scenario 1 (a mangled kernel),
// scenario 2 (built for another GPU only) and scenario 4 (a library needing libamdhip64.so.6).
// `hipdoctor-cli inspect` must read the same bundles, entries, versions, flags and kernels, and
// `diagnose` must match generic targets by the runtime's version.

#include "testpaths.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

namespace {

QString artifact(const QString &name) {
    return hdtest::sourceDir() + QStringLiteral("/tests/artifacts/rocm7/") + name;
}

struct OracleEntry {
    QString id;
    int abiVersion = -1;
    quint64 flags = 0;
    QString processor; // the first name after the flags number
    QStringList kernels;
};
struct OracleFile {
    QStringList needed;
    bool compressed = false;
    int ccobVersion = 0;
    int ccobMethod = -1;
    QList<OracleEntry> entries;
};

// oracle.txt, as scripts/runtime-matrix-artifacts.sh writes it.
QMap<QString, OracleFile> readOracle() {
    QMap<QString, OracleFile> files;
    QFile f(artifact(QStringLiteral("oracle.txt")));
    if (!f.open(QIODevice::ReadOnly))
        return files;
    static const QRegularExpression ccob(QStringLiteral(R"(^ccob: version (\d+), method (\d+))"));
    static const QRegularExpression flags(
        QStringLiteral(R"(^\s*Flags:\s*0x([0-9A-Fa-f]+),\s*([^,\s]+))"));
    static const QRegularExpression abi(QStringLiteral(R"(^\s*ABI Version:\s*(\d+))"));
    OracleFile *file = nullptr;
    for (const QByteArray &raw : f.readAll().split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line.startsWith(QLatin1String("== "))) {
            file = &files[line.mid(3).trimmed()];
        } else if (!file) {
            continue;
        } else if (line.startsWith(QLatin1String("needed: "))) {
            file->needed << line.mid(8).trimmed();
        } else if (const auto m = ccob.match(line); m.hasMatch()) {
            file->compressed = true;
            file->ccobVersion = m.captured(1).toInt();
            file->ccobMethod = m.captured(2).toInt();
        } else if (line.startsWith(QLatin1String("entry: "))) {
            file->entries.append({line.mid(7).trimmed(), -1, 0, {}, {}});
        } else if (file->entries.isEmpty()) {
            continue;
        } else if (const auto a = abi.match(line); a.hasMatch()) {
            file->entries.last().abiVersion = a.captured(1).toInt();
        } else if (const auto fl = flags.match(line); fl.hasMatch()) {
            file->entries.last().flags = fl.captured(1).toULongLong(nullptr, 16);
            file->entries.last().processor = fl.captured(2);
        } else if (line.trimmed().startsWith(QLatin1String("kernel-descriptor: "))) {
            QString kd = line.trimmed().mid(19);
            kd.chop(3); // ".kd"
            file->entries.last().kernels << kd;
        }
    }
    return files;
}

struct Run {
    int exitCode = -1;
    QJsonObject json;
    QString out;
};

Run cli(const QStringList &args) {
    QProcess p;
    p.start(hdtest::binary(QStringLiteral("hipdoctor-cli")), args);
    Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    const QByteArray out = p.readAllStandardOutput();
    r.out = QString::fromUtf8(out + p.readAllStandardError());
    r.json = QJsonDocument::fromJson(out).object();
    return r;
}

QStringList findingIds(const QJsonObject &diagnosis, const QString &severity = {}) {
    QStringList ids;
    for (const QJsonValue &f : diagnosis.value(QLatin1String("findings")).toArray())
        if (severity.isEmpty() ||
            f.toObject().value(QLatin1String("severity")).toString() == severity)
            ids << f.toObject().value(QLatin1String("id")).toString();
    return ids;
}

} // namespace

class TstRocm7Artifacts : public QObject {
    Q_OBJECT

    QMap<QString, OracleFile> m_oracle;

private slots:
    void initTestCase() {
        QVERIFY(QFileInfo(hdtest::binary(QStringLiteral("hipdoctor-cli"))).isExecutable());
        m_oracle = readOracle();
        QCOMPARE(m_oracle.size(), 5);
    }

    // inspect against the oracle: bundles, entries, CCOB header, code object versions, e_flags,
    // processors, kernels and the libraries a host file needs.
    void inspectMatchesOracle_data() {
        QTest::addColumn<QString>("file");
        for (const char *f : {"generic_v6.co", "generic_v6_compressed.co", "s01_mangled.co",
                              "s02_gfx1030_compressed.co", "libs04_rocm6.so"})
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void inspectMatchesOracle() {
        QFETCH(QString, file);
        QVERIFY(m_oracle.contains(file));
        const OracleFile &want = m_oracle[file];
        const Run r = cli({QStringLiteral("inspect"), artifact(file), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out));
        const QJsonObject in = r.json.value(QLatin1String("inputs")).toArray().at(0).toObject();
        QVERIFY2(in.value(QLatin1String("problems")).toArray().isEmpty(), qPrintable(r.out));
        const QJsonArray bundles = in.value(QLatin1String("bundles")).toArray();
        QCOMPARE(bundles.size(), 1);
        const QJsonObject bundle = bundles.at(0).toObject();
        QCOMPARE(bundle.value(QLatin1String("compressed")).toBool(), want.compressed);
        if (want.compressed) {
            QCOMPARE(in.value(QLatin1String("kind")).toString(),
                     file.endsWith(QLatin1String(".so")) ? QStringLiteral("host-shared-library")
                                                         : QStringLiteral("compressed-bundle"));
            QCOMPARE(bundle.value(QLatin1String("ccob_version")).toInt(), want.ccobVersion);
            // LLVM's compression formats: 0 zlib, 1 zstd.
            QCOMPARE(bundle.value(QLatin1String("compression")).toString(),
                     want.ccobMethod == 1 ? QStringLiteral("zstd") : QStringLiteral("zlib"));
        }
        const QJsonArray entries = bundle.value(QLatin1String("entries")).toArray();
        const QJsonArray codeObjects = in.value(QLatin1String("code_objects")).toArray();
        QCOMPARE(entries.size(), want.entries.size());
        int kernels = 0;
        for (const OracleEntry &w : want.entries) {
            QJsonObject got;
            for (const QJsonValue &e : entries)
                if (e.toObject().value(QLatin1String("id")).toString() == w.id)
                    got = e.toObject();
            QVERIFY2(!got.isEmpty(), qPrintable(w.id));
            if (w.id.startsWith(QLatin1String("host-"))) {
                QCOMPARE(got.value(QLatin1String("content")).toString(), QStringLiteral("empty"));
                continue;
            }
            QCOMPARE(got.value(QLatin1String("target_id")).toString(),
                     w.id.section(QStringLiteral("--"), 1));
            const QJsonObject co =
                codeObjects.at(got.value(QLatin1String("code_object")).toInt()).toObject();
            // EI_ABIVERSION 2, 3, 4 are code object v4, v5, v6.
            QCOMPARE(co.value(QLatin1String("elf_abiversion")).toInt(), w.abiVersion);
            QCOMPARE(co.value(QLatin1String("code_object_version")).toInt(), w.abiVersion + 2);
            QCOMPARE(quint64(co.value(QLatin1String("elf_flags")).toInteger()), w.flags);
            QCOMPARE(co.value(QLatin1String("target_detail"))
                         .toObject()
                         .value(QLatin1String("processor"))
                         .toString(),
                     w.processor);
            QStringList names;
            for (const QJsonValue &k : co.value(QLatin1String("kernels")).toArray())
                names << k.toObject().value(QLatin1String("name")).toString();
            names.sort();
            QCOMPARE(names, w.kernels);
            kernels += int(w.kernels.size());
        }
        QCOMPARE(in.value(QLatin1String("kernel_count")).toInt(), kernels);
        if (!want.needed.isEmpty()) {
            QStringList needed;
            for (const QJsonValue &n : in.value(QLatin1String("host"))
                                           .toObject()
                                           .value(QLatin1String("needed"))
                                           .toArray())
                needed << n.toString();
            QCOMPARE(needed, want.needed);
        }
    }

    // Which code object a device runs, generic targets included (the selection of inspect).
    void genericSelection_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("entry");
        const QString g = QStringLiteral("generic_v6.co"),
                      gc = QStringLiteral("generic_v6_compressed.co");
        const QString p = QStringLiteral("hipv4-amdgcn-amd-amdhsa--");
        QTest::newRow("gfx1100 runs gfx11-generic")
            << g << "gfx1100"
            << "via-generic" << p + QStringLiteral("gfx11-generic");
        QTest::newRow("gfx1151 runs gfx11-generic")
            << g << "gfx1151"
            << "via-generic" << p + QStringLiteral("gfx11-generic");
        QTest::newRow("gfx1031 runs gfx10-3-generic")
            << g << "gfx1031"
            << "via-generic" << p + QStringLiteral("gfx10-3-generic");
        QTest::newRow("gfx942 runs gfx9-4-generic")
            << g << "gfx942:sramecc+:xnack-"
            << "via-generic" << p + QStringLiteral("gfx9-4-generic");
        QTest::newRow("gfx906 runs gfx9-generic")
            << g << "gfx906"
            << "via-generic" << p + QStringLiteral("gfx9-generic");
        QTest::newRow("gfx90a: no generic target covers it") << g << "gfx90a"
                                                             << "processor-mismatch" << QString();
        QTest::newRow("an exact fit wins over a generic one")
            << gc << "gfx1100"
            << "exact" << p + QStringLiteral("gfx1100");
        QTest::newRow("gfx1101 falls back on gfx11-generic")
            << gc << "gfx1101"
            << "via-generic" << p + QStringLiteral("gfx11-generic");
        QTest::newRow("xnack- entry on an xnack+ gfx90a") << gc << "gfx90a:xnack+"
                                                          << "feature-mismatch" << QString();
    }
    void genericSelection() {
        QFETCH(QString, file);
        QFETCH(QString, target);
        QFETCH(QString, kind);
        QFETCH(QString, entry);
        const Run r = cli({QStringLiteral("inspect"), artifact(file), QStringLiteral("--target"),
                           target, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, entry.isEmpty() ? 1 : 0);
        const QJsonArray sel = r.json.value(QLatin1String("inputs"))
                                   .toArray()
                                   .at(0)
                                   .toObject()
                                   .value(QLatin1String("selections"))
                                   .toArray();
        QCOMPARE(sel.size(), 1);
        const QJsonObject s = sel.at(0).toObject();
        QCOMPARE(s.value(QLatin1String("kind")).toString(), kind);
        QCOMPARE(s.value(QLatin1String("selected")).toBool(), !entry.isEmpty());
        QCOMPARE(s.value(QLatin1String("entry")).toString(), entry);
    }

    // diagnose: what each runtime version makes of the files.
    void diagnose_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("errors");   // exactly these error ids
        QTest::addColumn<QStringList>("warnings"); // at least these warning ids
        const QString g = artifact(QStringLiteral("generic_v6.co"));
        const QString s02 = artifact(QStringLiteral("s02_gfx1030_compressed.co"));
        const QString s01 = artifact(QStringLiteral("s01_mangled.co"));
        const QString t = QStringLiteral("--target"), rv = QStringLiteral("--runtime-version"),
                      k = QStringLiteral("--kernel");
        QTest::newRow("gfx11-generic on gfx1100, ROCm 6.4: runs")
            << QStringList{g, t, "gfx1100", rv, "6.4", k, "vector_add"} << QStringList()
            << QStringList();
        QTest::newRow("gfx11-generic on gfx1100, ROCm 7.2: runs")
            << QStringList{g, t, "gfx1100", rv, "7.2"} << QStringList() << QStringList();
        QTest::newRow("gfx11-generic on gfx1100, ROCm 5.7: needs a newer runtime")
            << QStringList{g, t, "gfx1100", rv, "5.7"}
            << QStringList{"arch.generic-needs-newer-runtime", "cov.unsupported-version"}
            << QStringList();
        QTest::newRow("generic targets do not cover gfx90a")
            << QStringList{g, t, "gfx90a", rv, "7.2"}
            << QStringList{"arch.no-compatible-code-object"} << QStringList();
        QTest::newRow("scenario 2, compressed, ROCm 7.2: only the missing arch")
            << QStringList{s02, t, "gfx90a", rv, "7.2"}
            << QStringList{"arch.no-compatible-code-object"} << QStringList();
        QTest::newRow("scenario 2, compressed, ROCm 5.7: and the bundle, and v6")
            << QStringList{s02, t, "gfx90a", rv, "5.7"}
            << QStringList{"arch.no-compatible-code-object", "bundle.compressed",
                           "cov.unsupported-version"}
            << QStringList();
        QTest::newRow("scenario 1 with hipcc 7")
            << QStringList{s01, t, "gfx90a", rv, "6.4", k, "vecAdd"}
            << QStringList{"symbol.mangled-name"} << QStringList();
        QTest::newRow("scenario 8 with hipcc 7: the mangled name looked up as is")
            << QStringList{s01, t, "gfx90a", rv, "6.4", k, "_Z6vecAddPKfS0_Pfi"} << QStringList()
            << QStringList();
        // ROCm 7's own log says which runtime ran: no --runtime-version needed.
        QTest::newRow("the 7.2 runtime's log names its version")
            << QStringList{g,
                           hdtest::sourceDir() +
                               QStringLiteral(
                                   "/tests/logs/data/"
                                   "debian-experimental-rocm72-probe-devices-level4.log"),
                           t, "gfx1100"}
            << QStringList{"runtime.no-device"} << QStringList();
    }
    void diagnose() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, errors);
        QFETCH(QStringList, warnings);
        const Run r = cli(QStringList{QStringLiteral("diagnose")} + args +
                          QStringList{QStringLiteral("--json")});
        QCOMPARE(r.exitCode, errors.isEmpty() ? 0 : 1);
        QStringList got = findingIds(r.json, QStringLiteral("error"));
        got.sort();
        errors.sort();
        QVERIFY2(got == errors, qPrintable(got.join(u',') + QStringLiteral("\n") + r.out));
        const QStringList gotWarnings = findingIds(r.json, QStringLiteral("warning"));
        for (const QString &w : std::as_const(warnings))
            QVERIFY2(gotWarnings.contains(w), qPrintable(r.out));
        if (args.contains(QStringLiteral("gfx1100")) && errors.size() <= 1) {
            QVERIFY2(
                !findingIds(r.json).contains(QStringLiteral("arch.generic-needs-newer-runtime")),
                qPrintable(r.out));
            QVERIFY2(!findingIds(r.json).contains(QStringLiteral("cov.unsupported-version")),
                     qPrintable(r.out));
        }
        if (!args.contains(QStringLiteral("--runtime-version")))
            QVERIFY2(r.json.value(QLatin1String("runtime_version_from"))
                         .toString()
                         .startsWith(QLatin1String("the runtime log ")),
                     qPrintable(r.out));
    }

    // Scenario 4 for real: a library hipcc 7 linked against libamdhip64.so.6. Here (Debian 12)
    // only the ROCm 5 runtime is installed: another major version (or none at all).
    void libraryNeedsRocm6() {
        const Run r = cli({QStringLiteral("diagnose"), artifact(QStringLiteral("libs04_rocm6.so")),
                           QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 1);
        const bool rocm5Here =
            QFileInfo::exists(QStringLiteral("/usr/lib/x86_64-linux-gnu/libamdhip64.so.5"));
        const bool rocm6Here =
            QFileInfo::exists(QStringLiteral("/usr/lib/x86_64-linux-gnu/libamdhip64.so.6"));
        if (rocm6Here)
            QSKIP("this machine has libamdhip64.so.6");
        QVERIFY2(findingIds(r.json, QStringLiteral("error"))
                     .contains(rocm5Here ? QStringLiteral("runtime.soname-mismatch")
                                         : QStringLiteral("runtime.library-not-found")),
                 qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TstRocm7Artifacts)
#include "tst_rocm7_artifacts.moc"
