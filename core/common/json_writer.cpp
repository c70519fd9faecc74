#include "common/json_writer.h"

#include <QIODevice>
#include <QJsonDocument>

#include <charconv>
#include <cmath>
#include <cstring>

namespace hd {

namespace {

// Big enough that a write(2) per flush costs nothing next to producing the bytes; a writer
// that keeps its output (a fragment, a test) starts small and grows.
constexpr qsizetype kBufferSize = qsizetype(1) << 20;
constexpr qsizetype kKeptBufferSize = 4096;

constexpr char kHex[] = "0123456789abcdef";

// The escape of an ASCII byte, or 0 when it is written as it is.
inline char shortEscape(unsigned c) {
    switch (c) {
    case '"':
        return '"';
    case '\\':
        return '\\';
    case '\b':
        return 'b';
    case '\f':
        return 'f';
    case '\n':
        return 'n';
    case '\r':
        return 'r';
    case '\t':
        return 't';
    default:
        return 0;
    }
}

// Writes the ASCII byte c at p, escaped where JSON needs it; returns the new end.
inline char *putAscii(char *p, unsigned c) {
    if (c >= 0x20 && c != '"' && c != '\\') {
        *p++ = char(c);
    } else if (const char e = shortEscape(c)) {
        *p++ = '\\';
        *p++ = e;
    } else {
        std::memcpy(p, "\\u00", 4);
        p[4] = kHex[c >> 4];
        p[5] = kHex[c & 15];
        p += 6;
    }
    return p;
}

} // namespace

JsonWriter::JsonWriter(QIODevice *out, Style style, int depth)
    : m_out(out), m_style(style), m_baseDepth(depth),
      m_capacity(out ? kBufferSize : kKeptBufferSize) {
    m_buf.reset(new char[size_t(m_capacity)]);
}

JsonWriter::~JsonWriter() {
    flush();
}

char *JsonWriter::reserve(qsizetype n) {
    if (m_size + n > m_capacity) {
        if (m_out)
            flush();
        if (m_size + n > m_capacity) {
            const qsizetype cap = std::max(m_capacity * 2, m_size + n);
            std::unique_ptr<char[]> bigger(new char[cap]);
            std::memcpy(bigger.get(), m_buf.get(), size_t(m_size));
            m_buf = std::move(bigger);
            m_capacity = cap;
        }
    }
    return m_buf.get() + m_size;
}

void JsonWriter::append(std::string_view s) {
    char *p = reserve(qsizetype(s.size()));
    std::memcpy(p, s.data(), s.size());
    m_size += qsizetype(s.size());
}

bool JsonWriter::flush() {
    if (!m_out || m_size == 0)
        return m_ok;
    if (m_ok && m_out->write(m_buf.get(), m_size) != m_size)
        m_ok = false;
    m_size = 0;
    return m_ok;
}

QByteArray JsonWriter::takeBytes() {
    QByteArray bytes(m_buf.get(), m_size);
    m_size = 0;
    return bytes;
}

void JsonWriter::separator() {
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_stack.empty())
        return;
    Level &l = m_stack.back();
    if (!l.empty)
        append(",");
    l.empty = false;
    if (m_style == Style::Pretty) {
        const qsizetype indent = 2 * (m_baseDepth + qsizetype(m_stack.size()));
        char *p = reserve(indent + 1);
        *p = '\n';
        std::memset(p + 1, ' ', size_t(indent));
        m_size += indent + 1;
    }
}

JsonWriter &JsonWriter::key(std::string_view name) {
    m_afterKey = false;
    separator();
    escaped(name);
    append(m_style == Style::Pretty ? ": " : ":");
    m_afterKey = true;
    return *this;
}

void JsonWriter::open(char c, bool object) {
    separator();
    char *p = reserve(1);
    *p = c;
    ++m_size;
    m_stack.push_back({object});
}

void JsonWriter::close(char c) {
    const bool empty = m_stack.back().empty;
    m_stack.pop_back();
    if (m_style == Style::Pretty && !empty) {
        const qsizetype indent = 2 * (m_baseDepth + qsizetype(m_stack.size()));
        char *p = reserve(indent + 1);
        *p = '\n';
        std::memset(p + 1, ' ', size_t(indent));
        m_size += indent + 1;
    }
    char *p = reserve(2);
    *p = c;
    ++m_size;
    // A whole document ends with a newline, so that the shell prompt starts on its own line.
    if (m_stack.empty() && m_baseDepth == 0) {
        p[1] = '\n';
        ++m_size;
    }
}

void JsonWriter::beginObject() {
    open('{', true);
}
void JsonWriter::endObject() {
    close('}');
}
void JsonWriter::beginArray() {
    open('[', false);
}
void JsonWriter::endArray() {
    close(']');
}

void JsonWriter::escaped(const char16_t *s, qsizetype n) {
    // Worst case: every unit an escaped control character (6 bytes); a surrogate pair is two
    // units for four bytes.
    char *const start = reserve(6 * n + 2);
    char *p = start;
    *p++ = '"';
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t c = s[i];
        if (c < 0x80) {
            p = putAscii(p, c);
        } else if (c < 0x800) {
            *p++ = char(0xc0 | (c >> 6));
            *p++ = char(0x80 | (c & 0x3f));
        } else if (c >= 0xd800 && c < 0xdc00 && i + 1 < n && s[i + 1] >= 0xdc00 &&
                   s[i + 1] < 0xe000) {
            const char32_t u = 0x10000 + ((char32_t(c) - 0xd800) << 10) + (s[++i] - 0xdc00);
            *p++ = char(0xf0 | (u >> 18));
            *p++ = char(0x80 | ((u >> 12) & 0x3f));
            *p++ = char(0x80 | ((u >> 6) & 0x3f));
            *p++ = char(0x80 | (u & 0x3f));
        } else {
            // A lone surrogate has no UTF-8 form: U+FFFD, as QString::toUtf8() writes it.
            const char32_t u = c >= 0xd800 && c < 0xe000 ? 0xfffd : c;
            *p++ = char(0xe0 | (u >> 12));
            *p++ = char(0x80 | ((u >> 6) & 0x3f));
            *p++ = char(0x80 | (u & 0x3f));
        }
    }
    *p++ = '"';
    m_size += p - start;
}

void JsonWriter::escaped(std::string_view utf8) {
    char *const start = reserve(6 * qsizetype(utf8.size()) + 2);
    char *p = start;
    *p++ = '"';
    for (const char ch : utf8) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x80)
            p = putAscii(p, c);
        else
            *p++ = char(c); // UTF-8 continues as it is
    }
    *p++ = '"';
    m_size += p - start;
}

void JsonWriter::value(const QString &s) {
    separator();
    escaped(reinterpret_cast<const char16_t *>(s.utf16()), s.size());
}

void JsonWriter::value(std::string_view utf8) {
    separator();
    escaped(utf8);
}

void JsonWriter::value(bool b) {
    separator();
    append(b ? "true" : "false");
}

void JsonWriter::number(double v) {
    value(QJsonValue(v));
}

void JsonWriter::null() {
    separator();
    append("null");
}

void JsonWriter::value(long long v) {
    separator();
    char *p = reserve(24);
    m_size += std::to_chars(p, p + 24, v).ptr - p;
}

void JsonWriter::value(unsigned long long v) {
    separator();
    char *p = reserve(24);
    m_size += std::to_chars(p, p + 24, v).ptr - p;
}

void JsonWriter::value(double v) {
    if (!std::isfinite(v)) {
        null();
        return;
    }
    separator();
    char *p = reserve(32);
    m_size += std::to_chars(p, p + 32, v).ptr - p;
}

void JsonWriter::value(const QJsonValue &v) {
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        null();
        break;
    case QJsonValue::Bool:
        value(v.toBool());
        break;
    case QJsonValue::Double:
        // Integers stay integers (a QJsonValue holds either; only toInteger() tells them apart).
        if (const qint64 i = v.toInteger(); double(i) == v.toDouble())
            value(static_cast<long long>(i));
        else
            value(v.toDouble());
        break;
    case QJsonValue::String:
        value(v.toString());
        break;
    case QJsonValue::Array: {
        beginArray();
        const QJsonArray a = v.toArray();
        for (const QJsonValue &e : a)
            value(e);
        endArray();
        break;
    }
    case QJsonValue::Object: {
        beginObject();
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QByteArray k = it.key().toUtf8();
            key(std::string_view(k.constData(), size_t(k.size())));
            value(it.value());
        }
        endObject();
        break;
    }
    }
}

void JsonWriter::rawValue(const QByteArray &json) {
    separator();
    append(std::string_view(json.constData(), size_t(json.size())));
}

QJsonObject jsonObjectFromWriter(const std::function<void(JsonWriter &)> &write) {
    JsonWriter w;
    write(w);
    return QJsonDocument::fromJson(w.takeBytes()).object();
}

} // namespace hd
