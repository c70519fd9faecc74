#pragma once

// Parser for HIP runtime logs (AMD_LOG_LEVEL output), every line variant of docs/formats.md.

#include <QList>
#include <QString>
#include <QStringList>

namespace hd {

struct AmdLogLine {
    int lineNumber = 0; // 1-based, in the text given
    int level = -1;     // 0..4; -1 for a line that is not a runtime log line
    QString sourceFile; // "rocdevice.cpp" ("" when blank)
    int sourceLine = 0;
    qint64 microseconds = -1;
    qint64 pid = -1;
    QString tid;     // "0x7f239fdad880"
    QString message; // the text after the prefix
    QString raw;
    // Filled when the message is an API call or an API return:
    QString apiName;         // "hipModuleGetFunction"
    QString apiArgs;         // "0x..., 0x..., vector_add"
    QString returnedError;   // "hipErrorNotFound" on a "<api>: Returned <err> :" line
    QString missingFunction; // "vector_add" from "Cannot find the function: vector_add"
};

struct NoBinaryListing { // the listing after "hipErrorNoBinaryForGpu: Unable to find code
                         // object..."
    int lineNumber = 0;
    QStringList devices;     // target ids the runtime lists under "Devices:"
    QStringList codeObjects; // bundle entry ids under "Bundled Code Objects:"
    QString message;         // the error line itself
    // ROCm 6+ names the files it searched ("Cannot find CO in the bundle FILE for ISA: ..."):
    // those without code for the device, one listing per device.
    QStringList files;
    bool fromBundleSearch = false;
    bool codeObjectsListed = false; // a "Bundled Code Objects:" header was seen (maybe empty)
};

struct AmdLog {
    QList<AmdLogLine> lines;         // every line (non-log lines have level -1)
    QList<NoBinaryListing> noBinary; // each hipErrorNoBinaryForGpu failure seen
    QStringList missingFunctions;    // names from "Cannot find the function: X"
    QStringList errorsReturned;      // every returned hipError* name, in order
    int logLineCount = 0;            // lines that were runtime log lines
    // What the runtime says of itself at start-up (the lines differ per version: docs/formats.md
    // "AMD_LOG_LEVEL output", real captures in tests/logs/data/):
    QString runtimeVersion;   // "7.2.53211" from "HIP Version: 7.2.53211., …" (ROCm 7 on)
    QString runtimeLibrary;   // "/usr/lib/…/libamdhip64.so" from "HIP Library Path: …" (ROCm 7)
    QStringList initFailures; // "hsa_init failed.", "Runtime initialization failed" (ROCm 5)
    bool noDevice = false;    // an API returned hipErrorNoDevice (hipInit, hipGetDeviceCount)
};

bool looksLikeAmdLog(const QString &text); // at least one runtime log line
// One line: its prefix (level, source, time, pid, tid) and the API call or return it holds;
// level -1 for a line that is no runtime log line. The event reader gives these parts to the
// line's event (diagnosis/text_events.h, fields level, source, log-message, log-api, log-api-args,
// returned, function).
AmdLogLine parseAmdLogLine(const QString &line, int lineNumber);
AmdLog parseAmdLog(const QString &text);

} // namespace hd
