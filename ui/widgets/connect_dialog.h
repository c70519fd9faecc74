#pragma once

// "Connect to GPU node…" (docs/remote.md "In the app"): offers the nodes the targets
// controller knows (recent ones, ~/.ssh/config's hosts without patterns), asks it to connect
// and shows how that went (host-key-unknown, auth-refused, …). The controller opens the
// connection and, on success, makes the node the execution host.

#include <QDialog>

class QComboBox;
class QLabel;
class QPushButton;

namespace hd::ui {

class TargetsController;

class ConnectDialog : public QDialog {
    Q_OBJECT
public:
    explicit ConnectDialog(TargetsController *targets, QWidget *parent = nullptr);

    QComboBox *destinationBox() const { return m_destination; }
    QLabel *stateLabel() const { return m_state; }

    // Connects to the destination in the box (the Connect button).
    void connectNow();

signals:
    void connectFinished(bool ok);

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void setState(const QString &text);
    void fitContents(); // taller when the labels need it at the current width

    TargetsController *m_targets;
    QComboBox *m_destination;
    QLabel *m_state;
    QPushButton *m_connect;
};

} // namespace hd::ui
