#pragma once

#include "common/engine_text.h"

#include <QJsonObject>
#include <QString>

namespace hd {

// A reader's complaint about its input: which file, where, what. Readers collect these and
// go on with the rest of the input instead of failing the whole inspection.
struct Problem {
    QString file;
    qint64 offset = -1; // byte offset in the file, -1 when it has none
    Text message;
    bool fatal = false; // true when nothing of the file could be read

    QString toString() const; // "file: offset 0x40: message"
    QJsonObject toJson() const;
    static Problem fromJson(const QJsonObject &o);
    bool operator==(const Problem &) const = default;
};

} // namespace hd
