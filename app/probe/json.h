#pragma once

// Minimal JSON for the probe (no Qt here): parse one request, write JSON lines.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hdprobe {

struct JsonValue {
    enum class Type { Null, Bool, Number, String, Array, Object };
    Type type = Type::Null;
    bool boolean = false;
    double number = 0;
    std::string string;
    std::vector<JsonValue> array;
    std::vector<std::pair<std::string, JsonValue>> object;

    const JsonValue *find(const std::string &key) const;
    std::string str(const std::string &key, const std::string &fallback = {}) const;
    double num(const std::string &key, double fallback) const;
    bool has(const std::string &key) const { return find(key) != nullptr; }
};

// Returns false and a message with the byte offset on malformed input.
bool parseJson(const std::string &text, JsonValue &out, std::string &error);

std::string jsonEscape(const std::string &s); // with the surrounding quotes

// Builds one JSON object line: JsonLine().add("event","hello").add("protocol",1).str()
class JsonLine {
public:
    JsonLine &add(const char *key, const std::string &value);
    JsonLine &add(const char *key, const char *value) {
        return add(key, std::string(value ? value : ""));
    }
    JsonLine &add(const char *key, int64_t value);
    JsonLine &add(const char *key, int value) { return add(key, static_cast<int64_t>(value)); }
    JsonLine &add(const char *key, unsigned value) { return add(key, static_cast<int64_t>(value)); }
    JsonLine &add(const char *key, uint64_t value);
    JsonLine &add(const char *key, double value);
    JsonLine &add(const char *key, bool value);
    JsonLine &raw(const char *key, const std::string &json); // value already JSON
    std::string str() const { return m_text + "}"; }

private:
    void key(const char *k);
    std::string m_text = "{";
    bool m_first = true;
};

} // namespace hdprobe
