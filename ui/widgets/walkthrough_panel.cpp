#include "widgets/walkthrough_panel.h"

#include "model/labels.h"
#include "models/engine_text.h"
#include "models/findings_model.h"

#include "controllers/inputs_controller.h"
#include "controllers/targets_controller.h"
#include "controllers/verification_controller.h"
#include "models/compat_matrix_model.h"
#include "models/libraries_model.h"
#include "widgets/icons.h"
#include "widgets/language.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace hd::ui {

QList<WalkthroughPanel::Page> WalkthroughPanel::pages() {
    return {
        {QStringLiteral("welcome"), tr("The method"),
         tr("A kernel that will not load fails in one layer: it was never compiled into a device "
            "code object, or the runtime cannot load or find it. hipdoctor walks the same path an "
            "experienced engineer takes: find the layer, then check three directions, then verify "
            "with three small experiments whose outcomes point at the cause."),
         tr("Open your own artifacts (the executable, the .so or the .hsaco/.co file, a Triton "
            "cache folder) or use the built-in demo: small real programs, some broken on purpose."),
         QString(), QStringLiteral("demo"), tr("Open the demo")},
        {QStringLiteral("layer"), tr("1. Which layer failed?"),
         tr("If no device code object exists, the failure is in compilation (a Triton stage or a "
            "hipcc step). If a code object exists, the runtime refused to load or find it."),
         tr("Look at the tree in Artifacts & Symbols: every bundle, code object and kernel that "
            "was "
            "found, with the target each was built for. Problems reading a file are listed under "
            "it."),
         QStringLiteral("artifacts"), QString(), QString()},
        {QStringLiteral("direction1"), tr("2. Direction 1: runtime link and initialization"),
         tr("Is libamdhip64 a dependency at all, which file does the loader pick (RPATH, "
            "LD_LIBRARY_PATH, RUNPATH, the ld.so cache, default dirs), and is it the major version "
            "the "
            "binary needs? Undefined symbols surface here too."),
         tr("Open the \"Needed libraries\" tab next to the symbol table: each needed library with "
            "where it resolves, or \"not found\" and the other versions installed."),
         QStringLiteral("artifacts"), QStringLiteral("libraries"), tr("Show needed libraries")},
        {QStringLiteral("direction2"), tr("3. Direction 2: symbols"),
         tr("hipModuleGetFunction looks a kernel up by its exact symbol name. A kernel without "
            "extern \"C\" is only there C++-mangled; a function that lost __global__ is not a "
            "kernel; "
            "static kernels have internal linkage."),
         tr("Type the name your code asks for into the \"Name your code asks for\" box: it says "
            "whether the name is there exactly, only mangled, not a kernel, or missing (with the "
            "nearest names)."),
         QStringLiteral("artifacts"), QStringLiteral("name"), tr("Try a name")},
        {QStringLiteral("direction3"), tr("4. Direction 3: code object vs. device and context"),
         tr("The runtime loads a code object only if its processor equals the device's and its "
            "xnack/sramecc settings fit. Environment overrides (HSA_OVERRIDE_GFX_VERSION) and "
            "leftover process state from Triton belong here too."),
         tr("The Devices panel lists the GPUs the runtime sees, or lets you type the target id of "
            "the machine where it failed (run \"rocminfo | grep gfx\" there). The compatibility "
            "matrix shows each device against each code object: green loads, red does not (hover "
            "for why). Without a device nothing can say that a code object loads."),
         QStringLiteral("devices"), QStringLiteral("target"), tr("Type your GPU's target")},
        {QStringLiteral("step1"), tr("5. Verify, step 1: baseline"),
         tr("A plain vector add compiled for the device and run two ways (a program and the module "
            "API). If this fails, nothing built on top can work: the problem is the base chain "
            "(compiler, runtime link, driver, device) — direction 1."),
         tr("The Verification panel shows each sub-check with its command, environment, output, "
            "exit status and time. On a machine without a GPU, the compile and link checks pass "
            "and the runtime answers \"no device\". Is the GPU in a node you reach with ssh? "
            "File > Connect to GPU node… runs the devices query and every step there (the "
            "status bar says where they run)."),
         QStringLiteral("verification"), QStringLiteral("step1"), tr("Run step 1")},
        {QStringLiteral("step2"), tr("6. Verify, step 2: the suspect operator alone"),
         tr("Your kernel loaded and launched alone in a clean process, with the same shapes and "
            "dtypes. If it fails the same way as in the project, the artifact itself is the cause "
            "(direction 2 or 3)."),
         tr("\"Run step 2\" takes the open file holding your kernel and the name from the "
            "name box (or fill the step 2 card yourself), runs it, and the sub-checks and the "
            "runtime log show in the Logs panel."),
         QStringLiteral("verification"), QStringLiteral("step2"), tr("Run step 2")},
        {QStringLiteral("step3"), tr("7. Verify, step 3: back to the project"),
         tr("Your command run as is and without the Triton path. If only the run with Triton "
            "fails, "
            "the cause is process state shared with Triton: synchronize before switching and do "
            "not "
            "reset the context."),
         tr("Give the command and the env switch (or second command) on the step 3 card."),
         QStringLiteral("verification"), QString(), QString()},
        {QStringLiteral("conclusion"), tr("8. The conclusion and the report"),
         tr("The comparison of the three steps names the direction; the findings say what was "
            "seen, where (with links to the symbol, log line or variable) and what to change."),
         tr("Read the Findings panel, then use Copy report to paste a Markdown report into an "
            "issue, "
            "or Save screenshot for a picture of any panel."),
         QStringLiteral("findings"), QString(), QString()},
    };
}

WalkthroughPanel::WalkthroughPanel(InputsController *inputs, TargetsController *targets,
                                   VerificationController *verification, QWidget *parent)
    : QWidget(parent), m_inputs(inputs), m_targets(targets), m_verification(verification),
      m_pages(pages()) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    // The pages as one line, so the page itself (and "On your inputs") keeps the height.
    m_list = new QComboBox;
    m_list->setObjectName(QStringLiteral("walkthroughPages"));
    for (const Page &p : m_pages)
        m_list->addItem(p.title);
    m_list->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_list->setMinimumContentsLength(12);
    layout->addWidget(m_list);
    m_text = new QTextBrowser;
    m_text->setOpenLinks(false);
    layout->addWidget(m_text, 1);
    auto *row = new QHBoxLayout;
    m_back = new QPushButton;
    HD_TR_SET(m_back, "text", QT_TR_NOOP("Back"));
    m_show = new QPushButton;
    HD_TR_SET(m_show, "text", QT_TR_NOOP("Show me"));
    m_doIt = new QPushButton(icon(QStringLiteral("run")), QString());
    m_next = new QPushButton;
    HD_TR_SET(m_next, "text", QT_TR_NOOP("Next"));
    row->addWidget(m_back);
    row->addStretch();
    row->addWidget(m_show);
    row->addWidget(m_doIt);
    row->addWidget(m_next);
    layout->addLayout(row);

    connect(m_list, &QComboBox::currentIndexChanged, this, [this] {
        m_note.clear();
        render();
    });
    connect(m_back, &QPushButton::clicked, this, [this] { setCurrentPage(currentPage() - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setCurrentPage(currentPage() + 1); });
    connect(m_show, &QPushButton::clicked, this, [this] {
        const Page &p = m_pages[currentPage()];
        if (!p.panel.isEmpty())
            emit showPanel(p.panel);
    });
    connect(m_doIt, &QPushButton::clicked, this, [this] {
        const Page &p = m_pages[currentPage()];
        if (!p.panel.isEmpty())
            emit showPanel(p.panel);
        if (!p.action.isEmpty())
            emit actionRequested(p.action);
    });
    connect(inputs, &InputsController::artifactsChanged, this, &WalkthroughPanel::render);
    connect(targets, &TargetsController::devicesChanged, this, &WalkthroughPanel::render);
    for (auto sig :
         {&VerificationController::stepsChanged, &VerificationController::findingsChanged})
        connect(verification, sig, this, &WalkthroughPanel::render);
    m_list->setCurrentIndex(0);
}

int WalkthroughPanel::currentPage() const {
    return std::max(0, m_list->currentIndex());
}

void WalkthroughPanel::setCurrentPage(int page) {
    if (page >= 0 && page < m_pages.size())
        m_list->setCurrentIndex(page);
}

QString WalkthroughPanel::currentText() const {
    return m_text->toPlainText();
}

QString WalkthroughPanel::liveResult(const QString &id) const {
    const auto &arts = m_inputs->artifacts();
    if (id == QLatin1String("welcome")) {
        if (arts.isEmpty())
            return tr("Nothing is open yet.");
        return tr("%n artifact(s) open.", nullptr, int(arts.size()));
    }
    if (id == QLatin1String("layer")) {
        if (arts.isEmpty())
            return tr("Open an artifact to see its layer.");
        int codeObjects = 0, withoutDevice = 0;
        for (const ArtifactReport &a : arts) {
            codeObjects += int(a.codeObjects.size());
            withoutDevice += a.codeObjects.isEmpty();
        }
        if (withoutDevice > 0)
            return tr("%1 of the open files hold no device code object: for those, the failure is "
                      "in "
                      "compilation (or they are host code that never had device code).")
                .arg(withoutDevice);
        return tr("Every open file holds device code (%n code object(s) in all): the compile layer "
                  "did its job; look at loading.",
                  nullptr, codeObjects);
    }
    if (id == QLatin1String("direction1")) {
        int missing = 0, total = 0;
        for (const auto &r : m_inputs->libraries()->rows()) {
            ++total;
            missing += !r.resolution.found();
        }
        if (total == 0)
            return tr("No host binary is open, so there are no needed libraries to resolve.");
        if (missing == 0)
            return tr("All %1 needed libraries resolve.").arg(total);
        return tr("%1 of %2 needed libraries do not resolve: that alone stops the program.")
            .arg(missing)
            .arg(total);
    }
    if (id == QLatin1String("direction3")) {
        const auto *m = m_targets->compat();
        if (m->rowCount() == 0)
            return tr("No device yet: query the runtime or type a target id.");
        if (m->columnCount() == 0)
            return tr("No code object is open yet.");
        int red = 0;
        for (int r = 0; r < m->rowCount(); ++r)
            for (int c = 0; c < m->columnCount(); ++c)
                red += !m->cell(r, c).compatible();
        return tr("%1 of %2 device × code object pairs do not load.")
            .arg(red)
            .arg(m->rowCount() * m->columnCount());
    }
    if (id.startsWith(QLatin1String("step"))) {
        const int n = id.mid(4).toInt();
        const StepRecord *s = m_verification->step(n);
        if (!s)
            return tr("Not run yet.");
        return tr("Result: %1 — %2")
            .arg(shownEngineText(checkStatusWord(s->status)), shownEngineText(s->summary));
    }
    if (id == QLatin1String("conclusion")) {
        // The answer to the user's own question first, then what this machine could not
        // check, and only then the steps' verdict.
        const FindingsModel::ShownCase shown =
            FindingsModel::shownCase(m_verification->caseVerdict(), m_verification->allFindings());
        QString text;
        if (!shown.question.isEmpty())
            text += tr("Your question: %1.").arg(shown.question) + QLatin1Char(' ');
        if (!shown.answer.isEmpty())
            text += tr("Answer: %1").arg(shown.answer) + QLatin1Char(' ');
        for (const QString &n : shown.notChecked)
            text += tr("Not checked here: %1").arg(n) + QLatin1Char(' ');
        const Comparison &c = m_verification->comparison();
        text += c.verdict.isEmpty() ? tr("No comparison yet.") : FindingsModel::shownVerdict(c);
        return text + QLatin1Char(' ') +
               tr("%n finding(s).", nullptr, int(m_verification->allFindings().size()));
    }
    return {};
}

void WalkthroughPanel::setNote(const QString &note) {
    m_note = note;
    render();
}

void WalkthroughPanel::render() {
    const int i = currentPage();
    if (i >= m_pages.size())
        return;
    const Page &p = m_pages[i];
    QString h = QStringLiteral("<h3>%1</h3>").arg(p.title.toHtmlEscaped());
    h += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("What and why:"), p.why.toHtmlEscaped());
    h += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Where to look:"), p.look.toHtmlEscaped());
    if (!m_note.isEmpty())
        h += QStringLiteral("<p style='color:#b06000'><b>%1</b> %2</p>")
                 .arg(tr("Needed first:"), m_note.toHtmlEscaped());
    const QString live = liveResult(p.id);
    if (!live.isEmpty())
        h += QStringLiteral("<p style='background-color:palette(alternate-base)'><b>%1</b> %2</p>")
                 .arg(tr("On your inputs:"), live.toHtmlEscaped());
    m_text->setHtml(h);
    m_back->setEnabled(i > 0);
    m_next->setEnabled(i + 1 < m_pages.size());
    m_show->setEnabled(!p.panel.isEmpty());
    m_doIt->setVisible(!p.action.isEmpty());
    m_doIt->setText(p.actionLabel);
}

void WalkthroughPanel::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    // The texts set once (labels, buttons) follow through retranslateTree(); these are
    // computed from the state.
    if (event->type() == QEvent::LanguageChange) {
        m_pages = pages();
        for (int i = 0; i < m_pages.size() && i < m_list->count(); ++i)
            m_list->setItemText(i, m_pages[i].title);
        render();
    }
}

} // namespace hd::ui
