// The env catalogue's validation and the profile's JSON, presets and application.
#include "env/env_catalogue.h"
#include "env/env_profile.h"

#include <QTemporaryDir>
#include <QTest>

using namespace hd;

class TestEnv : public QObject {
    Q_OBJECT
private slots:
    void catalogueCoversReference_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("group");
        const char *rows[][2] = {
            {"AMD_LOG_LEVEL", "runtime"},
            {"AMD_LOG_MASK", "runtime"},
            {"AMD_LOG_LEVEL_FILE", "runtime"},
            {"AMD_SERIALIZE_KERNEL", "runtime"},
            {"AMD_SERIALIZE_COPY", "runtime"},
            {"HIP_LAUNCH_BLOCKING", "runtime"},
            {"HIP_VISIBLE_DEVICES", "runtime"},
            {"ROCR_VISIBLE_DEVICES", "runtime"},
            {"GPU_DEVICE_ORDINAL", "runtime"},
            {"CUDA_VISIBLE_DEVICES", "runtime"},
            {"HSA_OVERRIDE_GFX_VERSION", "runtime"},
            {"HSA_OVERRIDE_GFX_VERSION_1", "runtime"},
            {"HSA_XNACK", "runtime"},
            {"HSA_ENABLE_SDMA", "runtime"},
            {"HIP_FORCE_DEV_KERNARG", "runtime"},
            {"GPU_DUMP_CODE_OBJECT", "runtime"},
            {"HIP_ENABLE_DEFERRED_LOADING", "runtime"},
            {"HIP_MODULE_LOAD_VERBOSE", "runtime"},
            {"AMD_COMGR_SAVE_TEMPS", "comgr"},
            {"AMD_COMGR_EMIT_VERBOSE_LOGS", "comgr"},
            {"AMD_COMGR_REDIRECT_LOGS", "comgr"},
            {"HIPCC_VERBOSE", "build"},
            {"HIP_PLATFORM", "build"},
            {"ROCM_PATH", "build"},
            {"HIP_PATH", "build"},
            {"HIP_DEVICE_LIB_PATH", "build"},
            {"HIPCC_COMPILE_FLAGS_APPEND", "build"},
            {"COMPRESSED_BUNDLE_FORMAT_VERSION", "build"},
            {"TRITON_CACHE_DIR", "triton"},
            {"TRITON_ALWAYS_COMPILE", "triton"},
            {"MLIR_ENABLE_DUMP", "triton"},
            {"LLVM_IR_ENABLE_DUMP", "triton"},
            {"AMDGCN_ENABLE_DUMP", "triton"},
            {"TRITON_LIBHIP_PATH", "triton"},
            {"TRITON_DEBUG", "triton"},
        };
        for (const auto &r : rows)
            QTest::newRow(r[0]) << QString::fromLatin1(r[0]) << QString::fromLatin1(r[1]);
    }
    void catalogueCoversReference() {
        QFETCH(QString, name);
        QFETCH(QString, group);
        const auto info = findEnvVar(name);
        QVERIFY2(info.has_value(), qPrintable(name));
        QCOMPARE(envGroupName(info->group), group);
        QVERIFY(!info->meaning.isEmpty());
        QVERIFY(!info->allowedValues.isEmpty());
    }

    void validation_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("valid");
        QTest::newRow("log level 4") << "AMD_LOG_LEVEL"
                                     << "4" << true;
        QTest::newRow("log level 0") << "AMD_LOG_LEVEL"
                                     << "0" << true;
        QTest::newRow("log level 5") << "AMD_LOG_LEVEL"
                                     << "5" << true;
        QTest::newRow("log level 6") << "AMD_LOG_LEVEL"
                                     << "6" << false;
        QTest::newRow("log level -1") << "AMD_LOG_LEVEL"
                                      << "-1" << false;
        QTest::newRow("log level text") << "AMD_LOG_LEVEL"
                                        << "debug" << false;
        QTest::newRow("mask hex") << "AMD_LOG_MASK"
                                  << "0x4001" << true;
        QTest::newRow("mask dec") << "AMD_LOG_MASK"
                                  << "16385" << true;
        QTest::newRow("mask bad hex") << "AMD_LOG_MASK"
                                      << "0xZZ" << false;
        QTest::newRow("serialize 3") << "AMD_SERIALIZE_KERNEL"
                                     << "3" << true;
        QTest::newRow("serialize 4") << "AMD_SERIALIZE_KERNEL"
                                     << "4" << false;
        QTest::newRow("blocking 1") << "HIP_LAUNCH_BLOCKING"
                                    << "1" << true;
        QTest::newRow("blocking 2") << "HIP_LAUNCH_BLOCKING"
                                    << "2" << false;
        QTest::newRow("blocking yes") << "HIP_LAUNCH_BLOCKING"
                                      << "yes" << false;
        QTest::newRow("override 10.3.0") << "HSA_OVERRIDE_GFX_VERSION"
                                         << "10.3.0" << true;
        QTest::newRow("override 9.0.a") << "HSA_OVERRIDE_GFX_VERSION"
                                        << "9.0.a" << true;
        QTest::newRow("override per gpu") << "HSA_OVERRIDE_GFX_VERSION_0"
                                          << "11.0.0" << true;
        QTest::newRow("override gfx1030") << "HSA_OVERRIDE_GFX_VERSION"
                                          << "gfx1030" << false;
        QTest::newRow("override 10.3") << "HSA_OVERRIDE_GFX_VERSION"
                                       << "10.3" << false;
        QTest::newRow("visible 0,1") << "HIP_VISIBLE_DEVICES"
                                     << "0,1" << true;
        QTest::newRow("visible empty") << "HIP_VISIBLE_DEVICES"
                                       << "" << true;
        QTest::newRow("visible uuid") << "CUDA_VISIBLE_DEVICES"
                                      << "GPU-5e2f-77ab" << true;
        QTest::newRow("visible junk") << "ROCR_VISIBLE_DEVICES"
                                      << "0;1" << false;
        QTest::newRow("xnack 1") << "HSA_XNACK"
                                 << "1" << true;
        QTest::newRow("xnack on") << "HSA_XNACK"
                                  << "on" << false;
        QTest::newRow("platform amd") << "HIP_PLATFORM"
                                      << "amd" << true;
        QTest::newRow("platform rocm") << "HIP_PLATFORM"
                                       << "rocm" << false;
        QTest::newRow("unknown var") << "MY_OWN_SWITCH"
                                     << "whatever" << true;
    }
    void validation() {
        QFETCH(QString, name);
        QFETCH(QString, value);
        QFETCH(bool, valid);
        const QString err = validateEnvValue(name, value);
        QCOMPARE(err.isEmpty(), valid);
        if (!valid) {
            QVERIFY2(err.contains(name), qPrintable(err)); // names the variable
            QVERIFY2(err.contains(QLatin1String("allowed")), qPrintable(err));
        }
    }

    void profileJsonRoundTrip() {
        EnvProfile p;
        p.name = QStringLiteral("mine");
        p.set(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("4"));
        p.entries.append({QStringLiteral("HSA_XNACK"), QStringLiteral("1"), false});
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.json"));
        QString error;
        QVERIFY2(p.save(path, &error), qPrintable(error));
        const auto back = EnvProfile::load(path, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        QCOMPARE(*back, p);
        QCOMPARE(back->assignments(), QStringList{QStringLiteral("AMD_LOG_LEVEL=4")});
    }

    void profileLoadErrorsNameTheFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"schema\":\"hipdoctor.env-profile/1\",\"entries\":[{\"name\":");
        f.close();
        QString error;
        QVERIFY(!EnvProfile::load(path, &error));
        QVERIFY2(error.contains(path) && error.contains(QLatin1String("offset")),
                 qPrintable(error));
        QVERIFY(!EnvProfile::load(dir.filePath(QStringLiteral("missing.json")), &error));
        QVERIFY(error.contains(QLatin1String("missing.json")));
    }

    void assignments() {
        QString error;
        auto p = EnvProfile::fromAssignments(
            {QStringLiteral("AMD_LOG_LEVEL=4"), QStringLiteral("X=a=b"), QStringLiteral("E=")},
            &error);
        QVERIFY(p);
        QCOMPARE(p->value(QStringLiteral("X")).value(), QStringLiteral("a=b"));
        QCOMPARE(p->value(QStringLiteral("E")).value(), QString());
        QVERIFY(!EnvProfile::fromAssignments({QStringLiteral("NOEQUALS")}, &error));
        QVERIFY(error.contains(QLatin1String("NOEQUALS")));
        QVERIFY(!EnvProfile::fromAssignments({QStringLiteral("1BAD=x")}, &error));
    }

    void presets() {
        const auto quiet = envPreset(QStringLiteral("quiet"));
        QVERIFY(quiet);
        QCOMPARE(quiet->value(QStringLiteral("AMD_LOG_LEVEL")).value(), QStringLiteral("0"));
        const auto dbg = envPreset(QStringLiteral("debug-log"));
        QVERIFY(dbg);
        QCOMPARE(dbg->value(QStringLiteral("AMD_LOG_LEVEL")).value(), QStringLiteral("4"));
        QCOMPARE(dbg->value(QStringLiteral("HIP_LAUNCH_BLOCKING")).value(), QStringLiteral("1"));
        const auto ser = envPreset(QStringLiteral("serialize"));
        QVERIFY(ser);
        QCOMPARE(ser->value(QStringLiteral("AMD_SERIALIZE_KERNEL")).value(), QStringLiteral("3"));
        QCOMPARE(ser->value(QStringLiteral("AMD_SERIALIZE_COPY")).value(), QStringLiteral("3"));
        for (const EnvProfile &p : envPresets())
            QVERIFY2(p.check().isEmpty(), qPrintable(p.name)); // presets are valid
    }

    void applyToChildEnvironment() {
        QProcessEnvironment base;
        base.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin"));
        base.insert(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("1"));
        EnvProfile p;
        p.set(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("4"));
        p.entries.append({QStringLiteral("HSA_XNACK"), QStringLiteral("1"), false});
        const QProcessEnvironment env = p.applyTo(base);
        QCOMPARE(env.value(QStringLiteral("AMD_LOG_LEVEL")), QStringLiteral("4"));
        QCOMPARE(env.value(QStringLiteral("PATH")), QStringLiteral("/usr/bin"));
        QVERIFY(!env.contains(QStringLiteral("HSA_XNACK"))); // disabled entries are not applied

        // And a real child sees it.
        QProcess proc;
        proc.setProcessEnvironment(p.applyTo(QProcessEnvironment::systemEnvironment()));
        proc.start(QStringLiteral("/usr/bin/env"), {});
        QVERIFY(proc.waitForFinished(30000));
        QVERIFY(proc.readAllStandardOutput().split('\n').contains("AMD_LOG_LEVEL=4"));
    }

    void checkReportsInvalidAndUnread() {
        EnvProfile p;
        p.set(QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("9"));
        p.set(QStringLiteral("HIP_MODULE_LOAD_VERBOSE"), QStringLiteral("1"));
        p.set(QStringLiteral("HIP_VISIBLE_DEVICES"), QString());
        const auto reads = [](const QString &n) -> std::optional<bool> {
            return n != QLatin1String("HIP_MODULE_LOAD_VERBOSE");
        };
        const QList<EnvProblem> problems = p.check(reads);
        QCOMPARE(problems.size(), 3);
        QCOMPARE(problems[0].name, QStringLiteral("AMD_LOG_LEVEL"));
        QVERIFY(problems[0].error);
        QCOMPARE(problems[1].name, QStringLiteral("HIP_MODULE_LOAD_VERBOSE"));
        QVERIFY(!problems[1].error);
        QVERIFY(problems[1].message.contains(QLatin1String("not read")));
        QCOMPARE(problems[2].name, QStringLiteral("HIP_VISIBLE_DEVICES"));
        QVERIFY(problems[2].message.contains(QLatin1String("hides every GPU")));
    }

    // What a child must not inherit from the caller: the probe loses every GPU variable, a step
    // keeps the toolchain's (it may compile) and loses the runtime switches.
    void clearedForChild_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("probe");
        QTest::addColumn<bool>("step");
        const struct {
            const char *name;
            bool probe, step;
        } rows[] = {
            {"AMD_LOG_LEVEL", true, true},
            {"AMD_COMGR_SAVE_TEMPS", true, true},
            {"HIP_LAUNCH_BLOCKING", true, true},
            {"HSA_OVERRIDE_GFX_VERSION_1", true, true},
            {"ROCR_VISIBLE_DEVICES", true, true},
            {"GPU_DEVICE_ORDINAL", true, true},
            {"CUDA_VISIBLE_DEVICES", true, true},
            {"LD_PRELOAD", true, true},
            {"HIPDOCTOR_PROBE_FAULT", true, true},
            {"ROC_ACTIVE_WAIT_TIMEOUT", true, true}, // not in the catalogue: the ROC_ family
            {"HIP_CLANG_PATH", true, true},          // not in the catalogue: the HIP_ family
            {"HIP_PATH", true, false},
            {"HIP_PLATFORM", true, false},
            {"HIP_DEVICE_LIB_PATH", true, false},
            {"HIPCC_VERBOSE", true, false},
            {"HIPCC_LINK_FLAGS_APPEND", true, false},
            {"CUDA_PATH", true, false},
            {"PYTORCH_ROCM_ARCH", true, false},
            {"TRITON_LIBHIP_PATH", true, false},
            {"ROCM_PATH", false, false},
            {"LD_LIBRARY_PATH", false, false},
            {"TRITON_CACHE_DIR", false, false},
            {"PATH", false, false},
            {"HIPDOCTOR_PROBE", false, false},
        };
        for (const auto &r : rows)
            QTest::newRow(r.name) << QString::fromLatin1(r.name) << r.probe << r.step;
    }
    void clearedForChild() {
        QFETCH(QString, name);
        QFETCH(bool, probe);
        QFETCH(bool, step);
        QCOMPARE(hd::clearedForChild(name, EnvChild::Probe), probe);
        QCOMPARE(hd::clearedForChild(name, EnvChild::Step), step);
    }

    // Over the real catalogue: every runtime and comgr switch is cleared for both children
    // (LD_LIBRARY_PATH excepted: the profile sets it), and the two differ exactly in the
    // toolchain variables a step keeps.
    void runtimeVariablesOfTheCatalogue() {
        QStringList all;
        for (const EnvVarInfo &v : envCatalogue())
            all << v.name;
        const QStringList probe = runtimeVariablesIn(all, EnvChild::Probe);
        const QStringList step = runtimeVariablesIn(all, EnvChild::Step);
        for (const EnvVarInfo &v : envCatalogue()) {
            if ((v.group != EnvGroup::Runtime && v.group != EnvGroup::Comgr) ||
                v.name == QLatin1String("LD_LIBRARY_PATH"))
                continue;
            QVERIFY2(probe.contains(v.name), qPrintable(v.name));
            QVERIFY2(step.contains(v.name), qPrintable(v.name));
        }
        QVERIFY(!probe.contains(QStringLiteral("LD_LIBRARY_PATH")));
        QStringList sorted = probe;
        sorted.sort();
        QCOMPARE(probe, sorted);
        QStringList onlyProbe;
        for (const QString &n : probe) {
            if (!step.contains(n))
                onlyProbe << n;
        }
        for (const QString &n : step)
            QVERIFY2(probe.contains(n), qPrintable(n));
        QCOMPARE(onlyProbe,
                 QStringList(
                     {QStringLiteral("HIPCC_COMPILE_FLAGS_APPEND"), QStringLiteral("HIPCC_VERBOSE"),
                      QStringLiteral("HIP_DEVICE_LIB_PATH"), QStringLiteral("HIP_PATH"),
                      QStringLiteral("HIP_PLATFORM"), QStringLiteral("TRITON_LIBHIP_PATH")}));
    }

    void clearRuntimeVariablesFromAnEnvironment() {
        QProcessEnvironment env;
        for (const char *n : {"PATH", "AMD_LOG_LEVEL", "HIP_PATH", "ROCM_PATH", "LD_PRELOAD",
                              "LD_LIBRARY_PATH", "CUDA_PATH"})
            env.insert(QString::fromLatin1(n), QStringLiteral("x"));
        QProcessEnvironment forStep = env;
        QCOMPARE(clearRuntimeVariables(forStep, EnvChild::Step),
                 QStringList({QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("LD_PRELOAD")}));
        QStringList kept = forStep.keys();
        kept.sort();
        QCOMPARE(kept, QStringList({QStringLiteral("CUDA_PATH"), QStringLiteral("HIP_PATH"),
                                    QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral("PATH"),
                                    QStringLiteral("ROCM_PATH")}));
        QCOMPARE(clearRuntimeVariables(env, EnvChild::Probe),
                 QStringList({QStringLiteral("AMD_LOG_LEVEL"), QStringLiteral("CUDA_PATH"),
                              QStringLiteral("HIP_PATH"), QStringLiteral("LD_PRELOAD")}));
        kept = env.keys();
        kept.sort();
        QCOMPARE(kept, QStringList({QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral("PATH"),
                                    QStringLiteral("ROCM_PATH")}));
    }
};

QTEST_GUILESS_MAIN(TestEnv)
#include "tst_env.moc"
