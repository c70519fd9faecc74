#include "widgets/verify_panel.h"

#include "common/format.h"
#include "models/engine_text.h"
#include "models/findings_model.h"

#include "controllers/verification_controller.h"
#include "widgets/icons.h"
#include "widgets/language.h"

#include "common/shell.h"
#include "common/value_parsers.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTextDocument>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hd::ui {

namespace {

QString stepTitle(int step) {
    switch (step) {
    case 1:
        return VerifyPanel::tr("Step 1 — Baseline");
    case 2:
        return VerifyPanel::tr("Step 2 — The suspect operator alone");
    default:
        return VerifyPanel::tr("Step 3 — Back to the project");
    }
}

QString stepDescription(int step) {
    switch (step) {
    case 1:
        return VerifyPanel::tr("Compiles a plain vector add for the device, runs it as a program "
                               "and loads it through the module API. Proves compiler, runtime "
                               "link, runtime and device work at all.");
    case 2:
        return VerifyPanel::tr("Loads and launches your kernel alone in a clean process (or "
                               "dlopen's your library, or runs your executable). Does the error "
                               "persist without the rest of the project?");
    default:
        return VerifyPanel::tr("Runs your command as is and without the Triton path, in clean "
                               "processes, and compares the failure signatures.");
    }
}

QString statusText(const QString &status) {
    if (status == QLatin1String("pass"))
        return VerifyPanel::tr("passed");
    if (status == QLatin1String("fail"))
        return VerifyPanel::tr("failed");
    if (status == QLatin1String("error"))
        return VerifyPanel::tr("could not run");
    if (status == QLatin1String("skipped"))
        return VerifyPanel::tr("skipped");
    if (status == QLatin1String("cancelled"))
        return VerifyPanel::tr("cancelled");
    if (status == QLatin1String("running"))
        return VerifyPanel::tr("running…");
    return VerifyPanel::tr("not run");
}

QString shellJoin(const QStringList &argv) {
    QStringList out;
    for (const QString &a : argv) {
        if (!a.isEmpty() &&
            !a.contains(QRegularExpression(QStringLiteral("[^A-Za-z0-9_./=:,+@%-]"))))
            out.append(a);
        else
            out.append(QLatin1Char('\'') +
                       QString(a).replace(QLatin1Char('\''), QStringLiteral("'\\''")) +
                       QLatin1Char('\''));
    }
    return out.join(QLatin1Char(' '));
}

// A command line shellSplit() reads back as the same argv (core/common/shell.h).
QString commandLine(const QStringList &argv) {
    return hd::shellJoin(argv);
}

// A launch-size field read by the CLI's parser (core/common/value_parsers.h); a bad value is
// shown on the field (red frame, the reason as tooltip) instead of becoming 1.
std::optional<std::array<unsigned, 3>> readDims(QLineEdit *field) {
    QString error;
    const auto d = hd::parseDimensions(field->text(), &error);
    field->setStyleSheet(d ? QString()
                           : QStringLiteral("QLineEdit { border: 2px solid #d32f2f; }"));
    field->setToolTip(d ? QString() : error);
    return d;
}

} // namespace

StepCard::StepCard(int step, QWidget *parent) : QFrame(parent), m_step(step) {
    setObjectName(QStringLiteral("stepCard%1").arg(step));
    setFrameShape(QFrame::StyledPanel);
    setMinimumWidth(280);
    auto *layout = new QVBoxLayout(this);
    auto *head = new QHBoxLayout;
    m_light = new QLabel;
    m_light->setFixedSize(28, 28);
    m_title = new QLabel;
    // Wrapped, not cut: "Step 2 — The suspect operator alone" is wider than its card at
    // 1280x800 and at 1.5x scaling (and longer in other languages).
    m_title->setWordWrap(true);
    ignoreMinimumWidth(m_title);
    m_run = new QPushButton(icon(QStringLiteral("run")), QString());
    HD_TR_SET(m_run, "text", QT_TR_NOOP("Run"));
    connect(m_run, &QPushButton::clicked, this, [this] { emit runRequested(m_step); });
    head->addWidget(m_light);
    head->addWidget(m_title, 1);
    head->addWidget(m_run);
    layout->addLayout(head);
    m_description = new QLabel;
    m_description->setWordWrap(true);
    QFont small = m_description->font();
    small.setPointSizeF(small.pointSizeF() * 0.92);
    m_description->setFont(small);
    layout->addWidget(m_description);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    layout->addLayout(m_form);
    m_checks = new QTreeWidget;
    m_checks->setColumnCount(2);
    m_checks->setRootIsDecorated(false);
    m_checks->header()->setStretchLastSection(false);
    m_checks->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_checks->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_checks->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // fitChecks()
    connect(m_checks, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item)
            emit checkSelected(m_step, m_checks->indexOfTopLevelItem(item));
    });
    layout->addWidget(m_checks, 1);
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    ignoreMinimumWidth(m_summary); // commands and paths
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    retranslate();
    showRecord(nullptr);
}

void StepCard::changeEvent(QEvent *event) {
    QFrame::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void StepCard::retranslate() {
    m_title->setText(QStringLiteral("<b style='font-size:11pt'>%1</b>").arg(stepTitle(m_step)));
    m_description->setText(stepDescription(m_step));
    m_run->setToolTip(tr("Run this step alone (F%1)").arg(5 + m_step));
    m_checks->setHeaderLabels({tr("Check"), tr("Time")});
}

void StepCard::addInput(QLabel *label, QWidget *field) {
    m_form->addRow(label, field);
}

QString StepCard::summaryText() const {
    QTextDocument doc;
    doc.setHtml(m_summary->text());
    return doc.toPlainText();
}

void StepCard::setRunning(bool running) {
    if (running) {
        m_status = QStringLiteral("running");
        m_light->setPixmap(statusIcon(m_status).pixmap(26, 26));
        m_light->setToolTip(statusText(m_status));
        m_summary->setText(statusText(m_status));
    }
    m_run->setEnabled(!running);
}

void StepCard::showNeeds(const QString &needs) {
    m_summary->setText(QStringLiteral("<span style='color:#b06000'><b>%1</b> %2</span>")
                           .arg(tr("Needs:"), needs.toHtmlEscaped()));
}

void StepCard::showStale(const QString &why) {
    m_stale = true;
    m_checks->setEnabled(false); // shown, greyed: not the answer now
    m_summary->setText(QStringLiteral("<span style='color:#b06000'><b>%1</b> %2 %3</span><br>%4")
                           .arg(tr("Out of date:"), why.toHtmlEscaped(),
                                tr("Run the step again for the case as it is now."),
                                m_summary->text()));
}

void StepCard::showRecord(const StepRecord *rec, const QString &ranOn) {
    m_stale = false;
    m_checks->setEnabled(true);
    m_checks->clear();
    if (!rec) {
        m_status.clear();
        m_light->setPixmap(statusIcon({}).pixmap(26, 26));
        m_light->setToolTip(statusText({}));
        m_summary->setText(statusText({}));
        fitChecks();
        return;
    }
    m_status = checkStatusName(rec->status);
    m_light->setPixmap(statusIcon(m_status).pixmap(26, 26));
    m_light->setToolTip(statusText(m_status));
    for (const CheckRecord &c : rec->checks) {
        auto *item = new QTreeWidgetItem(m_checks);
        item->setIcon(0, statusIcon(checkStatusName(c.status)));
        item->setText(0, c.title.isEmpty() ? c.id : FindingsModel::shownCheckTitle(c.title));
        item->setToolTip(0, shownEngineText(c.summary));
        item->setText(1, c.cached ? tr("%1 (cached)").arg(formatDuration(c.durationMs))
                                  : formatDuration(c.durationMs));
    }
    fitChecks();
    // A step that ran on a GPU node says so (docs/remote.md "In the app").
    const QString where = ranOn.isEmpty()
                              ? QString()
                              : tr("on %1").arg(ranOn).toHtmlEscaped() + QStringLiteral(" · ");
    m_summary->setText(QStringLiteral("<b>%1</b> · %2%3 · %4")
                           .arg(statusText(m_status), where, formatDuration(rec->durationMs),
                                shownEngineText(rec->summary).toHtmlEscaped()));
    m_run->setEnabled(true);
}

// Every check row shown: the table is as tall as its rows (at least four), so the panel's one
// scroll area scrolls, never a second one inside the card (1280x800, 1.5x).
void StepCard::fitChecks() {
    const int rows = std::max(4, m_checks->topLevelItemCount());
    const int row = m_checks->topLevelItemCount() > 0 ? m_checks->sizeHintForRow(0)
                                                      : m_checks->fontMetrics().height() + 4;
    m_checks->setMinimumHeight(m_checks->header()->sizeHint().height() + rows * row +
                               2 * m_checks->frameWidth() + 4);
}

VerifyPanel::VerifyPanel(VerificationController *verification, QWidget *parent)
    : QWidget(parent), m_verification(verification) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(makeToolbar());

    auto *split = new QSplitter(Qt::Vertical);
    QWidget *cardsHost = makeCards();
    addStep1Inputs();
    addStep2Inputs();
    addStep3Inputs();
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(cardsHost);
    split->addWidget(scroll);

    split->addWidget(makeDetails());
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setSizes({4000, 1000}); // kept in proportion when first laid out
    layout->addWidget(split, 1);

    connectVerification();
    refresh();
}

QLayout *VerifyPanel::makeToolbar() {
    auto *bar = new QHBoxLayout;
    m_runAll = new QPushButton(icon(QStringLiteral("run-all")), QString());
    HD_TR_SET(m_runAll, "text", QT_TR_NOOP("Run all steps"));
    HD_TR_SET(m_runAll, "toolTip", QT_TR_NOOP("Run steps 1, 2 and 3 in order, then compare (F9)"));
    m_cancel = new QPushButton(icon(QStringLiteral("cancel")), QString());
    HD_TR_SET(m_cancel, "text", QT_TR_NOOP("Cancel"));
    m_cancel->setEnabled(false);
    m_progress = new QLabel;
    // Verdicts are long: they must not widen the window (the comparison below wraps them).
    m_progress->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    bar->addWidget(m_runAll);
    bar->addWidget(m_cancel);
    bar->addWidget(m_progress, 1);
    return bar;
}

// The three step cards, side by side (or one under the other, resizeEvent).
QWidget *VerifyPanel::makeCards() {
    auto *cardsHost = new QWidget;
    auto *cardsLayout = new QBoxLayout(QBoxLayout::LeftToRight, cardsHost);
    m_cardsLayout = cardsLayout;
    cardsLayout->setContentsMargins(0, 0, 0, 0);
    for (int s = 1; s <= 3; ++s) {
        auto *card = new StepCard(s);
        m_cards.append(card);
        cardsLayout->addWidget(card, 1);
        connect(card, &StepCard::runRequested, this, [this](int step) {
            if (applyInputs())
                m_verification->runSteps({step});
        });
        connect(card, &StepCard::checkSelected, this, &VerifyPanel::showCheck);
    }
    return cardsHost;
}

void VerifyPanel::addStep1Inputs() {
    m_step1Target = new QLineEdit;
    m_step1Target->setObjectName(QStringLiteral("step1Target"));
    HD_TR_SET(m_step1Target, "placeholderText",
              QT_TR_NOOP("device's target (default: live device or gfx90a)"));
    m_cards[0]->addInput(HD_TR_LABEL(QT_TR_NOOP("Target:")), m_step1Target);
}

void VerifyPanel::addStep2Inputs() {
    m_step2Mode = new QComboBox;
    m_step2Mode->setObjectName(QStringLiteral("step2Mode"));
    m_step2Mode->addItem(tr("Code object / bundle / binary: load + launch"),
                         int(Step2Options::Mode::Artifact));
    m_step2Mode->addItem(tr("Shared library: dlopen"), int(Step2Options::Mode::Dlopen));
    m_step2Mode->addItem(tr("Executable: run"), int(Step2Options::Mode::Executable));
    m_cards[1]->addInput(HD_TR_LABEL(QT_TR_NOOP("Mode:")), m_step2Mode);
    auto *fileRow = new QWidget;
    auto *fl = new QHBoxLayout(fileRow);
    fl->setContentsMargins(0, 0, 0, 0);
    m_step2File = new QLineEdit;
    m_step2File->setObjectName(QStringLiteral("step2File"));
    HD_TR_SET(m_step2File, "placeholderText", QT_TR_NOOP("file holding the kernel"));
    auto *browse = new QToolButton;
    browse->setText(QStringLiteral("…"));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("File for step 2"));
        if (!f.isEmpty())
            m_step2File->setText(f);
    });
    fl->addWidget(m_step2File, 1);
    fl->addWidget(browse);
    m_cards[1]->addInput(HD_TR_LABEL(QT_TR_NOOP("File:")), fileRow);
    m_step2Kernel = new QLineEdit;
    m_step2Kernel->setObjectName(QStringLiteral("step2Kernel"));
    HD_TR_SET(m_step2Kernel, "placeholderText", QT_TR_NOOP("kernel name your code asks for"));
    m_cards[1]->addInput(HD_TR_LABEL(QT_TR_NOOP("Kernel:")), m_step2Kernel);
    m_step2Args = new QLineEdit;
    m_step2Args->setObjectName(QStringLiteral("step2Args"));
    HD_TR_SET(m_step2Args, "placeholderText",
              QT_TR_NOOP("optional, to launch: e.g. buf:f32:1048576:rand, i32:1048576"));
    m_cards[1]->addInput(HD_TR_LABEL(QT_TR_NOOP("Arguments:")), m_step2Args);
    auto *dims = new QWidget;
    auto *dl = new QHBoxLayout(dims);
    dl->setContentsMargins(0, 0, 0, 0);
    m_step2Grid = new QLineEdit(QStringLiteral("4096"));
    m_step2Grid->setObjectName(QStringLiteral("step2Grid"));
    m_step2Block = new QLineEdit(QStringLiteral("256"));
    m_step2Block->setObjectName(QStringLiteral("step2Block"));
    for (QLineEdit *field : {m_step2Grid, m_step2Block})
        connect(field, &QLineEdit::textChanged, this, [field] { readDims(field); });
    m_step2Repeat = new QSpinBox;
    m_step2Repeat->setObjectName(QStringLiteral("step2Repeat"));
    m_step2Repeat->setRange(1, 100000);
    m_step2Repeat->setValue(10);
    dl->addWidget(HD_TR_LABEL(QT_TR_NOOP("grid")));
    dl->addWidget(m_step2Grid);
    dl->addWidget(HD_TR_LABEL(QT_TR_NOOP("block")));
    dl->addWidget(m_step2Block);
    dl->addWidget(HD_TR_LABEL(QT_TR_NOOP("×")));
    dl->addWidget(m_step2Repeat);
    m_cards[1]->addInput(HD_TR_LABEL(QT_TR_NOOP("Launch:")), dims);
}

void VerifyPanel::addStep3Inputs() {
    m_step3Command = new QLineEdit;
    m_step3Command->setObjectName(QStringLiteral("step3Command"));
    HD_TR_SET(m_step3Command, "placeholderText",
              QT_TR_NOOP("your command, e.g. python train.py --steps 1"));
    m_cards[2]->addInput(HD_TR_LABEL(QT_TR_NOOP("Command:")), m_step3Command);
    m_step3Dir = new QLineEdit;
    m_step3Dir->setObjectName(QStringLiteral("step3Dir"));
    HD_TR_SET(m_step3Dir, "placeholderText", QT_TR_NOOP("working directory (default: current)"));
    m_cards[2]->addInput(HD_TR_LABEL(QT_TR_NOOP("In:")), m_step3Dir);
    m_step3Switch = new QLineEdit;
    m_step3Switch->setObjectName(QStringLiteral("step3Switch"));
    HD_TR_SET(m_step3Switch, "placeholderText",
              QT_TR_NOOP("optional: a variable that turns Triton off, e.g. USE_TRITON=0"));
    m_cards[2]->addInput(HD_TR_LABEL(QT_TR_NOOP("Without Triton:")), m_step3Switch);
    m_step3Variant = new QLineEdit;
    m_step3Variant->setObjectName(QStringLiteral("step3Variant"));
    HD_TR_SET(m_step3Variant, "placeholderText", QT_TR_NOOP("or a second command"));
    m_cards[2]->addInput(HD_TR_LABEL(QT_TR_NOOP("Or run:")), m_step3Variant);
}

// The comparison's verdict and the selected check's details.
QWidget *VerifyPanel::makeDetails() {
    auto *bottom = new QWidget;
    auto *bl = new QVBoxLayout(bottom);
    bl->setContentsMargins(0, 0, 0, 0);
    auto *verdictRow = new QHBoxLayout;
    m_verdictIcon = new QLabel;
    m_verdictIcon->setFixedSize(22, 22);
    m_verdict = new QLabel;
    m_verdict->setWordWrap(true);
    ignoreMinimumWidth(m_verdict);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long verdict (its basis lines too) wraps and, past a few lines, scrolls: never cut at
    // the panel's edge (1280x800 at 1.5x).
    auto *verdictScroll = new QScrollArea;
    verdictScroll->setObjectName(QStringLiteral("verdictScroll"));
    verdictScroll->setWidgetResizable(true);
    verdictScroll->setFrameShape(QFrame::NoFrame);
    verdictScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    verdictScroll->setWidget(m_verdict);
    verdictScroll->setMaximumHeight(m_verdict->fontMetrics().lineSpacing() * 4 + 8);
    verdictScroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    verdictRow->addWidget(m_verdictIcon, 0, Qt::AlignTop);
    verdictRow->addWidget(verdictScroll, 1);
    bl->addLayout(verdictRow);
    m_details = new QPlainTextEdit;
    m_details->setReadOnly(true);
    HD_TR_SET(
        m_details, "placeholderText",
        QT_TR_NOOP("Select a check to see its command, environment, output and exit status."));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_details->setFont(mono);
    bl->addWidget(m_details, 1);
    // The detail box keeps at least three lines; the cards get most of the rest and scroll.
    m_details->setMinimumHeight(m_details->fontMetrics().lineSpacing() * 3 + 12);
    return bottom;
}

void VerifyPanel::connectVerification() {
    VerificationController *verification = m_verification;
    connect(m_runAll, &QPushButton::clicked, this, [this] {
        if (applyInputs())
            m_verification->runSteps({1, 2, 3});
    });
    connect(m_cancel, &QPushButton::clicked, verification,
            &VerificationController::cancelVerification);
    connect(verification, &VerificationController::stepsChanged, this, &VerifyPanel::refresh);
    // The answer to the user's question follows the diagnosis too.
    connect(verification, &VerificationController::findingsChanged, this, &VerifyPanel::refresh);
    connect(verification, &VerificationController::verifyOptionsChanged, this,
            &VerifyPanel::showInputs);
    connect(verification, &VerificationController::stepStarted, this, [this](int step) {
        if (StepCard *c = card(step))
            c->setRunning(true);
    });
    connect(verification, &VerificationController::progress, this,
            [this](const QString &kind, int, int, const QString &msg) {
                if (kind == QLatin1String("verify"))
                    m_progress->setText(msg);
            });
    connect(verification, &VerificationController::busyChanged, this,
            [this](const QString &kind, bool running, const QString &msg) {
                if (kind != QLatin1String("verify"))
                    return;
                m_cancel->setEnabled(running);
                m_runAll->setEnabled(!running);
                // Progress only: the verdict is shown once, in the Comparison line below.
                m_progress->setText(running ? msg : QString());
                if (!running)
                    refresh();
            });
}

void VerifyPanel::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    // Side by side where three cards fit, one under the other (scrolling) where they do not:
    // each card stays readable in a narrow dock.
    const int needed = 3 * m_cards.first()->minimumWidth() + 40;
    m_cardsLayout->setDirection(width() >= needed ? QBoxLayout::LeftToRight
                                                  : QBoxLayout::TopToBottom);
}

StepCard *VerifyPanel::card(int step) const {
    return step >= 1 && step <= m_cards.size() ? m_cards[step - 1] : nullptr;
}

void VerifyPanel::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() != QEvent::LanguageChange)
        return;
    m_step2Mode->setItemText(0, tr("Code object / bundle / binary: load + launch"));
    m_step2Mode->setItemText(1, tr("Shared library: dlopen"));
    m_step2Mode->setItemText(2, tr("Executable: run"));
    if (m_step2Mode->count() > 3)
        m_step2Mode->setItemText(3, tr("Compile command of the session, then load its output"));
    refresh(); // the cards' results and the comparison
}

bool VerifyPanel::applyInputs() {
    VerifyOptions o = m_verification->verifyOptions();
    o.step1.target = m_step1Target->text().trimmed();
    const QString file = m_step2File->text().trimmed();
    o.step2.mode = file.isEmpty() ? Step2Options::Mode::None
                                  : Step2Options::Mode(m_step2Mode->currentData().toInt());
    o.step2.file = file;
    o.step2.kernel = m_step2Kernel->text().trimmed();
    o.step2.args = m_step2Args->text().trimmed();
    const auto grid = readDims(m_step2Grid), block = readDims(m_step2Block);
    if (grid)
        o.step2.grid = *grid;
    if (block)
        o.step2.block = *block;
    o.step2.repeat = m_step2Repeat->value();
    // An executable's arguments (from a session) stay while the program is the same.
    if (o.step2.mode == Step2Options::Mode::Executable && o.step2.argv.value(0) != file)
        o.step2.argv = QStringList{file};
    o.step3.argv = hd::shellSplit(m_step3Command->text());
    o.step3.workingDirectory = m_step3Dir->text().trimmed();
    o.step3.switchEnv = m_step3Switch->text().trimmed();
    o.step3.variantArgv = hd::shellSplit(m_step3Variant->text());
    m_verification->setVerifyOptions(o);
    if (o.step2.mode != Step2Options::Mode::None && (!grid || !block)) {
        m_progress->setText(
            tr("Step 2 launch size: %1").arg((grid ? m_step2Block : m_step2Grid)->toolTip()));
        return false;
    }
    return true;
}

void VerifyPanel::showInputs() {
    const VerifyOptions &o = m_verification->verifyOptions();
    m_step1Target->setText(o.step1.target);
    // A session of `hipdoctor-cli verify --compile`: its compile command has no field here,
    // the mode list offers it (with the command as tooltip) while such a session is open.
    const int source = m_step2Mode->findData(int(Step2Options::Mode::Source));
    if (source >= 0)
        m_step2Mode->removeItem(source);
    if (o.step2.mode == Step2Options::Mode::Source) {
        m_step2Mode->addItem(tr("Compile command of the session, then load its output"),
                             int(Step2Options::Mode::Source));
        m_step2Mode->setItemData(m_step2Mode->count() - 1, commandLine(o.step2.compileArgv),
                                 Qt::ToolTipRole);
    }
    // Mode None (no step 2 input) shows as the first mode with no file.
    const int mode = m_step2Mode->findData(int(o.step2.mode));
    m_step2Mode->setCurrentIndex(std::max(mode, 0));
    m_step2File->setText(o.step2.mode == Step2Options::Mode::Executable
                             ? o.step2.argv.value(0, o.step2.file)
                             : o.step2.file);
    m_step2Kernel->setText(o.step2.kernel);
    m_step2Args->setText(o.step2.args);
    m_step2Grid->setText(hd::dimensionsText(o.step2.grid));
    m_step2Block->setText(hd::dimensionsText(o.step2.block));
    m_step2Repeat->setValue(o.step2.repeat);
    m_step3Command->setText(commandLine(o.step3.argv));
    m_step3Dir->setText(o.step3.workingDirectory);
    m_step3Switch->setText(o.step3.switchEnv);
    m_step3Variant->setText(commandLine(o.step3.variantArgv));
}

void VerifyPanel::refresh() {
    const bool running = m_verification->isVerifying();
    for (StepCard *c : m_cards) {
        const StepRecord *rec = m_verification->step(c->step());
        if (!running || rec || c->status() != QLatin1String("running"))
            c->showRecord(rec, m_verification->ranOn());
        if (const QString why = m_verification->staleReason(c->step()); rec && !why.isEmpty())
            c->showStale(why);
        // A step the last run could not start says what it needs (in place of "not run").
        if (const QString needs = m_verification->needs(c->step()); !needs.isEmpty())
            c->showNeeds(needs);
        if (running && c->status() == QLatin1String("running"))
            c->setRunning(true);
    }
    const Comparison &cmp = m_verification->comparison();
    // The case verdict first — the user's question, its answer, what this machine could not
    // check (model/case_verdict.h, the words the CLI prints first and the report opens with) —
    // then the steps' comparison.
    QString text;
    const CaseVerdict &v = m_verification->caseVerdict();
    const FindingsModel::ShownCase shown =
        FindingsModel::shownCase(v, m_verification->allFindings());
    if (!v.isEmpty()) {
        if (!shown.question.isEmpty())
            text += QStringLiteral("<b>%1</b> %2<br>")
                        .arg(tr("Your question:"), shown.question.toHtmlEscaped());
        text += QStringLiteral("<b>%1</b> %2<br>").arg(tr("Answer:"), shown.answer.toHtmlEscaped());
        for (const QString &n : shown.notChecked)
            text +=
                QStringLiteral("<b>%1</b> %2<br>").arg(tr("Not checked here:"), n.toHtmlEscaped());
    }
    if (m_verification->steps().isEmpty()) {
        m_verdictIcon->setPixmap(icon(v.findingId.isEmpty() ? QStringLiteral("severity-info")
                                      : v.severity == Severity::Error
                                          ? QStringLiteral("severity-error")
                                          : QStringLiteral("severity-warning"))
                                     .pixmap(20, 20));
        m_verdict->setText(text + tr("<b>Comparison</b>: run the steps; their outcomes together "
                                     "name the direction to look in."));
        m_verdict->setToolTip(v.headline());
        return;
    }
    m_verdictIcon->setPixmap(icon(cmp.direction == Direction::None
                                      ? QStringLiteral("severity-info")
                                      : QStringLiteral("severity-warning"))
                                 .pixmap(20, 20));
    text += QStringLiteral("<b>%1</b> %2")
                .arg(tr("Comparison:"), FindingsModel::shownVerdict(cmp).toHtmlEscaped());
    QStringList basis;
    for (const Text &b : cmp.basis)
        basis.append(shownEngineText(b));
    if (!basis.isEmpty())
        text += QStringLiteral("<br><span style='color:gray'>%1</span>")
                    .arg(basis.join(QStringLiteral(" · ")).toHtmlEscaped());
    m_verdict->setText(text);
    // The whole verdict and basis, also where the panel is too short to show every line; in
    // another language also the engine's English, as the exported report has it.
    QString tip =
        FindingsModel::shownVerdict(cmp) + QLatin1Char('\n') + basis.join(QLatin1Char('\n'));
    if (FindingsModel::shownVerdict(cmp) != cmp.verdict)
        tip += QLatin1Char('\n') + tr("The engine's text (English): %1").arg(cmp.verdict.english());
    m_verdict->setToolTip(tip);
}

QString VerifyPanel::comparisonText() const {
    return m_verdict->text();
}

void VerifyPanel::showCheck(int step, int index) {
    const StepRecord *rec = m_verification->step(step);
    if (!rec || index < 0 || index >= rec->checks.size())
        return;
    const CheckRecord &c = rec->checks[index];
    QString t;
    t += QStringLiteral("# %1 — %2\n")
             .arg(FindingsModel::shownCheckTitle(c.title), checkStatusName(c.status));
    if (!c.summary.isEmpty())
        t += shownEngineText(c.summary) + QLatin1Char('\n');
    if (!c.command.isEmpty())
        t += QStringLiteral("\n$ %1\n").arg(shellJoin(c.command));
    if (!c.workingDirectory.isEmpty())
        t += tr("in %1\n").arg(c.workingDirectory);
    for (auto it = c.env.cbegin(); it != c.env.cend(); ++it)
        t += QStringLiteral("env %1=%2\n").arg(it.key(), it.value());
    if (!c.signalName.isEmpty())
        t += tr("killed by %1\n").arg(c.signalName);
    else if (!c.command.isEmpty())
        t += tr("exit status %1\n").arg(c.exitCode);
    if (c.timedOut)
        t += tr("timed out\n");
    t += tr("duration %1\n").arg(formatDuration(c.durationMs));
    auto section = [&t](const QString &name, const QString &body) {
        if (body.trimmed().isEmpty())
            return;
        t += QStringLiteral("\n--- %1 ---\n").arg(name);
        t += body.size() > 20000 ? body.left(20000) + QStringLiteral("\n[…]") : body;
        if (!body.endsWith(QLatin1Char('\n')))
            t += QLatin1Char('\n');
    };
    section(tr("stdout"), c.stdoutText);
    section(tr("stderr"), c.stderrText);
    section(tr("runtime log"), c.logText);
    m_details->setPlainText(t);
}

} // namespace hd::ui
