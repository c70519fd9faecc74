#include "cli.h"

#include "common/json_writer.h"

#include <QFile>

#include <cstdio>

namespace hd::cli {

QTextStream &out() {
    static QTextStream s(stdout);
    return s;
}

QTextStream &err() {
    static QTextStream s(stderr);
    return s;
}

QIODevice *stdoutDevice() {
    out().flush();
    std::fflush(stdout);
    static QFile f;
    if (!f.isOpen())
        f.open(fileno(stdout), QIODevice::WriteOnly | QIODevice::Unbuffered,
               QFileDevice::DontCloseHandle);
    return &f;
}

void printJson(const QJsonObject &doc, bool pretty) {
    JsonWriter w(stdoutDevice(), pretty ? JsonWriter::Style::Pretty : JsonWriter::Style::Compact);
    w.value(doc);
}

} // namespace hd::cli
