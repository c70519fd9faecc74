#pragma once

#include <QWidget>

class QHBoxLayout;
class QLabel;
class QProgressBar;
class QTableView;
class QTextBrowser;
class QToolButton;

namespace hd::ui {

class TargetsController;

// Coverage of installed libraries: the folders the user scans (a ROCm prefix, torch/lib, the
// CUDA toolkit), together, as a library × device table with the verdicts and, beside it, the
// fixes, said once — the app's face of hipdoctor-cli scan. It shows what TargetsController's
// scan gives it, and the files read while it runs.
class CoveragePanel : public QWidget {
    Q_OBJECT
public:
    explicit CoveragePanel(TargetsController *targets, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }
    QString summaryText() const;
    QString fixesText() const;    // plain text
    QString progressText() const; // "" when no scan runs

protected:
    void changeEvent(QEvent *event) override;

private:
    QHBoxLayout *makeScanRow();
    void makeTable();
    void scanInteractive();
    void render();
    void renderProgress();

    TargetsController *m_targets;
    QLabel *m_intro;
    QToolButton *m_clear;
    QLabel *m_summary;
    QProgressBar *m_progress;
    QLabel *m_progressText;
    QTableView *m_table;
    QTextBrowser *m_fixes;
};

} // namespace hd::ui
