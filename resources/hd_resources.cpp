// The icons and translations are Qt resources linked through this library's object files.
#include <QStringList>

namespace hd::ui {

// The languages compiled in besides English (the source language).
QStringList bundledTranslations() {
#ifdef HD_HAVE_TRANSLATIONS
    return {QStringLiteral("zh_CN")};
#else
    return {};
#endif
}

} // namespace hd::ui
