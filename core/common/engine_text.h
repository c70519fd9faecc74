#pragma once

// An engine sentence for people (docs/design.md, "Languages"). The engine writes findings,
// verdicts, check summaries and fixes as `Text`: the English text, which everything that reads
// English reads unchanged (the CLI, JSON, reports, tests), together with the message it was made
// from — the sentence's context and English source (its key) and its arguments, each itself a
// Text. A front end renders the message in its own words: the app looks every sentence up in its
// translator, so it shows Chinese, and its own English where the CLI names an option
// ("--target"). No front end searches the finished English for sentences.
//
// HD_TEXT(context, source) marks the sentence for lupdate (an alias of QT_TRANSLATE_NOOP, see
// resources/CMakeLists.txt) and makes its Text; the context names the module, "hd::Diagnosis"
// or "hd::Verify". `.arg(...)` takes what QString::arg takes and gives the same English; a Text
// argument keeps its own message. Editing a Text's English as a QString makes plain text: it is
// then shown as it is.

#include <QDebug>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTextStream>

#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace hd {

// The front end's form of one sentence: (context, English source) → the text to show with its
// %N places. The English lookup returns the source.
using SentenceLookup = std::function<QString(const char *context, const char *source)>;

class Text {
public:
    Text() = default;
    // Plain text: names, paths, bytes that were seen, numbers. Shown as it is.
    Text(const QString &plain) : m_english(plain) {} // NOLINT(google-explicit-constructor)
    Text(QString &&plain) : m_english(std::move(plain)) {}
    Text(QLatin1StringView plain) : m_english(plain) {}
    Text(const char16_t *plain) : m_english(QString::fromUtf16(plain)) {}

    // A sentence of the engine (use HD_TEXT, which lupdate sees).
    static Text sentence(const char *context, const char *source);

    // As QString::arg: the same English. One argument keeps its message when it is a Text
    // (or plain QString); numbers, characters and field widths are formatted as QString does.
    template <typename First, typename... Rest>
    Text arg(const First &first, const Rest &...rest) const {
        if constexpr (sizeof...(Rest) == 0 && isTextLike<First>())
            return withArgs({Text(first)});
        else if constexpr (sizeof...(Rest) > 0 && isStringArg<First>() &&
                           (isStringArg<Rest>() && ...))
            // Several strings (QString's one-pass form): each fills its own %N.
            return withArgs({asText(first), asText(rest)...});
        else // one value, or a number with its field width, base or fill
            return withArgs({Text(QStringLiteral("%1").arg(first, rest...))});
    }

    // A temporary's English is a copy, so that `HD_TEXT(...).english()` never dangles.
    const QString &english() const & { return m_english; }
    QString english() && { return std::move(m_english); }
    explicit operator const QString &() const & { return m_english; }
    explicit operator QString() && { return std::move(m_english); }
    // The text in a front end's words; `lookup` is asked once per sentence.
    QString rendered(const SentenceLookup &lookup) const;
    // The sentences this text is made of, as (context, source) keys, outer first.
    QList<std::pair<QByteArray, QByteArray>> sentences() const;
    bool hasSentence() const;
    // The message as JSON, so that a saved session opens in the reader's language
    // (docs/schema-session.md "messages"): a sentence {"c": context, "s": source}, a call
    // {"on": message, "args": [messages]}, pieces {"cat": [messages]}, plain text as a string.
    // Null for plain text.
    QJsonValue messageJson() const;
    // The Text a messageJson() describes, its English made again from it; nullopt when the
    // value is not such a message or is deeper or larger than a saved one can be (hostile
    // files: at most kMaxMessageDepth levels and kMaxMessageNodes nodes).
    static std::optional<Text> fromMessageJson(const QJsonValue &message);
    static constexpr int kMaxMessageDepth = 24;
    static constexpr int kMaxMessageNodes = 4096;

    // Reading the English as a QString does.
    bool isEmpty() const { return m_english.isEmpty(); }
    qsizetype size() const { return m_english.size(); }
    template <typename... A> bool contains(A &&...a) const {
        return m_english.contains(std::forward<A>(a)...);
    }
    template <typename... A> bool startsWith(A &&...a) const {
        return m_english.startsWith(std::forward<A>(a)...);
    }
    template <typename... A> bool endsWith(A &&...a) const {
        return m_english.endsWith(std::forward<A>(a)...);
    }
    template <typename... A> qsizetype indexOf(A &&...a) const {
        return m_english.indexOf(std::forward<A>(a)...);
    }
    QByteArray toUtf8() const { return m_english.toUtf8(); }
    QString toHtmlEscaped() const { return m_english.toHtmlEscaped(); }
    QString simplified() const { return m_english.simplified(); }
    QString trimmed() const { return m_english.trimmed(); }
    QString left(qsizetype n) const { return m_english.left(n); }

    Text &operator+=(const Text &more);
    friend Text operator+(const Text &a, const Text &b);
    friend Text operator+(const Text &a, const QString &b) { return a + Text(b); }
    friend Text operator+(const QString &a, const Text &b) { return Text(a) + b; }
    friend Text operator+(const Text &a, QLatin1StringView b) { return a + Text(b); }
    friend Text operator+(const Text &a, const char16_t *b) { return a + Text(b); }
    friend Text operator+(const Text &a, QChar b) { return a + Text(QString(b)); }
    friend Text operator+(QChar a, const Text &b) { return Text(QString(a)) + b; }

    // Equal when the English is equal (the message is how it is shown, not what it says).
    friend bool operator==(const Text &a, const Text &b) { return a.m_english == b.m_english; }
    friend bool operator==(const Text &a, const QString &b) { return a.m_english == b; }
    friend bool operator==(const Text &a, QLatin1StringView b) { return a.m_english == b; }
    friend bool operator==(const Text &a, const char16_t *b) { return a.m_english == b; }

private:
    struct Node;
    template <typename T> static constexpr bool isTextLike() {
        return std::is_same_v<T, Text> || std::is_same_v<T, QString>;
    }
    template <typename T> static constexpr bool isStringArg() {
        return isTextLike<T>() || std::is_same_v<T, QLatin1StringView> ||
               std::is_same_v<T, QStringView> || std::is_convertible_v<const T &, QString>;
    }
    template <typename T> static Text asText(const T &s) {
        if constexpr (isTextLike<T>())
            return Text(s);
        else if constexpr (std::is_same_v<T, QStringView>)
            return Text(s.toString());
        else
            return Text(QString(s));
    }
    Text withArgs(QList<Text> args) const;
    // A sentence read back from a message (fromMessageJson): it owns its key.
    static Text ownedSentence(const QByteArray &context, const QByteArray &source);
    static std::optional<Text> fromMessage(const QJsonValue &v, int depth, int &budget);
    Text appliedOnce(QList<Text> args) const;

    QString m_english;
    std::shared_ptr<const Node> m_node; // null: plain text
};

// A list of sentences (a finding's fix steps, a verdict's basis); join() joins the English.
class TextList : public QList<Text> {
public:
    using QList<Text>::QList;
    TextList(const QList<Text> &l) : QList<Text>(l) {} // NOLINT(google-explicit-constructor)
    QString join(const QString &separator) const;
    QString join(QChar separator) const { return join(QString(separator)); }
};

QStringList englishOf(const QList<Text> &texts);
QList<Text> textsOf(const QStringList &plain);
QString joined(const QList<Text> &texts, const QString &separator);

// For Qt Test's failure messages.
char *toString(const Text &t);
// Text streams (the CLI) write the English.
QTextStream &operator<<(QTextStream &s, const Text &t);
QDebug operator<<(QDebug d, const Text &t);

} // namespace hd

namespace QtPrivate {
// qPrintable() of a Text: its English.
inline const QString &asString(const hd::Text &t) {
    return t.english();
}
} // namespace QtPrivate

#define HD_TEXT(context, text) ::hd::Text::sentence(context, text)
