#pragma once

#include <QString>

namespace hd::ui {

// The engine's sentences (HD_TEXT in core/diagnosis and core/verify, contexts "hd::Diagnosis"
// and "hd::Verify") in the app's language. The engine writes English with the case's names in
// it; this finds the English sentence the text was built from, translates it and puts the
// names back, each one translated the same way (a name that is itself an engine phrase, such
// as "anonymous namespace", is translated too). A text built from two sentences is taken apart
// at the second one, and lines one by one. Text that matches no sentence, and everything while
// no translator is installed, comes back unchanged (docs/design.md, "Languages").
QString shownEngineText(const QString &english);

// True when the text has a CJK ideograph (the test of "is this shown in Chinese").
bool hasCjk(const QString &text);

} // namespace hd::ui
