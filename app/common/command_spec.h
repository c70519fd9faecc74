#pragma once

// Declared command lines (docs/cli.md, "Developer note: declaring options"). A front end
// declares each command once (its positional arguments and its option groups, as
// QCommandLineOption); everything else comes from that declaration: the parsing (both
// `--x V` and `--x=V`), the help text, the "did you mean" answer to a misspelt option, the
// bash and zsh completions and the man page. The only hand-written rule is the pre-pass for
// options that take the rest of the command line up to a lone "--" (CommandSpec::restOptions).

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <concepts>
#include <functional>
#include <type_traits>

namespace hd::app {

// A program names each of its options once, as an enumerator of its own enum with a function
// `QString optionName(Id)` beside it (hipdoctor-cli: app/cli/cli_options.h, the way
// llvm-readobj's OPT_ ids come from its table). Commands declare and read options by these ids
// only, so a misspelt option does not compile.
template <class Id>
concept OptionId = std::is_enum_v<Id> && requires(Id id) {
    { optionName(id) } -> std::convertible_to<QString>;
};

class Args;

struct Positional {
    QString name;        // FILE, INPUT, CACHE_DIR ...
    QString description; // one paragraph
    bool repeatable = false;
    bool optional = false;
};

// Options shown and completed together. Shared groups (probe options, targets, output, the
// environment) are made by one function each and added to the commands that take them.
struct OptionGroup {
    QString title; // "" for the command's own options
    QList<QCommandLineOption> options;
};

struct CommandSpec {
    QString name;
    QString summary; // one line: the command list, the man page
    QList<Positional> positionals;
    QList<OptionGroup> groups;
    // Options whose values are the rest of the command line up to a lone "--" (a command and its
    // arguments); declared in groups like the others, with the value name "CMD [ARG...] --".
    QStringList restOptions;
    QString description;   // after the usage line; paragraphs, indented lines kept as they are
    QString exitCodes;     // the command's reading of the exit codes
    QStringList moreUsage; // further usage lines ("verify --import-records DIR ...")
    bool hidden = false;   // not listed, not completed, not in the man page
    // Settings read before the application object exists (app/cli/main.cpp):
    bool heapTuning = false; // worth a second start with a huge-page heap (heap_tuning.h)
    bool charts = false;     // may draw charts (an HTML report): load the chart module
    std::function<int(const Args &)> run;

    QList<QCommandLineOption> options() const;
    const QCommandLineOption *option(const QString &name) const;
    // Every spelling of every option: "--target", "-o", "--output" ...
    QStringList spellings() const;
};

// Where a parse went wrong: an option that is not the command's, a missing value, too many or
// too few positional arguments.
struct ParseError {
    QString message;    // "unknown option '--kernels'"
    QString suggestion; // "--kernel" when one is close, else empty
};

// A command's parsed arguments, read by option id (OptionId above).
class Args {
public:
    explicit Args(const CommandSpec &spec);
    bool parse(const QStringList &arguments, ParseError *error);

    template <OptionId Id> bool isSet(Id id) const { return isSetByName(optionName(id)); }
    // The last one given.
    template <OptionId Id> QString value(Id id) const { return m_parser.value(optionName(id)); }
    // Every one, in order.
    template <OptionId Id> QStringList values(Id id) const {
        return m_parser.values(optionName(id));
    }
    // What an option of CommandSpec::restOptions took.
    template <OptionId Id> QStringList rest(Id id) const { return m_rest.value(optionName(id)); }
    // The command declares it (readers of a shared group serve commands with and without it).
    template <OptionId Id> bool declares(Id id) const {
        return m_spec->option(optionName(id)) != nullptr;
    }
    QStringList positional() const { return m_positional; }
    const CommandSpec &spec() const { return *m_spec; }

private:
    bool isSetByName(const QString &name) const;
    // parse's steps, in order.
    QStringList takeRestOptions(const QStringList &arguments);
    void explainParseError(const QStringList &remaining, ParseError *error) const;
    bool checkPositionals(ParseError *error) const;

    const CommandSpec *m_spec;
    QCommandLineParser m_parser;
    QMap<QString, QStringList> m_rest;
    QStringList m_positional;
};

// The closest of candidates to word (edit distance, or one being the other with a letter or
// an 's' more), or empty when none is close.
QString closestMatch(const QString &word, const QStringList &candidates);

// "-o, --output FILE"
QString optionLabel(const QCommandLineOption &o);
// "usage: PROGRAM NAME [options] FILE..." and the spec's further usage lines.
QStringList usageLines(const QString &program, const CommandSpec &spec);
// The whole help of a command, wrapped to width columns.
QString helpText(const QString &program, const CommandSpec &spec, int width);

// Generated documents. A program with commands (hipdoctor-cli) gives them in `commands`;
// a program without gives its options in `options` and its operands in `positionals`.
struct ProgramDoc {
    QString program; // hipdoctor-cli
    QString summary; // NAME line
    QString version;
    QString description;
    QList<CommandSpec> commands;
    QList<OptionGroup> options;
    QList<Positional> positionals;
    QStringList globalOptions; // program-level words: --help --version
    QString exitStatus;
    QStringList seeAlso; // "hipdoctor(1)"
    QString environment; // preformatted, optional
};
QString manPage(const ProgramDoc &doc);
QString bashCompletion(const ProgramDoc &doc);
QString zshCompletion(const ProgramDoc &doc);

// Wraps text at spaces to width columns, later lines indented by indent spaces.
QString wrapText(const QString &text, int indent, int width);

} // namespace hd::app
