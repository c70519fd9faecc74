#include "common/value_parsers.h"

#include <QRegularExpression>

#include <limits>

namespace hd {

namespace {
template <typename T> std::optional<T> fail(QString *error, const QString &why) {
    if (error)
        *error = why;
    return std::nullopt;
}
} // namespace

bool isEnvName(const QString &name) {
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return re.match(name).hasMatch();
}

std::optional<EnvAssignment> parseEnvAssignment(const QString &text, QString *error) {
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    if (eq < 0)
        return fail<EnvAssignment>(error,
                                   QStringLiteral("expected NAME=VALUE, got '%1'").arg(text));
    const QString name = text.left(eq);
    if (!isEnvName(name))
        return fail<EnvAssignment>(
            error, QStringLiteral("expected NAME=VALUE with NAME made of letters, digits and _ "
                                  "(not starting with a digit), got '%1'")
                       .arg(text));
    return EnvAssignment{name, text.mid(eq + 1)};
}

std::optional<qint64> parseInteger(const QString &text, qint64 min, qint64 max, QString *error) {
    bool ok = false;
    const qint64 v = text.trimmed().toLongLong(&ok);
    if (!ok || v < min || v > max)
        return fail<qint64>(error, QStringLiteral("expected a whole number from %1 to %2, got '%3'")
                                       .arg(min)
                                       .arg(max)
                                       .arg(text));
    return v;
}

std::optional<int> parsePositiveInt(const QString &text, QString *error) {
    const auto v = parseInteger(text, 1, std::numeric_limits<int>::max(), error);
    if (!v)
        return std::nullopt;
    return int(*v);
}

std::optional<int> parseSeconds(const QString &text, QString *error) {
    bool ok = false;
    const double s = text.trimmed().toDouble(&ok);
    if (!ok || !(s > 0) || s > 86400)
        return fail<int>(error,
                         QStringLiteral("expected a number of seconds above 0 (at most 86400), "
                                        "got '%1'")
                             .arg(text));
    return std::max(1, int(s * 1000));
}

std::optional<QString> parseChoice(const QString &text, const QStringList &choices,
                                   QString *error) {
    if (choices.contains(text))
        return text;
    return fail<QString>(
        error, QStringLiteral("expected %1, got '%2'")
                   .arg(choices.size() > 1
                            ? choices.mid(0, choices.size() - 1).join(QStringLiteral(", ")) +
                                  QStringLiteral(" or ") + choices.last()
                            : choices.value(0),
                        text));
}

std::optional<std::array<unsigned, 3>> parseDimensions(const QString &text, QString *error) {
    const auto bad = [&] {
        return fail<std::array<unsigned, 3>>(
            error, QStringLiteral("expected X[,Y,Z] with whole numbers from 1 to 4294967295, "
                                  "got '%1'")
                       .arg(text));
    };
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.size() > 3)
        return bad();
    std::array<unsigned, 3> d{1, 1, 1};
    for (qsizetype i = 0; i < parts.size(); ++i) {
        bool ok = false;
        const qulonglong v = parts[i].trimmed().toULongLong(&ok);
        if (!ok || v == 0 || v > 0xffffffffull)
            return bad();
        d[size_t(i)] = unsigned(v);
    }
    return d;
}

QString dimensionsText(const std::array<unsigned, 3> &d) {
    size_t n = 3;
    while (n > 1 && d[n - 1] == 1)
        --n;
    QStringList parts;
    for (size_t i = 0; i < n; ++i)
        parts.append(QString::number(d[i]));
    return parts.join(QLatin1Char(','));
}

} // namespace hd
