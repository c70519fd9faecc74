#pragma once

#include "model/finding.h"

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
    // The finding's fix steps as plain text, ready for the clipboard.
    static QString fixText(const Finding &f);

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
