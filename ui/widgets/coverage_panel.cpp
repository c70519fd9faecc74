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
#include <QProgressBar>
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
    // While a scan runs: how many of the files found are read (a big folder takes seconds).
    auto *progressRow = new QHBoxLayout;
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("coverageProgress"));
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(false);
    m_progressText = new QLabel;
    m_progressText->setObjectName(QStringLiteral("coverageProgressText"));
    ignoreMinimumWidth(m_progressText);
    progressRow->addWidget(m_progress);
    progressRow->addWidget(m_progressText, 1);
    layout->addLayout(progressRow);
    makeTable();
    // The fixes (a vendor's, the override with its risk) beside the table, not under it: a
    // bottom dock at 1280x800 is short, and wide.
    m_fixes = new QTextBrowser;
    m_fixes->setObjectName(QStringLiteral("coverageFixes"));
    m_fixes->setOpenLinks(false);
    m_fixes->setMinimumWidth(200);
    auto *split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("coverageSplit"));
    split->setChildrenCollapsible(false);
    split->addWidget(m_table);
    split->addWidget(m_fixes);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    connect(targets, &TargetsController::coverageChanged, this, &CoveragePanel::render);
    connect(targets, &TargetsController::devicesChanged, this, &CoveragePanel::render);
    connect(targets, &TargetsController::scanProgressChanged, this, &CoveragePanel::renderProgress);
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
    HD_TR_SET(scan, "text", QT_TR_NOOP("Scan a folder…")); // follows a language switch
    connect(scan, &QToolButton::clicked, this, &CoveragePanel::scanInteractive);
    // The prefixes that exist here, one click each.
    auto *menu = new QMenu(scan);
    for (const QString &folder : TargetsController::suggestedScanFolders())
        menu->addAction(folder, this, [this, folder] { m_targets->scanLibraries({folder}); });
    if (!menu->isEmpty())
        scan->setMenu(menu);
    row->addWidget(scan);
    m_clear = new QToolButton;
    m_clear->setObjectName(QStringLiteral("coverageClear"));
    HD_TR_SET(m_clear, "text", QT_TR_NOOP("Clear"));
    connect(m_clear, &QToolButton::clicked, this, [this] { m_targets->clearScans(); });
    row->addWidget(m_clear);
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
    // One line a row, elided in the middle: the folders of two installs differ near their ends
    // (…/rocm-7.2/lib, …/rocm-6.4/lib). Narrow enough that a verdict column shows at 1280x800.
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setColumnWidth(CoverageModel::Folder, 150);
    m_table->setColumnWidth(CoverageModel::Library, 160);
    m_table->setColumnWidth(CoverageModel::Product, 80);
    m_table->setColumnWidth(CoverageModel::Targets, 170);
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

QString CoveragePanel::progressText() const {
    return m_progressText->isHidden() ? QString() : m_progressText->text();
}

void CoveragePanel::renderProgress() {
    const bool scanning = m_targets->isScanning();
    m_clear->setEnabled(!m_targets->scannedPaths().isEmpty());
    // The first scan's table comes when it ends; until then the summary says what is read
    // (no empty gap above the count).
    if (m_targets->coverage()->result().paths.isEmpty())
        m_summary->setText(
            scanning
                ? tr("Scanning %1: the table comes when the scan ends.")
                      .arg(m_targets->scannedPaths().join(QStringLiteral(", ")).toHtmlEscaped())
                : tr("Nothing scanned yet."));
    m_progress->setVisible(scanning);
    m_progressText->setVisible(scanning);
    if (!scanning)
        return;
    const int seen = m_targets->scanFilesSeen();
    m_progress->setRange(0, seen); // 0: busy until the folders are listed
    m_progress->setValue(m_targets->scanFilesRead());
    m_progressText->setText(m_targets->scanProgressText());
}

void CoveragePanel::render() {
    m_intro->setText(tr("Which installed libraries have code for your GPUs: a ROCm prefix, a "
                        "Python environment's torch/lib, a kernel folder, the CUDA toolkit. Each "
                        "folder scanned joins the table; Clear empties it."));
    m_clear->setToolTip(tr("Forget the folders scanned"));
    renderProgress();
    const CoverageModel *model = m_targets->coverage();
    const ScanResult &r = model->result();
    if (r.paths.isEmpty()) {
        m_fixes->clear(); // the summary is renderProgress()'s
        return;
    }
    QStringList lines;
    lines << tr("<b>%1</b>: %2, %3.")
                 .arg(r.paths.join(QStringLiteral(", ")).toHtmlEscaped(),
                      tr("%n file(s) looked at", nullptr, r.filesSeen),
                      tr("%n librar(ies) with device code", nullptr, model->rowCount()));
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
    for (int c = CoverageModel::FirstDevice; c < model->columnCount(); ++c)
        m_table->resizeColumnToContents(c);
    QStringList fixes;
    for (const ScanFix &f : r.fixes) {
        QStringList names;
        for (const QString &p : f.libraries.mid(0, 6))
            names << model->shownPath(p);
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
