#include "models/artifact_tree_model.h"

#include "model/labels.h"
#include "models/engine_text.h"
#include "models/ui_roles.h"

#include "common/format.h"
#include "model/finding.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QHash>
#include <QLocale>

namespace hd::ui {

QString artifactKindLabel(ArtifactKind k) {
    switch (k) {
    case ArtifactKind::HostExecutable:
        return QCoreApplication::translate("hd::ui::Artifacts", "host executable");
    case ArtifactKind::HostSharedLibrary:
        return QCoreApplication::translate("hd::ui::Artifacts", "host shared library");
    case ArtifactKind::HostRelocatable:
        return QCoreApplication::translate("hd::ui::Artifacts", "host object file");
    case ArtifactKind::AmdgpuCodeObject:
        return QCoreApplication::translate("hd::ui::Artifacts", "AMDGPU code object");
    case ArtifactKind::OffloadBundle:
        return QCoreApplication::translate("hd::ui::Artifacts", "offload bundle");
    case ArtifactKind::CompressedBundle:
        return QCoreApplication::translate("hd::ui::Artifacts", "compressed offload bundle");
    case ArtifactKind::NvidiaCubin:
        return QCoreApplication::translate("hd::ui::Artifacts", "NVIDIA cubin");
    case ArtifactKind::NvidiaFatbin:
        return QCoreApplication::translate("hd::ui::Artifacts", "NVIDIA fatbin");
    case ArtifactKind::NvidiaPtx:
        return QCoreApplication::translate("hd::ui::Artifacts", "PTX text");
    case ArtifactKind::Directory:
        return QCoreApplication::translate("hd::ui::Artifacts", "directory");
    case ArtifactKind::Text:
        return QCoreApplication::translate("hd::ui::Artifacts", "text");
    case ArtifactKind::Unknown:
        break;
    }
    return QCoreApplication::translate("hd::ui::Artifacts", "unknown");
}

// An entry without a target: the offload bundler's host entry is named in the app's language;
// other kinds ("cubin", "ptx") are format names.
QString entryKindLabel(const QString &kind) {
    return kind == QLatin1String("host") ? QCoreApplication::translate("hd::ui::Artifacts", "host")
                                         : kind;
}

QString byteSize(quint64 bytes) {
    // QLocale() stays the system's; under 1 KiB the unit is ours to say in the app's language.
    if (bytes < 1024)
        return QCoreApplication::translate("hd::ui::Artifacts", "%1 bytes").arg(bytes);
    return formatBytes(bytes, QLocale());
}

ArtifactTreeModel::ArtifactTreeModel(QObject *parent) : QAbstractItemModel(parent) {}

int ArtifactTreeModel::addNode(Node n) {
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

void ArtifactTreeModel::setArtifacts(const QList<ArtifactReport> &artifacts, int inProgress) {
    beginResetModel();
    m_artifacts = artifacts;
    m_inProgress = inProgress;
    m_nodes.clear();
    m_top.clear();
    m_groups.clear();
    for (int a = 0; a < m_artifacts.size(); ++a)
        addArtifact(a);
    endResetModel();
}

// File a's row and everything under it: its bundles (or targets), the code objects outside any
// bundle, then its problems.
void ArtifactTreeModel::addArtifact(int a) {
    const ArtifactReport &rep = m_artifacts[a];
    Node file;
    file.type = NodeType::Artifact;
    file.artifact = a;
    const int fileId = addNode(file);
    std::vector<bool> inBundle(size_t(rep.codeObjects.size()), false);
    // A file still being read is grouped from its first bundle on: it is a big one.
    if (rep.bundles.size() > 1 || a == m_inProgress)
        addTargetGroups(fileId, a, inBundle);
    else
        addBundles(fileId, a, inBundle);
    for (int c = 0; c < rep.codeObjects.size(); ++c) {
        if (inBundle[size_t(c)])
            continue;
        Node cn;
        cn.type = NodeType::CodeObject;
        cn.parent = fileId;
        cn.artifact = a;
        cn.codeObject = c;
        addKernels(addNode(cn), a, c);
    }
    addProblems(fileId, a);
}

void ArtifactTreeModel::addKernels(int parentId, int a, int co) {
    const ArtifactReport &rep = m_artifacts[a];
    if (co < 0 || co >= rep.codeObjects.size())
        return;
    for (int k = 0; k < rep.codeObjects[co].kernels.size(); ++k) {
        Node kn;
        kn.type = NodeType::Kernel;
        kn.parent = parentId;
        kn.artifact = a;
        kn.codeObject = co;
        kn.kernel = k;
        addNode(kn);
    }
}

// A bundle entry with its code object's kernels; returns its code object's index.
int ArtifactTreeModel::addEntry(int parentId, int a, int b, int e, std::vector<bool> &inBundle) {
    const ArtifactReport &rep = m_artifacts[a];
    Node en;
    en.type = NodeType::Entry;
    en.parent = parentId;
    en.artifact = a;
    en.bundle = b;
    en.entry = e;
    en.codeObject = rep.bundles[b].entries[e].codeObjectIndex;
    const int entryId = addNode(en);
    if (en.codeObject < 0 || en.codeObject >= rep.codeObjects.size())
        return -1;
    inBundle[size_t(en.codeObject)] = true;
    addKernels(entryId, a, en.codeObject);
    return en.codeObject;
}

// One row per target, in first-seen order, holding every bundle's code object for it: what a
// person looks for in a library of many bundles.
void ArtifactTreeModel::addTargetGroups(int fileId, int a, std::vector<bool> &inBundle) {
    const ArtifactReport &rep = m_artifacts[a];
    QHash<QString, int> groupOf;
    for (int b = 0; b < rep.bundles.size(); ++b) {
        const Bundle &bundle = rep.bundles[b];
        for (int e = 0; e < bundle.entries.size(); ++e) {
            const BundleEntry &be = bundle.entries[e];
            if (be.targetId.isEmpty() && be.size == 0)
                continue; // the host's empty entry, once per bundle: nothing to show
            const QString target = be.targetId.isEmpty() ? be.kind : be.targetId;
            auto it = groupOf.constFind(target);
            if (it == groupOf.cend()) {
                Node gn;
                gn.type = NodeType::TargetGroup;
                gn.parent = fileId;
                gn.artifact = a;
                gn.group = int(m_groups.size());
                m_groups.push_back({target});
                it = groupOf.insert(target, addNode(gn));
            }
            Group &g = m_groups[size_t(m_nodes[size_t(*it)].group)];
            ++g.entries;
            g.bytes += be.size;
            const int co = addEntry(*it, a, b, e, inBundle);
            if (co >= 0)
                g.kernels += int(rep.codeObjects[co].kernels.size());
        }
    }
}

// One row per bundle, its entries under it: a file of one bundle shows it as it is.
void ArtifactTreeModel::addBundles(int fileId, int a, std::vector<bool> &inBundle) {
    for (int b = 0; b < m_artifacts[a].bundles.size(); ++b) {
        Node bn;
        bn.type = NodeType::Bundle;
        bn.parent = fileId;
        bn.artifact = a;
        bn.bundle = b;
        const int bundleId = addNode(bn);
        for (int e = 0; e < m_artifacts[a].bundles[b].entries.size(); ++e)
            addEntry(bundleId, a, b, e, inBundle);
    }
}

void ArtifactTreeModel::addProblems(int fileId, int a) {
    const ArtifactReport &rep = m_artifacts[a];
    for (int p = 0; p < rep.problems.size(); ++p) {
        Node pn;
        pn.type = NodeType::Problem;
        pn.parent = fileId;
        pn.artifact = a;
        pn.problem = p;
        addNode(pn);
    }
    // A code object's own problems (a corrupt note, a truncated section table) show on the
    // file's row too: a bad file among good ones is seen where it is listed.
    for (int c = 0; c < rep.codeObjects.size(); ++c)
        for (int p = 0; p < rep.codeObjects[c].problems.size(); ++p) {
            Node pn;
            pn.type = NodeType::Problem;
            pn.parent = fileId;
            pn.artifact = a;
            pn.codeObject = c;
            pn.problem = p;
            addNode(pn);
        }
}

const ArtifactTreeModel::Node *ArtifactTreeModel::node(const QModelIndex &index) const {
    if (!index.isValid() || index.model() != this || index.internalId() >= m_nodes.size())
        return nullptr;
    return &m_nodes[size_t(index.internalId())];
}

const Problem &ArtifactTreeModel::problemOf(const Node &n) const {
    const ArtifactReport &rep = m_artifacts[n.artifact];
    return n.codeObject >= 0 ? rep.codeObjects[n.codeObject].problems[n.problem]
                             : rep.problems[n.problem];
}

const CodeObject *ArtifactTreeModel::codeObjectAt(const QModelIndex &index) const {
    const Node *n = node(index);
    if (!n || n->codeObject < 0)
        return nullptr;
    const ArtifactReport &rep = m_artifacts[n->artifact];
    return n->codeObject < rep.codeObjects.size() ? &rep.codeObjects[n->codeObject] : nullptr;
}

const KernelInfo *ArtifactTreeModel::kernelAt(const QModelIndex &index) const {
    const Node *n = node(index);
    const CodeObject *co = codeObjectAt(index);
    if (!n || !co || n->kernel < 0 || n->kernel >= co->kernels.size())
        return nullptr;
    return &co->kernels[n->kernel];
}

QModelIndex ArtifactTreeModel::findKernel(const QString &name) const {
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        const Node &n = m_nodes[i];
        if (n.type != NodeType::Kernel)
            continue;
        const KernelInfo &k = m_artifacts[n.artifact].codeObjects[n.codeObject].kernels[n.kernel];
        if (k.name == name || k.symbol == name)
            return createIndex(n.row, 0, quintptr(i));
    }
    return {};
}

QModelIndex ArtifactTreeModel::index(int row, int column, const QModelIndex &parent) const {
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(m_top[size_t(row)]));
    const Node *p = node(parent);
    return createIndex(row, column, quintptr(p->children[size_t(row)]));
}

QModelIndex ArtifactTreeModel::parent(const QModelIndex &child) const {
    const Node *n = node(child);
    if (!n || n->parent < 0)
        return {};
    return createIndex(m_nodes[size_t(n->parent)].row, 0, quintptr(n->parent));
}

int ArtifactTreeModel::rowCount(const QModelIndex &parent) const {
    if (!parent.isValid())
        return int(m_top.size());
    if (parent.column() != 0)
        return 0;
    const Node *n = node(parent);
    return n ? int(n->children.size()) : 0;
}

int ArtifactTreeModel::columnCount(const QModelIndex &) const {
    return ColumnCount;
}

// One function per kind of row: each knows what its four columns say.
QVariant ArtifactTreeModel::display(const Node &n, int column) const {
    const ArtifactReport &rep = m_artifacts[n.artifact];
    switch (n.type) {
    case NodeType::Artifact:
        return displayArtifact(n, rep, column);
    case NodeType::Bundle:
        return displayBundle(n, rep, column);
    case NodeType::TargetGroup:
        return displayGroup(m_groups[size_t(n.group)], column);
    case NodeType::Entry:
        return displayEntry(n, rep, column);
    case NodeType::CodeObject:
        return displayCodeObject(n, rep, column);
    case NodeType::Kernel:
        return displayKernel(n, rep, column);
    case NodeType::Problem:
        return displayProblem(problemOf(n), column);
    }
    return {};
}

QVariant ArtifactTreeModel::displayArtifact(const Node &n, const ArtifactReport &rep,
                                            int column) const {
    switch (column) {
    case Name:
        return QFileInfo(rep.path).fileName();
    case Target:
        return artifactKindLabel(rep.kind);
    case Details:
        if (n.artifact == m_inProgress)
            return tr("reading: %n bundle(s) so far…", nullptr, int(rep.bundles.size()));
        return tr("%n code object(s), %1 kernels", nullptr, int(rep.codeObjects.size()))
            .arg(rep.kernelCount());
    case Size:
        return byteSize(rep.fileSize);
    }
    return {};
}

QVariant ArtifactTreeModel::displayBundle(const Node &n, const ArtifactReport &rep,
                                          int column) const {
    const Bundle &b = rep.bundles[n.bundle];
    switch (column) {
    case Name:
        return b.origin.isEmpty() ? tr("bundle %1").arg(n.bundle + 1)
                                  : shownEngineText(originText(b.origin));
    case Target:
        return b.compressed ? tr("compressed (CCOB v%1, %2)").arg(b.ccobVersion).arg(b.compression)
                            : tr("offload bundle");
    case Details:
        return tr("%n entries @ 0x%1", nullptr, int(b.entries.size()))
            .arg(QString::number(b.fileOffset, 16));
    case Size:
        return byteSize(b.size);
    }
    return {};
}

QVariant ArtifactTreeModel::displayGroup(const Group &g, int column) const {
    switch (column) {
    case Name:
        return entryKindLabel(g.target);
    case Target:
        return tr("target");
    case Details:
        return tr("%n code object(s), %1 kernels", nullptr, g.entries).arg(g.kernels);
    case Size:
        return byteSize(g.bytes);
    }
    return {};
}

QVariant ArtifactTreeModel::displayEntry(const Node &n, const ArtifactReport &rep,
                                         int column) const {
    const BundleEntry &e = rep.bundles[n.bundle].entries[n.entry];
    switch (column) {
    case Name:
        // Under a target row the target is known: the bundle tells the entries apart.
        if (m_nodes[size_t(n.parent)].type == NodeType::TargetGroup)
            return rep.bundles[n.bundle].origin.isEmpty()
                       ? tr("bundle %1").arg(n.bundle + 1)
                       : shownEngineText(originText(rep.bundles[n.bundle].origin));
        return e.id;
    case Target:
        return e.targetId.isEmpty() ? entryKindLabel(e.kind) : e.targetId;
    case Details:
        if (n.codeObject >= 0 && n.codeObject < rep.codeObjects.size()) {
            const CodeObject &co = rep.codeObjects[n.codeObject];
            return tr("code object v%1, %n kernel(s)", nullptr, int(co.kernels.size()))
                .arg(co.codeObjectVersion);
        }
        return e.size == 0 ? tr("host entry (empty)") : tr("entry @ +0x%1").arg(e.offset, 0, 16);
    case Size:
        return byteSize(e.size);
    }
    return {};
}

QVariant ArtifactTreeModel::displayCodeObject(const Node &n, const ArtifactReport &rep,
                                              int column) const {
    const CodeObject &co = rep.codeObjects[n.codeObject];
    switch (column) {
    case Name:
        return co.origin.isEmpty() ? tr("code object %1").arg(n.codeObject + 1)
                                   : shownEngineText(originText(co.origin));
    case Target:
        return co.target.toString();
    case Details:
        if (co.format == CodeObject::Format::NvidiaPtx)
            return tr("PTX %1, %n kernel(s)", nullptr, int(co.kernels.size())).arg(co.ptxVersion);
        if (co.format == CodeObject::Format::NvidiaCubin)
            return tr("cubin, %n kernel(s)", nullptr, int(co.kernels.size()));
        return tr("code object v%1, %n kernel(s)", nullptr, int(co.kernels.size()))
            .arg(co.codeObjectVersion);
    case Size:
        return byteSize(co.size);
    }
    return {};
}

QVariant ArtifactTreeModel::displayKernel(const Node &n, const ArtifactReport &rep,
                                          int column) const {
    const CodeObject &co = rep.codeObjects[n.codeObject];
    const KernelInfo &k = co.kernels[n.kernel];
    switch (column) {
    case Name:
        return k.name;
    case Target:
        return co.target.toString();
    case Details:
        return tr("%n arg(s), kernarg %1 B, LDS %2 B, VGPR %3", nullptr, int(k.args.size()))
            .arg(k.kernargSegmentSize)
            .arg(k.groupSegmentFixedSize)
            .arg(k.vgprCount);
    case Size:
        return {};
    }
    return {};
}

QVariant ArtifactTreeModel::displayProblem(const Problem &p, int column) const {
    switch (column) {
    case Name:
        return shownEngineText(p.message);
    case Target:
        return p.fatal ? tr("unreadable") : tr("problem");
    case Details:
        return p.offset >= 0 ? tr("at offset 0x%1").arg(QString::number(p.offset, 16)) : QString();
    case Size:
        return {};
    }
    return {};
}

QVariant ArtifactTreeModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node &n = m_nodes[size_t(index.internalId())];
    switch (role) {
    case Qt::DisplayRole:
        return display(n, index.column());
    case Qt::ToolTipRole:
        if (n.type == NodeType::Artifact)
            return m_artifacts[n.artifact].path;
        if (n.type == NodeType::Problem) {
            // Problem::toString() is the CLI's English; the same parts, in the app's language.
            const Problem &p = problemOf(n);
            return p.offset >= 0
                       ? tr("%1: offset 0x%2: %3")
                             .arg(p.file, QString::number(p.offset, 16), shownEngineText(p.message))
                       : QStringLiteral("%1: %2").arg(p.file, shownEngineText(p.message));
        }
        return display(n, index.column());
    case KindRole:
        return int(n.type);
    case SeverityRole:
        if (n.type == NodeType::Problem)
            return int(problemOf(n).fatal ? Severity::Error : Severity::Warning);
        return {};
    case LinkRole:
        if (n.type == NodeType::Kernel)
            return QStringLiteral("symbol:") +
                   m_artifacts[n.artifact].codeObjects[n.codeObject].kernels[n.kernel].name;
        return {};
    case SortRole:
        return display(n, index.column());
    default:
        break;
    }
    return {};
}

QVariant ArtifactTreeModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, o, role);
    switch (section) {
    case Name:
        return tr("Name");
    case Target:
        return tr("Target / kind");
    case Details:
        return tr("Details");
    case Size:
        return tr("Size");
    }
    return {};
}

} // namespace hd::ui
