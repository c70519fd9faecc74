#include "common/capped_output.h"

#include <algorithm>
#include <cstring>

namespace hd {

namespace {
qint64 lineEnds(const char *data, qsizetype size) {
    return std::count(data, data + size, '\n');
}
} // namespace

CappedOutput::CappedOutput(qsizetype headBytes, qsizetype tailBytes)
    : m_headCap(std::max<qsizetype>(headBytes, 0)), m_tailCap(std::max<qsizetype>(tailBytes, 0)) {}

void CappedOutput::append(const char *data, qsizetype size) {
    if (size <= 0)
        return;
    m_total += size;
    const qsizetype toHead = std::min(size, m_headCap - m_head.size());
    if (toHead > 0) {
        m_head.append(data, toHead);
        data += toHead;
        size -= toHead;
    }
    if (size == 0)
        return;
    if (m_tailCap == 0) {
        m_dropped += size;
        m_droppedLines += lineEnds(data, size);
        return;
    }
    // Only the last m_tailCap bytes of this chunk can survive.
    if (size > m_tailCap) {
        m_dropped += size - m_tailCap;
        m_droppedLines += lineEnds(data, size - m_tailCap);
        data += size - m_tailCap;
        size = m_tailCap;
    }
    const qsizetype room = m_tailCap - m_tail.size();
    const qsizetype fill = std::min(size, room);
    if (fill > 0) {
        m_tail.append(data, fill);
        data += fill;
        size -= fill;
    }
    // Overwrite the oldest bytes of the full ring.
    while (size > 0) {
        const qsizetype n = std::min(size, m_tailCap - m_tailStart);
        m_droppedLines += lineEnds(m_tail.constData() + m_tailStart, n);
        std::memcpy(m_tail.data() + m_tailStart, data, size_t(n));
        m_dropped += n;
        m_tailStart = (m_tailStart + n) % m_tailCap;
        data += n;
        size -= n;
    }
}

QByteArray CappedOutput::marker(qint64 dropped) {
    return QByteArrayLiteral("\n[hipdoctor: ") + QByteArray::number(dropped) +
           QByteArrayLiteral(" bytes of output left out here]\n");
}

QByteArray CappedOutput::bytes() const {
    QByteArray out;
    out.reserve(m_head.size() + m_tail.size() + (m_dropped ? 64 : 0));
    out += m_head;
    if (m_dropped)
        out += marker(m_dropped);
    out.append(m_tail.constData() + m_tailStart, m_tail.size() - m_tailStart);
    out.append(m_tail.constData(), m_tailStart);
    return out;
}

QString cappedText(const QString &text, qsizetype headChars, qsizetype tailChars,
                   qint64 *droppedChars, qint64 *droppedLines) {
    const qint64 dropped = std::max<qint64>(0, text.size() - headChars - tailChars);
    if (droppedChars)
        *droppedChars = dropped;
    if (droppedLines)
        *droppedLines = dropped ? QStringView(text).mid(headChars, dropped).count(u'\n') : 0;
    if (dropped == 0)
        return text;
    return text.left(headChars) +
           QStringLiteral("\n[hipdoctor: %1 characters left out here]\n").arg(dropped) +
           text.right(tailChars);
}

} // namespace hd
