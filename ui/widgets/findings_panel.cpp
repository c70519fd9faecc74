#include "widgets/findings_panel.h"

#include "controllers/verification_controller.h"
#include "models/engine_text.h"
#include "models/findings_model.h"
#include "models/ui_roles.h"
#include "widgets/icons.h"
#include "widgets/language.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>

namespace hd::ui {

FindingsPanel::FindingsPanel(VerificationController *verification, QWidget *parent)
    : QWidget(parent), m_verification(verification) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_empty = new QLabel;
    HD_TR_SET(m_empty, "text",
              QT_TR_NOOP("No findings yet. Open artifacts and run the verification steps."));
    m_empty->setWordWrap(true);
    layout->addWidget(m_empty);
    auto *split = new QSplitter(Qt::Vertical);
    m_view = new QTreeView;
    m_view->setModel(verification->findings());
    m_view->setUniformRowHeights(true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(FindingsModel::Title, QHeaderView::Stretch);
    // The title is what a person reads: the id and severity columns stay narrow (their full
    // text is in the detail below), so a narrow dock does not cut titles to nothing.
    const int em = m_view->fontMetrics().horizontalAdvance(QLatin1Char('x'));
    m_view->header()->setSectionResizeMode(FindingsModel::Id, QHeaderView::Interactive);
    m_view->header()->resizeSection(FindingsModel::Id, em * 13);
    m_view->header()->setSectionResizeMode(FindingsModel::Location, QHeaderView::Interactive);
    m_view->header()->resizeSection(FindingsModel::Location, em * 7);
    m_view->header()->setMinimumSectionSize(em * 4);
    split->addWidget(m_view);
    auto *detailBox = new QWidget;
    auto *dl = new QVBoxLayout(detailBox);
    dl->setContentsMargins(0, 0, 0, 0);
    m_detail = new QTextBrowser;
    m_detail->setOpenLinks(false);
    dl->addWidget(m_detail, 1);
    auto *row = new QHBoxLayout;
    row->addStretch();
    m_copy = new QPushButton(icon(QStringLiteral("copy")), QString());
    HD_TR_SET(m_copy, "text", QT_TR_NOOP("Copy fix"));
    m_copy->setEnabled(false);
    row->addWidget(m_copy);
    dl->addLayout(row);
    split->addWidget(detailBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    connect(m_copy, &QPushButton::clicked, this, &FindingsPanel::copyFix);
    connect(m_detail, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        // Evidence links are "hd:<link>" anchors.
        emit linkActivated(url.toString().mid(3));
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &cur) { showFinding(cur); });
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &idx) {
        const QString link = idx.siblingAtColumn(0).data(LinkRole).toString();
        if (!link.isEmpty())
            emit linkActivated(link);
    });
    connect(verification, &VerificationController::findingsChanged, this, [this] {
        m_view->expandToDepth(0);
        m_empty->setVisible(m_verification->allFindings().isEmpty());
        FindingsModel *model = m_verification->findings();
        if (model->rowCount() == 0) {
            showFinding({});
            return;
        }
        // The finding that answers the user's question (the case verdict's) is shown first;
        // else the first of the first group.
        QModelIndex current = model->index(0, 0, model->index(0, 0));
        const QString answer = m_verification->caseVerdict().findingKey;
        for (int g = 0; !answer.isEmpty() && g < model->rowCount(); ++g) {
            const QModelIndex group = model->index(g, 0);
            for (int r = 0; r < model->rowCount(group); ++r)
                if (const Finding *f = model->findingAt(model->index(r, 0, group));
                    f && f->key() == answer)
                    current = model->index(r, 0, group);
        }
        m_view->setCurrentIndex(current);
    });
}

void FindingsPanel::copyFix() {
    if (!m_fix.isEmpty())
        QApplication::clipboard()->setText(m_fix);
}

void FindingsPanel::showFinding(const QModelIndex &index) {
    const Finding *f = m_verification->findings()->findingAt(index);
    if (!f) {
        m_detail->clear();
        m_fix.clear();
        m_copy->setEnabled(false);
        return;
    }
    auto esc = [](const QString &s) { return s.toHtmlEscaped(); };
    const FindingsModel::Shown shown = FindingsModel::shown(*f);
    QString h =
        QStringLiteral("<h3 style='margin:0'>%1</h3><p><code>%2</code> · %3</p>")
            .arg(esc(shown.title), esc(f->id), esc(FindingsModel::severityText(f->severity)));
    if (f->occurrences > 1)
        h += QStringLiteral("<p style='color:gray'>%1</p>")
                 .arg(tr("Seen %n times (shown once).", nullptr, f->occurrences));
    if (!shown.severity.isEmpty())
        h += QStringLiteral("<p><i>%1</i></p>").arg(esc(shown.severity));
    if (!shown.explanation.isEmpty())
        h += QStringLiteral("<p>%1</p>")
                 .arg(esc(shown.explanation).replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    if (!f->evidence.isEmpty()) {
        h += QStringLiteral("<h4>%1</h4><ul>").arg(tr("Evidence"));
        for (const Evidence &e : f->evidence) {
            const QString link = FindingsModel::linkFor(e);
            QString where =
                esc(QStringLiteral("%1 %2").arg(e.source, shownEngineText(e.location)).trimmed());
            if (!link.isEmpty())
                where = QStringLiteral("<a href='hd:%1'>%2</a>").arg(esc(link), where);
            h += QStringLiteral("<li>%1<br><code>%2</code></li>")
                     .arg(where, esc(shownEngineText(e.text).left(2000)));
        }
        h += QStringLiteral("</ul>");
    }
    if (!shown.fix.isEmpty()) {
        h += QStringLiteral("<h4>%1</h4><ul>").arg(tr("Fix"));
        for (const QString &s : shown.fix)
            h += QStringLiteral("<li>%1</li>").arg(esc(s));
        h += QStringLiteral("</ul>");
    }
    m_detail->setHtml(h);
    m_fix = FindingsModel::fixText(*f);
    m_copy->setEnabled(!m_fix.isEmpty());
    // An evidence row links straight to where it came from.
    if (m_verification->findings()->evidenceAt(index)) {
        const QString link = index.siblingAtColumn(0).data(LinkRole).toString();
        if (!link.isEmpty())
            emit linkActivated(link);
    }
}

void FindingsPanel::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    // The finding shown has headings in the old language.
    if (event->type() == QEvent::LanguageChange && m_view->currentIndex().isValid())
        showFinding(m_view->currentIndex());
}

} // namespace hd::ui
