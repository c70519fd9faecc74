// GPU capture records (`verify --import-records`): one .jsonl file per input, read through
// the real file path (a private temporary folder, created once).

#include "fuzz_common.h"
#include "verify/import_records.h"

#include <QFile>
#include <QTemporaryDir>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hdfuzz::quiet();
    static QTemporaryDir dir(hdfuzz::scratchTemplate());
    const QString path = dir.filePath(QStringLiteral("capture.jsonl"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 0;
    f.write(reinterpret_cast<const char *>(data), qint64(size));
    f.close();
    const hd::ImportedRecords r = hd::importGpuRecords(path);
    (void)r.recordCount;
    return 0;
}
