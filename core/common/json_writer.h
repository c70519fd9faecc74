#pragma once

// A buffered JSON writer: values go out as they are written, so a document of any size needs
// no in-memory tree (docs/performance.md, "Streamed JSON"). Compact by default; Pretty indents
// by two spaces. Keys are written in the order the caller gives them.

#include "common/engine_text.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

class QIODevice;

namespace hd {

class JsonWriter {
public:
    enum class Style { Compact, Pretty };

    // out == nullptr keeps everything in memory (take it with takeBytes()). depth: the nesting
    // level of the first value, for fragments spliced into a Pretty document with rawValue().
    explicit JsonWriter(QIODevice *out = nullptr, Style style = Style::Compact, int depth = 0);
    ~JsonWriter(); // flushes
    JsonWriter(const JsonWriter &) = delete;
    JsonWriter &operator=(const JsonWriter &) = delete;

    Style style() const { return m_style; }
    int depth() const { return int(m_stack.size()); }

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    // The next value's key; keys are ASCII literals in this code base but are escaped anyway.
    JsonWriter &key(std::string_view name);

    void value(const QString &s);
    void value(const Text &t) { value(t.english()); } // the English (docs/design.md, "Languages")
    void value(std::string_view utf8);
    void value(const char *utf8) { value(std::string_view(utf8)); }
    void value(bool b);
    void value(long long v);
    void value(unsigned long long v);
    void value(int v) { value(static_cast<long long>(v)); }
    void value(unsigned v) { value(static_cast<unsigned long long>(v)); }
    void value(long v) { value(static_cast<long long>(v)); }
    void value(unsigned long v) { value(static_cast<unsigned long long>(v)); }
    void value(double v); // shortest round-trip form; NaN and infinities as null, as Qt does
    // A number as a QJsonValue holding v is written: an integral value as an integer ("3",
    // never "3e+00"), so documents streamed from the model match their toJson() bytes.
    void number(double v);
    void null();
    // A QJsonValue and everything in it, objects' keys in QJsonObject's (sorted) order.
    void value(const QJsonValue &v);
    void value(const QJsonObject &o) { value(QJsonValue(o)); }
    void value(const QJsonArray &a) { value(QJsonValue(a)); }
    // One complete value already serialized by a JsonWriter of the same style at this depth.
    void rawValue(const QByteArray &json);

    template <typename T> void member(std::string_view name, const T &v) {
        key(name);
        value(v);
    }
    template <typename List> void stringArray(const List &list) {
        beginArray();
        for (const auto &s : list)
            value(s);
        endArray();
    }

    // Writes the buffer out; false once a write failed (later output is dropped).
    bool flush();
    bool ok() const { return m_ok; }
    // What was written since the last call (out == nullptr). A whole document (depth 0) ends
    // with a newline after its closing bracket; a fragment does not.
    QByteArray takeBytes();

private:
    void separator(); // the comma / newline / indent before a value or key
    void open(char c, bool object);
    void close(char c);
    void escaped(const char16_t *s, qsizetype n);
    void escaped(std::string_view utf8);
    char *reserve(qsizetype n); // room for n more bytes; flushes first when the buffer is full
    void append(std::string_view s);

    QIODevice *m_out;
    Style m_style;
    int m_baseDepth;
    bool m_ok = true;
    bool m_afterKey = false;
    bool m_wroteTop = false;
    struct Level {
        bool object;
        bool empty = true;
    };
    std::vector<Level> m_stack;
    std::unique_ptr<char[]> m_buf;
    qsizetype m_size = 0, m_capacity = 0;
};

// A document's in-memory form derived from its streamed writer, the one description of its
// fields: the bytes write() produces, parsed back. The writer puts keys in QJsonObject's sorted
// order and numbers as QJsonDocument reads them, so this is the object a builder would have made.
// It costs a parse: what is only printed or saved is streamed instead.
QJsonObject jsonObjectFromWriter(const std::function<void(JsonWriter &)> &write);
// The same for anything with a writeJson(JsonWriter &, const T &) (found where T lives).
template <typename T> QJsonObject jsonObjectOf(const T &v) {
    return jsonObjectFromWriter([&v](JsonWriter &w) { writeJson(w, v); });
}

} // namespace hd
