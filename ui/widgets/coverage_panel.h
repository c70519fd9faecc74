#pragma once

#include <QWidget>

class QHBoxLayout;
class QLabel;
class QTableView;
class QTextBrowser;

namespace hd::ui {

class TargetsController;

// Coverage of installed libraries: the folders the user scans (a ROCm prefix, torch/lib, the
// CUDA toolkit) as a library × device table with the verdicts and the fixes, said once — the
// app's face of hipdoctor-cli scan. It shows what TargetsController's scan gives it.
class CoveragePanel : public QWidget {
    Q_OBJECT
public:
    explicit CoveragePanel(TargetsController *targets, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }
    QString summaryText() const;
    QString fixesText() const; // plain text

protected:
    void changeEvent(QEvent *event) override;

private:
    QHBoxLayout *makeScanRow();
    void makeTable();
    void scanInteractive();
    void render();

    TargetsController *m_targets;
    QLabel *m_intro;
    QLabel *m_summary;
    QTableView *m_table;
    QTextBrowser *m_fixes;
};

} // namespace hd::ui
