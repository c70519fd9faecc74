#pragma once

#include <QWidget>

class QLabel;
class QComboBox;
class QPushButton;
class QTextBrowser;

namespace hd::ui {

class InputsController;
class TargetsController;
class VerificationController;

// The guided walkthrough: the method step by step — what each step checks and why, which
// panel to look at, and what the result on the current inputs (the user's or the demo's) means.
class WalkthroughPanel : public QWidget {
    Q_OBJECT
public:
    WalkthroughPanel(InputsController *inputs, TargetsController *targets,
                     VerificationController *verification, QWidget *parent = nullptr);

    struct Page {
        QString id; // "welcome", "layer", "direction1", ...
        QString title;
        QString why;    // what it checks and why
        QString look;   // what to look at, where
        QString panel;  // dock object name to raise ("" = none)
        QString action; // action id for "Do it" ("" = none)
        QString actionLabel;
    };
    static QList<Page> pages();
    int currentPage() const;
    void setCurrentPage(int page);
    QString currentText() const; // plain text of the page as shown (tests)
    // What the page's action still needs from the user, shown on the page until it changes.
    void setNote(const QString &note);

signals:
    void showPanel(const QString &objectName);
    void actionRequested(const QString &action);

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();
    QString liveResult(const QString &id) const;

    InputsController *m_inputs;
    TargetsController *m_targets;
    VerificationController *m_verification;
    QList<Page> m_pages;
    QString m_note;
    QComboBox *m_list; // the pages
    QTextBrowser *m_text;
    QPushButton *m_back, *m_next, *m_show, *m_doIt;
};

} // namespace hd::ui
