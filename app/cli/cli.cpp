#include "cli.h"

#include "common/json_writer.h"

#include <QFile>

#include <cstdio>
#include <cstdlib>
#include <sys/ioctl.h>
#include <unistd.h>

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

bool streamJson(bool pretty, const std::function<void(JsonWriter &)> &write) {
    JsonWriter w(stdoutDevice(), pretty ? JsonWriter::Style::Pretty : JsonWriter::Style::Compact);
    write(w);
    return w.flush();
}

int jsonWriteFailed(const QString &command) {
    err() << "hipdoctor-cli " << command << ": could not write the JSON document to stdout\n";
    return ExitInternal;
}

int terminalWidth() {
    static const int width = [] {
        bool ok = false;
        const int columns = qEnvironmentVariableIntValue("COLUMNS", &ok);
        if (ok && columns > 0)
            return std::max(40, columns);
        for (int fd : {STDOUT_FILENO, STDERR_FILENO}) {
            winsize ws{};
            if (isatty(fd) && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
                return std::max(40, int(ws.ws_col));
        }
        return 100;
    }();
    return width;
}

bool colourOut() {
    static const bool colour = isatty(STDOUT_FILENO) && qEnvironmentVariableIsEmpty("NO_COLOR") &&
                               qEnvironmentVariable("TERM") != QLatin1String("dumb");
    return colour;
}

QString paint(const QString &text, Colour colour) {
    if (!colourOut())
        return text;
    const char *sgr = "";
    switch (colour) {
    case Colour::Red:
        sgr = "1;31";
        break;
    case Colour::Yellow:
        sgr = "33";
        break;
    case Colour::Green:
        sgr = "32";
        break;
    case Colour::Cyan:
        sgr = "36";
        break;
    case Colour::Bold:
        sgr = "1";
        break;
    case Colour::Dim:
        sgr = "2";
        break;
    }
    return QStringLiteral("\x1b[%1m%2\x1b[0m").arg(QLatin1String(sgr), text);
}

} // namespace hd::cli
