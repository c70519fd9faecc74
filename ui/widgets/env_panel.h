#pragma once

#include <QWidget>

class QHBoxLayout;
class QLabel;
class QLineEdit;
class QTableView;
class QSortFilterProxyModel;

namespace hd::ui {

class InputsController;

// Environment: the env-profile catalogue as an editable table, presets, and what is applied.
class EnvPanel : public QWidget {
    Q_OBJECT
public:
    // After a run each variable says whether the runtime reads it (the env table's).
    explicit EnvPanel(InputsController *inputs, QWidget *parent = nullptr);
    bool showVariable(const QString &name); // selects (adds if unknown) the variable's row
    void applyPreset(const QString &name);  // "quiet" | "debug-log" | "serialize" | "clear"
    QTableView *view() const { return m_view; }

protected:
    void changeEvent(QEvent *event) override;

private:
    // The constructor's parts, top to bottom.
    QHBoxLayout *createPresetRow();
    QHBoxLayout *createToolRow();
    QTableView *createTable();
    void addVariable();
    void saveProfile();
    void loadProfile();
    void updateSummary();

    InputsController *m_inputs;
    QTableView *m_view;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_search;
    QLabel *m_summary;
};

} // namespace hd::ui
