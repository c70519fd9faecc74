#include "widgets/logs_panel.h"
#include "widgets/language.h"

#include "controllers/verification_controller.h"
#include "models/log_model.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace hd::ui {

LogsPanel::LogsPanel(VerificationController *verification, QWidget *parent)
    : QWidget(parent), m_verification(verification) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(makeFilterRow());
    layout->addWidget(makeTable(), 1);

    auto *debounce = new QTimer(this);
    debounce->setSingleShot(true);
    debounce->setInterval(150);
    connect(m_text, &QLineEdit::textChanged, debounce, qOverload<>(&QTimer::start));
    connect(debounce, &QTimer::timeout, this,
            [this] { m_verification->logProxy()->setTextFilter(m_text->text()); });
    connect(m_api, &QComboBox::currentTextChanged, verification->logProxy(),
            &LogFilterProxy::setApiFilter);
    connect(verification->logs(), &QAbstractItemModel::modelReset, this,
            &LogsPanel::updateApiNames);
}

// Which lines show: by level, errors only, by API, by text.
QHBoxLayout *LogsPanel::makeFilterRow() {
    auto *row = new QHBoxLayout;
    row->addWidget(HD_TR_LABEL(QT_TR_NOOP("Levels:")));
    for (int level = -1; level <= 4; ++level) {
        auto *box = new QCheckBox;
        // LogModel::levelName()'s words, set through trSet: they follow a language switch.
        static const char *const names[] = {"output",  "always", "error",
                                            "warning", "info",   "debug"};
        ::hd::ui::trSet(box, "text", "hd::ui::LogModel", names[level + 1]);
        box->setChecked(true);
        connect(box, &QCheckBox::toggled, this,
                [this, level](bool on) { m_verification->logProxy()->setLevelVisible(level, on); });
        row->addWidget(box);
    }
    auto *errors = new QCheckBox;
    HD_TR_SET(errors, "text", QT_TR_NOOP("Errors only"));
    connect(errors, &QCheckBox::toggled, m_verification->logProxy(),
            &LogFilterProxy::setErrorsOnly);
    row->addWidget(errors);
    row->addSpacing(12);
    row->addWidget(HD_TR_LABEL(QT_TR_NOOP("API:")));
    m_api = new QComboBox;
    m_api->setEditable(true);
    m_api->setMinimumContentsLength(18);
    m_api->addItem(QString());
    row->addWidget(m_api);
    m_text = new QLineEdit;
    HD_TR_SET(m_text, "placeholderText", QT_TR_NOOP("Search the log"));
    m_text->setClearButtonEnabled(true);
    row->addWidget(m_text, 1);
    return row;
}

QTableView *LogsPanel::makeTable() {
    m_view = new QTableView;
    m_view->setModel(m_verification->logProxy());
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(false);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->setColumnWidth(LogModel::Line, 50);
    m_view->setColumnWidth(LogModel::Origin, 170);
    m_view->setColumnWidth(LogModel::Level, 60);
    m_view->setColumnWidth(LogModel::Api, 220);
    m_view->setColumnWidth(LogModel::Message, 520);
    return m_view;
}

// The API box offers the names of the log now shown, keeping what was typed.
void LogsPanel::updateApiNames() {
    const QString current = m_api->currentText();
    m_api->blockSignals(true);
    m_api->clear();
    m_api->addItem(QString());
    m_api->addItems(m_verification->logs()->apiNames());
    m_api->setCurrentText(current);
    m_api->blockSignals(false);
}

bool LogsPanel::showLine(int lineNumber, const QString &origin) {
    const int row = m_verification->logs()->rowOfLine(lineNumber, origin);
    if (row < 0)
        return false;
    QModelIndex idx =
        m_verification->logProxy()->mapFromSource(m_verification->logs()->index(row, 0));
    if (!idx.isValid()) {
        // Filters hide it: clear them.
        m_text->clear();
        m_api->setCurrentText(QString());
        m_verification->logProxy()->setTextFilter({});
        for (int level = -1; level <= 5; ++level)
            m_verification->logProxy()->setLevelVisible(level, true);
        m_verification->logProxy()->setErrorsOnly(false);
        idx = m_verification->logProxy()->mapFromSource(m_verification->logs()->index(row, 0));
    }
    m_view->setCurrentIndex(idx);
    m_view->selectRow(idx.row());
    m_view->scrollTo(idx, QAbstractItemView::PositionAtCenter);
    return idx.isValid();
}

} // namespace hd::ui
