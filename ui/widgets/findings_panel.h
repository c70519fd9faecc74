#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTextBrowser;
class QTreeView;

namespace hd::ui {

class VerificationController;

// Findings grouped by direction, with severity icons; the selected finding's detail, its
// evidence as links to the panel it came from, and its fix with a Copy button.
class FindingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit FindingsPanel(VerificationController *verification, QWidget *parent = nullptr);
    QTreeView *view() const { return m_view; }
    QString fixText() const { return m_fix; }
    void copyFix();

signals:
    // "symbol:NAME", "log:LINE", "env:NAME", "file:PATH"
    void linkActivated(const QString &link);

protected:
    void changeEvent(QEvent *event) override;

private:
    void showFinding(const QModelIndex &index);

    VerificationController *m_verification;
    QTreeView *m_view;
    QLabel *m_empty;
    QTextBrowser *m_detail;
    QPushButton *m_copy;
    QString m_fix;
};

} // namespace hd::ui
