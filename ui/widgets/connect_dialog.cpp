#include "connect_dialog.h"

#include "controllers/targets_controller.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace hd::ui {

ConnectDialog::ConnectDialog(TargetsController *targets, QWidget *parent)
    : QDialog(parent), m_targets(targets) {
    setWindowTitle(tr("Connect to GPU node"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(
        tr("Devices, the system inventory and the verification steps run on the node over "
           "your own ssh (keys, agent, ~/.ssh/config); the inspector and the diagnosis stay "
           "here. Nothing is asked: the node's host key must already be known."));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    m_destination = new QComboBox;
    m_destination->setEditable(true);
    m_destination->setMinimumWidth(320);
    m_destination->lineEdit()->setPlaceholderText(tr("node17, me@gpu.example.org, an alias"));
    m_destination->addItems(TargetsController::knownNodes());
    form->addRow(tr("&Node:"), m_destination);
    layout->addLayout(form);
    m_state = new QLabel;
    m_state->setWordWrap(true);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_state);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_connect = buttons->addButton(tr("&Connect"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectDialog::connectNow);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    // Enter connects. Made default once the button is in the dialog (before, the dialog does
    // not hear of it and makes the first auto-default button, Cancel, its default); Cancel is
    // no auto-default, so focusing it (as when Connect is disabled) does not take Enter over.
    buttons->button(QDialogButtonBox::Cancel)->setAutoDefault(false);
    m_connect->setAutoDefault(true);
    m_connect->setDefault(true);
    connect(m_targets, &TargetsController::nodeConnectFinished, this,
            [this](bool ok, const QString &destination, const QString &message) {
                m_connect->setEnabled(true);
                if (!ok) {
                    setState(tr("Not connected: %1").arg(message));
                    emit connectFinished(false);
                    return;
                }
                m_state->setText(tr("Connected to %1 (%2)").arg(destination, message));
                emit connectFinished(true);
                accept();
            });
}

void ConnectDialog::connectNow() {
    const QString destination = m_destination->currentText().trimmed();
    if (m_targets->isConnecting() || destination.isEmpty())
        return;
    m_connect->setEnabled(false);
    setState(tr("Connecting to %1…").arg(destination));
    m_targets->connectToNode(destination);
}

void ConnectDialog::setState(const QString &text) {
    m_state->setText(text);
    fitContents();
}

void ConnectDialog::fitContents() {
    // The wrapped intro and message at the dialog's width: a window's layout asks only for
    // their one-line height, and squeezes them when the message comes.
    layout()->activate();
    const int needed = layout()->totalHeightForWidth(width());
    if (needed > height())
        resize(width(), needed);
}

void ConnectDialog::showEvent(QShowEvent *event) {
    QDialog::showEvent(event);
    fitContents();
}

void ConnectDialog::resizeEvent(QResizeEvent *event) {
    QDialog::resizeEvent(event);
    fitContents(); // narrowed: the labels wrap onto more lines
}

} // namespace hd::ui
