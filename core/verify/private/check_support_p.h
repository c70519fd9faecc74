#pragma once

// Small helpers the steps' checks and the comparison share (private to hd_verify).

#include "model/finding.h"
#include "model/records.h"
#include "probe/protocol.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace hd {

// A finding of the verification, built through the catalog (model/finding_catalog.h) with its
// severity and the direction the step or the comparison found.
Finding catalogFinding(const QString &id, Direction dir, const Text &title, const Text &detail,
                       QList<Evidence> ev, QList<Text> fix, const QString &layer = {});

// The first n non-empty lines of text.
QString firstLines(const QString &text, int n);

// A probe result as a check record (status from the outcome, phases, the result in data).
void fillFromProbe(const ProbeResult &r, const QMap<QString, QString> &env, CheckRecord &c);
// The probe result a check recorded (data "probe"); an empty result when it holds none.
ProbeResult probeResultOf(const CheckRecord &c);

bool probeSaysNoDevice(const ProbeResult &r);
Finding noDeviceFinding(const QList<Evidence> &ev);

// A JSON array of strings as a list.
QStringList stringsOf(const QJsonValue &v);

} // namespace hd
