#pragma once

// What the readers of text facts share (not part of the engine's public API): the bounds that
// keep the facts of a huge log small, and the per-line families of text_facts_other.cpp.

#include "diagnosis/text_facts.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hd::detail {

constexpr int kMaxLineChars = 1000;
constexpr int kMaxFactsPerKind = 200; // a huge log still gives a bounded result

inline TextLine makeLine(int number, const QString &text) {
    QString t = text.trimmed();
    if (t.size() > kMaxLineChars)
        t = t.left(kMaxLineChars) + QStringLiteral("…");
    return {number, t};
}

// One line of a text as the readers see it.
struct PreparedLine {
    int index = 0;   // in the text's lines
    int number = 0;  // 1-based
    QString text;    // without "\r" and tool prefixes (docker, CI timestamps), at most 64 KiB
    QString trimmed; // never empty
};
// The line `i` of `lines` ready to read; nullopt for a blank one (text_events.cpp).
std::optional<PreparedLine> prepareLine(const QStringList &lines, int i);

template <typename T> bool roomFor(const QList<T> &list) {
    return list.size() < kMaxFactsPerKind;
}

// Facts beyond the error lines for line `index` of `lines` (number n, trimmed text t).
void otherFacts(TextFacts &f, int n, const QString &t, bool compilerLine, const QStringList &lines,
                int index);
// Only the facts about the environment (variables set, releases and paths named): what a
// traceback's frames still tell.
void environmentFacts(TextFacts &f, int n, const QString &t, bool compilerLine,
                      const QStringList &lines, int index);

} // namespace hd::detail
