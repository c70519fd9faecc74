#pragma once

// Value types of the verification sequence (docs/design.md "The method it implements"): what each
// sub-check ran, with which environment, what it printed, how it ended and how long it took.
// The engine returns them, the session stores them, the report renders them.

#include "model/finding.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace hd {

enum class CheckStatus { Pass, Fail, Skipped, Error, Cancelled };
QString checkStatusName(CheckStatus s); // "pass" | "fail" | "skipped" | "error" | "cancelled"
CheckStatus checkStatusFromName(const QString &n);

// One timed phase inside a check (a probe phase, a compile, a process run).
struct PhaseTiming {
    QString name;
    double startMs = 0; // from the check's start
    double ms = 0;
    QString status; // "ok" | "error" | ""
    QString detail; // API, error name

    static PhaseTiming fromJson(const QJsonObject &o);
    bool operator==(const PhaseTiming &) const = default;
};

// How a run of a command (or a probe request) failed or passed, in a form two runs can be
// compared by (step 3's failure signature).
struct FailureSignature {
    bool passed = false;
    int exitCode = -1;     // -1 when it did not exit normally
    QString signalName;    // "SIGSEGV", "" when it exited
    QString firstError;    // the first line that reads like an error
    QStringList hipErrors; // hipError* / CUDA_ERROR_* names seen in its output and logs
    double durationMs = 0;
    bool timedOut = false;

    QString summary() const { return summaryText().english(); } // "exit 1; hipErrorNoBinaryForGpu"
    Text summaryText() const; // the same, in the reader's language where shown
    // Same failure: both failed, same signal/exit, and the same HIP errors (order ignored).
    bool sameFailureAs(const FailureSignature &o) const;
    QJsonObject toJson() const;
    static FailureSignature fromJson(const QJsonObject &o);
    bool operator==(const FailureSignature &) const = default;
};

struct CheckRecord {
    QString id; // machine name: "compiler", "hipcc-###", "compile-program", "run-program"…
    Text title; // one line for people
    CheckStatus status = CheckStatus::Skipped;
    Text summary; // what the result means, one or two sentences

    QStringList command; // argv, program first; empty when nothing was run
    QString workingDirectory;
    QMap<QString, QString> env; // the variables set for it beyond the clean base
    QStringList envRemoved;     // variables removed from the base
    QString stdoutText;
    QString stderrText;
    QString logText; // runtime log (AMD_LOG_LEVEL output), when separate from stderr
    int exitCode = -1;
    QString signalName;
    bool timedOut = false;
    bool cached = false; // a compile result taken from the cache

    QString startedAt; // ISO 8601 UTC
    double durationMs = 0;
    QList<PhaseTiming> phases;
    QList<double> launchSamplesMs; // per-repeat launch times, for histograms
    QStringList artifacts;         // files it produced or read
    QJsonObject data;              // kind-specific extras (probe result, resolution, …)

    QJsonObject toJson() const;
    static CheckRecord fromJson(const QJsonObject &o);
};

struct StepRecord {
    int step = 0;  // 1, 2, 3
    QString title; // "Baseline", "The suspect operator alone", "Back to the project"
    CheckStatus status = CheckStatus::Skipped;
    Text summary;
    QJsonObject inputs; // the step's options as given
    QString startedAt;
    double durationMs = 0;
    QList<CheckRecord> checks;
    QList<Finding> findings;
    // Step 3: [0] as is, [1] without the Triton path. Step 2: the operator's run.
    QList<FailureSignature> signatures;
    // The command that runs this step again ("hipdoctor-cli verify --step 2 --artifact …"),
    // for a maintainer reading the report; "" where the run did not come from that command.
    QString rerun;

    const CheckRecord *check(const QString &id) const;
    static StepRecord fromJson(const QJsonObject &o);
};

// The conclusion over the steps that ran.
struct Comparison {
    Direction direction = Direction::None;
    Text verdict;   // one paragraph: what the steps show
    TextList basis; // evidence lines: "step 1: pass", "step 3 (as is): exit 1 …"
    QList<Finding> findings;

    static Comparison fromJson(const QJsonObject &o);
};

// A run's findings, assembled in one place (the CLI's verify, sessions, the app): the steps',
// the comparison's, then `more` (the app's diagnosis of its open inputs), one per cause.
QList<Finding> runFindings(const QList<StepRecord> &steps, const Comparison &comparison,
                           const QList<Finding> &more = {});

QString directionName(Direction d); // "runtime-link" | "symbols" | "code-object" | "none"
Direction directionFromName(const QString &name); // None for anything else

} // namespace hd
