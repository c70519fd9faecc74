#include "models/inspect_progress.h"

#include "models/jobs.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <chrono>
#include <memory>

namespace hd::ui {

std::function<void(const InspectProgress &)>
forwardInspectProgress(const QPointer<QObject> &guard, const QString &file, int fileIndex,
                       int fileCount, std::function<void(const InspectSnapshot &)> onGui,
                       int intervalMs) {
    using Clock = std::chrono::steady_clock;
    auto last = std::make_shared<Clock::time_point>();
    auto sink = std::make_shared<std::function<void(const InspectSnapshot &)>>(std::move(onGui));
    return [=](const InspectProgress &p) {
        const bool final = p.bundlesDone == p.bundlesRead &&
                           p.codeObjectsDone == p.codeObjectsQueued &&
                           p.bundlesRead >= p.bundlesExpected;
        const Clock::time_point now = Clock::now();
        if (!final && now - *last < std::chrono::milliseconds(intervalMs))
            return;
        *last = now;
        InspectSnapshot s;
        s.file = file;
        s.fileIndex = fileIndex;
        s.fileCount = fileCount;
        s.counts = p;
        s.counts.partial = nullptr;
        if (p.partial) {
            s.partial.path = p.partial->path;
            s.partial.kind = p.partial->kind;
            s.partial.fileSize = p.partial->fileSize;
            s.partial.bundles = p.partial->bundles;
        }
        postToGui(guard, [sink, s = std::move(s)] { (*sink)(s); });
    };
}

QString inspectProgressText(const InspectSnapshot &s) {
    const QString name = QFileInfo(s.file).fileName();
    const InspectProgress &p = s.counts;
    QString text;
    if (p.bundlesExpected > 1)
        text =
            QCoreApplication::translate("hd::ui::InspectProgress", "Inspecting %1: bundle %2 of %3")
                .arg(name, QString::number(p.bundlesDone), QString::number(p.bundlesExpected));
    else if (p.codeObjectsQueued > 1)
        text = QCoreApplication::translate("hd::ui::InspectProgress",
                                           "Inspecting %1: code object %2 of %3")
                   .arg(name, QString::number(p.codeObjectsDone),
                        QString::number(p.codeObjectsQueued));
    else
        text = QCoreApplication::translate("hd::ui::InspectProgress", "Inspecting %1…").arg(name);
    if (s.fileCount > 1)
        text += QCoreApplication::translate("hd::ui::InspectProgress", " (file %1 of %2)")
                    .arg(s.fileIndex + 1)
                    .arg(s.fileCount);
    return text;
}

} // namespace hd::ui
