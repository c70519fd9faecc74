#include "models/engine_text.h"

#include "model/finding_catalog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QMutex>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include <algorithm>
#include <optional>

namespace hd::ui {

namespace {

// One English sentence of the engine, as a pattern that finds it again in finished text.
struct Template {
    QByteArray context, source;
    QRegularExpression whole;  // the whole text is this sentence
    QRegularExpression suffix; // the text ends with this sentence
    bool appended = false;     // it starts with a space or a mark: it follows anything
    QList<int> argOfGroup;     // capture group i+1 holds argument %argOfGroup[i]
    QString anchor;            // the longest literal piece: a cheap test before the pattern
    qsizetype literal = 0;
};

bool isEngineContext(QStringView name) {
    return name == u"hd::Diagnosis" || name == u"hd::Verify";
}

// The sources of the engine's contexts, read from the translation file compiled into the app
// (resources/CMakeLists.txt): every language's file lists the same English sentences.
QList<std::pair<QString, QString>> engineSources() {
    QList<std::pair<QString, QString>> out;
    const QStringList files =
        QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("*.ts")}, QDir::Files);
    if (files.isEmpty())
        return out;
    QFile f(QStringLiteral(":/i18n/") + files.first());
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    QString context;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == u"name")
            context = xml.readElementText();
        else if (xml.name() == u"source" && isEngineContext(context))
            out.append({context, xml.readElementText()});
    }
    return out;
}

std::optional<Template> makeTemplate(const QString &context, const QString &source) {
    static const QRegularExpression argRe(QStringLiteral("%(\\d)"));
    static const QRegularExpression wordRe(QStringLiteral("[A-Za-z]{2,}"));
    Template t;
    t.context = context.toUtf8();
    t.source = source.toUtf8();
    QString pattern, literal;
    qsizetype at = 0;
    auto addLiteral = [&](const QString &piece) {
        pattern += QRegularExpression::escape(piece);
        literal += piece;
        if (piece.trimmed().size() > t.anchor.size())
            t.anchor = piece.trimmed();
    };
    for (auto it = argRe.globalMatch(source); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        addLiteral(source.mid(at, m.capturedStart() - at));
        pattern += QStringLiteral("(.*?)");
        t.argOfGroup.append(m.captured(1).toInt());
        at = m.capturedEnd();
    }
    addLiteral(source.mid(at));
    // Too little of its own text ("%1 (%2)", "step %1: %2") would match any name.
    qsizetype words = 0;
    for (auto it = wordRe.globalMatch(literal); it.hasNext(); it.next())
        ++words;
    const qsizetype marks = literal.size() - literal.count(QLatin1Char(' '));
    if (words < 2 && (words < 1 || marks < 8))
        return std::nullopt;
    t.literal = literal.size();
    const auto opts = QRegularExpression::DotMatchesEverythingOption;
    t.whole = QRegularExpression(QStringLiteral("\\A") + pattern + QStringLiteral("\\z"), opts);
    // A sentence at the end of a text: a piece the engine appends (" Step 3 still shows: %1",
    // "; without Triton: %1"), or a sentence after a name and a colon ("--extended-lambda:
    // remove it ..."); not the end of a sentence it does not know ("looked in 2 code objects").
    if (!source.isEmpty() && source.front() != u'%') {
        t.suffix = QRegularExpression(pattern + QStringLiteral("\\z"), opts);
        t.appended = !source.front().isLetterOrNumber();
    }
    return t;
}

const QList<Template> &templates() {
    static const QList<Template> list = [] {
        QList<Template> out;
        for (const auto &[context, source] : engineSources())
            if (std::optional<Template> t = makeTemplate(context, source))
                out.append(std::move(*t));
        // The most specific sentence first.
        std::stable_sort(out.begin(), out.end(), [](const Template &a, const Template &b) {
            return a.literal > b.literal;
        });
        return out;
    }();
    return list;
}

QString shown(const QString &text, int depth);

// The arguments of a match, by number; nullopt when one argument used twice differs.
std::optional<QHash<int, QString>> argumentsOf(const Template &t,
                                               const QRegularExpressionMatch &m) {
    QHash<int, QString> args;
    for (int g = 0; g < t.argOfGroup.size(); ++g) {
        const QString v = m.captured(g + 1);
        const auto it = args.constFind(t.argOfGroup[g]);
        if (it != args.cend() && *it != v)
            return std::nullopt;
        args.insert(t.argOfGroup[g], v);
    }
    return args;
}

QString translated(const Template &t, const QHash<int, QString> &args, int depth) {
    const QString target = QCoreApplication::translate(t.context.constData(), t.source.constData());
    // %N replaced in one pass: an argument's own "%" stays as it is.
    QString out;
    for (qsizetype i = 0; i < target.size(); ++i) {
        if (target[i] == QLatin1Char('%') && i + 1 < target.size() && target[i + 1].isDigit()) {
            const int n = target[i + 1].digitValue();
            if (args.contains(n)) {
                out += shown(args.value(n), depth + 1);
                ++i;
                continue;
            }
        }
        out += target[i];
    }
    return out;
}

// A sentence starts at `at`: after ": ", ". ", "; " or " — ".
bool afterSentenceBreak(const QString &text, qsizetype at) {
    const QStringView before = QStringView(text).left(at);
    for (const char *mark : {": ", ". ", "; ", " — "})
        if (before.endsWith(QLatin1String(mark)))
            return true;
    return false;
}

QString shown(const QString &text, int depth) {
    if (depth > 4 || text.trimmed().isEmpty())
        return text;
    if (text.contains(QLatin1Char('\n'))) {
        QStringList lines = text.split(QLatin1Char('\n'));
        for (QString &l : lines)
            l = shown(l, depth);
        return lines.join(QLatin1Char('\n'));
    }
    const QList<Template> &list = templates();
    for (const Template &t : list) {
        if (!text.contains(t.anchor))
            continue;
        const QRegularExpressionMatch m = t.whole.match(text);
        if (m.hasMatch())
            if (const auto args = argumentsOf(t, m))
                return translated(t, *args, depth);
    }
    // Two sentences put together: the engine appends a second one (" Step 3 still shows: %1").
    for (const Template &t : list) {
        if (!t.suffix.isValid() || t.suffix.pattern().isEmpty() || !text.contains(t.anchor))
            continue;
        const QRegularExpressionMatch m = t.suffix.match(text);
        if (m.hasMatch() && m.capturedStart() > 0 &&
            (t.appended || afterSentenceBreak(text, m.capturedStart())))
            if (const auto args = argumentsOf(t, m))
                return shown(text.left(m.capturedStart()), depth + 1) + translated(t, *args, depth);
    }
    return text;
}

} // namespace

bool hasCjk(const QString &text) {
    return std::any_of(text.cbegin(), text.cend(), [](QChar c) {
        return (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF) ||
               (c.unicode() >= 0x3400 && c.unicode() <= 0x4DBF);
    });
}

QString shownEngineText(const QString &english) {
    if (english.isEmpty() || !catalogTranslated())
        return english;
    // Views ask for the same texts on every paint: remembered per language.
    static QMutex mutex;
    static QHash<QString, QString> cache;
    static QString cacheLanguage;
    const QString language = findingMeaning(QStringLiteral("layer.compile-failed"));
    QMutexLocker lock(&mutex);
    if (language != cacheLanguage) {
        cache.clear();
        cacheLanguage = language;
    }
    const auto it = cache.constFind(english);
    if (it != cache.cend())
        return *it;
    const QString out = shown(english, 0);
    if (cache.size() > 50000) // a log's worth of evidence lines: start again
        cache.clear();
    cache.insert(english, out);
    return out;
}

} // namespace hd::ui
