#include "json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace hdprobe {

const JsonValue *JsonValue::find(const std::string &key) const {
    if (type != Type::Object)
        return nullptr;
    for (const auto &kv : object)
        if (kv.first == key)
            return &kv.second;
    return nullptr;
}

std::string JsonValue::str(const std::string &key, const std::string &fallback) const {
    const JsonValue *v = find(key);
    return v && v->type == Type::String ? v->string : fallback;
}

double JsonValue::num(const std::string &key, double fallback) const {
    const JsonValue *v = find(key);
    return v && v->type == Type::Number ? v->number : fallback;
}

namespace {

struct Parser {
    const std::string &s;
    size_t i = 0;
    std::string error;

    void ws() {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
            ++i;
    }
    bool fail(const char *what) {
        if (error.empty())
            error = std::string(what) + " at offset " + std::to_string(i);
        return false;
    }
    bool literal(const char *word) {
        size_t n = std::char_traits<char>::length(word);
        if (s.compare(i, n, word) != 0)
            return fail("unexpected token");
        i += n;
        return true;
    }
    static void utf8(std::string &out, unsigned cp) {
        if (cp < 0x80) {
            out += char(cp);
        } else if (cp < 0x800) {
            out += char(0xc0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3f));
        } else if (cp < 0x10000) {
            out += char(0xe0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3f));
            out += char(0x80 | (cp & 0x3f));
        } else {
            out += char(0xf0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3f));
            out += char(0x80 | ((cp >> 6) & 0x3f));
            out += char(0x80 | (cp & 0x3f));
        }
    }
    bool hex4(unsigned &cp) {
        if (i + 4 > s.size())
            return fail("truncated \\u escape");
        cp = 0;
        for (int k = 0; k < 4; ++k) {
            char c = s[i++];
            cp <<= 4;
            if (c >= '0' && c <= '9')
                cp |= unsigned(c - '0');
            else if (c >= 'a' && c <= 'f')
                cp |= unsigned(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                cp |= unsigned(c - 'A' + 10);
            else
                return fail("bad \\u escape");
        }
        return true;
    }
    // The escape after a backslash (s[i] is its letter), appended to out.
    bool escape(std::string &out) {
        char e = s[i++];
        switch (e) {
        case '"':
            out += '"';
            return true;
        case '\\':
            out += '\\';
            return true;
        case '/':
            out += '/';
            return true;
        case 'b':
            out += '\b';
            return true;
        case 'f':
            out += '\f';
            return true;
        case 'n':
            out += '\n';
            return true;
        case 'r':
            out += '\r';
            return true;
        case 't':
            out += '\t';
            return true;
        case 'u': {
            unsigned cp = 0;
            if (!hex4(cp))
                return false;
            if (cp >= 0xd800 && cp < 0xdc00 && i + 6 <= s.size() && s[i] == '\\' &&
                s[i + 1] == 'u') {
                i += 2;
                unsigned lo = 0;
                if (!hex4(lo))
                    return false;
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            }
            utf8(out, cp);
            return true;
        }
        default:
            return fail("bad escape");
        }
    }
    bool string(std::string &out) {
        if (i >= s.size() || s[i] != '"')
            return fail("expected string");
        ++i;
        while (i < s.size()) {
            char c = s[i++];
            if (c == '"')
                return true;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i >= s.size())
                break;
            if (!escape(out))
                return false;
        }
        return fail("unterminated string");
    }
    // An object; s[i] is its '{'.
    bool object(JsonValue &v, int depth) {
        v.type = JsonValue::Type::Object;
        ++i;
        ws();
        if (i < s.size() && s[i] == '}') {
            ++i;
            return true;
        }
        for (;;) {
            ws();
            std::string k;
            if (!string(k))
                return false;
            ws();
            if (i >= s.size() || s[i] != ':')
                return fail("expected ':'");
            ++i;
            JsonValue child;
            if (!value(child, depth + 1))
                return false;
            v.object.emplace_back(std::move(k), std::move(child));
            ws();
            if (i < s.size() && s[i] == ',') {
                ++i;
                continue;
            }
            if (i < s.size() && s[i] == '}') {
                ++i;
                return true;
            }
            return fail("expected ',' or '}'");
        }
    }
    // An array; s[i] is its '['.
    bool array(JsonValue &v, int depth) {
        v.type = JsonValue::Type::Array;
        ++i;
        ws();
        if (i < s.size() && s[i] == ']') {
            ++i;
            return true;
        }
        for (;;) {
            JsonValue child;
            if (!value(child, depth + 1))
                return false;
            v.array.push_back(std::move(child));
            ws();
            if (i < s.size() && s[i] == ',') {
                ++i;
                continue;
            }
            if (i < s.size() && s[i] == ']') {
                ++i;
                return true;
            }
            return fail("expected ',' or ']'");
        }
    }
    bool value(JsonValue &v, int depth) {
        if (depth > 64)
            return fail("nesting too deep");
        ws();
        if (i >= s.size())
            return fail("unexpected end");
        char c = s[i];
        if (c == '{')
            return object(v, depth);
        if (c == '[')
            return array(v, depth);
        if (c == '"') {
            v.type = JsonValue::Type::String;
            return string(v.string);
        }
        if (c == 't') {
            v.type = JsonValue::Type::Bool;
            v.boolean = true;
            return literal("true");
        }
        if (c == 'f') {
            v.type = JsonValue::Type::Bool;
            return literal("false");
        }
        if (c == 'n')
            return literal("null");
        if (c == '-' || (c >= '0' && c <= '9')) {
            const char *begin = s.c_str() + i;
            char *end = nullptr;
            v.type = JsonValue::Type::Number;
            v.number = std::strtod(begin, &end);
            if (end == begin)
                return fail("bad number");
            i += size_t(end - begin);
            return true;
        }
        return fail("unexpected character");
    }
};

} // namespace

bool parseJson(const std::string &text, JsonValue &out, std::string &error) {
    Parser p{text, 0, {}};
    out = JsonValue();
    if (!p.value(out, 0)) {
        error = p.error;
        return false;
    }
    p.ws();
    if (p.i != text.size()) {
        p.fail("trailing characters");
        error = p.error;
        return false;
    }
    return true;
}

std::string jsonEscape(const std::string &s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += char(c);
            }
        }
    }
    return out + "\"";
}

void JsonLine::key(const char *k) {
    if (!m_first)
        m_text += ',';
    m_first = false;
    m_text += jsonEscape(k);
    m_text += ':';
}

JsonLine &JsonLine::add(const char *k, const std::string &value) {
    key(k);
    m_text += jsonEscape(value);
    return *this;
}

JsonLine &JsonLine::add(const char *k, int64_t value) {
    key(k);
    m_text += std::to_string(value);
    return *this;
}

JsonLine &JsonLine::add(const char *k, uint64_t value) {
    key(k);
    m_text += std::to_string(value);
    return *this;
}

JsonLine &JsonLine::add(const char *k, double value) {
    key(k);
    if (!std::isfinite(value)) {
        m_text += "null";
        return *this;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6f", value);
    m_text += buf;
    return *this;
}

JsonLine &JsonLine::add(const char *k, bool value) {
    key(k);
    m_text += value ? "true" : "false";
    return *this;
}

JsonLine &JsonLine::raw(const char *k, const std::string &json) {
    key(k);
    m_text += json;
    return *this;
}

} // namespace hdprobe
