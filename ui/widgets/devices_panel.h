#pragma once

#include <QWidget>

class QLabel;
class QLayout;
class QLineEdit;
class QTableView;
class QTreeWidget;

namespace hd {
struct SystemInventory;
}

namespace hd::ui {

class TargetsController;

// Devices: what the probe sees (or why it sees nothing), typed target ids, and the
// compatibility matrix of devices × code objects of the open artifacts, and the system
// inventory (what a maintainer asks first: driver, packages, runtime, PyTorch, access).
class DevicesPanel : public QWidget {
    Q_OBJECT
public:
    explicit DevicesPanel(TargetsController *targets, QWidget *parent = nullptr);
    QTableView *devicesView() const { return m_devices; }
    QTableView *matrixView() const { return m_matrix; }
    QLineEdit *targetEdit() const { return m_target; } // "type your GPU's target"
    QTreeWidget *inventoryView() const { return m_inventory; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateHost();
    QLayout *makeStatusRow();
    QLayout *makeQueryRow();
    QTableView *makeDevicesTable();
    QWidget *makeMatrixBox();
    QWidget *makeInventoryBox();
    void showBusy(const QString &kind, bool running, const QString &message);
    void updateStatus();
    void updateInventory();
    QString inventoryTitle(const QString &collectedAt) const;
    void addInventorySummary(const SystemInventory &inv);
    void addInventoryFacts(const SystemInventory &inv);

    TargetsController *m_targets;
    QLabel *m_statusIcon;
    QLabel *m_status;
    QLabel *m_host; // which machine the devices are asked on
    QLineEdit *m_target;
    QTableView *m_devices;
    QTableView *m_matrix;
    QLabel *m_matrixHint;
    QLabel *m_inventoryTitle;
    QTreeWidget *m_inventory;
};

} // namespace hd::ui
