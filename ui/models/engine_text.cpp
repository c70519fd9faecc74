#include "models/engine_text.h"

#include <QCoreApplication>

#include <algorithm>

namespace hd::ui {

bool hasCjk(const QString &text) {
    return std::any_of(text.cbegin(), text.cend(), [](QChar c) {
        return (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF) ||
               (c.unicode() >= 0x3400 && c.unicode() <= 0x4DBF);
    });
}

QString shownEngineText(const Text &text) {
    return text.rendered([](const char *context, const char *source) {
        return QCoreApplication::translate(context, source);
    });
}

} // namespace hd::ui
