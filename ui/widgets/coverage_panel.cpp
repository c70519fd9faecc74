#include "widgets/coverage_panel.h"

#include "controllers/targets_controller.h"
#include "models/coverage_model.h"
#include "models/engine_text.h"
#include "widgets/icons.h"
#include "widgets/language.h"

#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace hd::ui {

CoveragePanel::CoveragePanel(TargetsController *targets, QWidget *parent)
    : QWidget(parent), m_targets(targets) {
    // In a scroll area: on a short dock (1280x800 at 1.5x) the panel scrolls instead of
    // painting over the tabs below it.
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *content = new QWidget;
    scroll->setWidget(content);
    outer->addWidget(scroll);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(makeScanRow());
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("coverageSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    ignoreMinimumWidth(m_summary);
    layout->addWidget(m_summary);
    makeTable();
    // The fixes can be long (a vendor's, the override with its risk): they scroll under the
    // table, which keeps most of the height.
    m_fixes = new QTextBrowser;
    m_fixes->setObjectName(QStringLiteral("coverageFixes"));
    m_fixes->setOpenLinks(false);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(m_fixes);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    connect(targets, &TargetsController::coverageChanged, this, &CoveragePanel::render);
    connect(targets, &TargetsController::devicesChanged, this, &CoveragePanel::render);
    render();
}

// The scan button (a folder chosen, or one of the prefixes found here) and the intro beside it.
QHBoxLayout *CoveragePanel::makeScanRow() {
    auto *row = new QHBoxLayout;
    auto *scan = new QToolButton;
    scan->setObjectName(QStringLiteral("coverageScan"));
    scan->setIcon(icon(QStringLiteral("open")));
    scan->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    scan->setPopupMode(QToolButton::MenuButtonPopup);
    scan->setText(tr("Scan a folder…"));
    connect(scan, &QToolButton::clicked, this, &CoveragePanel::scanInteractive);
    // The prefixes that exist here, one click each.
    auto *menu = new QMenu(scan);
    for (const QString &folder : TargetsController::suggestedScanFolders())
        menu->addAction(folder, this, [this, folder] { m_targets->scanLibraries({folder}); });
    if (!menu->isEmpty())
        scan->setMenu(menu);
    row->addWidget(scan);
    m_intro = new QLabel;
    m_intro->setWordWrap(true);
    ignoreMinimumWidth(m_intro);
    row->addWidget(m_intro, 1);
    return row;
}

// The libraries scanned, one a row, with the targets each covers.
void CoveragePanel::makeTable() {
    m_table = new QTableView;
    m_table->setModel(m_targets->coverage());
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSortingEnabled(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(CoverageModel::Library, 230);
    m_table->setColumnWidth(CoverageModel::Product, 90);
    m_table->setColumnWidth(CoverageModel::Targets, 260);
}

void CoveragePanel::scanInteractive() {
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Scan a folder of libraries (a ROCm prefix, torch/lib, a kernel folder)"));
    if (!dir.isEmpty())
        m_targets->scanLibraries({dir});
}

QString CoveragePanel::summaryText() const {
    return m_summary->text();
}

QString CoveragePanel::fixesText() const {
    return m_fixes->toPlainText();
}

void CoveragePanel::render() {
    m_intro->setText(tr("Which installed libraries have code for your GPUs: a ROCm prefix, a "
                        "Python environment's torch/lib, a kernel folder, the CUDA toolkit."));
    const ScanResult &r = m_targets->coverage()->result();
    if (m_targets->scannedPaths().isEmpty()) {
        m_summary->setText(tr("Nothing scanned yet."));
        m_fixes->clear();
        return;
    }
    QStringList lines;
    lines << tr("<b>%1</b>: %2 files looked at, %3 libraries with device code.")
                 .arg(m_targets->scannedPaths().join(QStringLiteral(", ")).toHtmlEscaped())
                 .arg(r.filesSeen)
                 .arg(m_targets->coverage()->rowCount());
    if (r.devices.isEmpty())
        lines << tr("No device known: query the devices or type a target in the Devices panel "
                    "for a verdict per library.");
    for (int d = 0; d < r.devices.size(); ++d) {
        const ScanResult::DeviceCount n = r.countFor(d);
        lines << tr("%1: %2 with code for it, %3 without.")
                     .arg(r.devices[d].toString())
                     .arg(n.withCode)
                     .arg(n.without);
        if (n.loaderRefuses > 0)
            lines.last() +=
                QLatin1Char(' ') +
                tr("Libraries the dynamic loader refuses here: %1.").arg(n.loaderRefuses);
    }
    if (r.truncated)
        lines << tr("Stopped after %1 files.").arg(r.filesSeen);
    m_summary->setText(lines.join(QStringLiteral("<br>")));
    // A verdict names the closest target: its column is as wide as the longest one.
    for (int c = CoverageModel::FirstDevice; c < m_targets->coverage()->columnCount(); ++c)
        m_table->resizeColumnToContents(c);
    QStringList fixes;
    for (const ScanFix &f : r.fixes) {
        QStringList names;
        for (const QString &p : f.libraries.mid(0, 6))
            names << QFileInfo(p).fileName();
        if (f.libraries.size() > 6)
            names << tr("%n more", nullptr, int(f.libraries.size() - 6));
        fixes << QStringLiteral("• %1 <i>(%2)</i>")
                     .arg(shownEngineText(f.text).toHtmlEscaped(),
                          names.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    for (const Problem &p : r.problems.mid(0, 5))
        fixes << QStringLiteral("⚠ %1").arg(shownEngineText(p.message).toHtmlEscaped());
    m_fixes->setHtml(fixes.isEmpty() ? QString()
                                     : tr("<b>Fixes</b><br>") + fixes.join(QStringLiteral("<br>")));
}

void CoveragePanel::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange)
        render();
    QWidget::changeEvent(event);
}

} // namespace hd::ui
