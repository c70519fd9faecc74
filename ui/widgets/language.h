#pragma once

// Live language switching (View > Language, --lang). English is the source language; the
// Simplified Chinese translation is compiled into the app (resources/).
//
// Switching installs the new QTranslators in place of the old ones, which makes Qt send every
// widget a QEvent::LanguageChange. Widgets built once in a constructor do not re-run their
// tr() calls, so the texts that must follow are set through trSet(): it remembers the English
// source on the object, and retranslateTree() sets them all again in the new language.

#include <QString>

class QLabel;
class QObject;

namespace hd::ui {

// Installs hipdoctor's and Qt's translations for `code` ("en" or "" = none), replacing the
// ones installed before. False (and English) when no translation for `code` is compiled in.
bool setLanguage(const QString &code);
// The language of the system locale (LANG, LC_ALL, LC_MESSAGES) among those the app has:
// "zh_CN" for any Chinese locale, else "en".
QString systemLanguage();
// The language to start in: the --lang option, else the one chosen in View > Language
// (QSettings "language"), else the system's.
QString startupLanguage(const QString &option = {});

// Sets obj's Qt property (QAction/QAbstractButton/QLabel "text", QMenu/QGroupBox "title",
// QDockWidget/QToolBar/QWidget "windowTitle", QLineEdit "placeholderText", "toolTip",
// "iconText"...) to the translation of `source` and remembers it. The property "tabText" sets
// the tab title of a QTabWidget page. Returns the translated text.
QString trSet(QObject *obj, const char *property, const char *context, const char *source);
// A QLabel whose text is trSet().
QLabel *trLabel(const char *context, const char *source);
// Sets every text trSet() remembered on root and its descendants again, translated now.
void retranslateTree(QObject *root);

} // namespace hd::ui

// trSet() / trLabel() in the calling class's translation context. The text is written as
// QT_TR_NOOP("...") at the call so that lupdate finds it (lupdate does not expand macros).
#define HD_TR_SET(obj, property, text)                                                             \
    ::hd::ui::trSet((obj), (property), staticMetaObject.className(), (text))
#define HD_TR_LABEL(text) ::hd::ui::trLabel(staticMetaObject.className(), (text))
