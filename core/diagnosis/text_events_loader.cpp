// The events of the dynamic loader (text_events_p.h): missing libraries, undefined symbols,
// symbol-version needs, CUDA driver entry points a program resolves itself.

#include "text_events_p.h"

#include "model/runtime_errors.h"

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace hd::detail::ev {

// What a loader message names: the library, a symbol (with @version), a version needed and
// the file that needs it; whether the symbol is a CUDA driver entry point.
struct LoaderLine {
    QString library, symbol, version, requester;
    bool driverEntryPoint = false;
};

// The event of a loader message at line i.
void addLoaderEvent(Reader &r, int i, const LoaderLine &l) {
    TextEvent &e = r.add(EventKind::LoaderMessage, QStringLiteral("loader"), TextLayer::Loader, i,
                         i, true, r.at(i)->trimmed);
    if (!l.library.isEmpty())
        e.fields.insert(QStringLiteral("library"), l.library);
    if (!l.symbol.isEmpty()) {
        e.fields.insert(QStringLiteral("symbol"), l.symbol.section(QLatin1Char('@'), 0, 0));
        if (l.symbol.contains(QLatin1Char('@')))
            e.fields.insert(QStringLiteral("version"), l.symbol.section(QLatin1Char('@'), -1));
    }
    if (!l.version.isEmpty()) {
        e.fields.insert(QStringLiteral("version"), l.version);
        e.fields.insert(QStringLiteral("version-need"), QStringLiteral("1"));
    }
    if (!l.requester.isEmpty())
        e.fields.insert(QStringLiteral("requester"), l.requester);
    if (l.driverEntryPoint)
        e.fields.insert(QStringLiteral("driver-entry-point"), QStringLiteral("1"));
}

// The dynamic loader's messages.
bool loaderMessage(Reader &r, int i) {
    const QString &t = r.at(i)->trimmed;
    static const QRegularExpression missing(QStringLiteral(
        R"(((?:[^\s:'"]*/)?[^\s:'"/]+\.so(?:\.[0-9]+)*)\s*: cannot open shared object file)"));
    static const QRegularExpression undefinedSym(QStringLiteral(
        R"((?:undefined symbol|symbol lookup error)[^:]*:\s*([A-Za-z_.$][\w.$@]*))"));
    static const QRegularExpression symbolLookup(
        QStringLiteral(R"(symbol lookup error: ([^:]+): undefined symbol: ([\w.$@]+))"));
    static const QRegularExpression versionNeed(QStringLiteral(
        R"(version [`'‘]((GLIBC|GLIBCXX|CXXABI|GCC|OPENSSL|HIP|hip|ROCM|CUDA|libcudart|rocm)[\w.]*)['’] not found(?: \(required by ([^)]+)\))?)"));
    static const QRegularExpression dll(
        QStringLiteral(
            R"(DLL load failed|\[WinError 12[67]\]|Error loading "[^"]+\.dll"|LoadLibrary\w*\s*(?:failed|error)|Library not loaded|could not load library\b|unable to load (?:shared )?library|error while loading shared libraries|\bdlopen\b.*(?:fail|error))"),
        QRegularExpression::CaseInsensitiveOption);
    // A program resolving the CUDA driver's entry points itself (dlsym / GetProcAddress /
    // cuGetProcAddress) and missing one: "Function cuDeviceGetDefaultMemPool not found",
    // "The procedure entry point cuX could not be located in ... nvcuda.dll".
    static const QRegularExpression driverEntry(
        QStringLiteral(
            R"((?:\b(?:function|symbol|entry point|procedure)\s+[`'"]?(cu[A-Z]\w+)[`'"]?\s+(?:was )?(?:not found|could not be (?:found|located|loaded|resolved)))|(?:failed to (?:load|find|get|resolve|locate) (?:the )?(?:driver )?(?:symbol|function|entry point|procedure)\s*:?\s+[`'"]?(cu[A-Z]\w+)))"),
        QRegularExpression::CaseInsensitiveOption);
    QString library, symbol, version, requester;
    bool hit = false, driverEntryPoint = false;
    if (const auto d = driverEntry.match(t); d.hasMatch()) {
        symbol = d.captured(1).isEmpty() ? d.captured(2) : d.captured(1);
        driverEntryPoint = hit = true;
    }
    if (const auto m = missing.match(t); m.hasMatch()) {
        library = m.captured(1);
        hit = true;
    }
    if (const auto v = versionNeed.match(t); v.hasMatch()) {
        version = v.captured(1);
        requester = v.captured(3);
        static const QRegularExpression lib(QStringLiteral(R"(([\w./+-]+\.so[\w.]*): version)"));
        library = lib.match(t).captured(1);
        hit = true;
    }
    if (driverEntryPoint) {
    } else if (const auto s = symbolLookup.match(t); s.hasMatch()) {
        requester = s.captured(1).trimmed();
        symbol = s.captured(2);
        hit = true;
    } else if (const auto u = undefinedSym.match(t); u.hasMatch()) {
        symbol = u.captured(1);
        hit = true;
    } else if (t.endsWith(QLatin1String("undefined symbol:"))) {
        // The symbol wrapped onto the next line.
        if (const PreparedLine *n = r.at(i + 1))
            symbol = n->trimmed.section(QLatin1Char(' '), 0, 0);
        hit = true;
    }
    if (!hit && dll.match(t).hasMatch())
        hit = true;
    if (!hit)
        return false;
    // A link-time "undefined symbol" is lld's (read as a compiler diagnostic before this).
    addLoaderEvent(r, i, {library, symbol, version, requester, driverEntryPoint});
    return true;
}

} // namespace hd::detail::ev
