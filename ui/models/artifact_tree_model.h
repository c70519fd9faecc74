#pragma once

#include "model/artifact_report.h"

#include <QAbstractItemModel>

#include <vector>

namespace hd::ui {

// The open artifacts as a tree: file → bundles → entries (code objects) → kernels. Code
// objects outside any bundle (a raw .hsaco, a cubin, fatbin entries) hang under the file.
// Reader problems appear as rows under the file they belong to. A file with several bundles
// (a big library: librocsparse has 111) is grouped by target instead: file → target → the
// bundles' code objects for it → kernels, with the targets' rows first.
class ArtifactTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Name, Target, Details, Size, ColumnCount };
    enum class NodeType { Artifact, Bundle, Entry, CodeObject, Kernel, Problem, TargetGroup };

    struct Node {
        NodeType type = NodeType::Artifact;
        int parent = -1; // node index, -1 for top level
        int row = 0;     // row under the parent
        int artifact = -1, bundle = -1, entry = -1, codeObject = -1, kernel = -1, problem = -1;
        int group = -1; // TargetGroup: index into the model's groups
        std::vector<int> children;
    };

    explicit ArtifactTreeModel(QObject *parent = nullptr);

    // `inProgress`: the index of an artifact still being read (its bundles so far, no code
    // objects yet), or -1.
    void setArtifacts(const QList<ArtifactReport> &artifacts, int inProgress = -1);
    const QList<ArtifactReport> &artifacts() const { return m_artifacts; }
    const Node *node(const QModelIndex &index) const;
    // The code object / kernel a row stands for (nullptr when the row has none).
    const CodeObject *codeObjectAt(const QModelIndex &index) const;
    const KernelInfo *kernelAt(const QModelIndex &index) const;
    // The first row of a kernel with this name, invalid when none.
    QModelIndex findKernel(const QString &name) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    struct Group {
        QString target;
        int entries = 0, kernels = 0;
        quint64 bytes = 0;
    };

    int addNode(Node n);
    // setArtifacts' parts; inBundle marks the code objects a bundle entry already shows.
    void addArtifact(int a);
    void addKernels(int parentId, int a, int co);
    int addEntry(int parentId, int a, int b, int e, std::vector<bool> &inBundle);
    void addTargetGroups(int fileId, int a, std::vector<bool> &inBundle);
    void addBundles(int fileId, int a, std::vector<bool> &inBundle);
    void addProblems(int fileId, int a);
    QVariant display(const Node &n, int column) const;
    QVariant displayArtifact(const Node &n, const ArtifactReport &rep, int column) const;
    QVariant displayBundle(const Node &n, const ArtifactReport &rep, int column) const;
    QVariant displayGroup(const Group &g, int column) const;
    QVariant displayEntry(const Node &n, const ArtifactReport &rep, int column) const;
    QVariant displayCodeObject(const Node &n, const ArtifactReport &rep, int column) const;
    QVariant displayKernel(const Node &n, const ArtifactReport &rep, int column) const;
    QVariant displayProblem(const Problem &p, int column) const;
    // A Problem row's problem: the file's, or (codeObject >= 0) that code object's.
    const Problem &problemOf(const Node &n) const;

    QList<ArtifactReport> m_artifacts;
    int m_inProgress = -1;
    std::vector<Group> m_groups;
    std::vector<Node> m_nodes;
    std::vector<int> m_top;
};

QString artifactKindLabel(ArtifactKind k);   // translated, for people
QString byteSize(quint64 bytes);             // "1.3 GiB", "4 KiB", "12 bytes"
QString entryKindLabel(const QString &kind); // a bundle entry's kind ("host"), for people

} // namespace hd::ui
