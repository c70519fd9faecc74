#include "common/engine_text.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace hd {

// A Text's message: a sentence, a sentence or text with one .arg() call applied (chains nest),
// or texts put together.
struct Text::Node {
    enum class Kind { Sentence, Applied, Concat } kind = Kind::Sentence;
    const char *context = nullptr; // Sentence
    const char *source = nullptr;  // Sentence
    // A sentence read back from JSON owns its key; context and source point into these.
    QByteArray ownContext, ownSource;
    QList<Text> parts;    // Applied: [the text before the call]; Concat: the pieces
    QList<Text> args;     // Applied: the call's arguments
    bool sentence = true; // a sentence is in it (false: a plain format and arguments)
};

namespace {

// QString::arg with one argument, or the several-argument form (one pass over the %N places).
QString applied(const QString &s, const QStringList &a) {
    switch (a.size()) {
    case 1:
        return s.arg(a[0]);
    case 2:
        return s.arg(a[0], a[1]);
    case 3:
        return s.arg(a[0], a[1], a[2]);
    case 4:
        return s.arg(a[0], a[1], a[2], a[3]);
    case 5:
        return s.arg(a[0], a[1], a[2], a[3], a[4]);
    case 6:
        return s.arg(a[0], a[1], a[2], a[3], a[4], a[5]);
    case 7:
        return s.arg(a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
    case 8:
        return s.arg(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
    default:
        return s.arg(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]);
    }
}

// The distinct %N places of a format (N = 1..99, "%L1" included), as QString::arg counts them.
int placeCount(const QString &s) {
    bool seen[100] = {};
    int count = 0;
    for (qsizetype i = 0; i + 1 < s.size(); ++i) {
        if (s[i] != QLatin1Char('%'))
            continue;
        qsizetype j = i + 1;
        if (s[j] == QLatin1Char('L') && j + 1 < s.size())
            ++j;
        if (!s[j].isDigit() || s[j] == QLatin1Char('0'))
            continue;
        int n = s[j].digitValue();
        if (j + 1 < s.size() && s[j + 1].isDigit())
            n = n * 10 + s[j + 1].digitValue();
        if (!seen[n])
            ++count;
        seen[n] = true;
    }
    return count;
}

} // namespace

Text Text::ownedSentence(const QByteArray &context, const QByteArray &source) {
    Text t(QString::fromUtf8(source));
    auto node = std::make_shared<Node>();
    node->ownContext = context;
    node->ownSource = source;
    node->context = node->ownContext.constData();
    node->source = node->ownSource.constData();
    t.m_node = std::move(node);
    return t;
}

bool Text::hasSentence() const {
    return m_node != nullptr && m_node->sentence;
}

Text Text::sentence(const char *context, const char *source) {
    Text t(QString::fromUtf8(source));
    auto node = std::make_shared<Node>();
    node->context = context;
    node->source = source;
    t.m_node = std::move(node);
    return t;
}

Text Text::withArgs(QList<Text> args) const {
    Q_ASSERT(!args.isEmpty() && args.size() <= 9);
    // A chain .arg(a).arg(b) is the format's .arg(a, b): one pass over its %N places, so a
    // "%1" inside a (a kernel name, a path, a log line) is shown as it is and never filled by
    // b (docs/limits.md "Format tokens in untrusted text"). A call past the format's places
    // fills the text as it stands (an argument that is itself a format).
    if (m_node && m_node->kind == Node::Kind::Applied) {
        const Text &format = m_node->parts.first();
        const qsizetype all = m_node->args.size() + args.size();
        if (all <= 9 && placeCount(format.english()) >= all) {
            QList<Text> joined = m_node->args;
            joined += args;
            return format.appliedOnce(std::move(joined));
        }
    }
    return appliedOnce(std::move(args));
}

Text Text::appliedOnce(QList<Text> args) const {
    Text t(applied(m_english, englishOf(args)));
    // Even a plain format keeps its arguments apart (a node without a sentence), so that the
    // next .arg() of the chain is applied in the same pass.
    auto node = std::make_shared<Node>();
    node->kind = Node::Kind::Applied;
    node->sentence = hasSentence() || std::any_of(args.cbegin(), args.cend(),
                                                  [](const Text &a) { return a.hasSentence(); });
    node->parts = {*this};
    node->args = std::move(args);
    t.m_node = std::move(node);
    return t;
}

QString Text::rendered(const SentenceLookup &lookup) const {
    if (m_node == nullptr)
        return m_english;
    switch (m_node->kind) {
    case Node::Kind::Sentence:
        return lookup(m_node->context, m_node->source);
    case Node::Kind::Applied: {
        QStringList args;
        args.reserve(m_node->args.size());
        for (const Text &a : m_node->args)
            args.append(a.rendered(lookup));
        return applied(m_node->parts.first().rendered(lookup), args);
    }
    case Node::Kind::Concat: {
        QString out;
        for (const Text &p : m_node->parts)
            out += p.rendered(lookup);
        return out;
    }
    }
    return m_english;
}

QList<std::pair<QByteArray, QByteArray>> Text::sentences() const {
    QList<std::pair<QByteArray, QByteArray>> out;
    if (m_node == nullptr)
        return out;
    if (m_node->kind == Node::Kind::Sentence)
        out.append({QByteArray(m_node->context), QByteArray(m_node->source)});
    for (const Text &p : m_node->parts)
        out += p.sentences();
    for (const Text &a : m_node->args)
        out += a.sentences();
    return out;
}

QJsonValue Text::messageJson() const {
    if (!hasSentence())
        return QJsonValue();
    const auto messageOf = [](const Text &t) {
        return t.hasSentence() ? t.messageJson() : QJsonValue(t.m_english);
    };
    const auto listOf = [&messageOf](const QList<Text> &texts) {
        QJsonArray a;
        for (const Text &t : texts)
            a.append(messageOf(t));
        return a;
    };
    QJsonObject o;
    switch (m_node->kind) {
    case Node::Kind::Sentence:
        o.insert(QStringLiteral("c"), QString::fromUtf8(m_node->context));
        o.insert(QStringLiteral("s"), QString::fromUtf8(m_node->source));
        break;
    case Node::Kind::Applied:
        o.insert(QStringLiteral("on"), messageOf(m_node->parts.first()));
        o.insert(QStringLiteral("args"), listOf(m_node->args));
        break;
    case Node::Kind::Concat:
        o.insert(QStringLiteral("cat"), listOf(m_node->parts));
        break;
    }
    return o;
}

// fromMessageJson's walk; budget counts the nodes left.
std::optional<Text> Text::fromMessage(const QJsonValue &v, int depth, int &budget) {
    if (--budget < 0 || depth > Text::kMaxMessageDepth)
        return std::nullopt;
    if (v.isString())
        return Text(v.toString());
    if (!v.isObject())
        return std::nullopt;
    const QJsonObject o = v.toObject();
    const auto listOf = [&](const QJsonValue &a) -> std::optional<QList<Text>> {
        if (!a.isArray())
            return std::nullopt;
        QList<Text> out;
        for (const QJsonValue &e : a.toArray()) {
            std::optional<Text> t = fromMessage(e, depth + 1, budget);
            if (!t)
                return std::nullopt;
            out.append(std::move(*t));
        }
        return out;
    };
    if (o.contains(QStringLiteral("s"))) {
        const QJsonValue c = o.value(QStringLiteral("c")), s = o.value(QStringLiteral("s"));
        if (!c.isString() || !s.isString())
            return std::nullopt;
        return ownedSentence(c.toString().toUtf8(), s.toString().toUtf8());
    }
    if (o.contains(QStringLiteral("cat"))) {
        std::optional<QList<Text>> parts = listOf(o.value(QStringLiteral("cat")));
        if (!parts)
            return std::nullopt;
        Text out;
        for (const Text &p : *parts)
            out += p;
        return out;
    }
    std::optional<Text> on = fromMessage(o.value(QStringLiteral("on")), depth + 1, budget);
    std::optional<QList<Text>> args = listOf(o.value(QStringLiteral("args")));
    if (!on || !args || args->isEmpty() || args->size() > 9)
        return std::nullopt;
    return on->withArgs(std::move(*args));
}

std::optional<Text> Text::fromMessageJson(const QJsonValue &message) {
    int budget = kMaxMessageNodes;
    return fromMessage(message, 0, budget);
}

Text &Text::operator+=(const Text &more) {
    *this = *this + more;
    return *this;
}

Text operator+(const Text &a, const Text &b) {
    Text t(a.m_english + b.m_english);
    if (!a.hasSentence() && !b.hasSentence())
        return t;
    auto node = std::make_shared<Text::Node>();
    node->kind = Text::Node::Kind::Concat;
    // Flat: a long detail built piece by piece stays one level deep.
    for (const Text *side : {&a, &b}) {
        if (side->m_node && side->m_node->kind == Text::Node::Kind::Concat)
            node->parts += side->m_node->parts;
        else if (!side->isEmpty() || side->m_node)
            node->parts.append(*side);
    }
    t.m_node = std::move(node);
    return t;
}

QString TextList::join(const QString &separator) const {
    return englishOf(*this).join(separator);
}

QStringList englishOf(const QList<Text> &texts) {
    QStringList out;
    out.reserve(texts.size());
    for (const Text &t : texts)
        out.append(t.english());
    return out;
}

QList<Text> textsOf(const QStringList &plain) {
    QList<Text> out;
    out.reserve(plain.size());
    for (const QString &s : plain)
        out.append(Text(s));
    return out;
}

QString joined(const QList<Text> &texts, const QString &separator) {
    return englishOf(texts).join(separator);
}

QTextStream &operator<<(QTextStream &s, const Text &t) {
    return s << t.english();
}

QDebug operator<<(QDebug d, const Text &t) {
    return d << t.english();
}

char *toString(const Text &t) {
    return qstrdup(t.english().toUtf8().constData()); // Qt Test frees it with delete[]
}

} // namespace hd
