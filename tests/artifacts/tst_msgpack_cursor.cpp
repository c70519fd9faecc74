// MsgpackCursor against LLVM's own msgpack reader and writer (the oracles), on real metadata
// notes of hipcc-built code objects and Triton caches and on blobs holding every type byte;
// and the parallel inspection against the one-thread one.

#include "artifact_test_util.h"
#include "artifacts/amdgpu_code_object.h"
#include "artifacts/inspector.h"
#include "artifacts/msgpack_cursor.h"
#include "artifacts/symbols.h"
#include "report_json.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QSet>
#include <QTest>

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/BinaryFormat/MsgPackDocument.h>
#include <llvm/BinaryFormat/MsgPackReader.h>
#include <llvm/BinaryFormat/MsgPackWriter.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/Object/ELF.h>
#include <llvm/Support/MemoryBufferRef.h>
#include <llvm/Support/raw_ostream.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

using llvm::msgpack::Object;
using llvm::msgpack::Type;

namespace {

// The NT_AMDGPU_METADATA payloads of an AMDGPU ELF, found with LLVM's ELF reader.
QList<QByteArray> metadataNotes(const QByteArray &elfBytes) {
    QList<QByteArray> notes;
    auto elf = llvm::object::ELF64LEFile::create(
        llvm::StringRef(elfBytes.constData(), size_t(elfBytes.size())));
    if (!elf) {
        llvm::consumeError(elf.takeError());
        return notes;
    }
    auto sections = elf->sections();
    if (!sections) {
        llvm::consumeError(sections.takeError());
        return notes;
    }
    for (const auto &sec : *sections) {
        if (sec.sh_type != llvm::ELF::SHT_NOTE)
            continue;
        llvm::Error err = llvm::Error::success();
        for (const auto &note : elf->notes(sec, err)) {
            if (note.getName() != "AMDGPU" || note.getType() != llvm::ELF::NT_AMDGPU_METADATA)
                continue;
#if LLVM_VERSION_MAJOR >= 17
            const auto desc = note.getDesc(4);
#else
            const auto desc = note.getDesc();
#endif
            notes.append(
                QByteArray(reinterpret_cast<const char *>(desc.data()), qsizetype(desc.size())));
        }
        llvm::consumeError(std::move(err));
    }
    return notes;
}

QString describe(const Object &o) {
    switch (o.Kind) {
    case Type::Int:
        return QStringLiteral("int %1").arg(o.Int);
    case Type::UInt:
        return QStringLiteral("uint %1").arg(o.UInt);
    case Type::Nil:
        return QStringLiteral("nil");
    case Type::Boolean:
        return QStringLiteral("bool %1").arg(o.Bool);
    case Type::Float:
        return QStringLiteral("float %1").arg(o.Float, 0, 'g', 17);
    case Type::String:
        return QStringLiteral("str ") + QString::fromUtf8(o.Raw.data(), qsizetype(o.Raw.size()));
    case Type::Binary:
        return QStringLiteral("bin %1 bytes ").arg(o.Raw.size()) +
               QString::fromLatin1(QByteArray(o.Raw.data(), qsizetype(o.Raw.size())).toHex());
    case Type::Array:
        return QStringLiteral("array %1").arg(o.Length);
    case Type::Map:
        return QStringLiteral("map %1").arg(o.Length);
    case Type::Extension:
        return QStringLiteral("ext %1 ").arg(o.Extension.Type) +
               QString::fromLatin1(
                   QByteArray(o.Extension.Bytes.data(), qsizetype(o.Extension.Bytes.size()))
                       .toHex());
    case Type::Empty:
        break;
    }
    return QStringLiteral("?");
}

// Every value LLVM's reader finds in `blob`, in order, as text; `complete` tells whether it
// read to the end without an error.
QStringList llvmValues(const QByteArray &blob, bool *complete) {
    QStringList values;
    llvm::msgpack::Reader reader(llvm::StringRef(blob.constData(), size_t(blob.size())));
    for (;;) {
        Object o;
        auto r = reader.read(o);
        if (!r) {
            llvm::consumeError(r.takeError());
            *complete = false;
            return values;
        }
        if (!*r) {
            *complete = true;
            return values;
        }
        values.append(describe(o));
    }
}

// The same with MsgpackCursor; reading stops cleanly at the end (position == end).
QStringList cursorValues(const QByteArray &blob, bool *complete) {
    QStringList values;
    hd::MsgpackCursor cursor(llvm::StringRef(blob.constData(), size_t(blob.size())));
    while (cursor.position() < blob.constData() + blob.size()) {
        Object o;
        if (!cursor.next(o)) {
            *complete = false;
            return values;
        }
        values.append(describe(o));
    }
    *complete = cursor.ok();
    return values;
}

// A blob with every encoding the format has, written by LLVM's writer.
QByteArray everyEncoding() {
    std::string out;
    llvm::raw_string_ostream os(out);
    llvm::msgpack::Writer w(os);
    w.writeArraySize(40);
    w.writeNil();
    w.write(true);
    w.write(false);
    for (uint64_t v :
         {uint64_t(0), uint64_t(127), uint64_t(128), uint64_t(255), uint64_t(256), uint64_t(65535),
          uint64_t(65536), uint64_t(0xffffffff), uint64_t(0x100000000), ~uint64_t(0)})
        w.write(v);
    for (int64_t v : {int64_t(-1), int64_t(-32), int64_t(-33), int64_t(-128), int64_t(-129),
                      int64_t(-32768), int64_t(-32769), int64_t(INT32_MIN) - 1, INT64_MIN})
        w.write(v);
    w.write(1.5); // exact in float32
    w.write(0.1); // needs float64
    w.write(llvm::StringRef("fixstr"));
    w.write(llvm::StringRef(std::string(40, 's')));    // str8
    w.write(llvm::StringRef(std::string(300, 't')));   // str16
    w.write(llvm::StringRef(std::string(70000, 'u'))); // str32
    const std::string bin(300, '\x01');
    w.write(llvm::MemoryBufferRef(bin, "bin"));
    for (size_t n : {size_t(1), size_t(2), size_t(4), size_t(8), size_t(16), size_t(3), size_t(300),
                     size_t(70000)}) {
        const std::string bytes(n, '\x02');
        w.writeExt(7, llvm::MemoryBufferRef(bytes, "ext"));
    }
    w.writeArraySize(20); // array16
    for (int i = 0; i < 20; ++i)
        w.write(uint64_t(i));
    w.writeMapSize(17); // map16
    for (int i = 0; i < 17; ++i) {
        w.write(llvm::StringRef("k"));
        w.writeNil();
    }
    w.writeMapSize(1);
    w.write(llvm::StringRef("nested"));
    w.writeArraySize(2);
    w.writeMapSize(0);
    w.writeArraySize(0);
    os.flush();
    return QByteArray(out.data(), qsizetype(out.size()));
}

// One argument of a generated kernel: the keys hipcc writes, in its (sorted) order.
struct GenArg {
    std::string name, typeName, valueKind, addressSpace;
    uint64_t size = 0, offset = 0;
};

// A metadata note {"amdhsa.kernels": [...]} of `count` kernels written by LLVM's writer;
// `kernel(w, k)` writes kernel k (a map).
QByteArray kernelsNote(size_t count,
                       const std::function<void(llvm::msgpack::Writer &, size_t)> &kernel) {
    std::string out;
    llvm::raw_string_ostream os(out);
    llvm::msgpack::Writer w(os);
    w.writeMapSize(1);
    w.write(llvm::StringRef("amdhsa.kernels"));
    w.writeArraySize(uint32_t(count));
    for (size_t k = 0; k < count; ++k)
        kernel(w, k);
    os.flush();
    return QByteArray(out.data(), qsizetype(out.size()));
}

// One kernel per argument list.
QByteArray metadataNote(const std::vector<std::vector<GenArg>> &lists) {
    return kernelsNote(lists.size(), [&](llvm::msgpack::Writer &w, size_t k) {
        w.writeMapSize(3);
        w.write(llvm::StringRef(".args"));
        w.writeArraySize(uint32_t(lists[k].size()));
        for (const GenArg &a : lists[k]) {
            w.writeMapSize(a.addressSpace.empty() ? 5 : 6);
            if (!a.addressSpace.empty()) {
                w.write(llvm::StringRef(".address_space"));
                w.write(llvm::StringRef(a.addressSpace));
            }
            w.write(llvm::StringRef(".name"));
            w.write(llvm::StringRef(a.name));
            w.write(llvm::StringRef(".offset"));
            w.write(a.offset);
            w.write(llvm::StringRef(".size"));
            w.write(a.size);
            w.write(llvm::StringRef(".type_name"));
            w.write(llvm::StringRef(a.typeName));
            w.write(llvm::StringRef(".value_kind"));
            w.write(llvm::StringRef(a.valueKind));
        }
        w.write(llvm::StringRef(".kernarg_segment_size"));
        w.write(uint64_t(k)); // tells the kernels apart
        w.write(llvm::StringRef(".name"));
        w.write(llvm::StringRef("k" + std::to_string(k)));
    });
}

// Kernels that have only a .name and a .symbol ("<name>.kd").
QByteArray namedKernelsNote(const std::vector<std::string> &names) {
    return kernelsNote(names.size(), [&](llvm::msgpack::Writer &w, size_t k) {
        w.writeMapSize(2);
        w.write(llvm::StringRef(".name"));
        w.write(llvm::StringRef(names[k]));
        w.write(llvm::StringRef(".symbol"));
        w.write(llvm::StringRef(names[k] + ".kd"));
    });
}

// Each kernel's argument list as LLVM's msgpack::Document reads it (the oracle), as text.
QStringList documentArgs(const QByteArray &note) {
    QStringList lists;
    llvm::msgpack::Document doc;
    if (!doc.readFromBlob(llvm::StringRef(note.constData(), size_t(note.size())), false))
        return lists;
    auto str = [](llvm::msgpack::DocNode n) {
        return n.isString() ? QString::fromStdString(n.getString().str()) : QString();
    };
    for (auto &kernel : doc.getRoot().getMap()["amdhsa.kernels"].getArray()) {
        QStringList args;
        for (auto &arg : kernel.getMap()[".args"].getArray()) {
            auto &m = arg.getMap();
            args << QStringLiteral("%1|%2|%3|%4|%5|%6")
                        .arg(str(m[".name"]), str(m[".type_name"]), str(m[".value_kind"]),
                             str(m[".address_space"]))
                        .arg(m[".size"].getUInt())
                        .arg(m[".offset"].getUInt());
        }
        lists << args.join(QLatin1Char(';'));
    }
    return lists;
}

QStringList decodedArgs(const QList<hd::KernelInfo> &kernels) {
    QStringList lists;
    for (const hd::KernelInfo &k : kernels) {
        QStringList args;
        for (const hd::KernelArg &a : k.args)
            args << QStringLiteral("%1|%2|%3|%4|%5|%6")
                        .arg(a.name, a.typeName, a.valueKind, a.addressSpace)
                        .arg(a.size)
                        .arg(a.offset);
        lists << args.join(QLatin1Char(';'));
    }
    return lists;
}

} // namespace

class TestMsgpackCursor : public QObject {
    Q_OBJECT
private slots:
    void realNotesMatchLlvmReader_data();
    void realNotesMatchLlvmReader();
    void everyEncodingMatchesLlvmReader();
    void everyPrefixFailsCleanly();
    void invalidTypeByteIsNamed();
    void skipCoversTheWholeValue();
    void liedContainerCountFails();
    void parallelInspectionEqualsSequential_data();
    void parallelInspectionEqualsSequential();
    void argumentListsAreShared();
    void skipBytesStaysInside();
    void seenArgumentListsAreRecognisedExactly();
    void kernelNamesFollowTheNoteReadBefore();
    void countedEqualsDecoded_data();
    void countedEqualsDecoded();
};

void TestMsgpackCursor::realNotesMatchLlvmReader_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("hipcc gfx90a") << hdtest::kernelArtifact(QStringLiteral("vector_add_gfx90a.co"));
    QTest::newRow("hipcc cov4 gfx1030")
        << hdtest::kernelArtifact(QStringLiteral("vector_add_gfx1030.co"));
    QTest::newRow("hipcc cov3 gfx90a")
        << hdtest::kernelArtifact(QStringLiteral("vector_add_cov3_gfx90a.co"));
    QTest::newRow("triton cache") << hdtest::fixture(QStringLiteral(
        "triton/cache-ok/DXWZLDK3CPYMFDHW27Z3K44AZMZ5D3S7RI66FKAQHLW5CI3YQVVA/add_kernel.hsaco"));
}

void TestMsgpackCursor::realNotesMatchLlvmReader() {
    QFETCH(QString, path);
    const QByteArray elf = arttest::readAll(path);
    QVERIFY2(!elf.isEmpty(), qPrintable(path));
    const QList<QByteArray> notes = metadataNotes(elf);
    QVERIFY2(!notes.isEmpty(), "no AMDGPU metadata note");
    for (const QByteArray &note : notes) {
        bool llvmDone = false, ourDone = false;
        const QStringList theirs = llvmValues(note, &llvmDone);
        const QStringList ours = cursorValues(note, &ourDone);
        QVERIFY(llvmDone);
        QVERIFY(ourDone);
        QVERIFY(theirs.size() > 20); // a real map of kernels, not an empty note
        QCOMPARE(ours, theirs);
    }
}

void TestMsgpackCursor::everyEncodingMatchesLlvmReader() {
    const QByteArray blob = everyEncoding();
    bool llvmDone = false, ourDone = false;
    const QStringList theirs = llvmValues(blob, &llvmDone);
    const QStringList ours = cursorValues(blob, &ourDone);
    QVERIFY(llvmDone);
    QVERIFY(ourDone);
    QCOMPARE(theirs.size(), 99); // the 40 top-level values and what the containers hold
    QCOMPARE(ours, theirs);
    QSet<QString> kinds;
    for (const QString &v : ours)
        kinds.insert(v.section(QLatin1Char(' '), 0, 0));
    QCOMPARE(kinds,
             (QSet<QString>{QStringLiteral("nil"), QStringLiteral("bool"), QStringLiteral("uint"),
                            QStringLiteral("int"), QStringLiteral("float"), QStringLiteral("str"),
                            QStringLiteral("bin"), QStringLiteral("ext"), QStringLiteral("array"),
                            QStringLiteral("map")}));
}

void TestMsgpackCursor::everyPrefixFailsCleanly() {
    // Cut the blob short at every byte: the cursor must stop with an error at the same value
    // LLVM's reader stops at, never read past the end (ASan would see it), never loop.
    const QByteArray full = everyEncoding();
    for (qsizetype cut = 0; cut < full.size(); cut += (cut < 2000 ? 1 : 997)) {
        const QByteArray prefix(full.constData(), cut); // a copy: the end is the buffer's end
        bool llvmDone = false, ourDone = false;
        const QStringList theirs = llvmValues(prefix, &llvmDone);
        const QStringList ours = cursorValues(prefix, &ourDone);
        QCOMPARE(ours, theirs);
        // Only a cut between two top-level values (or at 0) reads to the end cleanly.
        QCOMPARE(ourDone, llvmDone);
    }
}

void TestMsgpackCursor::invalidTypeByteIsNamed() {
    const QByteArray blob = QByteArray::fromHex("8102c1");
    hd::MsgpackCursor c(llvm::StringRef(blob.constData(), size_t(blob.size())));
    Object o;
    QVERIFY(c.next(o));
    QCOMPARE(int(o.Kind), int(Type::Map));
    QVERIFY(c.next(o));
    QVERIFY(!c.next(o));
    QVERIFY(!c.ok());
    QCOMPARE(QString::fromStdString(c.error()),
             QStringLiteral("invalid type byte 0xc1 at offset 2"));
    QVERIFY(!c.next(o)); // stays failed
}

void TestMsgpackCursor::skipCoversTheWholeValue() {
    // {"a": [1, {"b": "xyz"}, [nil]], "c": 5}: skipping the array lands on "c".
    const QByteArray blob = QByteArray::fromHex("82a161930181a162a378797a91c0a16305");
    hd::MsgpackCursor c(llvm::StringRef(blob.constData(), size_t(blob.size())));
    Object map, key, value;
    QVERIFY(c.next(map));
    QVERIFY(c.next(key));
    QVERIFY(c.next(value));
    QCOMPARE(int(value.Kind), int(Type::Array));
    const char *begin = c.position();
    QVERIFY(c.skip(value));
    QCOMPARE(c.position() - begin, qsizetype(10)); // 01 81 a1 62 a3 78 79 7a 91 c0
    QVERIFY(c.next(key));
    QCOMPARE(QByteArray(key.Raw.data(), qsizetype(key.Raw.size())), QByteArray("c"));
    QVERIFY(c.next(value));
    QCOMPARE(value.UInt, uint64_t(5));
    QCOMPARE(c.position(), blob.constData() + blob.size());
}

void TestMsgpackCursor::liedContainerCountFails() {
    // array32 claiming 4 billion entries in 5 bytes: skip() must fail, not loop for ages.
    const QByteArray blob = QByteArray::fromHex("91ddffffffff");
    hd::MsgpackCursor c(llvm::StringRef(blob.constData(), size_t(blob.size())));
    Object outer;
    QVERIFY(c.next(outer));
    QVERIFY(!c.skip(outer));
    QVERIFY(!c.ok());
    QVERIFY(QString::fromStdString(c.error()).contains(QLatin1String("more entries")));
}

void TestMsgpackCursor::parallelInspectionEqualsSequential_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("multi-target bundle")
        << hdtest::kernelArtifact(QStringLiteral("vector_add_multi.hsaco"));
    QTest::newRow("host library") << hdtest::kernelArtifact(QStringLiteral("libvector_add.so"));
    QTest::newRow("host executable") << hdtest::kernelArtifact(QStringLiteral("vector_add_main"));
    QTest::newRow("mixed bundle") << hdtest::kernelArtifact(
        QStringLiteral("vector_add_mixed.hsaco"));
}

void TestMsgpackCursor::parallelInspectionEqualsSequential() {
    // The decoding threads finish in any order; the report must not depend on it.
    QFETCH(QString, path);
    hd::InspectOptions one;
    one.threads = 1;
    hd::InspectOptions many;
    many.threads = 4;
    const hd::ArtifactReport a = hd::inspectFile(path, one);
    const hd::ArtifactReport b = hd::inspectFile(path, many);
    QVERIFY(!a.codeObjects.isEmpty());
    QVERIFY(a.kernelCount() > 0);
    QCOMPARE(arttest::reportBytes(b), arttest::reportBytes(a));
}

void TestMsgpackCursor::argumentListsAreShared() {
    // Every target's build of vector_add has the same argument list: decoded once, one copy.
    hd::InspectOptions opts;
    opts.threads = 1;
    const hd::ArtifactReport r =
        hd::inspectFile(hdtest::kernelArtifact(QStringLiteral("vector_add_multi.hsaco")), opts);
    QList<const hd::KernelInfo *> kernels;
    for (const hd::CodeObject &co : r.codeObjects)
        for (const hd::KernelInfo &k : co.kernels)
            if (k.name == QLatin1String("vector_add"))
                kernels.append(&k);
    QVERIFY2(kernels.size() >= 2, "expected vector_add in several code objects");
    QVERIFY(!kernels[0]->args.isEmpty());
    for (const hd::KernelInfo *k : kernels) {
        QCOMPARE(k->args.constData(), kernels[0]->args.constData()); // shared, not equal copies
        QCOMPARE(k->name.constData(), kernels[0]->name.constData());
    }
}

void TestMsgpackCursor::skipBytesStaysInside() {
    const QByteArray blob = QByteArray::fromHex("93010203");
    hd::MsgpackCursor c(llvm::StringRef(blob.constData(), size_t(blob.size())));
    Object array;
    QVERIFY(c.next(array));
    QCOMPARE(c.rest().size(), size_t(3));
    QVERIFY(c.skipBytes(2));
    Object last;
    QVERIFY(c.next(last));
    QCOMPARE(last.UInt, uint64_t(3));
    QVERIFY(c.skipBytes(0));
    QVERIFY(!c.skipBytes(1)); // past the end: an error, the position does not move past it
    QVERIFY(!c.ok());
    QVERIFY(QString::fromStdString(c.error()).contains(QLatin1String("past the end")));
    QCOMPARE(c.position(), blob.constData() + blob.size());
}

void TestMsgpackCursor::seenArgumentListsAreRecognisedExactly() {
    // Argument lists seen before are recognised by their count and first argument and then
    // compared in place (StringPool::argsAt). Lists made to defeat that: the same first
    // argument and count with a later argument different (in its last byte too), the same
    // first argument with one argument more or less, and repeats in every order. Each kernel's
    // decoded list must equal what LLVM's msgpack::Document reads, in one note and across
    // notes decoded through the same pool.
    const GenArg ptr{"a", "float*", "global_buffer", "global", 8, 0};
    std::vector<std::vector<GenArg>> shapes;
    shapes.push_back({ptr});
    shapes.push_back({ptr, {"n", "int", "by_value", "", 4, 8}});
    shapes.push_back({ptr, {"n", "int", "by_value", "", 4, 9}});  // last byte differs
    shapes.push_back({ptr, {"n", "uint", "by_value", "", 4, 8}}); // a middle byte differs
    shapes.push_back(
        {ptr, {"n", "int", "by_value", "", 4, 8}, {"m", "int", "by_value", "", 4, 12}});
    shapes.push_back(
        {ptr, {"n", "int", "by_value", "", 4, 8}, {"m", "int", "by_value", "", 4, 200}});
    shapes.push_back({{"b", "float*", "global_buffer", "global", 8, 0}, ptr});
    shapes.push_back({});
    shapes.push_back({ptr, {std::string(40, 'x'), std::string(300, 't'), "by_value", "", 4, 8}});
    std::mt19937 rng(7);
    hd::StringPool pool;
    for (int note = 0; note < 3; ++note) {
        std::vector<std::vector<GenArg>> lists;
        for (int k = 0; k < 400; ++k)
            lists.push_back(shapes[rng() % shapes.size()]);
        const QByteArray blob = metadataNote(lists);
        const QStringList expected = documentArgs(blob);
        QCOMPARE(expected.size(), qsizetype(lists.size()));
        QList<hd::KernelInfo> kernels;
        QString target, error;
        QVERIFY2(hd::parseAmdgpuMetadataMsgpack(blob.constData(), size_t(blob.size()), kernels,
                                                &target, &error, &pool),
                 qPrintable(error));
        QCOMPARE(kernels.size(), qsizetype(lists.size()));
        QCOMPARE(decodedArgs(kernels), expected);
        for (int k = 0; k < kernels.size(); ++k) // the fields after .args are read from the
            QCOMPARE(kernels[k].kernargSegmentSize, uint64_t(k)); // right place
    }
}

void TestMsgpackCursor::kernelNamesFollowTheNoteReadBefore() {
    // A kernel name is first compared with the name at the same place in the note read before
    // (StringPool::noteName). Notes made to defeat that: a name that is a prefix of the one
    // before, reordered, fewer and more kernels, an empty note. Every name must be the one in
    // the note, and equal names one shared string.
    const std::vector<std::vector<std::string>> notes{
        {"_Z1av", "_Z1bv", "_Z4longv", "_Z1dv"},
        {"_Z1av", "_Z1bv", "_Z4lon", "_Z1dv"},            // a prefix of the name before
        {"_Z1av", "_Z1bv", "_Z4longvv", "_Z1dv"},         // the name before is a prefix of it
        {"_Z1dv", "_Z4longv", "_Z1bv", "_Z1av"},          // reordered
        {"_Z1av"},                                        // fewer
        {},                                               // none
        {"_Z1av", "_Z1bv", "_Z4longv", "_Z1dv", "_Z1ev"}, // more
    };
    hd::StringPool pool;
    QHash<QString, const QChar *> storage;
    for (const auto &names : notes) {
        const QByteArray blob = namedKernelsNote(names);
        QList<hd::KernelInfo> kernels;
        QString target, error;
        QVERIFY2(hd::parseAmdgpuMetadataMsgpack(blob.constData(), size_t(blob.size()), kernels,
                                                &target, &error, &pool),
                 qPrintable(error));
        QCOMPARE(kernels.size(), qsizetype(names.size()));
        for (size_t i = 0; i < names.size(); ++i) {
            const hd::KernelInfo &k = kernels[qsizetype(i)];
            QCOMPARE(k.name, QString::fromStdString(names[i]));
            QCOMPARE(k.symbol, QString::fromStdString(names[i] + ".kd"));
            for (const QString &s : {k.name, k.symbol}) {
                const QChar *&first = storage[s];
                if (!first)
                    first = s.constData();
                QCOMPARE(s.constData(), first); // one shared copy per distinct name
            }
        }
    }
}

void TestMsgpackCursor::countedEqualsDecoded_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("multi-target bundle")
        << hdtest::kernelArtifact(QStringLiteral("vector_add_multi.hsaco"));
    QTest::newRow("host library") << hdtest::kernelArtifact(QStringLiteral("libvector_add.so"));
    QTest::newRow("cov3 code object")
        << hdtest::kernelArtifact(QStringLiteral("vector_add_cov3_gfx90a.co"));
    QTest::newRow("triton cache") << hdtest::fixture(QStringLiteral(
        "triton/cache-ok/DXWZLDK3CPYMFDHW27Z3K44AZMZ5D3S7RI66FKAQHLW5CI3YQVVA/add_kernel.hsaco"));
    // Debian 12's rocSPARSE (the test packages): 111 bundles of real ROCm 5.2 code objects.
    QTest::newRow("librocsparse0")
        << QStringLiteral("/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1");
}

void TestMsgpackCursor::countedEqualsDecoded() {
    // inspect --summary counts the kernels and their arguments without decoding them
    // (InspectOptions::kernels off); the counts must be the decoded lists' sizes.
    QFETCH(QString, path);
    const bool system = path.startsWith(QLatin1String("/usr/lib/"));
    if (system && !QFileInfo::exists(path))
        QSKIP(qPrintable(path + QStringLiteral(" is not installed (scripts/bootstrap.sh test "
                                               "installs librocsparse0)")));
    QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    hd::InspectOptions counting;
    counting.symbols = false;
    counting.kernels = false;
    const hd::ArtifactReport decoded = hd::inspectFile(path);
    const hd::ArtifactReport counted = hd::inspectFile(path, counting);
    QVERIFY(decoded.kernelCount() > 0);
    QCOMPARE(counted.kernelCount(), decoded.kernelCount());
    QCOMPARE(counted.codeObjects.size(), decoded.codeObjects.size());
    QCOMPARE(counted.problems.size(), decoded.problems.size());
    for (qsizetype i = 0; i < decoded.codeObjects.size(); ++i) {
        const hd::CodeObject &d = decoded.codeObjects[i];
        const hd::CodeObject &c = counted.codeObjects[i];
        qsizetype args = 0;
        for (const hd::KernelInfo &k : d.kernels)
            args += k.args.size();
        QVERIFY(c.kernels.isEmpty());
        QCOMPARE(c.countedKernels, d.kernels.size());
        QCOMPARE(c.countedKernelArgs, args);
        QCOMPARE(c.symbolCount, d.symbols.size());
        QCOMPARE(c.metadataTarget, d.metadataTarget);
        QCOMPARE(c.problems.size(), d.problems.size());
    }
}

QTEST_GUILESS_MAIN(TestMsgpackCursor)
#include "tst_msgpack_cursor.moc"
