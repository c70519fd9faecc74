#pragma once

#include <QWidget>

class QLabel;
class QLayout;
class QLineEdit;
class QPushButton;
class QCheckBox;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QTimer;
class QTreeView;

namespace hd::ui {

class InputsController;
class TargetsController;
class DiagnosisController;

// Artifacts & symbols: the tree of open artifacts, the symbol table with filter-as-you-type,
// the "name your code asks for" box, kernel metadata and needed libraries.
class ArtifactsPanel : public QWidget {
    Q_OBJECT
public:
    ArtifactsPanel(InputsController *inputs, TargetsController *targets,
                   DiagnosisController *diagnosis, QWidget *parent = nullptr);

    // Selects the symbol (mangled or demangled name) in the table, clearing a filter that hides
    // it. On a big table the new filter applies on a worker: the row is selected when its
    // result is shown.
    bool showSymbol(const QString &name);
    void setRequestedName(const QString &name); // fills the name box and explains it
    QString explanationText() const;            // what the name box currently says (plain text)
    bool isExplaining() const;                  // the answer to the box's text is on its way
    QLineEdit *filterEdit() const { return m_filter; }
    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *nameTargetEdit() const { return m_nameTarget; } // shown when a GPU is needed
    QPushButton *keepNameButton() const { return m_keepName; }
    QTableView *symbolView() const { return m_symbolView; }
    QTreeView *treeView() const { return m_tree; }
    // Debounce of the filter box (the proxy is filtered this long after the last keystroke).
    static constexpr int kFilterDebounceMs = 150;

signals:
    void openFilesRequested();
    void openFolderRequested();
    void demoRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    // The constructor's parts, top to bottom.
    QLayout *makeToolbar();
    QWidget *makeNameBox();
    QLayout *makeNameActions();
    QWidget *makeBrowser();
    QWidget *makeSymbolsPage();
    void connectInputs();

    void showExplanation(); // the diagnosis controller's answer for the name
    void updateCount();
    bool selectSymbolRow(int sourceRow);
    void showDetailsFor(const QModelIndex &treeIndex);

    InputsController *m_inputs;
    TargetsController *m_targets;
    DiagnosisController *m_diagnosis;
    QLineEdit *m_name;
    QLabel *m_nameIcon;
    QLabel *m_nameText;
    QLabel *m_nameLink;
    QLineEdit *m_nameTarget;
    QPushButton *m_keepName;
    QTreeView *m_tree;
    QTabWidget *m_tabs;
    QLineEdit *m_filter;
    QCheckBox *m_kernelsOnly;
    QCheckBox *m_perCodeObject;
    QLabel *m_count;
    QTableView *m_symbolView;
    QTextBrowser *m_details;
    QTableView *m_libraries;
    QTimer *m_filterTimer;
    QString m_nameMatchSymbol;
    QString m_pendingSymbol; // to select once the filter that shows it is applied
};

} // namespace hd::ui
