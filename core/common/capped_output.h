#pragma once

// Output of a child process kept within a fixed size: the first and the last bytes, and how
// many were left out in between (docs/limits.md "Child output"). A runtime at AMD_LOG_LEVEL=4
// or a training run can print gigabytes; what explains a failure is at the start (the
// runtime's initialisation) or at the end (the error), rarely in the middle.

#include <QByteArray>
#include <QString>

namespace hd {

class CappedOutput {
public:
    // Default: 4 MiB of head and 4 MiB of tail per stream.
    static constexpr qsizetype kDefaultHead = qsizetype(4) << 20;
    static constexpr qsizetype kDefaultTail = qsizetype(4) << 20;

    explicit CappedOutput(qsizetype headBytes = kDefaultHead, qsizetype tailBytes = kDefaultTail);

    void append(const QByteArray &bytes) { append(bytes.constData(), bytes.size()); }
    void append(const char *data, qsizetype size);

    qint64 totalBytes() const { return m_total; }
    qint64 droppedBytes() const { return m_dropped; }
    // Line ends among the bytes left out: the middle of a paste summarised as "N lines".
    qint64 droppedLines() const { return m_droppedLines; }

    // Head, then (when bytes were left out) a marker line with their count, then the tail.
    QByteArray bytes() const;
    QString text() const { return QString::fromUtf8(bytes()); }
    // The marker line bytes() puts between head and tail.
    static QByteArray marker(qint64 dropped);

private:
    qsizetype m_headCap, m_tailCap;
    QByteArray m_head;
    QByteArray m_tail; // a ring of m_tailCap bytes once full; m_tailStart is its oldest byte
    qsizetype m_tailStart = 0;
    qint64 m_total = 0, m_dropped = 0, m_droppedLines = 0;
};

// A text held in memory (a paste) kept like a stream: its first headChars and last tailChars
// characters with a marker line between them when it is longer (docs/limits.md "Text, logs,
// sessions, reports"). *droppedChars and *droppedLines (optional) count what was left out.
QString cappedText(const QString &text, qsizetype headChars, qsizetype tailChars,
                   qint64 *droppedChars = nullptr, qint64 *droppedLines = nullptr);

} // namespace hd
