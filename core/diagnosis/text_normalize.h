#pragma once

// The one pass that turns a paste into the lines the event reader sees (docs/findings.md,
// "Pastes as people post them"): CRLF, terminal escapes and their literal renderings, logger
// prefixes, Markdown quoting, list markers and fences go; a line that a terminal or an issue
// tracker wrapped in the middle of a token is joined again. Every line it gives keeps the
// original lines it came from, so evidence quotes the original line with its original number.

#include <QList>
#include <QString>
#include <QStringList>

namespace hd {

struct Finding;

struct NormalizedText {
    QStringList lines;    // what the readers see, one entry per line
    QList<int> origin;    // for each of `lines`: the 0-based original line it starts on
    QList<int> originEnd; // ... and the last original line it holds (> origin when joined)
    QStringList original; // the original lines, without their "\n"

    QString text() const { return lines.join(QLatin1Char('\n')); }
    // The original 1-based line number of 1-based line `number` of `lines` (itself when out of
    // range).
    int originalNumber(int number) const;
    int originalLastNumber(int number) const; // the last original line it holds

    // The original text of 1-based line `number` of `lines`, its wrapped parts joined by "\n",
    // trimmed; "" when out of range.
    QString originalQuote(int number) const;
    bool changed = false; // any line differs from the original, or lines were joined
};

// Bounded as the readers are: lines over 64 KiB are read at their start only, and nothing is
// joined across more than two original lines.
NormalizedText normalizeText(const QString &text);

// One line's own shapes (escapes, logger prefixes, quote and list markers, CRLF, Windows paths
// written with doubled backslashes); `fence` is set for a Markdown fence line, which reads as
// blank.
QString normalizeLine(const QString &line, bool *fence = nullptr);

// The evidence of `findings` that points at a line of the text input `path` read through
// `n`: its number becomes the original's, and a quote of the line the readers saw becomes the
// original line.
void mapEvidenceToOriginal(QList<Finding> &findings, const QString &path, const NormalizedText &n);

} // namespace hd
