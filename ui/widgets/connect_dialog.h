#pragma once

// "Connect to GPU node…" (docs/remote.md "In the app"): the hosts of ~/.ssh/config (no
// wildcard patterns) and the recent ones, the connection opened in the background with the
// user's own ssh, its failure named (host-key-unknown, auth-refused, …). On success the
// dialog holds the node's SshHost for Workspace::setExecutionHost.

#include <QDialog>
#include <QStringList>

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;

namespace hd {
class SshHost;
}

namespace hd::ui {

// The Host entries of an ssh config file without patterns (*, ?, !): the aliases a user
// types; "" config = ~/.ssh/config.
QStringList sshConfigHosts(const QString &config = {});
// Recent destinations (QSettings "remote/recent"), newest first; remember() puts one first.
QStringList recentHosts();
void rememberHost(const QString &destination);

class ConnectDialog : public QDialog {
    Q_OBJECT
public:
    explicit ConnectDialog(QWidget *parent = nullptr);
    ~ConnectDialog() override;

    // The connected node (after accept()); null before.
    std::shared_ptr<SshHost> host() const { return m_host; }
    QComboBox *destinationBox() const { return m_destination; }
    QLabel *stateLabel() const { return m_state; }

    // Connects to the destination in the box (the Connect button).
    void connectNow();

signals:
    void connectFinished(bool ok);

private:
    QComboBox *m_destination;
    QLabel *m_state;
    QPushButton *m_connect;
    std::shared_ptr<SshHost> m_host;
    bool m_busy = false;
};

} // namespace hd::ui
