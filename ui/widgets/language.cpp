#include "widgets/language.h"

#include <QApplication>
#include <QLabel>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTabWidget>
#include <QTranslator>
#include <QVariant>

namespace hd::ui {

namespace {

constexpr char kTrProperty[] = "_hd_tr"; // {property: [context, source]}

QPointer<QTranslator> g_ours, g_qt, g_appWords;

void remove(QPointer<QTranslator> &t) {
    if (!t)
        return;
    QCoreApplication::removeTranslator(t);
    delete t;
}

void apply(QObject *obj, const QString &property, const QStringList &text) {
    const QString translated = QCoreApplication::translate(text.value(0).toUtf8().constData(),
                                                           text.value(1).toUtf8().constData());
    if (property == QLatin1String("tabText")) {
        auto *page = qobject_cast<QWidget *>(obj);
        // A page's parent is the QTabWidget's stack; the QTabWidget above it holds the title.
        for (QObject *p = page ? page->parent() : nullptr; p; p = p->parent()) {
            if (auto *tabs = qobject_cast<QTabWidget *>(p)) {
                const int i = tabs->indexOf(page);
                if (i >= 0)
                    tabs->setTabText(i, translated);
                break;
            }
        }
        return;
    }
    obj->setProperty(property.toLatin1().constData(), translated);
}

} // namespace

bool setLanguage(const QString &code) {
    // Each removal and installation sends LanguageChange.
    remove(g_ours);
    remove(g_qt);
    // The app's English for engine sentences that name a CLI option: beneath every language,
    // so a language's own translation of the sentence comes first.
    if (!g_appWords) {
        auto *words = new QTranslator(QCoreApplication::instance());
        if (words->load(QStringLiteral(":/i18n/hipdoctor_app_en.qm"))) {
            QCoreApplication::installTranslator(words);
            g_appWords = words;
        } else {
            delete words;
        }
    }
    if (code.isEmpty() || code == QLatin1String("en"))
        return true;
    auto *ours = new QTranslator(QCoreApplication::instance());
    if (!ours->load(QStringLiteral(":/i18n/hipdoctor_%1.qm").arg(code))) {
        delete ours;
        return false;
    }
    auto *qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(QStringLiteral("qtbase_%1").arg(code),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        g_qt = qt;
    } else {
        delete qt;
    }
    QCoreApplication::installTranslator(ours);
    g_ours = ours;
    return true;
}

QString systemLanguage() {
    for (const QString &l : QLocale::system().uiLanguages())
        if (l.startsWith(QLatin1String("zh"), Qt::CaseInsensitive))
            return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QString startupLanguage(const QString &option) {
    if (!option.isEmpty())
        return option;
    const QString chosen = QSettings().value(QStringLiteral("language")).toString();
    return chosen.isEmpty() ? systemLanguage() : chosen;
}

QString trSet(QObject *obj, const char *property, const char *context, const char *source) {
    QVariantMap texts = obj->property(kTrProperty).toMap();
    const QStringList text{QString::fromUtf8(context), QString::fromUtf8(source)};
    texts.insert(QString::fromLatin1(property), text);
    obj->setProperty(kTrProperty, texts);
    apply(obj, QString::fromLatin1(property), text);
    return QCoreApplication::translate(context, source);
}

QLabel *trLabel(const char *context, const char *source) {
    auto *label = new QLabel;
    trSet(label, "text", context, source);
    return label;
}

void retranslateTree(QObject *root) {
    QList<QObject *> objects = root->findChildren<QObject *>();
    objects.prepend(root);
    for (QObject *obj : std::as_const(objects)) {
        const QVariantMap texts = obj->property(kTrProperty).toMap();
        for (auto it = texts.cbegin(); it != texts.cend(); ++it)
            apply(obj, it.key(), it.value().toStringList());
    }
}

} // namespace hd::ui
