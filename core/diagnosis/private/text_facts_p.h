#pragma once

// What the readers of text facts share (not part of the engine's public API): the bounds that
// keep the facts of a huge log small, and the per-line families of text_facts_other.cpp.

#include "diagnosis/text_facts.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace hd::detail {

constexpr int kMaxLineChars = 1000;
constexpr int kMaxFactsPerKind = 200; // a huge log still gives a bounded result

inline TextLine makeLine(int number, const QString &text) {
    QString t = text.trimmed();
    if (t.size() > kMaxLineChars)
        t = t.left(kMaxLineChars) + QStringLiteral("…");
    return {number, t};
}

template <typename T> bool roomFor(const QList<T> &list) {
    return list.size() < kMaxFactsPerKind;
}

// Facts beyond the error lines for line `index` of `lines` (number n, trimmed text t).
void otherFacts(TextFacts &f, int n, const QString &t, bool compilerLine, const QStringList &lines,
                int index);

} // namespace hd::detail
