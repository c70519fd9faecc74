#include "command_spec.h"

#include "names/kernel_names.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace hd::app {

// ---- the declaration ---------------------------------------------------------------------

QList<QCommandLineOption> CommandSpec::options() const {
    QList<QCommandLineOption> all;
    for (const OptionGroup &g : groups)
        all += g.options;
    return all;
}

const QCommandLineOption *CommandSpec::option(const QString &name) const {
    for (const OptionGroup &g : groups)
        for (const QCommandLineOption &o : g.options)
            if (o.names().contains(name))
                return &o;
    return nullptr;
}

namespace {
QString spelling(const QString &name) {
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}
QString longName(const QCommandLineOption &o) {
    return o.names().last();
}
bool hidden(const QCommandLineOption &o) {
    return o.flags().testFlag(QCommandLineOption::HiddenFromHelp);
}
} // namespace

QStringList CommandSpec::spellings() const {
    QStringList s;
    for (const QCommandLineOption &o : options())
        for (const QString &n : o.names())
            s << spelling(n);
    return s;
}

// ---- parsing -----------------------------------------------------------------------------

Args::Args(const CommandSpec &spec) : m_spec(&spec) {
    // "-target" is "--target"; short options are single letters (-o, -h, -v).
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    m_parser.addOptions(spec.options());
}

namespace {
// The option name an argument spells, without dashes and value: "--target=x" -> "target".
QString optionName(const QString &a, bool *inlineValue) {
    *inlineValue = false;
    if (!a.startsWith(QLatin1Char('-')) || a.size() < 2 || a == QLatin1String("--"))
        return {};
    QString n = a.mid(a.startsWith(QLatin1String("--")) ? 2 : 1);
    const qsizetype eq = n.indexOf(QLatin1Char('='));
    if (eq >= 0) {
        *inlineValue = true;
        n.truncate(eq);
    }
    return n;
}
} // namespace

bool Args::parse(const QStringList &arguments, ParseError *error) {
    const QStringList remaining = takeRestOptions(arguments);
    if (!m_parser.parse(remaining)) {
        explainParseError(remaining, error);
        return false;
    }
    m_positional = m_parser.positionalArguments();
    return checkPositionals(error);
}

// The one hand-written rule: an option of restOptions takes every following argument up to a
// lone "--" (which it consumes). Values of other options are stepped over, so a value that
// happens to read "--run" is not taken for the option. Returns what QCommandLineParser reads.
QStringList Args::takeRestOptions(const QStringList &arguments) {
    QStringList remaining{m_spec->name};
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &a = arguments[i];
        if (a == QLatin1String("--")) {
            remaining += arguments.mid(i);
            break;
        }
        bool inlineValue = false;
        const QString name = optionName(a, &inlineValue);
        if (!name.isEmpty() && m_spec->restOptions.contains(name)) {
            QStringList argv;
            if (inlineValue)
                argv << a.section(QLatin1Char('='), 1);
            for (++i; i < arguments.size() && arguments[i] != QLatin1String("--"); ++i)
                argv << arguments[i];
            m_rest.insert(name, argv);
            continue;
        }
        remaining << a;
        const QCommandLineOption *o = name.isEmpty() ? nullptr : m_spec->option(name);
        if (o && !o->valueName().isEmpty() && !inlineValue && i + 1 < arguments.size())
            remaining << arguments[++i];
    }
    return remaining;
}

// QCommandLineParser's refusal in the command's words: the option as the user typed it, with
// the closest one, or the value an option lacks or must not have.
void Args::explainParseError(const QStringList &remaining, ParseError *error) const {
    const QStringList unknown = m_parser.unknownOptionNames();
    if (!unknown.isEmpty()) {
        // As the user typed it: "--kernels", "-x".
        QString typed = spelling(unknown.first());
        for (const QString &a : remaining) {
            bool inl = false;
            if (optionName(a, &inl) == unknown.first()) {
                typed = inl ? a.section(QLatin1Char('='), 0, 0) : a;
                break;
            }
        }
        error->message = QStringLiteral("unknown option '%1'").arg(typed);
        error->suggestion = closestMatch(typed, m_spec->spellings());
        return;
    }
    // Qt's texts: "Missing value after '--x'." / "Unexpected value after '--x'."
    const QString text = m_parser.errorText();
    static const QRegularExpression quoted(QStringLiteral("'([^']+)'"));
    const QString opt = quoted.match(text).captured(1);
    const QCommandLineOption *o =
        m_spec->option(opt.mid(opt.startsWith(QLatin1String("--")) ? 2 : 1));
    if (text.startsWith(QLatin1String("Missing value")))
        error->message = QStringLiteral("%1 needs a value (%2)")
                             .arg(opt, o ? o->valueName() : QStringLiteral("VALUE"));
    else if (text.startsWith(QLatin1String("Unexpected value")))
        error->message = QStringLiteral("%1 takes no value").arg(opt);
    else
        error->message = text;
}

// As many positional arguments as the command declares: the required ones, and no more unless
// the last is repeatable.
bool Args::checkPositionals(ParseError *error) const {
    const QList<Positional> &decl = m_spec->positionals;
    qsizetype required = 0;
    bool repeatable = false;
    for (const Positional &p : decl) {
        required += p.optional ? 0 : 1;
        repeatable |= p.repeatable;
    }
    if (m_positional.size() < required) {
        error->message = QStringLiteral("no %1 given").arg(decl[m_positional.size()].name);
        return false;
    }
    if (!repeatable && m_positional.size() > decl.size()) {
        const QString extra = m_positional[decl.size()];
        if (extra.startsWith(QLatin1Char('-')) && extra.size() > 1) {
            // After a lone "--": still not an option here.
            error->message = QStringLiteral("unknown option '%1'").arg(extra);
            error->suggestion = closestMatch(extra, m_spec->spellings());
        } else if (decl.isEmpty()) {
            error->message = QStringLiteral("unexpected argument '%1'").arg(extra);
        } else {
            error->message =
                QStringLiteral("one %1 only ('%2' is extra)").arg(decl.last().name, extra);
        }
        return false;
    }
    return true;
}

bool Args::isSetByName(const QString &name) const {
    return m_rest.contains(name) || m_parser.isSet(name);
}

QString closestMatch(const QString &word, const QStringList &candidates) {
    // The engine's one edit distance and its rule for a mistyped word (names/kernel_names.h).
    return hd::closestWord(word.section(QLatin1Char('='), 0, 0), candidates);
}

// ---- help --------------------------------------------------------------------------------

QString optionLabel(const QCommandLineOption &o) {
    QStringList names;
    for (const QString &n : o.names())
        names << spelling(n);
    QString label = names.join(QStringLiteral(", "));
    if (!o.valueName().isEmpty())
        label += QLatin1Char(' ') + o.valueName();
    return label;
}

namespace {
QString positionalLabel(const Positional &p) {
    return p.name + (p.repeatable ? QStringLiteral("...") : QString());
}
} // namespace

QStringList usageLines(const QString &program, const CommandSpec &spec) {
    QString line = QStringLiteral("usage: %1 %2").arg(program, spec.name);
    if (!spec.options().isEmpty())
        line += QStringLiteral(" [options]");
    for (const Positional &p : spec.positionals)
        line += QLatin1Char(' ') +
                (p.optional ? QStringLiteral("[%1]").arg(positionalLabel(p)) : positionalLabel(p));
    QStringList lines{line};
    const QString pad(QStringLiteral("usage: ").size(), QLatin1Char(' '));
    for (const QString &more : spec.moreUsage)
        lines << pad + program + QLatin1Char(' ') + spec.name + QLatin1Char(' ') + more;
    return lines;
}

QString wrapText(const QString &text, int indent, int width) {
    QString out, line;
    const QString pad(indent, QLatin1Char(' '));
    const int room = std::max(20, width - indent);
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &w : words) {
        if (!line.isEmpty() && line.size() + 1 + w.size() > room) {
            out += line + QLatin1Char('\n') + pad;
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + w;
    }
    return out + line;
}

namespace {
// Paragraphs separated by blank lines; a paragraph whose lines are indented is kept as it is,
// the others are wrapped.
QString formatParagraphs(const QString &text, int width) {
    QStringList out;
    for (const QString &para : text.split(QStringLiteral("\n\n"))) {
        if (para.startsWith(QLatin1Char(' ')) || para.contains(QStringLiteral("\n ")))
            out << para;
        else
            out << wrapText(QString(para).replace(QLatin1Char('\n'), QLatin1Char(' ')), 0, width);
    }
    return out.join(QStringLiteral("\n\n"));
}
} // namespace

static QString helpBody(const QString &program, const CommandSpec &spec, int width);

namespace {
// Lines still wider than width (kept paragraphs, usage lines) wrapped, continued two columns
// right of where they start.
QString fitLines(const QString &text, int width) {
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString &line : lines) {
        if (line.size() <= width)
            continue;
        const qsizetype lead =
            line.size() - QString(line).remove(QRegularExpression(QStringLiteral("^ +"))).size();
        line = QString(lead, QLatin1Char(' ')) + wrapText(line.mid(lead), int(lead) + 2, width);
    }
    return lines.join(QLatin1Char('\n'));
}
} // namespace

QString helpText(const QString &program, const CommandSpec &spec, int width) {
    return fitLines(helpBody(program, spec, width), width);
}

static QString helpBody(const QString &program, const CommandSpec &spec, int width) {
    QString s = usageLines(program, spec).join(QLatin1Char('\n')) + QLatin1Char('\n');
    if (!spec.description.isEmpty())
        s += QLatin1Char('\n') + formatParagraphs(spec.description, width) + QLatin1Char('\n');
    // One label column for the whole help, at most 26 wide; longer labels get their own line.
    int column = 0;
    for (const Positional &p : spec.positionals)
        column = std::max(column, int(positionalLabel(p).size()));
    for (const QCommandLineOption &o : spec.options())
        if (!hidden(o) && optionLabel(o).size() <= 26)
            column = std::max(column, int(optionLabel(o).size()));
    // Narrow terminals: the descriptions keep at least 60 % of the width.
    column = std::min(column + 4, std::max(12, width * 2 / 5));
    const auto item = [&](const QString &label, const QString &description) {
        QString line = QStringLiteral("  ") + label;
        if (line.size() + 2 > column)
            line += QLatin1Char('\n') + QString(column, QLatin1Char(' '));
        else
            line = line.leftJustified(column);
        return line + wrapText(description, column, width) + QLatin1Char('\n');
    };
    if (!spec.positionals.isEmpty()) {
        s += QStringLiteral("\narguments:\n");
        for (const Positional &p : spec.positionals)
            s += item(positionalLabel(p), p.description);
    }
    for (const OptionGroup &g : spec.groups) {
        QString block;
        for (const QCommandLineOption &o : g.options)
            if (!hidden(o))
                block += item(optionLabel(o), o.description());
        if (!block.isEmpty())
            s += QLatin1Char('\n') + (g.title.isEmpty() ? QStringLiteral("options") : g.title) +
                 QStringLiteral(":\n") + block;
    }
    if (!spec.exitCodes.isEmpty())
        s += QLatin1Char('\n') +
             wrapText(QStringLiteral("exit codes: ") + spec.exitCodes, 12, width) +
             QLatin1Char('\n');
    return s;
}

// ---- man page ----------------------------------------------------------------------------

namespace {
QString roffText(QString s) {
    s.replace(QLatin1Char('\\'), QStringLiteral("\\e"));
    QStringList lines = s.split(QLatin1Char('\n'));
    for (QString &l : lines)
        if (l.startsWith(QLatin1Char('.')) || l.startsWith(QLatin1Char('\'')))
            l.prepend(QStringLiteral("\\&"));
    return lines.join(QLatin1Char('\n'));
}
QString roffOption(const QString &name) {
    return QStringLiteral("\\fB%1\\fR")
        .arg(QString(name).replace(QLatin1Char('-'), QStringLiteral("\\-")));
}
QString roffLabel(const QCommandLineOption &o) {
    QStringList names;
    for (const QString &n : o.names())
        names << roffOption(spelling(n));
    QString l = names.join(QStringLiteral(", "));
    if (!o.valueName().isEmpty())
        l += QStringLiteral(" \\fI%1\\fR").arg(roffText(o.valueName()));
    return l;
}
QString roffParagraphs(const QString &text) {
    QString s;
    for (const QString &para : text.split(QStringLiteral("\n\n"))) {
        if (para.trimmed().isEmpty())
            continue;
        if (para.startsWith(QLatin1Char(' ')) || para.contains(QStringLiteral("\n ")))
            s += QStringLiteral(".PP\n.nf\n") + roffText(para) + QStringLiteral("\n.fi\n");
        else
            s += QStringLiteral(".PP\n") +
                 roffText(QString(para).replace(QLatin1Char('\n'), QLatin1Char(' '))) +
                 QLatin1Char('\n');
    }
    return s;
}
QString roffGroups(const QList<Positional> &positionals, const QList<OptionGroup> &groups) {
    QString s;
    for (const Positional &p : positionals)
        s += QStringLiteral(".TP\n\\fI%1\\fR\n%2\n")
                 .arg(roffText(positionalLabel(p)), roffText(p.description));
    for (const OptionGroup &g : groups) {
        QString block;
        for (const QCommandLineOption &o : g.options)
            if (!hidden(o))
                block +=
                    QStringLiteral(".TP\n%1\n%2\n").arg(roffLabel(o), roffText(o.description()));
        if (!block.isEmpty() && !g.title.isEmpty())
            s += QStringLiteral(".PP\n\\fI%1:\\fR\n").arg(roffText(g.title));
        s += block;
    }
    return s;
}
QString upper(const QString &program) {
    return QString(program).toUpper().replace(QLatin1Char('-'), QStringLiteral("\\-"));
}
} // namespace

QString manPage(const ProgramDoc &doc) {
    const QString prog = QString(doc.program).replace(QLatin1Char('-'), QStringLiteral("\\-"));
    QString s =
        QStringLiteral(".\\\" Generated from the program's option declarations; do not edit.\n");
    s += QStringLiteral(".TH \"%1\" \"1\" \"\" \"hipdoctor %2\" \"User Commands\"\n")
             .arg(upper(doc.program), doc.version);
    s += QStringLiteral(".SH NAME\n%1 \\- %2\n").arg(prog, roffText(doc.summary));
    s += QStringLiteral(".SH SYNOPSIS\n");
    if (!doc.commands.isEmpty()) {
        s += QStringLiteral(".B %1\n.I COMMAND\n.RI [ options ]\n.br\n.B %1 help\n.I COMMAND\n")
                 .arg(prog);
        for (const QString &g : doc.globalOptions)
            s += QStringLiteral(".br\n.B %1 %2\n").arg(prog, roffOption(g));
    } else {
        s += QStringLiteral(".B %1\n.RI [ options ]\n").arg(prog);
        for (const Positional &p : doc.positionals)
            s += QStringLiteral(".RI [ %1 ]\n").arg(roffText(positionalLabel(p)));
    }
    s += QStringLiteral(".SH DESCRIPTION\n") + roffParagraphs(doc.description);
    if (!doc.options.isEmpty() || !doc.positionals.isEmpty())
        s += QStringLiteral(".SH OPTIONS\n") + roffGroups(doc.positionals, doc.options);
    if (!doc.commands.isEmpty()) {
        s += QStringLiteral(".SH COMMANDS\n");
        for (const CommandSpec &c : doc.commands) {
            if (c.hidden)
                continue;
            s += QStringLiteral(".SS %1\n%2.\n.PP\n.nf\n%3\n.fi\n")
                     .arg(c.name, roffText(c.summary),
                          roffText(usageLines(doc.program, c).join(QLatin1Char('\n'))));
            s += roffParagraphs(c.description);
            s += roffGroups(c.positionals, c.groups);
            if (!c.exitCodes.isEmpty())
                s += QStringLiteral(".PP\nExit codes: %1\n").arg(roffText(c.exitCodes));
        }
    }
    if (!doc.exitStatus.isEmpty())
        s += QStringLiteral(".SH \"EXIT STATUS\"\n") + roffParagraphs(doc.exitStatus);
    if (!doc.environment.isEmpty())
        s += QStringLiteral(".SH ENVIRONMENT\n") + roffParagraphs(doc.environment);
    if (!doc.seeAlso.isEmpty()) {
        QStringList refs;
        for (const QString &r : doc.seeAlso) {
            const qsizetype paren = r.indexOf(QLatin1Char('('));
            refs << QStringLiteral(".BR %1 %2")
                        .arg(
                            QString(r.left(paren)).replace(QLatin1Char('-'), QStringLiteral("\\-")),
                            r.mid(paren));
        }
        s += QStringLiteral(".SH \"SEE ALSO\"\n") + refs.join(QStringLiteral(" ,\n")) +
             QLatin1Char('\n');
    }
    return s;
}

// ---- completions -------------------------------------------------------------------------

namespace {
enum class ValueKind { None, Free, File, Dir, Command, Choice };

ValueKind valueKind(const QString &valueName, bool rest) {
    if (rest)
        return ValueKind::Command;
    if (valueName.isEmpty())
        return ValueKind::None;
    if (valueName.contains(QLatin1Char('|')))
        return ValueKind::Choice;
    static const QSet<QString> files{QStringLiteral("FILE"), QStringLiteral("PATH"),
                                     QStringLiteral("SESSION"), QStringLiteral("PROGRAM")};
    if (files.contains(valueName))
        return ValueKind::File;
    if (valueName == QLatin1String("DIR"))
        return ValueKind::Dir;
    return ValueKind::Free;
}
QStringList choices(const QString &valueName) {
    QStringList c;
    for (const QString &w : valueName.split(QLatin1Char('|')))
        if (w == w.toLower()) // "1|2|3|all|LIST": the words, not the placeholder
            c << w;
    return c;
}
QString shellWords(const QStringList &words) {
    return words.join(QLatin1Char(' '));
}
QString functionName(const QString &program) {
    return QLatin1Char('_') + QString(program).replace(QLatin1Char('-'), QLatin1Char('_'));
}
QStringList visibleCommands(const ProgramDoc &doc) {
    QStringList names;
    for (const CommandSpec &c : doc.commands)
        if (!c.hidden)
            names << c.name;
    return names;
}
} // namespace

namespace {

// What bash offers for an option's value: files, folders, commands, the choices, or nothing
// ("" for an option without a value).
QString bashValueAction(const QString &valueName, ValueKind kind) {
    switch (kind) {
    case ValueKind::None:
        break;
    case ValueKind::Free:
        return QStringLiteral("COMPREPLY=()");
    case ValueKind::File:
        return QStringLiteral(
            "compopt -o filenames 2>/dev/null; COMPREPLY=( $(compgen -f -- \"$cur\") )");
    case ValueKind::Dir:
        return QStringLiteral(
            "compopt -o filenames 2>/dev/null; COMPREPLY=( $(compgen -d -- \"$cur\") )");
    case ValueKind::Command:
        return QStringLiteral("COMPREPLY=( $(compgen -c -- \"$cur\") )");
    case ValueKind::Choice:
        return QStringLiteral("COMPREPLY=( $(compgen -W '%1' -- \"$cur\") )")
            .arg(shellWords(choices(valueName)));
    }
    return {};
}

// One command's branch of the case on the command word: its options, what each option's value
// completes to, and its positionals (files, or folders when the first is a DIR).
QString bashCommandCase(const CommandSpec &c) {
    QStringList all;
    QString values;
    for (const QCommandLineOption &o : c.options()) {
        if (hidden(o))
            continue;
        QStringList sp;
        for (const QString &n : o.names())
            sp << spelling(n);
        all += sp;
        const ValueKind k = valueKind(o.valueName(), c.restOptions.contains(longName(o)));
        if (k == ValueKind::None)
            continue;
        values += QStringLiteral("                %1) %2; return ;;\n")
                      .arg(sp.join(QLatin1Char('|')), bashValueAction(o.valueName(), k));
    }
    QString s = QStringLiteral("        %1)\n            opts='%2'\n").arg(c.name, shellWords(all));
    if (!values.isEmpty())
        s += QStringLiteral("            case $prev in\n") + values +
             QStringLiteral("            esac\n");
    const bool dirs =
        !c.positionals.isEmpty() && c.positionals.first().name.endsWith(QLatin1String("DIR"));
    s += QStringLiteral("            if [[ $cur != -* ]]; then compopt -o filenames 2>/dev/null; "
                        "COMPREPLY=( $(compgen %1 -- \"$cur\") ); return; fi\n"
                        "            ;;\n")
             .arg(dirs ? QStringLiteral("-d") : QStringLiteral("-f"));
    return s;
}

} // namespace

QString bashCompletion(const ProgramDoc &doc) {
    const QString fn = functionName(doc.program);
    QString s = QStringLiteral("# bash completion for %1, generated from its option declarations "
                               "(%1 completion bash).\n")
                    .arg(doc.program);
    s += fn +
         QStringLiteral("()\n{\n"
                        "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
                        "    local cword=$COMP_CWORD\n"
                        "    # --opt=VALUE: bash splits it at '='\n"
                        "    if [[ $cur == = ]]; then cur=''; fi\n"
                        "    if [[ $prev == = ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi\n"
                        "    if [[ $cword -eq 1 ]]; then\n"
                        "        COMPREPLY=( $(compgen -W '%1 help %2' -- \"$cur\") )\n"
                        "        return\n"
                        "    fi\n"
                        "    local opts=''\n"
                        "    case ${COMP_WORDS[1]} in\n")
             .arg(shellWords(visibleCommands(doc)), shellWords(doc.globalOptions));
    s += QStringLiteral("        help)\n            COMPREPLY=( $(compgen -W '%1' -- \"$cur\") )\n"
                        "            return ;;\n")
             .arg(shellWords(visibleCommands(doc)));
    for (const CommandSpec &c : doc.commands)
        if (!c.hidden)
            s += bashCommandCase(c);
    s += QStringLiteral("    esac\n"
                        "    COMPREPLY=( $(compgen -W \"$opts\" -- \"$cur\") )\n"
                        "}\n"
                        "complete -F %1 %2\n")
             .arg(fn, doc.program);
    return s;
}

namespace {
// A description inside _arguments' [...] and single quotes: its first sentence, no brackets,
// no colons, no quotes.
QString zshDescription(const QString &d) {
    QString s = d.section(QStringLiteral(". "), 0, 0).section(QStringLiteral("; "), 0, 0);
    if (s.endsWith(QLatin1Char('.')))
        s.chop(1);
    s.replace(QLatin1Char('['), QLatin1Char('(')).replace(QLatin1Char(']'), QLatin1Char(')'));
    s.replace(QLatin1Char(':'), QStringLiteral(" -")).replace(QLatin1Char('\''), QString());
    s.replace(QLatin1Char('\\'), QString()).replace(QLatin1Char('\n'), QLatin1Char(' '));
    return s.simplified();
}
QString zshAction(const QCommandLineOption &o, bool rest) {
    switch (valueKind(o.valueName(), rest)) {
    case ValueKind::None:
        return {};
    case ValueKind::Free:
        return QStringLiteral(":%1: ").arg(zshDescription(o.valueName()));
    case ValueKind::File:
        return QStringLiteral(":%1:_files").arg(o.valueName());
    case ValueKind::Dir:
        return QStringLiteral(":%1:_files -/").arg(o.valueName());
    case ValueKind::Command:
        return QStringLiteral(":command:_command_names -e");
    case ValueKind::Choice:
        return QStringLiteral(":value:(%1)").arg(choices(o.valueName()).join(QLatin1Char(' ')));
    }
    return {};
}
} // namespace

QString zshCompletion(const ProgramDoc &doc) {
    const QString fn = functionName(doc.program);
    QString s = QStringLiteral("#compdef %1\n# zsh completion for %1, generated from its option "
                               "declarations (%1 completion zsh).\n\n")
                    .arg(doc.program);
    s += fn + QStringLiteral("() {\n    local -a commands\n    commands=(\n");
    for (const CommandSpec &c : doc.commands)
        if (!c.hidden)
            s += QStringLiteral("        '%1:%2'\n").arg(c.name, zshDescription(c.summary));
    s += QStringLiteral("        'help:show the options of a command'\n    )\n"
                        "    if (( CURRENT == 2 )); then\n"
                        "        _describe -t commands '%1 command' commands\n"
                        "        return\n"
                        "    fi\n"
                        "    local cmd=${words[2]}\n"
                        "    shift words\n"
                        "    (( CURRENT-- ))\n"
                        "    case $cmd in\n"
                        "    (help)\n"
                        "        _describe -t commands 'command' commands ;;\n")
             .arg(doc.program);
    for (const CommandSpec &c : doc.commands) {
        if (c.hidden)
            continue;
        s += QStringLiteral("    (%1)\n        _arguments -s -S \\\n").arg(c.name);
        for (const QCommandLineOption &o : c.options()) {
            if (hidden(o))
                continue;
            const bool rest = c.restOptions.contains(longName(o));
            const QString action = zshAction(o, rest);
            const QString repeat = action.isEmpty() || rest ? QString() : QStringLiteral("*");
            for (const QString &n : o.names()) {
                const QString sp = spelling(n);
                const QString form = action.isEmpty() || rest ? sp
                                     : n.size() == 1          ? sp + QLatin1Char('+')
                                                              : sp + QLatin1Char('=');
                s += QStringLiteral("            '%1%2[%3]%4' \\\n")
                         .arg(repeat, form, zshDescription(o.description()), action);
            }
        }
        for (const Positional &p : c.positionals) {
            const QString what = p.name.endsWith(QLatin1String("DIR")) ? QStringLiteral("_files -/")
                                                                       : QStringLiteral("_files");
            s += QStringLiteral("            '%1:%2:%3' \\\n")
                     .arg(p.repeatable ? QStringLiteral("*")
                          : p.optional ? QStringLiteral(":")
                                       : QString(),
                          p.name, what);
        }
        s += QStringLiteral("            ;;\n");
    }
    s += QStringLiteral("    esac\n}\n\n%1 \"$@\"\n").arg(fn);
    return s;
}

} // namespace hd::app
