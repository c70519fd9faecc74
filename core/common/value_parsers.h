#pragma once

// One parser per kind of value a person types: on the command line (app/cli) and in the app's
// fields (ui/). Each returns the value, or nothing with a one-line reason in *error that names
// what was expected ("expected X[,Y,Z] with numbers from 1 to 4294967295, got '0'"), so the CLI
// and the GUI answer bad input the same way (docs/cli.md, "Values"). Device target ids have
// their own parser beside their type: TargetId::parse (core/targets/target_id.h).

#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace hd {

struct EnvAssignment {
    QString name;
    QString value;
};

// NAME=VALUE with NAME a portable environment variable name ([A-Za-z_][A-Za-z0-9_]*); the value
// may be empty and may hold '='.
std::optional<EnvAssignment> parseEnvAssignment(const QString &text, QString *error = nullptr);
// True for a portable environment variable name.
bool isEnvName(const QString &name);

// Launch dimensions "X", "X,Y" or "X,Y,Z" (spaces around the numbers allowed); the missing ones
// are 1. Each number is 1 .. 4294967295.
std::optional<std::array<unsigned, 3>> parseDimensions(const QString &text,
                                                       QString *error = nullptr);
// The shortest text parseDimensions reads back as d: "4096" for {4096,1,1}, "64,4" for {64,4,1}.
QString dimensionsText(const std::array<unsigned, 3> &d);

// A whole number in [min, max] (decimal, surrounding spaces allowed).
std::optional<qint64> parseInteger(const QString &text, qint64 min, qint64 max,
                                   QString *error = nullptr);
// A whole number >= 1 that fits an int.
std::optional<int> parsePositiveInt(const QString &text, QString *error = nullptr);
// A duration in seconds (decimals allowed, > 0, at most a day), returned in milliseconds.
std::optional<int> parseSeconds(const QString &text, QString *error = nullptr);
// One of the given words, exactly.
std::optional<QString> parseChoice(const QString &text, const QStringList &choices,
                                   QString *error = nullptr);

} // namespace hd
