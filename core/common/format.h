#pragma once

// The one way each number is written for people (docs/architecture.md "Foundation"): offsets
// and addresses, durations, byte sizes. The CLI, the reports and the GUI all use these; the
// labels of the value types' enums (check status, finding severity) are in model/labels.h.

#include <QLocale>
#include <QString>

#include <cstdint>

namespace hd {

// "0x1f40": lower-case hexadecimal with the 0x prefix, no padding.
QString hex(uint64_t v);

// A duration given in milliseconds: "3.25 ms" under 10 ms, "412.5 ms" under a second,
// "1.25 s" from a second on.
QString formatDuration(double ms);

// Milliseconds as a bare figure for a column whose header names the unit: four decimals under
// 1 ms, three under 100 ms, one from 100 ms on ("0.0123", "12.345", "1234.5").
QString formatMsFigure(double ms);

// Text from outside (a GPU node's names, ssh's messages) made safe for one line of a terminal
// or a report: every control character (C0 including newline and tab, DEL, C1) shown as
// \xHH, every invisible format character (isInvisibleFormatChar) as \uHHHH, and, past
// maxChars (-1 = no limit), the rest cut with a mark:
// "… [hipdoctor: 4194210 more characters left out]".
QString printableText(const QString &text, qsizetype maxChars = -1);
// A terminal's output without its escape sequences (colours and cursor moves: CSI "ESC [ … m",
// OSC "ESC ] … BEL", and lone ESC): AMD_LOG_LEVEL and compilers colour their lines, and a
// report or a panel shows the words, not "\x1B[31m".
// Invisible format characters (bidi overrides and isolates such as U+202E, zero-width spaces
// and joiners, U+FEFF, line and paragraph separators) are shown as "\u202E" too: they reorder
// or hide what a reader sees (docs/limits.md "Control and format characters").
QString withoutTerminalEscapes(const QString &text);
// U+202E, U+200B, U+2066 ...: a character that changes how the text around it is shown
// without being seen itself.
bool isInvisibleFormatChar(char32_t c);

// A byte count in IEC units with one decimal: "12 bytes", "4.0 KiB", "1.3 GiB". The GUI passes
// its locale (decimal separator); text for files and terminals uses the C locale.
QString formatBytes(uint64_t bytes, const QLocale &locale = QLocale::c());

} // namespace hd
