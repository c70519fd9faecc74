#include "connect_dialog.h"

#include "common/input_file.h"
#include "models/jobs.h"
#include "remote/ssh_host.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QVBoxLayout>

namespace hd::ui {

namespace {

constexpr int kRecentMax = 10;
const char kRecentKey[] = "remote/recent";

} // namespace

QStringList sshConfigHosts(const QString &config) {
    const QString path =
        config.isEmpty() ? QDir::homePath() + QStringLiteral("/.ssh/config") : config;
    QStringList hosts;
    // Opened as every input is (docs/limits.md): a FIFO or a device there never blocks the
    // GUI thread; it is not read.
    QString why;
    const QByteArray text = readInputFile(path, 1 << 20, &why);
    static const QRegularExpression host(QStringLiteral("^\\s*host(?:\\s*=\\s*|\\s+)(.+)$"),
                                         QRegularExpression::CaseInsensitiveOption);
    for (const QString &line : QString::fromUtf8(text).split(QLatin1Char('\n'))) {
        const auto m = host.match(line.section(QLatin1Char('#'), 0, 0));
        if (!m.hasMatch())
            continue;
        for (const QString &h :
             m.captured(1).split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
            if (!h.contains(QLatin1Char('*')) && !h.contains(QLatin1Char('?')) &&
                !h.startsWith(QLatin1Char('!')) && !hosts.contains(h))
                hosts << h;
    }
    return hosts;
}

QStringList recentHosts() {
    return QSettings().value(QLatin1String(kRecentKey)).toStringList();
}

void rememberHost(const QString &destination) {
    QStringList r = recentHosts();
    r.removeAll(destination);
    r.prepend(destination);
    QSettings().setValue(QLatin1String(kRecentKey), r.mid(0, kRecentMax));
}

ConnectDialog::ConnectDialog(QWidget *parent) : QDialog(parent) {
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
    QStringList items = recentHosts();
    for (const QString &h : sshConfigHosts())
        if (!items.contains(h))
            items << h;
    m_destination->addItems(items);
    form->addRow(tr("&Node:"), m_destination);
    layout->addLayout(form);
    m_state = new QLabel;
    m_state->setWordWrap(true);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_state);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_connect = buttons->addButton(tr("&Connect"), QDialogButtonBox::AcceptRole);
    m_connect->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectDialog::connectNow);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

ConnectDialog::~ConnectDialog() = default;

void ConnectDialog::connectNow() {
    const QString destination = m_destination->currentText().trimmed();
    if (m_busy || destination.isEmpty())
        return;
    m_busy = true;
    m_connect->setEnabled(false);
    m_state->setText(tr("Connecting to %1…").arg(destination));
    SshHostOptions o;
    o.ssh.destination = destination;
    auto host = std::make_shared<SshHost>(o);
    // Opening may take up to a minute (ConnectTimeout per hop): off the GUI thread.
    runInBackground(
        this,
        [host] {
            const bool ok = host->connection().open();
            return std::make_pair(ok, ok ? host->connection().nodeName()
                                         : host->connection().lastMessage());
        },
        [this, host, destination](std::pair<bool, QString> r) {
            m_busy = false;
            m_connect->setEnabled(true);
            if (!r.first) {
                m_state->setText(tr("Not connected: %1").arg(r.second));
                emit connectFinished(false);
                return;
            }
            m_host = host;
            rememberHost(destination);
            m_state->setText(tr("Connected to %1 (%2)").arg(destination, r.second));
            emit connectFinished(true);
            accept();
        });
}

} // namespace hd::ui
