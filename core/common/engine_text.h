#pragma once

// An engine sentence for people: English in everything the engine writes (CLI, JSON, reports);
// the desktop app translates it where it shows it (docs/design.md, "Languages"). The macro only
// marks the text for lupdate (an alias of QT_TRANSLATE_NOOP, see resources/CMakeLists.txt); the
// context names the module, "hd::Diagnosis" or "hd::Verify". Arguments keep their %N places so
// the app can find the sentence again in the finished text.

#include <QString>

#define HD_TEXT(context, text) QStringLiteral(text)
