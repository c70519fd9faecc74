#include "models/jobs.h"

namespace hd::ui {

JobTracker::Ticket JobTracker::start(const QString &kind) {
    cancel(kind);
    Ticket t{kind, m_next++, std::make_shared<std::atomic_bool>(false)};
    m_current.insert(kind, t);
    return t;
}

bool JobTracker::isCurrent(const Ticket &t) const {
    const auto it = m_current.constFind(t.kind);
    return it != m_current.cend() && it->id == t.id && !t.cancel->load();
}

void JobTracker::finish(const Ticket &t) {
    const auto it = m_current.constFind(t.kind);
    if (it != m_current.cend() && it->id == t.id)
        m_current.remove(t.kind);
}

void JobTracker::cancel(const QString &kind) {
    const auto it = m_current.constFind(kind);
    if (it == m_current.cend())
        return;
    it->cancel->store(true);
    m_current.remove(kind);
}

bool JobTracker::isRunning(const QString &kind) const {
    return m_current.contains(kind);
}

} // namespace hd::ui
