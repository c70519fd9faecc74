#include "widgets/env_panel.h"

#include "controllers/inputs_controller.h"
#include "env/env_profile.h"
#include "models/env_table_model.h"
#include "models/ui_roles.h"
#include "widgets/icons.h"
#include "widgets/language.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace hd::ui {

EnvPanel::EnvPanel(InputsController *inputs, QWidget *parent) : QWidget(parent), m_inputs(inputs) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(createPresetRow());
    layout->addLayout(createToolRow());
    layout->addWidget(createTable(), 1);
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    connect(inputs->env(), &EnvTableModel::profileChanged, this, &EnvPanel::updateSummary);
    updateSummary();
}

// One button per preset of applyPreset.
QHBoxLayout *EnvPanel::createPresetRow() {
    auto *presets = new QHBoxLayout;
    presets->addWidget(HD_TR_LABEL(QT_TR_NOOP("Presets:")));
    const QList<QPair<QString, const char *>> names = {
        {QStringLiteral("quiet"), QT_TR_NOOP("Quiet")},
        {QStringLiteral("debug-log"), QT_TR_NOOP("AMD_LOG_LEVEL=4 + HIP_LAUNCH_BLOCKING=1")},
        {QStringLiteral("serialize"), QT_TR_NOOP("Serialize everything")},
        {QStringLiteral("clear"), QT_TR_NOOP("None")}};
    for (const auto &[id, label] : names) {
        auto *b = new QPushButton;
        HD_TR_SET(b, "text", label);
        connect(b, &QPushButton::clicked, this, [this, id] { applyPreset(id); });
        presets->addWidget(b);
    }
    presets->addStretch();
    return presets;
}

// The search field, then adding a variable and saving / loading a profile.
QHBoxLayout *EnvPanel::createToolRow() {
    auto *row = new QHBoxLayout;
    m_search = new QLineEdit;
    HD_TR_SET(m_search, "placeholderText", QT_TR_NOOP("Find a variable"));
    m_search->setClearButtonEnabled(true);
    auto *add = new QPushButton;
    HD_TR_SET(add, "text", QT_TR_NOOP("Add variable…"));
    auto *save = new QPushButton(icon(QStringLiteral("save")), QString());
    HD_TR_SET(save, "text", QT_TR_NOOP("Save profile…"));
    auto *load = new QPushButton(icon(QStringLiteral("open")), QString());
    HD_TR_SET(load, "text", QT_TR_NOOP("Load profile…"));
    row->addWidget(m_search, 1);
    row->addWidget(add);
    row->addWidget(save);
    row->addWidget(load);
    connect(add, &QPushButton::clicked, this, &EnvPanel::addVariable);
    connect(save, &QPushButton::clicked, this, &EnvPanel::saveProfile);
    connect(load, &QPushButton::clicked, this, &EnvPanel::loadProfile);
    return row;
}

// The env table, filtered by the search field's text on the variables' names.
QTableView *EnvPanel::createTable() {
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_inputs->env());
    m_proxy->setFilterKeyColumn(EnvTableModel::Name);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_view = new QTableView;
    m_view->setModel(m_proxy);
    m_view->verticalHeader()->hide();
    m_view->setAlternatingRowColors(true);
    m_view->setEditTriggers(QAbstractItemView::AllEditTriggers);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setColumnWidth(EnvTableModel::Name, 230);
    m_view->setColumnWidth(EnvTableModel::Value, 90);
    m_view->setColumnWidth(EnvTableModel::Status, 150);
    m_view->setColumnWidth(EnvTableModel::Meaning, 360);
    m_view->setWordWrap(false);
    connect(m_search, &QLineEdit::textChanged, m_proxy,
            &QSortFilterProxyModel::setFilterFixedString);
    return m_view;
}

void EnvPanel::addVariable() {
    bool ok = false;
    const QString assignment = QInputDialog::getText(this, tr("Add variable"), tr("NAME=VALUE:"),
                                                     QLineEdit::Normal, QString(), &ok);
    if (!ok || assignment.trimmed().isEmpty())
        return;
    const QString name = assignment.section(QLatin1Char('='), 0, 0).trimmed();
    const QString value = assignment.section(QLatin1Char('='), 1);
    m_inputs->env()->addVariable(name, value);
    showVariable(name);
}

// The enabled variables, as a profile named after the file.
void EnvPanel::saveProfile() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save environment profile"),
                                                      QString(), tr("Env profiles (*.json)"));
    if (path.isEmpty())
        return;
    EnvProfile p;
    p.name = QFileInfo(path).baseName();
    for (const EnvVarRow &r : m_inputs->env()->rows())
        if (r.enabled)
            p.set(r.name, r.value);
    QString error;
    if (!p.save(path, &error))
        QMessageBox::warning(this, tr("Save environment profile"), error);
}

void EnvPanel::loadProfile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load environment profile"),
                                                      QString(), tr("Env profiles (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    const auto p = EnvProfile::load(path, &error);
    if (!p) {
        QMessageBox::warning(this, tr("Load environment profile"), error);
        return;
    }
    m_inputs->env()->applyProfile(p->enabledMap());
}

void EnvPanel::applyPreset(const QString &name) {
    if (name == QLatin1String("clear")) {
        m_inputs->applyEnvPreset({});
        return;
    }
    if (const auto p = envPreset(name))
        m_inputs->applyEnvPreset(p->enabledMap());
}

bool EnvPanel::showVariable(const QString &name) {
    int row = m_inputs->env()->rowOf(name);
    if (row < 0)
        return false;
    m_search->clear();
    const QModelIndex idx =
        m_proxy->mapFromSource(m_inputs->env()->index(row, EnvTableModel::Value));
    m_view->setCurrentIndex(idx);
    m_view->scrollTo(idx, QAbstractItemView::PositionAtCenter);
    return true;
}

void EnvPanel::updateSummary() {
    const QMap<QString, QString> p = m_inputs->env()->profile();
    QStringList parts;
    for (auto it = p.cbegin(); it != p.cend(); ++it)
        parts.append(QStringLiteral("%1=%2").arg(it.key(), it.value()));
    QString text = p.isEmpty() ? tr("No variables set: the steps run with a clean environment.")
                               : tr("Applied to every process of every step: %1")
                                     .arg(parts.join(QStringLiteral(" ")).toHtmlEscaped());
    if (m_inputs->env()->hasErrors())
        text += QStringLiteral("<br><span style='color:#d03030'>%1</span>")
                    .arg(tr("Some values are not valid; fix them before running a step."));
    m_summary->setText(text);
}

void EnvPanel::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    // The texts set once (labels, buttons) follow through retranslateTree(); these are
    // computed from the state.
    if (event->type() == QEvent::LanguageChange) {
        updateSummary();
    }
}

} // namespace hd::ui
