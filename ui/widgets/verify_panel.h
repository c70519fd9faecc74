#pragma once

#include "model/records.h"

#include <QFrame>
#include <QWidget>

class QBoxLayout;
class QComboBox;
class QFormLayout;
class QLabel;
class QLayout;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace hd::ui {

class VerificationController;

// One step of the verification sequence as a card: status light, what it does, its inputs,
// its sub-checks with their status, and a Run button.
class StepCard : public QFrame {
    Q_OBJECT
public:
    StepCard(int step, QWidget *parent = nullptr);
    int step() const { return m_step; }
    void setRunning(bool running);
    // nullptr: not run yet; ranOn: the GPU node it ran on ("" = this machine).
    void showRecord(const StepRecord *record, const QString &ranOn = {});
    // The step could not run: what it needs, in the app's words.
    void showNeeds(const QString &needs);
    // Its result was computed from other inputs than the case's now (controllers/case.h):
    // why, above the record; the record is no longer part of the answer.
    void showStale(const QString &why);
    bool isStale() const { return m_stale; }
    QString status() const { return m_status; }
    QTreeWidget *checks() const { return m_checks; }
    QString summaryText() const; // the line under the title, as shown (plain text)
    QPushButton *runButton() const { return m_run; }
    void addInput(QLabel *label, QWidget *field);

protected:
    void changeEvent(QEvent *event) override;

signals:
    void runRequested(int step);
    void checkSelected(int step, int checkIndex);

private:
    void fitChecks(); // the checks table as tall as its rows
    int m_step;
    QString m_status;
    bool m_stale = false;
    void retranslate(); // the texts that depend on the step

    QLabel *m_light;
    QLabel *m_title;
    QLabel *m_description;
    QLabel *m_summary;
    QPushButton *m_run;
    QTreeWidget *m_checks;
    QFormLayout *m_form;
};

class VerifyPanel : public QWidget {
    Q_OBJECT
public:
    explicit VerifyPanel(VerificationController *verification, QWidget *parent = nullptr);
    StepCard *card(int step) const;
    QString comparisonText() const;
    // Copies the forms into the verification's options; false (and the reason shown) when a
    // field step 2 needs does not read.
    bool applyInputs();
    void showInputs(); // fills the forms from them (an opened session)
    // The input fields are named (objectName) after the options they edit: "step1Target",
    // "step2Mode", "step2File", "step2Kernel", "step2Args", "step2Grid", "step2Block",
    // "step2Repeat", "step3Command", "step3Dir", "step3Switch", "step3Variant".
    QLineEdit *step2FileEdit() const { return m_step2File; }
    QLineEdit *step2KernelEdit() const { return m_step2Kernel; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // The constructor's parts, top to bottom.
    QLayout *makeToolbar();
    QWidget *makeCards();
    void addStep1Inputs();
    void addStep2Inputs();
    void addStep3Inputs();
    QWidget *makeDetails();
    void connectVerification();

    void refresh();
    void showCheck(int step, int check);

    VerificationController *m_verification;
    QList<StepCard *> m_cards;
    QBoxLayout *m_cardsLayout = nullptr;
    QLabel *m_progress;
    QLabel *m_verdictIcon;
    QLabel *m_verdict;
    QPlainTextEdit *m_details;
    QPushButton *m_runAll;
    QPushButton *m_cancel;
    // Inputs.
    QLineEdit *m_step1Target;
    QComboBox *m_step2Mode;
    QLineEdit *m_step2File, *m_step2Kernel, *m_step2Args, *m_step2Grid, *m_step2Block;
    QSpinBox *m_step2Repeat;
    QLineEdit *m_step3Command, *m_step3Switch, *m_step3Variant, *m_step3Dir;
};

} // namespace hd::ui
