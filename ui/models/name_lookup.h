#pragma once

#include "model/artifact_report.h"
#include "model/device.h"

#include <QCoreApplication>
#include <QStringList>

namespace hd::ui {

// What the "name your code asks for" box says about a name passed to hipModuleGetFunction
// (or cuModuleGetFunction) against the open artifacts, by the rules of direction 2.
struct NameExplanation {
    enum class Match {
        NoInput,         // nothing typed or nothing open
        Exact,           // a kernel of that exact name exists, in a code object the device loads
        ExactNoDevice,   // the kernel exists, but no device is known: whether it loads is open
        ExactNoBinary,   // the kernel exists, but in no code object a known device loads
        Mangled,         // only a C++-mangled kernel demangles to that name
        InternalLinkage, // the kernel exists but with internal linkage (static / anon namespace)
        NotAKernel,      // a function of that name exists, but it is not a kernel
        Missing,         // nothing of that name; nearest names listed
    };
    Match match = Match::NoInput;
    QString headline;         // one sentence
    QString explanation;      // a few sentences, plain text
    QStringList symbols;      // the symbols that matched (mangled), for "show in table"
    QStringList targets;      // targets of the code objects holding the match
    bool needsDevice = false; // the answer depends on which GPU runs it, and none is known
    QStringList nearest;      // Missing: closest kernel names
    QString fix;              // what to change (code or call)
};

class NameLookup {
    Q_DECLARE_TR_FUNCTIONS(hd::ui::NameLookup)
public:
    // `devices`: the GPUs known (probed, typed, from a session); an exact match is only "found"
    // when one of them loads a code object holding the kernel.
    static NameExplanation explain(const QList<ArtifactReport> &artifacts, const QString &name,
                                   const QList<DeviceInfo> &devices = {});
    // "ns::vecAdd(float*, int)" -> "vecAdd"; "(anonymous namespace)::k(int)" -> "k".
    static QString baseName(const QString &demangled);
    static int editDistance(const QString &a, const QString &b);
};

QString matchName(NameExplanation::Match m); // "exact", "mangled", ... (stable, for tests)

} // namespace hd::ui
