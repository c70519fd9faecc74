#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLineEdit;
class QTableView;

namespace hd::ui {

class VerificationController;

// Runtime logs of every step, raw and parsed, filterable by level, API and text.
class LogsPanel : public QWidget {
    Q_OBJECT
public:
    explicit LogsPanel(VerificationController *verification, QWidget *parent = nullptr);
    bool showLine(int lineNumber, const QString &origin = {});
    QTableView *view() const { return m_view; }

private:
    QHBoxLayout *makeFilterRow();
    QTableView *makeTable();
    void updateApiNames();

    VerificationController *m_verification;
    QTableView *m_view;
    QComboBox *m_api;
    QLineEdit *m_text;
};

} // namespace hd::ui
