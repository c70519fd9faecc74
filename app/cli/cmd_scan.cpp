// hipdoctor-cli scan: which architectures every library, code object and kernel folder under
// a ROCm prefix, a library folder or a Python environment covers, the verdict for each device
// and the fixes, each named once (docs/cli.md "scan").

#include "cli.h"
#include "options.h"

#include "common/format.h"
#include "scan/scan.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace hd::cli {

namespace {

QString verdictMark(const ScanVerdict &v) {
    if (v.status == QLatin1String("covered"))
        return QStringLiteral("yes");
    if (v.status == QLatin1String("via-generic"))
        return QStringLiteral("generic");
    if (v.status == QLatin1String("no-device-code"))
        return QStringLiteral("-");
    if (v.status == QLatin1String("loader-refuses"))
        return !v.codeMisses ? QStringLiteral("NO (loader refuses)")
               : v.closest.isEmpty()
                   ? QStringLiteral("NO (loader refuses; no code for it)")
                   : QStringLiteral("NO (loader refuses; closest %1)").arg(v.closest);
    if (v.status == QLatin1String("runtime-too-old"))
        return QStringLiteral("NO (runtime too old)");
    if (v.status == QLatin1String("feature-mismatch"))
        return QStringLiteral("NO (features; closest %1)").arg(v.closest);
    return v.closest.isEmpty() ? QStringLiteral("NO")
                               : QStringLiteral("NO (closest %1)").arg(v.closest);
}

void printTable(QTextStream &s, const QList<QStringList> &rows) {
    QList<qsizetype> w;
    for (const QStringList &r : rows)
        for (qsizetype i = 0; i < r.size(); ++i) {
            if (w.size() <= i)
                w.append(0);
            w[i] = std::max(w[i], r[i].size());
        }
    for (const QStringList &r : rows) {
        QString line = QStringLiteral("  ");
        for (qsizetype i = 0; i < r.size(); ++i)
            line += i + 1 < r.size() ? r[i].leftJustified(w[i] + 1) : r[i];
        s << line.trimmed().prepend(QStringLiteral("  ")) << "\n";
    }
}

// The matrix: one row per library with device code (every host library with --all), one
// column per architecture found, one verdict column per --target. Returns the rows left out.
int printMatrix(QTextStream &s, const ScanResult &r, bool all) {
    QStringList header{QStringLiteral("LIBRARY"), QStringLiteral("PRODUCT")};
    QStringList columns;
    for (const QString &a : r.architectures)
        columns.append(a.startsWith(QLatin1String("gfx")) ? a.mid(3) : a);
    header += columns;
    for (const TargetId &d : r.devices)
        header.append(d.toString().toUpper());
    QList<QStringList> rows{header};
    int hidden = 0;
    for (const ScanLibrary &lib : r.libraries) {
        if (!lib.deviceCode && !all && lib.versionsMissing.isEmpty()) {
            ++hidden;
            continue;
        }
        // One row per library whatever its name holds (a newline is shown as \x0A).
        QStringList row{
            printableText(scanShortPath(lib.path, r.paths)) +
                (lib.kind == QLatin1String("kernel-library") ? QStringLiteral("/") : QString()),
            lib.product.isEmpty() ? QStringLiteral("-") : lib.product};
        for (const QString &a : r.architectures)
            row.append(lib.targets.contains(a) ? QStringLiteral("x") : QStringLiteral("."));
        for (const ScanVerdict &v : lib.verdicts)
            row.append(verdictMark(v));
        rows.append(row);
    }
    s << "scanned " << r.paths.join(QStringLiteral(", ")) << ": " << r.filesRead << " binaries and "
      << std::count_if(
             r.libraries.cbegin(), r.libraries.cend(),
             [](const ScanLibrary &l) { return l.kind == QLatin1String("kernel-library"); })
      << " kernel folders read (" << r.filesSeen << " files looked at)\n";
    if (rows.size() > 1)
        printTable(s, rows);
    else
        s << "  no device code found\n";
    return hidden;
}

// Per --target: how many libraries have code for it and how many do not.
void printDeviceCounts(QTextStream &s, const ScanResult &r) {
    for (int di = 0; di < r.devices.size(); ++di) {
        const ScanResult::DeviceCount n = r.countFor(di);
        s << "device " << r.devices[di].toString() << ": " << n.withCode << " with code for it, "
          << n.without << " without";
        if (n.loaderRefuses > 0)
            s << "; the dynamic loader refuses " << n.loaderRefuses << " here";
        s << "\n";
    }
}

// The fixes, each with (up to six of) the libraries it is for.
void printFixes(QTextStream &s, const ScanResult &r) {
    if (!r.fixes.isEmpty())
        s << "fixes:\n";
    for (const ScanFix &f : r.fixes) {
        QStringList names;
        for (const QString &p : f.libraries)
            names.append(scanShortPath(p, r.paths));
        const int shown = 6;
        QString list = names.mid(0, shown).join(QStringLiteral(", "));
        if (names.size() > shown)
            list += QStringLiteral(" and %1 more").arg(names.size() - shown);
        s << "  - " << f.text << "\n      (" << list << ")\n";
    }
}

void printScan(QTextStream &s, const ScanResult &r, bool all) {
    const int hidden = printMatrix(s, r, all);
    if (hidden > 0)
        s << "  (" << hidden
          << " host libraries without device code not shown; --all lists them)\n";
    bool libcTitle = false;
    for (const ScanLibrary &lib : r.libraries) {
        if (lib.versionsMissing.isEmpty())
            continue;
        if (!libcTitle)
            s << "C library / C++ runtime versions missing on this system:\n";
        libcTitle = true;
        s << "  " << scanShortPath(lib.path, r.paths) << ": "
          << lib.versionsMissing.join(QStringLiteral("; ")) << "\n";
    }
    printDeviceCounts(s, r);
    printFixes(s, r);
    if (r.incomplete)
        s << "not all read: the answer covers only what was read (the problems below say what "
             "was skipped)\n";
    for (const Problem &p : r.problems)
        s << "problem: " << p.toString() << "\n";
    for (const ScanLibrary &lib : r.libraries)
        for (const Problem &p : lib.problems.mid(0, 3))
            s << "problem: " << p.toString() << "\n";
}

int scan(const Args &args) {
    const QStringList paths = args.positional();
    QString error;
    const auto targets = readTargets(args, &error);
    if (!targets)
        return usageError(args.spec(), error);
    const Output output = readOutput(args);
    ScanOptions options;
    options.devices = *targets;
    if (const QString v = args.value(Opt::RuntimeVersion); !v.isEmpty()) {
        options.runtime = LoadRuntime::fromVersion(v);
        if (!options.runtime.known())
            return usageError(args.spec(),
                              QStringLiteral("--runtime-version %1: expected X.Y").arg(v));
    }
    const ScanResult r = scanPaths(paths, options);
    bool anyRead = false;
    for (const QString &p : paths)
        anyRead = anyRead || QFileInfo::exists(p);
    if (output.json) {
        // The document goes to stdout as it is, never through the terminal filter (which cut
        // it at 64 KiB and left invalid JSON).
        printJson(r.toJson(), output.pretty);
    } else {
        printScan(out(), r, args.isSet(Opt::All));
    }
    out().flush();
    for (const Problem &p : r.problems)
        if (p.fatal)
            err() << "hipdoctor-cli scan: " << p.toString() << "\n";
    if (!anyRead)
        return ExitUsage;
    // A partial answer is not "covered" nor a definite "not covered" (docs/cli.md "Exit codes").
    if (r.incomplete)
        return ExitIncomplete;
    return r.notCovered() > 0 ||
                   std::any_of(r.libraries.cbegin(), r.libraries.cend(),
                               [](const ScanLibrary &l) { return !l.versionsMissing.isEmpty(); })
               ? ExitFindings
               : ExitOk;
}

} // namespace

CommandSpec scanCommand() {
    CommandSpec c;
    c.name = QStringLiteral("scan");
    c.summary = QStringLiteral("which GPU architectures the libraries of an install cover");
    c.positionals = {{QStringLiteral("PATH"),
                      QStringLiteral("a ROCm prefix (/opt/rocm), a library folder, a Python "
                                     "environment or its torch/lib, a kernel folder "
                                     "(rocblas/library), or single files"),
                      true, false}};
    c.groups = {
        {QString(),
         {targetOption(QStringLiteral("the device to give a verdict for (gfx1031, "
                                      "gfx90a:xnack-); repeatable")),
          option(Opt::RuntimeVersion,
                 QStringLiteral("the HIP runtime (ROCm) version the libraries run with: generic "
                                "targets need 6.3, compressed bundles 6.2 (default: a current "
                                "one)"),
                 QStringLiteral("X.Y")),
          option(Opt::All, QStringLiteral("list host libraries without device code too"))}},
        outputGroup({QStringLiteral("one hipdoctor.scan/1 JSON document on stdout (compact)"),
                     true,
                     {},
                     true})};
    c.exitCodes = QStringLiteral("0 every library with device code covers every --target and "
                                 "needs no newer C library, 1 some do not, 2 usage error or no "
                                 "PATH exists, 4 not everything was read (files or folders "
                                 "skipped, each a problem: permission, a name that is not "
                                 "UTF-8, too deep, too many files)");
    c.run = scan;
    return c;
}

} // namespace hd::cli
