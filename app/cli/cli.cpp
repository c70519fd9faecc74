#include "cli.h"

#include "common/format.h"
#include "common/json_writer.h"

#include <QFile>

#include <cstdio>
#include <cstdlib>
#include <sys/ioctl.h>
#include <unistd.h>

namespace hd::cli {

namespace {

// What the CLI prints for people goes through here (docs/limits.md "Text from a node"): node
// names, os-release, ssh's and the programs' words are not the CLI's to let through raw. Every
// control character is shown as \xHH (C1 ones as \u00HH), except newline, tab and the colour
// (SGR) sequences paint() writes — only those, and only while colourOut() — every invisible
// format character (bidi overrides, zero-width, hd::isInvisibleFormatChar) as \uHHHH, and a
// line longer than kMaxLine bytes is cut with a mark. Documents (JSON, reports) do not pass
// here (stdoutDevice()).
class TerminalText final : public QIODevice {
public:
    static constexpr qint64 kMaxLine = qint64(64) << 10;

    TerminalText(FILE *file, bool colour) : m_file(file), m_colour(colour) {
        open(QIODevice::WriteOnly);
    }

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override {
        m_buf.clear();
        for (qint64 i = 0; i < size; ++i)
            put(uchar(data[i]));
        if (!m_buf.isEmpty() &&
            std::fwrite(m_buf.constData(), 1, size_t(m_buf.size()), m_file) != size_t(m_buf.size()))
            return -1;
        std::fflush(m_file);
        return size;
    }

private:
    void add(const char *bytes, qsizetype n) {
        // Past the cap a line is cut at a character's start, never inside one.
        const bool finishesChar = n == 1 && (uchar(bytes[0]) & 0xc0) == 0x80 && m_lastEmitted;
        if (m_line >= kMaxLine && !finishesChar) {
            m_dropped += n;
            m_lastEmitted = false;
            return;
        }
        m_buf.append(bytes, n);
        m_line += n;
        m_lastEmitted = true;
    }
    void addEscaped(const char *form, uint code) {
        char text[16];
        const int n = std::snprintf(text, sizeof text, form, code);
        add(text, n);
    }
    void endSequence() {
        // An ESC not followed by a colour sequence: shown, and what followed it read again.
        const QByteArray seq = m_seq;
        m_seq.clear();
        m_inSeq = false;
        addEscaped("\\x%02X", 0x1b);
        for (qsizetype i = 1; i < seq.size(); ++i)
            put(uchar(seq[i]));
    }
    void put(uchar b) {
        if (m_inSeq) {
            m_seq.append(char(b));
            const bool ok = (m_seq.size() == 2 && b == '[') ||
                            (m_seq.size() > 2 && ((b >= '0' && b <= '9') || b == ';' || b == 'm'));
            if (!ok || m_seq.size() > 16) {
                endSequence();
            } else if (b == 'm') {
                if (!m_colour || !paintSequence(m_seq)) { // another's colours: shown as text
                    endSequence();
                    return;
                }
                m_buf.append(m_seq); // colour: not counted in the line
                m_seq.clear();
                m_inSeq = false;
            }
            return;
        }
        if (!m_utf.isEmpty()) {
            if ((b & 0xc0) != 0x80) { // not a continuation: what came so far as it was
                const QByteArray part = m_utf;
                m_utf.clear();
                add(part.constData(), part.size());
                put(b);
                return;
            }
            m_utf.append(char(b));
            if (m_utf.size() < m_utfLength)
                return;
            const QByteArray seq = m_utf;
            m_utf.clear();
            const char32_t c = QString::fromUtf8(seq).toUcs4().value(0);
            if ((c >= 0x80 && c <= 0x9f) || hd::isInvisibleFormatChar(c)) // C1, U+202E ...
                addEscaped("\\u%04X", uint(c));
            else
                add(seq.constData(), seq.size());
            return;
        }
        if (b >= 0xc2 && b <= 0xef) { // the start of a 2- or 3-byte character
            m_utf = QByteArray(1, char(b));
            m_utfLength = b >= 0xe0 ? 3 : 2;
            return;
        }
        if (b == '\n') {
            if (m_dropped)
                m_buf += QByteArrayLiteral("… [hipdoctor: ") + QByteArray::number(m_dropped) +
                         QByteArrayLiteral(" more bytes on this line left out]");
            m_buf += '\n';
            m_line = m_dropped = 0;
            m_lastEmitted = false;
            return;
        }
        if (b == 0x1b) {
            m_inSeq = true;
            m_seq = QByteArray(1, char(b));
            return;
        }
        if ((b < 0x20 && b != '\t') || b == 0x7f) {
            addEscaped("\\x%02X", b);
            return;
        }
        const char c = char(b);
        add(&c, 1);
    }

    // The sequences paint() writes, and nothing else (a log's "\e[8m" would hide text).
    static bool paintSequence(const QByteArray &seq) {
        for (const char *s :
             {"\x1b[1;31m", "\x1b[33m", "\x1b[32m", "\x1b[36m", "\x1b[1m", "\x1b[2m", "\x1b[0m"})
            if (seq == s)
                return true;
        return false;
    }

    FILE *m_file;
    bool m_colour;
    QByteArray m_buf, m_seq, m_utf;
    int m_utfLength = 0;
    qint64 m_line = 0, m_dropped = 0;
    bool m_inSeq = false, m_lastEmitted = false;
};

} // namespace

QTextStream &out() {
    static TerminalText device(stdout, colourOut());
    static QTextStream s(&device);
    return s;
}

QTextStream &err() {
    static TerminalText device(stderr, false);
    static QTextStream s(&device);
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

bool printDocument(const QString &text) {
    const QByteArray bytes = text.toUtf8();
    return stdoutDevice()->write(bytes) == bytes.size();
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
