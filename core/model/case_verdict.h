#pragma once

// The answer to the user's question, computed once (docs/architecture.md, "The case verdict"):
// this kernel name (or this program, this paste), on this GPU (detected, typed, or named in a
// pasted text), with these inputs. The CLI's first lines (`diagnose`, `verify`), the app's
// verdict line and the top of every report render it; none of them recomputes it.

#include "common/engine_text.h"
#include "model/device.h"
#include "model/finding.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace hd {

// What was asked, as each front end knows it.
struct CaseQuestion {
    QStringList kernels; // names the program looks up
    QList<DeviceInfo> devices;
    // Where the devices came from: "target" (typed), "rocminfo", "log", "text" (named in a
    // pasted text), "probe" (detected), "session", "none".
    QString devicesFrom;
    QStringList inputs;         // what was read: file names, "<stdin>", "pasted log"
    bool probeRan = false;      // the runtime of this machine was asked for its devices
    int probeDevices = 0;       // and saw that many
    bool stepsRanOnGpu = false; // a verification ran on a machine whose runtime saw a GPU
};

struct CaseVerdict {
    Text question;      // "vecAdd on gfx90a:sramecc+:xnack- (typed), in s01_mangled.co"
    Text answer;        // one sentence: the answering finding's title, or that none failed
    QString findingId;  // the answering finding's id, "" when none
    QString findingKey; // its Finding::key(), to select it
    Severity severity = Severity::Info;
    QString layer; // the answering finding's layer ("compile", "load", ...)
    Direction direction = Direction::None;
    TextList notChecked; // what could not be checked here, each with how to check it
    QStringList inputs;  // what was read

    bool isEmpty() const { return answer.isEmpty(); }
    // The headline as every front end prints it first: "ERROR symbol.mangled-name: <answer>"
    // (English; the app renders the same parts in its words).
    QString headline() const;
    QJsonObject toJson() const;
    static CaseVerdict fromJson(const QJsonObject &o);
};

// The answer: of the findings, the one that answers the question — errors before warnings,
// one about an asked kernel or device before others, the earlier layer (compile, build, load,
// launch) before the later — and what this machine could not check.
CaseVerdict caseVerdict(const CaseQuestion &question, const QList<Finding> &findings);

} // namespace hd
