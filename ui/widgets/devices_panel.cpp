#include "widgets/devices_panel.h"

#include "controllers/targets_controller.h"
#include "exec/execution_host.h"
#include "models/compat_matrix_model.h"
#include "models/devices_model.h"
#include "models/engine_text.h"
#include "report/redaction.h"
#include "sysinfo/system_inventory.h"
#include "widgets/icons.h"
#include "widgets/language.h"

#include <QAction>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hd::ui {

DevicesPanel::DevicesPanel(TargetsController *targets, QWidget *parent)
    : QWidget(parent), m_targets(targets) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_host = new QLabel;
    m_host->setObjectName(QStringLiteral("devicesHost"));
    m_host->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_host);
    connect(targets, &TargetsController::executionHostChanged, this, &DevicesPanel::updateHost);
    updateHost();
    layout->addLayout(makeStatusRow());
    layout->addLayout(makeQueryRow());

    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(makeDevicesTable());
    QWidget *matrixBox = makeMatrixBox();
    QWidget *inventoryBox = makeInventoryBox();
    // The matrix and the inventory side by side under the devices: both are read at once
    // ("does it load on this GPU" and "what is this machine").
    auto *lower = new QSplitter(Qt::Horizontal);
    lower->addWidget(matrixBox);
    lower->addWidget(inventoryBox);
    lower->setStretchFactor(0, 3);
    lower->setStretchFactor(1, 2);
    split->addWidget(lower);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    connect(targets, &TargetsController::inventoryChanged, this, &DevicesPanel::updateInventory);

    connect(targets, &TargetsController::devicesChanged, this, &DevicesPanel::updateStatus);
    // The matrix's hint depends on the open code objects.
    connect(targets->compat(), &QAbstractItemModel::modelReset, this, &DevicesPanel::updateStatus);
    connect(targets, &TargetsController::busyChanged, this, &DevicesPanel::showBusy);
    updateStatus();
    updateInventory();
}

void DevicesPanel::updateHost() {
    const auto &host = m_targets->executionHost();
    m_host->setText(host ? tr("<b>GPU node</b> %1, over ssh").arg(host->hostName().toHtmlEscaped())
                         : tr("<b>This machine</b>"));
}

// The probe's state: an icon and its words (the runtime's path, its error message).
QLayout *DevicesPanel::makeStatusRow() {
    auto *statusRow = new QHBoxLayout;
    m_statusIcon = new QLabel;
    m_statusIcon->setFixedSize(22, 22);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    ignoreMinimumWidth(m_status); // holds the runtime's path and error message
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusRow->addWidget(m_statusIcon, 0, Qt::AlignTop);
    statusRow->addWidget(m_status, 1);
    return statusRow;
}

// The devices seen or typed, one a row; a row's context menu removes it.
QTableView *DevicesPanel::makeDevicesTable() {
    m_devices = new QTableView;
    m_devices->setModel(m_targets->devicesModel());
    m_devices->verticalHeader()->hide();
    m_devices->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Every column as wide as its header and values (none clipped at 1280 px or 1.5x), the
    // last one taking the rest.
    m_devices->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_devices->horizontalHeader()->setStretchLastSection(true);
    m_devices->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *remove = new QAction(tr("Remove device"), m_devices);
    connect(remove, &QAction::triggered, this,
            [this] { m_targets->removeDevice(m_devices->currentIndex().row()); });
    m_devices->addAction(remove);
    return m_devices;
}

// A device query running shows its progress message; its end shows the status it left.
void DevicesPanel::showBusy(const QString &kind, bool running, const QString &message) {
    if (kind != QLatin1String("devices"))
        return;
    if (running) {
        m_statusIcon->setPixmap(statusIcon(QStringLiteral("running")).pixmap(20, 20));
        m_status->setText(message);
    } else {
        updateStatus();
    }
}

QLayout *DevicesPanel::makeQueryRow() {
    auto *row = new QHBoxLayout;
    auto *query = new QPushButton(icon(QStringLiteral("run")), QString());
    HD_TR_SET(query, "text", QT_TR_NOOP("Query devices"));
    HD_TR_SET(query, "toolTip",
              QT_TR_NOOP("Ask the GPU runtime, in a clean probe process, which devices it sees"));
    connect(query, &QPushButton::clicked, m_targets, &TargetsController::refreshDevices);
    m_target = new QLineEdit;
    HD_TR_SET(m_target, "placeholderText",
              QT_TR_NOOP("or type a target id: gfx90a:sramecc+:xnack-, sm_90"));
    auto *add = new QPushButton;
    HD_TR_SET(add, "text", QT_TR_NOOP("Add"));
    auto addTarget = [this] {
        QString error;
        if (m_targets->addTarget(m_target->text(), &error)) {
            m_target->clear();
            m_target->setStyleSheet({});
            m_target->setToolTip({});
        } else {
            m_target->setStyleSheet(QStringLiteral("QLineEdit { border: 1px solid #d03030; }"));
            m_target->setToolTip(error);
        }
    };
    connect(add, &QPushButton::clicked, this, addTarget);
    connect(m_target, &QLineEdit::returnPressed, this, addTarget);
    row->addWidget(query);
    row->addWidget(m_target, 1);
    row->addWidget(add);
    return row;
}

// The compatibility matrix: devices × code objects of the open artifacts.
QWidget *DevicesPanel::makeMatrixBox() {
    auto *matrixBox = new QWidget;
    auto *ml = new QVBoxLayout(matrixBox);
    ml->setContentsMargins(0, 0, 0, 0);
    auto *title = HD_TR_LABEL(
        QT_TR_NOOP("<b>Compatibility</b>: devices × code objects of the open artifacts"));
    m_matrixHint = new QLabel;
    m_matrixHint->setWordWrap(true);
    m_matrix = new QTableView;
    m_matrix->setModel(m_targets->compat());
    // A column per artifact × target, as wide as its name up to a limit; a longer name keeps
    // its start and its end (the target is in the file name), the tooltip has all of it.
    m_matrix->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrix->horizontalHeader()->setMaximumSectionSize(260);
    m_matrix->horizontalHeader()->setTextElideMode(Qt::ElideMiddle);
    m_matrix->horizontalHeader()->setMinimumHeight(2 * fontMetrics().height() + 8);
    ml->addWidget(title);
    ml->addWidget(m_matrixHint);
    ml->addWidget(m_matrix, 1);
    return matrixBox;
}

// The system inventory: the summary rows, then every fact by section (collapsed).
QWidget *DevicesPanel::makeInventoryBox() {
    auto *inventoryBox = new QWidget;
    auto *il = new QVBoxLayout(inventoryBox);
    il->setContentsMargins(0, 0, 0, 0);
    m_inventoryTitle = new QLabel;
    m_inventoryTitle->setWordWrap(true);
    m_inventory = new QTreeWidget;
    m_inventory->setColumnCount(2);
    m_inventory->setHeaderHidden(true);
    m_inventory->setRootIsDecorated(true);
    m_inventory->setColumnWidth(0, 195);
    il->addWidget(m_inventoryTitle);
    il->addWidget(m_inventory, 1);
    return inventoryBox;
}

namespace {

// Shown, not shared: still, a token in the environment stays off the screen (and off
// screenshots).
SystemInventory redactedForScreen(SystemInventory inv) {
    for (InventoryFact &f : inv.facts)
        if (f.section == QLatin1String("environment") && isSecretEnvName(f.name) && f.available())
            f.value = QString::fromLatin1(kRedacted);
    return inv;
}

QString shownValue(const InventoryFact &f) {
    if (!f.available())
        return DevicesPanel::tr("not available: %1").arg(f.unavailable);
    return f.value;
}

} // namespace

void DevicesPanel::updateInventory() {
    const SystemInventory &inv = m_targets->inventory();
    m_inventory->clear();
    if (inv.isEmpty()) {
        m_inventoryTitle->setText(
            tr("<b>System</b>: collected with the next device query (driver, packages, HIP "
               "runtime, compilers, PyTorch, access to /dev/kfd)."));
        return;
    }
    m_inventoryTitle->setText(inventoryTitle(inv.collectedAt));
    const SystemInventory display = redactedForScreen(inv);
    addInventorySummary(display);
    addInventoryFacts(display);
}

// Where the inventory comes from (the session, the GPU node, this machine) and when.
QString DevicesPanel::inventoryTitle(const QString &collectedAt) const {
    return (m_targets->inventoryFromSession()
                ? tr("<b>System</b> where the session was made (collected %1)")
            : m_targets->executionHost()
                ? tr("<b>System</b> of the GPU node %2 (collected %1)")
                      .arg(QStringLiteral("%1"),
                           m_targets->executionHost()->hostName().toHtmlEscaped())
                : tr("<b>System</b> of this machine (collected %1)"))
        .arg(QDateTime::fromString(collectedAt, Qt::ISODate)
                 .toLocalTime()
                 .toString(QStringLiteral("yyyy-MM-dd HH:mm")));
}

// The summary's rows, bold, one line each (the tree stays short); every item in the tooltip.
void DevicesPanel::addInventorySummary(const SystemInventory &inv) {
    for (const InventorySummaryRow &r : summarizeInventory(inv)) {
        QStringList items;
        for (const Text &t : r.items)
            items << shownEngineText(t);
        auto *item = new QTreeWidgetItem(
            m_inventory, {shownEngineText(r.label), items.join(QStringLiteral("  ·  "))});
        item->setToolTip(1, items.join(QStringLiteral("\n")));
        if (r.missing)
            item->setForeground(1, palette().brush(QPalette::Disabled, QPalette::Text));
        if (r.problem)
            item->setIcon(0, statusIcon(QStringLiteral("warn")));
        QFont bold = item->font(0);
        bold.setBold(true);
        item->setFont(0, bold);
    }
}

// Every fact under one collapsed row, by section, with its source in the tooltip.
void DevicesPanel::addInventoryFacts(const SystemInventory &inv) {
    auto *all = new QTreeWidgetItem(m_inventory,
                                    {tr("All %n fact(s)", nullptr, int(inv.facts.size())), {}});
    for (const auto &[id, title] : inventorySections()) {
        const QList<InventoryFact> facts = inv.section(id);
        if (facts.isEmpty())
            continue;
        auto *section = new QTreeWidgetItem(all, {shownEngineText(title), {}});
        for (const InventoryFact &f : facts) {
            auto *item = new QTreeWidgetItem(section, {f.name, shownValue(f)});
            item->setToolTip(1, tr("%1\nsource: %2").arg(shownValue(f), f.source));
            if (!f.available())
                item->setForeground(1, palette().brush(QPalette::Disabled, QPalette::Text));
        }
    }
}

void DevicesPanel::updateStatus() {
    const ProbeResult &p = m_targets->lastProbe();
    const int live = [&] {
        int n = 0;
        for (const DeviceInfo &d : m_targets->devices())
            n += d.source == DeviceInfo::Source::Probe;
        return n;
    }();
    QString text;
    QString light;
    if (!m_targets->probed()) {
        text = tr("Devices not queried yet. Query the runtime, or type the target id of the GPU "
                  "where the failure happens.");
    } else if (live > 0) {
        light = QStringLiteral("pass");
        text = tr("%n device(s) seen by %1 %2 (%3).", nullptr, live)
                   .arg(p.hello.backend, p.hello.runtimeVersion, p.hello.library);
    } else {
        light = QStringLiteral("warn");
        QStringList tried;
        for (const LibraryAttempt &a : p.hello.tried)
            tried.append(a.loaded ? a.path : QStringLiteral("%1 (%2)").arg(a.path, a.error));
        if (p.hello.library.isEmpty())
            text = tr("<b>No GPU runtime found.</b> Tried: %1")
                       .arg(tried.join(QStringLiteral("; ")).toHtmlEscaped());
        else
            text = tr("<b>No device.</b> The runtime %1 %2 (%3) loads but sees no GPU: %4")
                       .arg(p.hello.backend, p.hello.runtimeVersion,
                            p.hello.library.toHtmlEscaped(), p.message.toHtmlEscaped());
        text += QStringLiteral("<br>") + tr("Add the target id of the GPU where the failure "
                                            "happens to check the code objects against it.");
    }
    m_statusIcon->setPixmap(statusIcon(light).pixmap(20, 20));
    m_status->setText(text);
    const auto *compat = m_targets->compat();
    if (compat->rowCount() == 0)
        m_matrixHint->setText(
            tr("Add a device (live or typed) to see which code objects load on it."));
    else if (compat->columnCount() == 0)
        m_matrixHint->setText(
            tr("Open an artifact to see which of its code objects load on these devices."));
    else
        m_matrixHint->setText(
            tr("Green: the runtime loads that code object on that device. Red: it "
               "does not (hover for the reason)."));
}

void DevicesPanel::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    // The texts set once (labels, buttons) follow through retranslateTree(); these are
    // computed from the state.
    if (event->type() == QEvent::LanguageChange) {
        updateHost();
        updateStatus();
        updateInventory();
    }
}

} // namespace hd::ui
