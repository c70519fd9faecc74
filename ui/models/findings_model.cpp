#include "models/findings_model.h"

#include "models/engine_text.h"
#include "models/ui_roles.h"

#include "model/finding_catalog.h"

#include <QCoreApplication>
#include <QFont>
#include <QIcon>

#include <algorithm>

namespace hd::ui {

FindingsModel::FindingsModel(QObject *parent) : QAbstractItemModel(parent) {}

FindingsModel::Group FindingsModel::groupOf(const Finding &f) {
    switch (f.direction) {
    case Direction::RuntimeLink:
        return RuntimeGroup;
    case Direction::Symbols:
        return SymbolsGroup;
    case Direction::CodeObject:
        return CodeObjectGroup;
    case Direction::None:
        break;
    }
    if (f.layer == QLatin1String("compile") || f.layer == QLatin1String("build") ||
        f.id.startsWith(QLatin1String("layer.")) || f.id.startsWith(QLatin1String("build.")) ||
        f.id.startsWith(QLatin1String("triton.")))
        return LayerGroup;
    return OtherGroup;
}

QString FindingsModel::groupTitle(Group g) {
    switch (g) {
    case LayerGroup:
        return tr("Which layer failed (compile / build)");
    case RuntimeGroup:
        return tr("Direction 1: runtime link and initialization");
    case SymbolsGroup:
        return tr("Direction 2: symbols");
    case CodeObjectGroup:
        return tr("Direction 3: code object vs. device and context");
    case OtherGroup:
    case GroupCount:
        break;
    }
    return tr("Other findings");
}

QString FindingsModel::linkFor(const Evidence &e) {
    const QString src = e.source.toLower();
    if (src == QLatin1String("env"))
        return QStringLiteral("env:") + (e.location.isEmpty()
                                             ? e.text.english().section(QLatin1Char('='), 0, 0)
                                             : e.location.english());
    // A line of a log: "log:LINE" for the steps' logs, "log:LINE:PATH" for a log file input.
    if (e.location.startsWith(QLatin1String("line "))) {
        bool ok = false;
        const int line = e.location.english().mid(5).section(QLatin1Char(' '), 0, 0).toInt(&ok);
        if (ok)
            return src == QLatin1String("log")
                       ? QStringLiteral("log:%1").arg(line)
                       : QStringLiteral("log:%1:%2").arg(line).arg(e.source);
    }
    // Symbols: "symbol NAME", or evidence text "kernel NAME = demangled" / "symbol NAME (...)".
    for (const QString &s : {e.location.english(), e.text.english()}) {
        for (const QLatin1String prefix : {QLatin1String("symbol "), QLatin1String("symbol:"),
                                           QLatin1String("kernel "), QLatin1String("function ")}) {
            if (s.startsWith(prefix)) {
                const QString name = s.mid(prefix.size()).trimmed().section(QLatin1Char(' '), 0, 0);
                if (!name.isEmpty())
                    return QStringLiteral("symbol:") + name;
            }
        }
    }
    if (src == QLatin1String("command"))
        return {};
    if (e.source.contains(QLatin1Char('/')))
        return QStringLiteral("file:") + e.source;
    return {};
}

QString FindingsModel::fixText(const Finding &f) {
    const QStringList fix = shown(f).fix;
    QString out;
    for (const QString &step : fix)
        out += (fix.size() > 1 ? QStringLiteral("- ") : QString()) + step + QLatin1Char('\n');
    return out.trimmed();
}

FindingsModel::Shown FindingsModel::shown(const Finding &f) {
    // The engine's sentences in the app's words (models/engine_text.h); the names, paths and
    // commands in them stay as the engine found them.
    const QString title = shownEngineText(f.title);
    const QString detail = shownEngineText(f.detail);
    QStringList fix;
    bool fixTranslated = !f.fix.isEmpty();
    for (const Text &step : f.fix) {
        fix.append(shownEngineText(step));
        fixTranslated = fixTranslated && hasCjk(fix.last());
    }
    Shown s{title.isEmpty() ? f.id : title, detail, fix, {}};
    if (!f.severityReason.isEmpty())
        s.severity = tr("Severity: %1 — %2")
                         .arg(severityText(f.severity), shownEngineText(f.severityReason));
    const QString meaning = findingMeaning(f.id);
    if (!catalogTranslated() || meaning.isEmpty())
        return s;
    // A text the engine wrote that is not one of its sentences (a newer engine's, or a
    // session's from elsewhere): the catalog's translated meaning first, the English quoted.
    if (hasCjk(title))
        s.title = title;
    else
        s.title = title.isEmpty() ? meaning : tr("%1 — %2").arg(meaning, title);
    if (hasCjk(detail) || (detail.isEmpty() && hasCjk(title))) {
        s.explanation = detail.isEmpty() ? title : detail;
    } else {
        QString quoted = title;
        if (!detail.isEmpty())
            quoted += (quoted.isEmpty() ? QString() : QStringLiteral("\n")) + detail;
        s.explanation = quoted.isEmpty()
                            ? meaning
                            : tr("%1. The engine's report (English, with the names it found):\n%2")
                                  .arg(meaning, quoted);
    }
    s.fix = fix;
    const QString advice = findingAdvice(f.id);
    if (!advice.isEmpty() && !fixTranslated)
        s.fix.prepend(advice);
    return s;
}

QString FindingsModel::shownCheckTitle(const Text &title) {
    return shownEngineText(title);
}

QString FindingsModel::severityText(Severity s) {
    switch (s) {
    case Severity::Error:
        return tr("error");
    case Severity::Warning:
        return tr("warning");
    case Severity::Info:
        break;
    }
    return tr("info");
}

QString FindingsModel::directionText(Direction d) {
    switch (d) {
    case Direction::RuntimeLink:
        return tr("Direction 1: the runtime link and initialization");
    case Direction::Symbols:
        return tr("Direction 2: the symbol names");
    case Direction::CodeObject:
        return tr("Direction 3: the code object against the device and context");
    case Direction::None:
        break;
    }
    return tr("No direction named");
}

FindingsModel::ShownCase FindingsModel::shownCase(const CaseVerdict &v,
                                                  const QList<Finding> &findings) {
    ShownCase c;
    c.question = shownEngineText(v.question);
    c.answer = shownEngineText(v.answer);
    for (const Finding &f : findings)
        if (!v.findingKey.isEmpty() && f.key() == v.findingKey) {
            c.answer = shown(f).title;
            break;
        }
    if (!v.findingId.isEmpty())
        c.answer = QStringLiteral("%1 %2: %3").arg(severityText(v.severity), v.findingId, c.answer);
    for (const Text &t : v.notChecked)
        c.notChecked << shownEngineText(t);
    return c;
}

QString FindingsModel::shownVerdict(const Comparison &c) {
    const QString verdict = shownEngineText(c.verdict);
    if (verdict.isEmpty() || !catalogTranslated() || hasCjk(verdict))
        return verdict;
    QString meaning;
    for (const Finding &f : c.findings)
        if (f.id.startsWith(QLatin1String("verify.")) &&
            !(meaning = findingMeaning(f.id)).isEmpty())
            break;
    const QString head = meaning.isEmpty() ? directionText(c.direction)
                                           : tr("%1. %2").arg(meaning, directionText(c.direction));
    return tr("%1. The engine's verdict (English): %2").arg(head, verdict);
}

int FindingsModel::addNode(Node n) {
    const int id = int(m_nodes.size());
    if (n.parent < 0) {
        n.row = int(m_top.size());
        m_top.push_back(id);
    } else {
        n.row = int(m_nodes[size_t(n.parent)].children.size());
        m_nodes[size_t(n.parent)].children.push_back(id);
    }
    m_nodes.push_back(std::move(n));
    return id;
}

void FindingsModel::setFindings(QList<Finding> findings) {
    beginResetModel();
    // Errors first inside each group, then warnings, then info; stable otherwise.
    std::stable_sort(findings.begin(), findings.end(), [](const Finding &a, const Finding &b) {
        return int(a.severity) > int(b.severity);
    });
    m_findings = std::move(findings);
    m_nodes.clear();
    m_top.clear();
    for (int g = 0; g < GroupCount; ++g) {
        int groupId = -1;
        for (int f = 0; f < m_findings.size(); ++f) {
            if (groupOf(m_findings[f]) != g)
                continue;
            if (groupId < 0)
                groupId = addNode({NodeType::Group, -1, 0, g, -1, -1, {}});
            const int fid = addNode({NodeType::Finding, groupId, 0, g, f, -1, {}});
            for (int e = 0; e < m_findings[f].evidence.size(); ++e)
                addNode({NodeType::Evidence, fid, 0, g, f, e, {}});
        }
    }
    endResetModel();
}

FindingsModel::NodeType FindingsModel::nodeType(const QModelIndex &index) const {
    if (!index.isValid() || index.internalId() >= m_nodes.size())
        return NodeType::Group;
    return m_nodes[size_t(index.internalId())].type;
}

const Finding *FindingsModel::findingAt(const QModelIndex &index) const {
    if (!index.isValid() || index.model() != this || index.internalId() >= m_nodes.size())
        return nullptr;
    const Node &n = m_nodes[size_t(index.internalId())];
    return n.finding >= 0 ? &m_findings[n.finding] : nullptr;
}

const Evidence *FindingsModel::evidenceAt(const QModelIndex &index) const {
    const Finding *f = findingAt(index);
    if (!f)
        return nullptr;
    const Node &n = m_nodes[size_t(index.internalId())];
    return n.evidence >= 0 ? &f->evidence[n.evidence] : nullptr;
}

QModelIndex FindingsModel::index(int row, int column, const QModelIndex &parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(m_top[size_t(row)]));
    const Node &p = m_nodes[size_t(parent.internalId())];
    return createIndex(row, column, quintptr(p.children[size_t(row)]));
}

QModelIndex FindingsModel::parent(const QModelIndex &child) const {
    if (!child.isValid() || child.internalId() >= m_nodes.size())
        return {};
    const Node &n = m_nodes[size_t(child.internalId())];
    if (n.parent < 0)
        return {};
    return createIndex(m_nodes[size_t(n.parent)].row, 0, quintptr(n.parent));
}

int FindingsModel::rowCount(const QModelIndex &parent) const {
    if (!parent.isValid())
        return int(m_top.size());
    if (parent.column() != 0 || parent.internalId() >= m_nodes.size())
        return 0;
    return int(m_nodes[size_t(parent.internalId())].children.size());
}

int FindingsModel::columnCount(const QModelIndex &) const {
    return ColumnCount;
}

static QString severityIconPath(Severity s) { // not labels.h's report icon
    switch (s) {
    case Severity::Error:
        return QStringLiteral(":/icons/severity-error.svg");
    case Severity::Warning:
        return QStringLiteral(":/icons/severity-warning.svg");
    case Severity::Info:
        break;
    }
    return QStringLiteral(":/icons/severity-info.svg");
}

QVariant FindingsModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node &n = m_nodes[size_t(index.internalId())];
    const int col = index.column();
    if (n.type == NodeType::Group) {
        if (role == Qt::DisplayRole && col == Title) {
            const int count = int(m_nodes[size_t(index.internalId())].children.size());
            return QStringLiteral("%1 (%2)").arg(groupTitle(Group(n.group))).arg(count);
        }
        if (role == KindRole)
            return int(n.type);
        if (role == Qt::FontRole && col == Title) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    }
    const Finding &f = m_findings[n.finding];
    if (n.type == NodeType::Finding) {
        switch (role) {
        case Qt::DisplayRole:
            if (col == Title)
                return shown(f).title;
            if (col == Id)
                return f.id;
            if (col == Location)
                return severityText(f.severity);
            break;
        case Qt::DecorationRole:
            if (col == Title)
                return QIcon(severityIconPath(f.severity));
            break;
        case Qt::ToolTipRole:
            return shown(f).explanation;
        case SeverityRole:
            return int(f.severity);
        case KindRole:
            return int(n.type);
        case SortRole:
            return col == Title ? QVariant(int(f.severity)) : data(index, Qt::DisplayRole);
        default:
            break;
        }
        return {};
    }
    const Evidence &e = f.evidence[n.evidence];
    switch (role) {
    case Qt::DisplayRole:
        if (col == Title)
            return e.text.isEmpty() ? shownEngineText(e.location)
                                    : shownEngineText(e.text).simplified().left(300);
        if (col == Id)
            return e.source;
        if (col == Location)
            return shownEngineText(e.location);
        break;
    case Qt::ToolTipRole:
        return QStringLiteral("%1 %2\n%3")
            .arg(e.source, shownEngineText(e.location), shownEngineText(e.text));
    case LinkRole:
        return linkFor(e);
    case KindRole:
        return int(n.type);
    case Qt::FontRole:
        if (!linkFor(e).isEmpty()) {
            QFont font;
            font.setUnderline(true);
            return font;
        }
        break;
    default:
        break;
    }
    return {};
}

QVariant FindingsModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, o, role);
    switch (section) {
    case Title:
        return tr("Finding / evidence");
    case Id:
        return tr("Id / source");
    case Location:
        return tr("Severity / location");
    }
    return {};
}

} // namespace hd::ui
