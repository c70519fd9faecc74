#include "widgets/artifacts_panel.h"

#include "common/format.h"
#include "controllers/diagnosis_controller.h"
#include "controllers/inputs_controller.h"
#include "controllers/targets_controller.h"
#include "models/artifact_tree_model.h"
#include "models/libraries_model.h"
#include "models/name_lookup.h"
#include "models/symbol_table_model.h"
#include "models/ui_roles.h"
#include "widgets/icons.h"
#include "widgets/language.h"

#include <QCheckBox>
#include <QFrame>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace hd::ui {

namespace {

QString esc(const QString &s) {
    return s.toHtmlEscaped();
}

QString kernelHtml(const KernelInfo &k, const CodeObject &co) {
    QString h;
    h += QStringLiteral("<h3 style='margin:0'>%1</h3>").arg(esc(k.name));
    h += QStringLiteral("<p style='color:gray;margin-top:2px'>%1 · %2</p>")
             .arg(esc(co.target.toString()), esc(co.origin));
    auto row = [](const QString &a, const QString &b) {
        return QStringLiteral("<tr><td style='padding-right:16px'><b>%1</b></td><td>%2</td></tr>")
            .arg(a, b);
    };
    h += QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    h += row(ArtifactsPanel::tr("Symbol"), esc(k.symbol));
    h += row(ArtifactsPanel::tr("Kernarg segment"), ArtifactsPanel::tr("%1 bytes, align %2")
                                                        .arg(k.kernargSegmentSize)
                                                        .arg(k.kernargSegmentAlign));
    h += row(ArtifactsPanel::tr("LDS (group segment)"),
             ArtifactsPanel::tr("%1 bytes").arg(k.groupSegmentFixedSize));
    h += row(ArtifactsPanel::tr("Scratch (private segment)"),
             ArtifactsPanel::tr("%1 bytes").arg(k.privateSegmentFixedSize));
    h += row(ArtifactsPanel::tr("Registers"), QStringLiteral("SGPR %1 · VGPR %2 · AGPR %3")
                                                  .arg(k.sgprCount)
                                                  .arg(k.vgprCount)
                                                  .arg(k.agprCount));
    h += row(ArtifactsPanel::tr("Spills"),
             QStringLiteral("SGPR %1 · VGPR %2").arg(k.sgprSpillCount).arg(k.vgprSpillCount));
    h += row(ArtifactsPanel::tr("Wavefront size"), QString::number(k.wavefrontSize));
    h +=
        row(ArtifactsPanel::tr("Max flat workgroup size"), QString::number(k.maxFlatWorkgroupSize));
    h += row(ArtifactsPanel::tr("Dynamic stack"),
             k.usesDynamicStack ? ArtifactsPanel::tr("yes") : ArtifactsPanel::tr("no"));
    h += QStringLiteral("</table>");
    h += QStringLiteral("<h4>%1</h4>").arg(ArtifactsPanel::tr("Arguments"));
    h += QStringLiteral(
             "<table cellspacing='0' cellpadding='3' border='1' style='border-collapse:collapse'>"
             "<tr><th>#</th><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th></tr>")
             .arg(ArtifactsPanel::tr("offset"), ArtifactsPanel::tr("size"),
                  ArtifactsPanel::tr("kind"), ArtifactsPanel::tr("address space"),
                  ArtifactsPanel::tr("name / type"));
    for (int i = 0; i < k.args.size(); ++i) {
        const KernelArg &a = k.args[i];
        const QString style = a.hidden() ? QStringLiteral(" style='color:gray'") : QString();
        h += QStringLiteral(
                 "<tr%1><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td></tr>")
                 .arg(style)
                 .arg(i)
                 .arg(a.offset)
                 .arg(a.size)
                 .arg(esc(a.valueKind), esc(a.addressSpace),
                      esc((a.name + QLatin1Char(' ') + a.typeName).trimmed()));
    }
    h += QStringLiteral("</table>");
    return h;
}

QString codeObjectHtml(const CodeObject &co) {
    QString h = QStringLiteral("<h3 style='margin:0'>%1</h3>").arg(esc(co.target.toString()));
    h += QStringLiteral("<p style='color:gray'>%1</p>").arg(esc(co.origin));
    h += QStringLiteral("<table cellpadding='2'>");
    auto row = [&h](const QString &a, const QString &b) {
        h += QStringLiteral("<tr><td style='padding-right:16px'><b>%1</b></td><td>%2</td></tr>")
                 .arg(a, b);
    };
    row(ArtifactsPanel::tr("Code object version"),
        co.codeObjectVersion ? QString::number(co.codeObjectVersion) : QStringLiteral("—"));
    row(ArtifactsPanel::tr("ELF flags"), hex(co.elfFlags));
    row(ArtifactsPanel::tr("xnack / sramecc"),
        QStringLiteral("%1 / %2").arg(featureSettingName(co.target.xnack),
                                      featureSettingName(co.target.sramecc)));
    row(ArtifactsPanel::tr("Offset in file"), hex(co.fileOffset));
    row(ArtifactsPanel::tr("Size"), byteSize(co.size));
    row(ArtifactsPanel::tr("Kernels"), QString::number(co.kernels.size()));
    row(ArtifactsPanel::tr("Symbols"), QString::number(co.symbols.size()));
    if (!co.undefinedSymbols.isEmpty())
        row(ArtifactsPanel::tr("Undefined symbols"),
            esc(co.undefinedSymbols.join(QStringLiteral(", "))));
    h += QStringLiteral("</table>");
    for (const Problem &p : co.problems)
        h += QStringLiteral("<p style='color:#c03030'>%1</p>").arg(esc(p.toString()));
    return h;
}

// The name box's answer: asks for four lines (the first layout; the splitter keeps what the
// user drags it to) and scrolls the rest, so a short answer leaves no empty band above the tree.
class AnswerScroll : public QScrollArea {
public:
    QSize sizeHint() const override {
        return {QScrollArea::sizeHint().width(), fontMetrics().lineSpacing() * 4 + 4};
    }
};

} // namespace

namespace {

// Fits the tree's Name column to what the Target column leaves of its width, between 10 and
// 24 characters: at 1280x800 with 1.5x scaling the tree is narrow, and Name gives way so that
// Target stays whole beside it (Details scrolls). A width the user drags stays.
class TreeColumnFitter : public QObject {
public:
    explicit TreeColumnFitter(QTreeView *tree) : QObject(tree), m_tree(tree) {
        tree->viewport()->installEventFilter(this);
        connect(tree->header(), &QHeaderView::sectionResized, this, [this](int column) {
            if (column == ArtifactTreeModel::Name && !m_fitting &&
                (QGuiApplication::mouseButtons() & Qt::LeftButton))
                m_userSet = true;
        });
    }

    bool eventFilter(QObject *watched, QEvent *event) override {
        if (event->type() == QEvent::Resize && !m_userSet)
            fit();
        return QObject::eventFilter(watched, event);
    }

private:
    void fit() {
        const int x = m_tree->fontMetrics().horizontalAdvance(QLatin1Char('x'));
        const int room =
            m_tree->viewport()->width() - m_tree->columnWidth(ArtifactTreeModel::Target);
        m_fitting = true;
        m_tree->setColumnWidth(ArtifactTreeModel::Name, std::clamp(room, x * 10, x * 24));
        m_fitting = false;
    }

    QTreeView *m_tree;
    bool m_fitting = false;
    bool m_userSet = false;
};

// Shares a narrow symbol table between its first columns (1280x800 at 1.5x: the demangled
// name alone took the whole width): the demangled name gets at most 45% of the view and the
// mangled name 30%, so the kind and the code objects stay in sight; wide views keep the
// designed widths. A width the user dragged stays.
class SymbolColumnFitter : public QObject {
public:
    explicit SymbolColumnFitter(QTableView *view) : QObject(view), m_view(view) {
        view->viewport()->installEventFilter(this);
        connect(view->horizontalHeader(), &QHeaderView::sectionResized, this, [this] {
            if (!m_fitting && (QGuiApplication::mouseButtons() & Qt::LeftButton))
                m_userSet = true;
        });
    }

    bool eventFilter(QObject *watched, QEvent *event) override {
        if (event->type() == QEvent::Resize && !m_userSet) {
            const int w = m_view->viewport()->width();
            const int x = m_view->fontMetrics().horizontalAdvance(QLatin1Char('x'));
            m_fitting = true;
            m_view->setColumnWidth(SymbolTableModel::Demangled,
                                   std::clamp(w * 45 / 100, x * 12, 280));
            m_view->setColumnWidth(SymbolTableModel::Mangled,
                                   std::clamp(w * 30 / 100, x * 10, 220));
            m_fitting = false;
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QTableView *m_view;
    bool m_fitting = false;
    bool m_userSet = false;
};

// Puts the symbol filter's switches beside the filter when the tab is wide enough, on a line
// below it when not: in one row their widths added up to more than the tab had at 1280x800
// with 1.5x scaling, so the tab could not shrink and the splitter squeezed the tree.
class SwitchPlacer : public QObject {
public:
    SwitchPlacer(QWidget *page, QHBoxLayout *row, QHBoxLayout *below, QWidget *switches)
        : QObject(page), m_page(page), m_row(row), m_below(below), m_switches(switches) {
        page->installEventFilter(this);
    }

    bool eventFilter(QObject *watched, QEvent *event) override {
        if (event->type() == QEvent::Resize || event->type() == QEvent::LanguageChange)
            place();
        return QObject::eventFilter(watched, event);
    }

private:
    void place() {
        // The filter keeps room for about 12 characters beside the switches and the count.
        const int x = m_page->fontMetrics().horizontalAdvance(QLatin1Char('x'));
        const int count =
            m_row->count() > 0 ? m_row->itemAt(m_row->count() - 1)->sizeHint().width() : 0;
        const bool beside = m_page->width() >=
                            x * 12 + m_switches->sizeHint().width() + count + 4 * m_row->spacing();
        if (beside == (m_switches->parentWidget() && m_row->indexOf(m_switches) >= 0))
            return;
        if (beside) {
            m_below->removeWidget(m_switches);
            m_row->insertWidget(1, m_switches);
        } else {
            m_row->removeWidget(m_switches);
            m_below->insertWidget(0, m_switches);
        }
    }

    QWidget *m_page;
    QHBoxLayout *m_row, *m_below;
    QWidget *m_switches;
};

} // namespace

ArtifactsPanel::ArtifactsPanel(InputsController *inputs, TargetsController *targets,
                               DiagnosisController *diagnosis, QWidget *parent)
    : QWidget(parent), m_inputs(inputs), m_targets(targets), m_diagnosis(diagnosis) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(makeToolbar());
    QWidget *nameBox = makeNameBox();
    QWidget *split = makeBrowser();
    // The name box's answer can run to several lines (a mangled name, the fix): a splitter, not
    // a fixed height, shares the height with the tree and the symbol table, which keep most of
    // it (1280x800, 1.5x scaling).
    auto *vsplit = new QSplitter(Qt::Vertical);
    vsplit->setObjectName(QStringLiteral("nameSplit"));
    vsplit->addWidget(nameBox);
    vsplit->addWidget(split);
    vsplit->setStretchFactor(0, 0);
    vsplit->setStretchFactor(1, 1);
    vsplit->setChildrenCollapsible(false);
    layout->addWidget(vsplit, 1);

    connectInputs();
    updateCount();
    showExplanation();
}

QLayout *ArtifactsPanel::makeToolbar() {
    // Toolbar row.
    auto *bar = new QHBoxLayout;
    auto *openFiles = new QPushButton(icon(QStringLiteral("open")), QString());
    HD_TR_SET(openFiles, "text", QT_TR_NOOP("Open files…"));
    auto *openFolder = new QPushButton(icon(QStringLiteral("open")), QString());
    HD_TR_SET(openFolder, "text", QT_TR_NOOP("Open folder…"));
    auto *demo = new QPushButton(icon(QStringLiteral("walkthrough")), QString());
    HD_TR_SET(demo, "text", QT_TR_NOOP("Open the demo"));
    connect(openFiles, &QPushButton::clicked, this, &ArtifactsPanel::openFilesRequested);
    connect(openFolder, &QPushButton::clicked, this, &ArtifactsPanel::openFolderRequested);
    connect(demo, &QPushButton::clicked, this, &ArtifactsPanel::demoRequested);
    bar->addWidget(openFiles);
    bar->addWidget(openFolder);
    bar->addWidget(demo);
    bar->addStretch();
    return bar;
}

// "Name your code asks for": the name, the answer (scrolling), the link to the symbol, the
// target asked for and the button that keeps the name.
QWidget *ArtifactsPanel::makeNameBox() {
    auto *nameBox = new QFrame;
    nameBox->setObjectName(QStringLiteral("nameBox"));
    nameBox->setFrameShape(QFrame::StyledPanel);
    auto *nameLayout = new QGridLayout(nameBox);
    auto *nameLabel = new QLabel;
    HD_TR_SET(nameLabel, "text", QT_TR_NOOP("Name your code asks for:"));
    m_name = new QLineEdit;
    HD_TR_SET(m_name, "placeholderText",
              QT_TR_NOOP("the kernel name passed to hipModuleGetFunction, e.g. vector_add"));
    m_name->setClearButtonEnabled(true);
    nameLabel->setBuddy(m_name);
    m_nameIcon = new QLabel;
    m_nameIcon->setFixedSize(24, 24);
    m_nameText = new QLabel;
    m_nameText->setWordWrap(true);
    m_nameText->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_nameText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A word-wrapped label's minimum width is its longest word: a 200-character mangled name or
    // a path would widen the whole window. Its width comes from the layout instead.
    ignoreMinimumWidth(m_nameText);
    m_nameLink = new QLabel;
    m_nameLink->setTextInteractionFlags(Qt::TextBrowserInteraction);
    QLayout *linkRow = makeNameActions();
    nameLayout->addWidget(nameLabel, 0, 0);
    nameLayout->addWidget(m_name, 0, 1, 1, 2);
    nameLayout->addWidget(m_nameIcon, 1, 0, Qt::AlignRight | Qt::AlignTop);
    // The answer scrolls when the splitter below makes the box shorter than the text (a long
    // mangled name and its fix at 1280x800 or 1.5x scaling): never cut off unseen.
    auto *answerScroll = new AnswerScroll;
    answerScroll->setObjectName(QStringLiteral("nameAnswer"));
    answerScroll->setWidget(m_nameText);
    answerScroll->setWidgetResizable(true);
    answerScroll->setFrameShape(QFrame::NoFrame);
    answerScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Room for three lines at least, whatever the font and scale.
    answerScroll->setMinimumHeight(m_nameText->fontMetrics().lineSpacing() * 3 + 4);
    nameLayout->addWidget(answerScroll, 1, 1, 1, 2);
    nameLayout->setRowStretch(1, 1);
    nameLayout->addLayout(linkRow, 2, 1, 1, 2);
    nameLayout->setColumnStretch(1, 1);
    // The diagnosis controller looks the name up as it is typed and says when it has the answer.
    connect(m_name, &QLineEdit::textChanged, m_diagnosis, &DiagnosisController::setRequestedKernel);
    connect(m_diagnosis, &DiagnosisController::requestedKernelChanged, this,
            [this](const QString &name) {
                if (m_name->text() != name)
                    m_name->setText(name);
            });
    connect(m_diagnosis, &DiagnosisController::nameExplained, this,
            &ArtifactsPanel::showExplanation);
    connect(m_diagnosis, &DiagnosisController::keptKernelsChanged, this,
            &ArtifactsPanel::showExplanation);
    connect(m_nameLink, &QLabel::linkActivated, this, [this](const QString &) {
        if (!m_nameMatchSymbol.isEmpty())
            showSymbol(m_nameMatchSymbol);
    });
    return nameBox;
}

QLayout *ArtifactsPanel::makeNameActions() {
    // Asked for when the answer depends on the GPU and none is known.
    m_nameTarget = new QLineEdit;
    m_nameTarget->setObjectName(QStringLiteral("nameTarget"));
    HD_TR_SET(m_nameTarget, "placeholderText",
              QT_TR_NOOP("your GPU's target, e.g. gfx90a:sramecc+:xnack- (rocminfo | grep gfx)"));
    m_nameTarget->setVisible(false);
    connect(m_nameTarget, &QLineEdit::returnPressed, this, [this] {
        QString error;
        if (m_targets->addTarget(m_nameTarget->text(), &error)) {
            m_nameTarget->clear();
            m_nameTarget->setToolTip({});
        } else {
            m_nameTarget->setToolTip(error);
            m_nameText->setText(m_nameText->text() +
                                QStringLiteral("<br><span style='color:#c03030'>%1</span>")
                                    .arg(error.toHtmlEscaped()));
        }
    });
    // A typed name is a question; it becomes a finding (and goes into the report) only when
    // the user keeps it.
    m_keepName = new QPushButton;
    m_keepName->setObjectName(QStringLiteral("keepName"));
    HD_TR_SET(m_keepName, "text", QT_TR_NOOP("Add to findings"));
    HD_TR_SET(m_keepName, "toolTip",
              QT_TR_NOOP("Keep this name: the diagnosis looks it up and the report includes it"));
    m_keepName->setVisible(false);
    connect(m_keepName, &QPushButton::clicked, m_diagnosis,
            &DiagnosisController::keepRequestedKernel);
    auto *linkRow = new QHBoxLayout;
    linkRow->addWidget(m_nameLink);
    linkRow->addWidget(m_nameTarget, 1);
    linkRow->addStretch();
    linkRow->addWidget(m_keepName);
    return linkRow;
}

// The tree of artifacts beside the tabs (symbols, kernel metadata, needed libraries).
QWidget *ArtifactsPanel::makeBrowser() {
    const InputsController *inputs = m_inputs;
    auto *split = new QSplitter(Qt::Horizontal);
    m_tree = new QTreeView;
    m_tree->setModel(inputs->tree());
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    // Widths from the font (zh_CN, 1.5x scaling): a full target id and its header fit. The
    // Name column gives way when the tree is narrow (fitTreeColumns), so Target stays whole
    // beside it and Details scrolls.
    const QFontMetrics fm = m_tree->fontMetrics();
    const int x = fm.horizontalAdvance(QLatin1Char('x'));
    m_tree->setColumnWidth(ArtifactTreeModel::Name, x * 24);
    m_tree->setColumnWidth(ArtifactTreeModel::Target,
                           fm.horizontalAdvance(QStringLiteral("gfx90a:sramecc+:xnack-")) + 24);
    m_tree->setColumnWidth(ArtifactTreeModel::Details, x * 26);
    // Enough for a short name and the start of its target.
    m_tree->setMinimumWidth(x * 22);
    new TreeColumnFitter(m_tree);
    split->addWidget(m_tree);

    m_tabs = new QTabWidget;
    QWidget *symbolsPage = makeSymbolsPage();
    m_tabs->addTab(symbolsPage, HD_TR_SET(symbolsPage, "tabText", QT_TR_NOOP("Symbols")));
    m_details = new QTextBrowser;
    HD_TR_SET(m_details, "placeholderText",
              QT_TR_NOOP("Select a kernel or code object in the tree."));
    m_tabs->addTab(m_details, HD_TR_SET(m_details, "tabText", QT_TR_NOOP("Kernel metadata")));
    m_libraries = new QTableView;
    m_libraries->setModel(inputs->libraries());
    m_libraries->verticalHeader()->hide();
    m_libraries->horizontalHeader()->setStretchLastSection(true);
    m_libraries->setColumnWidth(LibrariesModel::Library, 180);
    m_libraries->setColumnWidth(LibrariesModel::ResolvedPath, 300);
    m_tabs->addTab(m_libraries, HD_TR_SET(m_libraries, "tabText", QT_TR_NOOP("Needed libraries")));
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    // The first sizes in about the same proportion (QSplitter weighs them): from their size
    // hints the symbol table took nearly all of a narrow window (1.5x scaling) and cut the
    // tree's names to a few letters; 9:11 leaves the tree a name and a whole target there.
    split->setSizes({450, 550});
    split->setChildrenCollapsible(false);
    return split;
}

QWidget *ArtifactsPanel::makeSymbolsPage() {
    auto *symbolsPage = new QWidget;
    auto *sl = new QVBoxLayout(symbolsPage);
    sl->setContentsMargins(0, 4, 0, 0);
    auto *filterRow = new QHBoxLayout;
    m_filter = new QLineEdit;
    HD_TR_SET(m_filter, "placeholderText",
              QT_TR_NOOP("Filter symbols (mangled or demangled, as you type)"));
    m_filter->setClearButtonEnabled(true);
    auto *switches = new QWidget;
    auto *switchLayout = new QHBoxLayout(switches);
    switchLayout->setContentsMargins(0, 0, 0, 0);
    m_kernelsOnly = new QCheckBox;
    HD_TR_SET(m_kernelsOnly, "text", QT_TR_NOOP("Kernels only"));
    switchLayout->addWidget(m_kernelsOnly);
    m_perCodeObject = new QCheckBox;
    HD_TR_SET(m_perCodeObject, "text", QT_TR_NOOP("Per code object"));
    HD_TR_SET(m_perCodeObject, "toolTip",
              QT_TR_NOOP("One row per symbol of each code object instead of one row per name"));
    switchLayout->addWidget(m_perCodeObject);
    m_count = new QLabel;
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(switches);
    filterRow->addWidget(m_count);
    sl->addLayout(filterRow);
    auto *belowRow = new QHBoxLayout;
    belowRow->addStretch(1);
    sl->addLayout(belowRow);
    new SwitchPlacer(symbolsPage, filterRow, belowRow, switches);
    m_symbolView = new QTableView;
    m_symbolView->setModel(m_inputs->symbolProxy());
    m_symbolView->setSortingEnabled(true);
    m_symbolView->sortByColumn(-1, Qt::AscendingOrder);
    m_symbolView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_symbolView->setAlternatingRowColors(true);
    m_symbolView->setWordWrap(false);
    m_symbolView->verticalHeader()->hide();
    // Fixed row heights: the view never measures 100k rows.
    m_symbolView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_symbolView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_symbolView->horizontalHeader()->setStretchLastSection(true);
    m_symbolView->setColumnWidth(SymbolTableModel::Demangled, 280);
    m_symbolView->setColumnWidth(SymbolTableModel::Mangled, 220);
    m_symbolView->setColumnWidth(SymbolTableModel::Kind, 110);
    m_symbolView->setColumnWidth(SymbolTableModel::Binding, 70);
    m_symbolView->setColumnWidth(SymbolTableModel::Visibility, 80);
    m_symbolView->setColumnWidth(SymbolTableModel::Section, 70);
    m_symbolView->setColumnWidth(SymbolTableModel::Size, 70);
    new SymbolColumnFitter(m_symbolView);
    sl->addWidget(m_symbolView);
    return symbolsPage;
}

void ArtifactsPanel::connectInputs() {
    InputsController *inputs = m_inputs;
    // Filter-as-you-type, debounced: a burst of keystrokes filters once.
    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(kFilterDebounceMs);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, [this] {
        m_pendingSymbol.clear(); // the user typed something else since
        m_inputs->symbolProxy()->setFilterText(m_filter->text());
    });
    // On big tables the filter's result arrives from a worker.
    connect(inputs->symbolProxy(), &SymbolFilterProxy::filterApplied, this, [this] {
        updateCount();
        if (!m_pendingSymbol.isEmpty() && !m_inputs->symbolProxy()->isFiltering() &&
            !m_inputs->isListingSymbols()) {
            const int row = m_inputs->symbols()->findRow(std::exchange(m_pendingSymbol, {}));
            if (row >= 0)
                selectSymbolRow(row);
        }
    });
    connect(m_perCodeObject, &QCheckBox::toggled, this, [this](bool on) {
        m_inputs->setSymbolGrouping(on ? SymbolGrouping::PerCodeObject : SymbolGrouping::ByName);
    });
    connect(inputs, &InputsController::symbolsRebuilt, this, [this] {
        updateCount();
        if (!m_pendingSymbol.isEmpty() && !m_inputs->isListingSymbols())
            showSymbol(std::exchange(m_pendingSymbol, {}));
    });
    connect(m_kernelsOnly, &QCheckBox::toggled, this,
            [this](bool on) { m_inputs->symbolProxy()->setKernelsOnly(on); });
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &cur) { showDetailsFor(cur); });
    connect(m_tree, &QTreeView::doubleClicked, this, [this](const QModelIndex &idx) {
        if (const KernelInfo *k = m_inputs->tree()->kernelAt(idx))
            showSymbol(k->name);
    });
    // While a big library is read the tree fills bundle by bundle: its targets stay in view.
    connect(inputs->tree(), &QAbstractItemModel::modelReset, this, [this] {
        if (m_inputs->isInspecting())
            m_tree->expandToDepth(0);
    });
    connect(inputs, &InputsController::busyChanged, this, &ArtifactsPanel::updateCount);
    connect(inputs, &InputsController::symbolsProgress, this, &ArtifactsPanel::updateCount);
    connect(inputs, &InputsController::artifactsChanged, this, [this] {
        m_tree->expandToDepth(0);
        updateCount();
        showDetailsFor(m_tree->currentIndex());
        if (m_inputs->tree()->rowCount() > 0 && !m_tree->currentIndex().isValid())
            m_tree->setCurrentIndex(m_inputs->tree()->index(0, 0));
    });
}

void ArtifactsPanel::updateCount() {
    const int shown = m_inputs->symbolProxy()->rowCount();
    const int total = m_inputs->symbols()->rowCount();
    const bool listing = m_inputs->isListingSymbols();
    const QLocale l;
    if (listing || (m_inputs->isInspecting() && total == 0)) {
        const auto [read, of] = m_inputs->symbolsRead();
        if (total > 0) // per code object: the first rows, the rest coming
            m_count->setText(tr("%1 of %2 read, the first %3 shown")
                                 .arg(l.toString(read), l.toString(of), l.toString(total)));
        else
            m_count->setText(
                !listing || of == 0 ? tr("reading symbols…")
                : read < of ? tr("reading symbols… %1 of %2").arg(l.toString(read), l.toString(of))
                            : tr("%1 symbols read, ordering the rows…").arg(l.toString(of)));
        return;
    }
    m_count->setText(shown == total
                         ? tr("%n symbol(s)", nullptr, total)
                         : tr("%1 of %n symbol(s)", nullptr, total).arg(l.toString(shown)));
}

void ArtifactsPanel::showDetailsFor(const QModelIndex &idx) {
    const KernelInfo *k = m_inputs->tree()->kernelAt(idx);
    const CodeObject *co = m_inputs->tree()->codeObjectAt(idx);
    if (k && co) {
        m_details->setHtml(kernelHtml(*k, *co));
        m_tabs->setCurrentWidget(m_details);
    } else if (co) {
        m_details->setHtml(codeObjectHtml(*co));
    }
}

bool ArtifactsPanel::showSymbol(const QString &name) {
    m_pendingSymbol.clear();
    // Shown when the rows arrive: the first rows shown meanwhile are replaced (per code object).
    if (m_inputs->isListingSymbols()) {
        m_pendingSymbol = name;
        return true;
    }
    const int row = m_inputs->symbols()->findRow(name);
    if (row < 0)
        return false;
    SymbolFilterProxy *proxy = m_inputs->symbolProxy();
    if (!proxy->isFiltering() && selectSymbolRow(row))
        return true;
    // The filter hides it (or is about to change): show it by its own name.
    m_filterTimer->stop();
    m_filter->blockSignals(true);
    m_filter->setText(m_inputs->symbols()->row(row).name());
    m_filter->blockSignals(false);
    m_kernelsOnly->setChecked(false);
    proxy->setFilterText(m_filter->text());
    if (proxy->isFiltering()) {
        m_pendingSymbol = name;
        return true;
    }
    return selectSymbolRow(row);
}

bool ArtifactsPanel::selectSymbolRow(int row) {
    const QModelIndex proxyIndex =
        m_inputs->symbolProxy()->mapFromSource(m_inputs->symbols()->index(row, 0));
    if (!proxyIndex.isValid())
        return false;
    m_tabs->setCurrentIndex(0);
    m_symbolView->setCurrentIndex(proxyIndex);
    m_symbolView->selectRow(proxyIndex.row());
    m_symbolView->scrollTo(proxyIndex, QAbstractItemView::PositionAtCenter);
    return true;
}

void ArtifactsPanel::setRequestedName(const QString &name) {
    m_name->setText(name);
    m_diagnosis->explainName(); // now, not after the typing pause
}

QString ArtifactsPanel::explanationText() const {
    return QTextDocumentFragment::fromHtml(m_nameText->text()).toPlainText();
}

bool ArtifactsPanel::isExplaining() const {
    return m_diagnosis->isExplaining();
}

void ArtifactsPanel::showExplanation() {
    const NameExplanation &e = m_diagnosis->explanation();
    QString iconName;
    switch (e.match) {
    case NameExplanation::Match::Exact:
        iconName = QStringLiteral("status-pass");
        break;
    case NameExplanation::Match::ExactNoBinary:
        iconName = QStringLiteral("severity-error");
        break;
    case NameExplanation::Match::ExactNoDevice:
    case NameExplanation::Match::Mangled:
    case NameExplanation::Match::InternalLinkage:
    case NameExplanation::Match::NotAKernel:
    case NameExplanation::Match::HostApi:
        iconName = QStringLiteral("severity-warning");
        break;
    case NameExplanation::Match::Missing:
        iconName = QStringLiteral("severity-error");
        break;
    case NameExplanation::Match::NoInput:
        iconName = QStringLiteral("severity-info");
        break;
    }
    m_nameIcon->setPixmap(icon(iconName).pixmap(20, 20));
    // The fix right under the headline: where the box is short (1280x800, 1.5x scaling) the
    // answer scrolls, and what to do is what must show without scrolling; the why follows.
    QString text = QStringLiteral("<b>%1</b>").arg(e.headline.toHtmlEscaped());
    if (!e.fix.isEmpty())
        text += QStringLiteral("<br><i>%1</i> %2").arg(tr("Fix:"), e.fix.toHtmlEscaped());
    if (!e.explanation.isEmpty())
        text += QStringLiteral("<br>") + e.explanation.toHtmlEscaped();
    m_nameText->setText(text);
    m_nameMatchSymbol = e.symbols.value(0);
    m_nameLink->setText(m_nameMatchSymbol.isEmpty()
                            ? QString()
                            : QStringLiteral("<a href='#'>%1</a>").arg(tr("Show in symbol table")));
    m_nameTarget->setVisible(e.needsDevice);
    m_keepName->setVisible(e.match != NameExplanation::Match::NoInput);
    m_keepName->setEnabled(!m_diagnosis->isKept(e.name));
}

void ArtifactsPanel::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    // The texts set once (labels, buttons) follow through retranslateTree(); these are
    // computed from the state.
    if (event->type() == QEvent::LanguageChange)
        updateCount(); // the name's answer comes again from the controller (Workspace::retranslate)
}

} // namespace hd::ui
