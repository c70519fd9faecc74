#pragma once

#include "artifacts/load_verdict.h"
#include "model/artifact_report.h"
#include "model/device.h"
#include "model/finding.h"

#include <QCoreApplication>
#include <QStringList>

namespace hd::ui {

// What the "name your code asks for" box says about a name passed to hipModuleGetFunction
// (or cuModuleGetFunction) against the open artifacts: the engine's one lookup
// (names/kernel_names.h, which the diagnosis rules use too) in the app's words.
struct NameExplanation {
    enum class Match {
        NoInput,         // nothing typed or nothing open
        Exact,           // a kernel of that exact name exists, in a code object the device loads
        ExactNoDevice,   // the kernel exists, but no device is known: whether it loads is open
        ExactNoBinary,   // the kernel exists, but in no code object a known device loads
        Mangled,         // only a C++-mangled kernel demangles to that name
        InternalLinkage, // the kernel exists but with internal linkage (static / anon namespace)
        NotAKernel,      // a function of that name exists, but it is not a kernel
        HostApi,         // a library's public host function (rocblas_sgemm): never a kernel
        Missing,         // nothing of that name; nearest names listed
    };
    Match match = Match::NoInput;
    QString name;             // the name looked up, trimmed
    QString headline;         // one sentence
    QString explanation;      // a few sentences, plain text
    QStringList symbols;      // the symbols that matched (mangled), for "show in table"
    QStringList targets;      // targets of the code objects holding the match
    QStringList files;        // the open files holding the match
    bool needsDevice = false; // the answer depends on which GPU runs it, and none is known
    QStringList nearest;      // Missing: closest kernel names
    QString fix;              // what to change (code or call)
    // The answer is a kernel-name verdict the engine's name rules word (mangled, internal,
    // not a kernel, host API, not found): its sentences come from that finding (withFinding).
    bool isSymbolVerdict() const;
};

class NameLookup {
    Q_DECLARE_TR_FUNCTIONS(hd::ui::NameLookup)
public:
    // `devices`: the GPUs known (probed, typed, from a session); an exact match is only "found"
    // when the load verdict of its file on one of them (with `runtime`, the diagnosis') picks a
    // code object holding the kernel. `textsOpen`: logs or texts are open (no artifact need be).
    static NameExplanation explain(const QList<ArtifactReport> &artifacts, const QString &name,
                                   const QList<DeviceInfo> &devices = {},
                                   const LoadRuntime &runtime = {}, bool textsOpen = false);
    // The words of a kernel-name verdict: the engine's finding for the name (diagnosis'
    // nameFinding(), the sentences Findings shows), in the app's language.
    static NameExplanation withFinding(NameExplanation e, const Finding &f);
};

QString matchName(NameExplanation::Match m); // "exact", "mangled", ... (stable, for tests)

} // namespace hd::ui
