#pragma once

#include "model/case_verdict.h"
#include "model/finding.h"
#include "model/records.h"

#include <QAbstractItemModel>

#include <vector>

namespace hd::ui {

// Findings grouped by the method's direction (layer, 1, 2, 3, other) → finding → evidence.
// An evidence row's LinkRole says where it came from ("symbol:NAME", "log:LINE", "env:NAME",
// "file:PATH") so the window can jump to that row in another panel.
class FindingsModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Title, Id, Location, ColumnCount };
    enum class NodeType { Group, Finding, Evidence };
    enum Group { LayerGroup, RuntimeGroup, SymbolsGroup, CodeObjectGroup, OtherGroup, GroupCount };

    explicit FindingsModel(QObject *parent = nullptr);

    void setFindings(QList<Finding> findings);
    const QList<Finding> &findings() const { return m_findings; }
    NodeType nodeType(const QModelIndex &index) const;
    const Finding *findingAt(const QModelIndex &index) const;   // finding or evidence rows
    const Evidence *evidenceAt(const QModelIndex &index) const; // evidence rows
    static Group groupOf(const Finding &f);
    static QString groupTitle(Group g);
    // The link an evidence points at, "" when it names nothing a panel can show.
    static QString linkFor(const Evidence &e);
    // The finding's fix steps as plain text, ready for the clipboard (as shown()).
    static QString fixText(const Finding &f);
    // What the app shows of a finding, in the app's language. The engine writes its titles,
    // explanations and fixes in English with the case's names, paths and commands; in another
    // language (a translator installed) each of its sentences is shown translated with those
    // names kept (models/engine_text.h). A text that is not one of the engine's sentences
    // falls back to the catalog: the translated meaning of the id, then the English quoted;
    // a fix not wholly translated starts with the catalog's translated advice. `severity` says
    // why the severity is not the id's usual one ("" when it is).
    struct Shown {
        QString title, explanation;
        QStringList fix;
        QString severity;
    };
    static Shown shown(const Finding &f);
    // The verification's verdict as shown: the engine's paragraph, translated like a finding's
    // text; where that fails, the translated meaning of its verify.* finding and direction
    // first, then the engine's paragraph quoted.
    static QString shownVerdict(const Comparison &c);
    // The case verdict (model/case_verdict.h) in the app's words: the answering finding's title
    // as Findings shows it (found by its key among `findings`), else the engine's sentence.
    struct ShownCase {
        QString question, answer;
        QStringList notChecked;
    };
    static ShownCase shownCase(const CaseVerdict &v, const QList<Finding> &findings);
    static QString directionText(Direction d); // translated "Direction 2: the symbol names"
    static QString severityText(Severity s);   // translated "error" | "warning" | "info"
    // A verification step's or sub-check's title as the engine writes it ("Platform compiler"),
    // translated like the engine's other sentences.
    static QString shownCheckTitle(const Text &title);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    struct Node {
        NodeType type;
        int parent; // node index or -1
        int row;
        int group = -1, finding = -1, evidence = -1;
        std::vector<int> children;
    };
    int addNode(Node n);

    QList<Finding> m_findings;
    std::vector<Node> m_nodes;
    std::vector<int> m_top;
};

} // namespace hd::ui
