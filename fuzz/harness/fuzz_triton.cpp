// A Triton kernel folder whose metadata JSON and IR stage files hold the input (readTritonEntry
// reads them from disk: a private temporary folder, created once).

#include "common/json_writer.h"
#include "diagnosis/diagnosis_json.h"
#include "fuzz_common.h"
#include "triton/triton_cache.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    static QTemporaryDir dir(hdfuzz::scratchTemplate());
    const QString entry =
        dir.filePath(QStringLiteral("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567ABCDEFGHIJKLMNOPQRST"));
    static const bool made = QDir().mkpath(entry);
    if (!made)
        return 0;
    for (const char *suffix : {".json", ".ttir", ".ttgir", ".llir"}) {
        QFile f(entry + QStringLiteral("/add_kernel") + QLatin1String(suffix));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        f.write(reinterpret_cast<const char *>(data), qint64(size));
    }
    const hd::TritonEntry e = hd::readTritonEntry(entry);
    QBuffer out; // its one JSON writer, the diagnosis document's
    out.open(QIODevice::WriteOnly);
    hd::JsonWriter w(&out);
    hd::writeJson(w, e);
    return 0;
}
