#pragma once

#include "common/engine_text.h"

#include <QString>

namespace hd::ui {

// An engine Text (findings, verdicts, check summaries, fixes) in the app's words: every
// sentence it is made of through the installed translators (QCoreApplication::translate, the
// sentence's context and English source as the key), the arguments put in the same way. The
// app's own English file says what the CLI says with an option in the app's words ("type the
// target in Devices" for "pass --target"); text that is no sentence (names, paths, bytes, a
// session read back from a file) is shown as it is (docs/design.md, "Languages").
QString shownEngineText(const Text &text);

// True when the text has a CJK ideograph (the test of "is this shown in Chinese").
bool hasCjk(const QString &text);

} // namespace hd::ui
