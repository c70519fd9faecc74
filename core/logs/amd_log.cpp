#include "logs/amd_log.h"

#include <QRegularExpression>

namespace hd {

namespace {

// ":3:rocdevice.cpp            :416 : 0950176413 us: 8402 : [tid:0x7f239fdad880] message"
// Source file and line may be blank; the microseconds may carry a 'd' suffix.
const QRegularExpression &prefixRe() {
    static const QRegularExpression re(
        QStringLiteral(R"(^:([0-9]):([^:]*):\s*([0-9]*)\s*:\s*([0-9]+)d?\s*us:\s?(.*)$)"));
    return re;
}
// The pid/tid part, three variants: "[pid:N tid:0x…]", "N : [tid:0x…]" / "N: [tid:0x…]", absent.
const QRegularExpression &pidTidRe() {
    static const QRegularExpression re(
        QStringLiteral(R"(^\[pid:\s*([0-9]+)\s+tid:\s*(0x[0-9a-fA-F]+)\]\s?(.*)$)"));
    return re;
}
const QRegularExpression &pidColonTidRe() {
    static const QRegularExpression re(
        QStringLiteral(R"(^([0-9]+)\s*:\s*\[tid:\s*(0x[0-9a-fA-F]+)\]\s?(.*)$)"));
    return re;
}
const QRegularExpression &tidOnlyRe() {
    static const QRegularExpression re(QStringLiteral(R"(^\[tid:\s*(0x[0-9a-fA-F]+)\]\s?(.*)$)"));
    return re;
}
// ANSI colours the runtime wraps API call lines in.
const QRegularExpression &ansiRe() {
    static const QRegularExpression re(QStringLiteral("\x1b\\[[0-9;]*[A-Za-z]"));
    return re;
}
// "hipModuleGetFunction ( 0x…, 0x…, name )"
const QRegularExpression &apiCallRe() {
    static const QRegularExpression re(
        QStringLiteral(R"(^((?:hip|hsa|amd_comgr_|__hip)[A-Za-z0-9_]*)\s*\(\s*(.*?)\s*\)\s*$)"));
    return re;
}
// "hipModuleGetFunction: Returned hipErrorNotFound : " (the trailing text may be empty)
const QRegularExpression &apiReturnRe() {
    static const QRegularExpression re(QStringLiteral(
        R"(^([A-Za-z_][A-Za-z0-9_]*)\s*:\s*Returned\s+([A-Za-z0-9_]+)\s*:?\s*(.*)$)"));
    return re;
}
const QRegularExpression &cannotFindRe() {
    static const QRegularExpression re(QStringLiteral(R"(Cannot find the function:?\s*(\S+))"));
    return re;
}
// Listing items: "    amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack- - [Not Found]"
const QRegularExpression &listingItemRe() {
    static const QRegularExpression re(QStringLiteral(R"(^\s*(\S+)\s+-\s+\[(.*)\]\s*$)"));
    return re;
}
// Newer runtimes: "No compatible code objects found for: gfx942:sramecc+:xnack-"
const QRegularExpression &noCompatibleRe() {
    static const QRegularExpression re(
        QStringLiteral(R"(No compatible code objects? found for:?\s*([\w:+-]+))"));
    return re;
}
// ROCm 6+: "Cannot find CO in the bundle /x/libMIOpen.so for ISA: amdgcn-amd-amdhsa--gfx1030",
// then "Missing CO for these ISAs - " and one ISA per line. The runtime goes on with the other
// modules ("continue parsing remaining modules"); a kernel of that library fails at launch.
const QRegularExpression &cannotFindCoRe() {
    static const QRegularExpression re(QStringLiteral(
        R"(Cannot find CO in the bundle (.+?) for ISA:\s*((?:amdgcn|spirv64)-amd-amdhsa-[\w:+-]+|gfx[\w:+-]+))"));
    return re;
}
const QRegularExpression &isaLineRe() {
    static const QRegularExpression re(
        QStringLiteral(R"(^\s*((?:amdgcn|spirv64)-amd-amdhsa-[\w:+-]*)\s*$)"));
    return re;
}

// "HIP Version: 7.2.53211., Direct Dispatch: 1" (ROCm 7's first line; the dot ends the version)
const QRegularExpression &hipVersionRe() {
    static const QRegularExpression re(
        QStringLiteral(R"(^HIP Version:\s*([0-9]+\.[0-9]+(?:\.[0-9]+)?))"));
    return re;
}
// "HIP Library Path: /usr/lib/x86_64-linux-gnu/libamdhip64.so"
const QRegularExpression &hipLibraryRe() {
    static const QRegularExpression re(QStringLiteral(R"(^HIP Library Path:\s*(\S.*?)\s*$)"));
    return re;
}
// The runtime's own initialisation failed: no HSA (no /dev/kfd, no driver), so no device.
const QRegularExpression &initFailureRe() {
    static const QRegularExpression re(
        QStringLiteral(R"(^(hsa_init failed|Runtime initialization failed)\.?\s*$)"));
    return re;
}

AmdLogLine parseLine(const QString &rawIn, int number) {
    AmdLogLine l;
    l.lineNumber = number;
    QString raw = rawIn;
    if (raw.endsWith(QLatin1Char('\r')))
        raw.chop(1);
    l.raw = raw;
    QString clean = raw;
    clean.remove(ansiRe());
    const auto m = prefixRe().match(clean);
    if (!m.hasMatch()) {
        l.message = clean;
        if (const auto f = cannotFindRe().match(l.message); f.hasMatch())
            l.missingFunction = f.captured(1);
        return l;
    }
    l.level = m.captured(1).toInt();
    l.sourceFile = m.captured(2).trimmed();
    l.sourceLine = m.captured(3).toInt();
    l.microseconds = m.captured(4).toLongLong();
    QString rest = m.captured(5);
    if (const auto a = pidTidRe().match(rest); a.hasMatch()) {
        l.pid = a.captured(1).toLongLong();
        l.tid = a.captured(2);
        rest = a.captured(3);
    } else if (const auto b = pidColonTidRe().match(rest); b.hasMatch()) {
        l.pid = b.captured(1).toLongLong();
        l.tid = b.captured(2);
        rest = b.captured(3);
    } else if (const auto c = tidOnlyRe().match(rest); c.hasMatch()) {
        l.tid = c.captured(1);
        rest = c.captured(2);
    }
    l.message = rest;
    const QString msg = rest.trimmed();
    if (const auto r = apiReturnRe().match(msg); r.hasMatch()) {
        l.apiName = r.captured(1);
        l.returnedError = r.captured(2);
    } else if (const auto c = apiCallRe().match(msg); c.hasMatch()) {
        l.apiName = c.captured(1);
        l.apiArgs = c.captured(2);
    }
    if (const auto f = cannotFindRe().match(l.message); f.hasMatch())
        l.missingFunction = f.captured(1);
    return l;
}

// What the runtime says of itself at start-up: version, library, init failures, no device.
void readStartupFacts(AmdLog &log, const AmdLogLine &l, const QString &msg) {
    if (l.returnedError == QLatin1String("hipErrorNoDevice"))
        log.noDevice = true;
    if (const auto v = hipVersionRe().match(msg); v.hasMatch() && log.runtimeVersion.isEmpty())
        log.runtimeVersion = v.captured(1);
    else if (const auto p = hipLibraryRe().match(msg); p.hasMatch() && log.runtimeLibrary.isEmpty())
        log.runtimeLibrary = p.captured(1);
    else if (const auto f = initFailureRe().match(msg);
             f.hasMatch() && !log.initFailures.contains(msg))
        log.initFailures << msg;
}

// The listing of ROCm 6+'s bundle search for a device, made at its first mention.
NoBinaryListing &bundleSearchListing(AmdLog &log, const QString &device, int number,
                                     const QString &msg) {
    for (NoBinaryListing &nb : log.noBinary)
        if (nb.fromBundleSearch && nb.devices == QStringList{device})
            return nb;
    NoBinaryListing nb;
    nb.lineNumber = number;
    nb.message = msg;
    nb.devices << device;
    nb.fromBundleSearch = true;
    log.noBinary << nb;
    return log.noBinary.last();
}

// The ISA of a "Missing CO for these ISAs - ISA" line (`at`: where the words start, -1 for a
// line under it that holds only the ISA); "" when the line names none.
QString missingIsa(const QString &msg, qsizetype at) {
    QString item = msg;
    if (at >= 0) {
        item = msg.mid(at + qsizetype(qstrlen("Missing CO for these ISAs"))).trimmed();
        if (item.startsWith(QLatin1Char('-')))
            item = item.mid(1).trimmed();
    }
    return isaLineRe().match(item).captured(1);
}

} // namespace

AmdLogLine parseAmdLogLine(const QString &line, int lineNumber) {
    return parseLine(line, lineNumber);
}

bool looksLikeAmdLog(const QString &text) {
    // Scan line by line without splitting the whole text (logs can be large).
    qsizetype start = 0;
    int scanned = 0;
    while (start < text.size() && scanned < 100000) {
        qsizetype end = text.indexOf(QLatin1Char('\n'), start);
        if (end < 0)
            end = text.size();
        QStringView line = QStringView(text).mid(start, end - start);
        if (line.size() > 3 && line[0] == QLatin1Char(':') && line[1].isDigit() &&
            line[2] == QLatin1Char(':')) {
            QString l = line.toString();
            l.remove(ansiRe());
            if (prefixRe().match(l).hasMatch())
                return true;
        }
        start = end + 1;
        ++scanned;
    }
    return false;
}

namespace {

// Where a runtime log is in the listing that follows "Unable to find code object".
enum class Section { None, Devices, CodeObjects, MissingIsas };

// What one line adds to the log's totals: a log line, an error returned, a function the
// runtime could not find, the facts of the runtime's start.
void readLineFacts(AmdLog &log, const AmdLogLine &l, const QString &msg) {
    if (l.level >= 0)
        ++log.logLineCount;
    if (!l.returnedError.isEmpty() && l.returnedError != QLatin1String("hipSuccess"))
        log.errorsReturned << l.returnedError;
    if (!l.missingFunction.isEmpty())
        log.missingFunctions << l.missingFunction;
    if (l.level >= 0)
        readStartupFacts(log, l, msg);
}

// A line of the listing that follows the error line, as log lines or as plain stderr text:
// a section head, a device or a code object; any other text ends the listing.
void readListingLine(const QString &msg, NoBinaryListing *&listing, Section &section) {
    if (msg == QLatin1String("Devices:")) {
        section = Section::Devices;
    } else if (msg == QLatin1String("Bundled Code Objects:")) {
        section = Section::CodeObjects;
        listing->codeObjectsListed = true;
    } else if (const auto it = listingItemRe().match(msg);
               it.hasMatch() && section != Section::None) {
        if (section == Section::Devices)
            listing->devices << it.captured(1);
        else
            listing->codeObjects << it.captured(1);
    } else if (!msg.isEmpty()) {
        listing = nullptr;
        section = Section::None;
    }
}

} // namespace

AmdLog parseAmdLog(const QString &text) {
    AmdLog log;
    const QStringList rawLines = text.split(QLatin1Char('\n'));
    NoBinaryListing *listing = nullptr;
    Section section = Section::None;
    int number = 0;
    for (const QString &raw : rawLines) {
        ++number;
        if (number == rawLines.size() && raw.isEmpty())
            break; // the text's trailing newline
        AmdLogLine l = parseLine(raw, number);
        const QString msg = l.message.trimmed();
        readLineFacts(log, l, msg);
        if (msg.contains(QLatin1String("Unable to find code object for all current devices"))) {
            NoBinaryListing nb;
            nb.lineNumber = number;
            nb.message = msg;
            log.noBinary << nb;
            listing = &log.noBinary.last();
            section = Section::None;
            if (l.returnedError.isEmpty() &&
                !log.errorsReturned.contains(QLatin1String("hipErrorNoBinaryForGpu")))
                log.errorsReturned << QStringLiteral("hipErrorNoBinaryForGpu");
        } else if (const auto cf = cannotFindCoRe().match(msg); cf.hasMatch()) {
            // One listing per device; the libraries without code for it are its files.
            NoBinaryListing &nb = bundleSearchListing(log, cf.captured(2), number, msg);
            if (!nb.files.contains(cf.captured(1)))
                nb.files << cf.captured(1);
            listing = nullptr;
            section = Section::None;
        } else if (const qsizetype at = msg.indexOf(QLatin1String("Missing CO for these ISAs"));
                   at >= 0 ||
                   (section == Section::MissingIsas && isaLineRe().match(msg).hasMatch())) {
            listing = nullptr;
            section = Section::MissingIsas;
            // The ISAs follow one per line (pasted by hand, sometimes on the same line).
            if (const QString device = missingIsa(msg, at);
                !device.isEmpty() && !device.startsWith(QLatin1String("spirv")))
                bundleSearchListing(log, device, number, msg);
        } else if (const auto nc = noCompatibleRe().match(msg); nc.hasMatch()) {
            NoBinaryListing nb;
            nb.lineNumber = number;
            nb.message = msg;
            nb.devices << nc.captured(1);
            log.noBinary << nb;
            listing = nullptr;
            section = Section::None;
        } else if (section == Section::MissingIsas) {
            section = Section::None;
        } else if (listing) {
            readListingLine(msg, listing, section);
        }
        log.lines << l;
    }
    return log;
}

} // namespace hd
