#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QPointer>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <memory>
#include <utility>

namespace hd::ui {

// Job ids per kind of background work ("inspect", "devices", "verify"...). Starting a job
// supersedes the previous one of its kind: its cancel flag is raised and its result, when it
// arrives anyway, is dropped because its id is no longer current.
class JobTracker {
public:
    struct Ticket {
        QString kind;
        quint64 id = 0;
        std::shared_ptr<std::atomic_bool> cancel;
    };

    Ticket start(const QString &kind);
    bool isCurrent(const Ticket &t) const;
    void finish(const Ticket &t); // the job's result was taken
    void cancel(const QString &kind);
    bool isRunning(const QString &kind) const;

private:
    quint64 m_next = 1;
    QHash<QString, Ticket> m_current;
};

// Runs work() on the thread pool (the global one unless another is given) and hands its result
// to done() on the GUI thread through a queued call, only if the receiver still exists
// (QPointer) — done() then checks the ticket.
template <typename Work, typename Done>
void runInBackground(QObject *receiver, Work work, Done done,
                     QThreadPool *pool = QThreadPool::globalInstance()) {
    QPointer<QObject> guard(receiver);
    // QtConcurrent::run's future is not needed: the result comes back by the queued call.
    (void)QtConcurrent::run(
        pool, [guard, work = std::move(work), done = std::move(done)]() mutable {
            auto result = work();
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [guard, done = std::move(done), result = std::move(result)]() mutable {
                    if (guard)
                        done(std::move(result));
                },
                Qt::QueuedConnection);
        });
}

// Posts a call to the GUI thread from a worker (progress reports), dropped if the receiver is gone.
template <typename Fn> void postToGui(const QPointer<QObject> &guard, Fn fn) {
    QMetaObject::invokeMethod(
        QCoreApplication::instance(),
        [guard, fn = std::move(fn)]() mutable {
            if (guard)
                fn();
        },
        Qt::QueuedConnection);
}

} // namespace hd::ui
