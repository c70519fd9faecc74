#include "artifacts/msgpack_cursor.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>

namespace hd {

using llvm::msgpack::Object;
using llvm::msgpack::Type;

template <typename T> bool MsgpackCursor::len(uint64_t &n) {
    T v{};
    if (!readBe(v))
        return false;
    n = v;
    return true;
}

template <typename T> bool MsgpackCursor::number(Object &o) {
    T v{};
    if (!readBe(v))
        return false;
    if constexpr (std::is_signed_v<T>) {
        o.Kind = Type::Int;
        o.Int = v;
    } else {
        o.Kind = Type::UInt;
        o.UInt = v;
    }
    return true;
}

template <typename T> bool MsgpackCursor::readBe(T &out) {
    if (size_t(m_end - m_pos) < sizeof(T))
        return fail("truncated number", m_pos);
    T v{};
    std::memcpy(&v, m_pos, sizeof(T));
    if constexpr (sizeof(T) == 2)
        v = T(__builtin_bswap16(uint16_t(v)));
    else if constexpr (sizeof(T) == 4)
        v = T(__builtin_bswap32(uint32_t(v)));
    else if constexpr (sizeof(T) == 8)
        v = T(__builtin_bswap64(uint64_t(v)));
    out = v;
    m_pos += sizeof(T);
    return true;
}

bool MsgpackCursor::fail(const char *what, const char *at) {
    if (!m_error) {
        m_error = what;
        m_errorAt = at;
        m_errorByte = at < m_end ? uint8_t(*at) : 0;
    }
    m_pos = m_end;
    return false;
}

std::string MsgpackCursor::error() const {
    if (!m_error)
        return {};
    std::string s = m_error;
    if (std::strcmp(m_error, "invalid type byte") == 0) {
        char hex[8];
        std::snprintf(hex, sizeof hex, " 0x%02x", m_errorByte);
        s += hex;
    }
    return s + " at offset " + std::to_string(m_errorAt - m_begin);
}

template <typename Bits, typename F> bool MsgpackCursor::floating(Object &o) {
    Bits bits = 0;
    if (!readBe(bits))
        return false;
    F f;
    std::memcpy(&f, &bits, sizeof f);
    o.Kind = Type::Float;
    o.Float = f;
    return true;
}

// A string or binary payload of n bytes after its header at `at`.
bool MsgpackCursor::payload(Object &o, uint64_t n, Type kind, const char *at) {
    if (uint64_t(m_end - m_pos) < n)
        return fail("truncated string or binary value", at);
    o.Kind = kind;
    o.Raw = llvm::StringRef(m_pos, size_t(n));
    m_pos += n;
    return true;
}

// An extension: its type byte, then n bytes of data.
bool MsgpackCursor::extension(Object &o, uint64_t n, const char *at) {
    int8_t t = 0;
    if (!readBe(t))
        return false;
    if (uint64_t(m_end - m_pos) < n)
        return fail("truncated extension value", at);
    o.Kind = Type::Extension;
    o.Extension = llvm::msgpack::ExtensionType{t, llvm::StringRef(m_pos, size_t(n))};
    m_pos += n;
    return true;
}

// A map or an array header: its n entries follow as values of their own.
bool MsgpackCursor::container(Object &o, uint64_t n, Type kind) {
    o.Kind = kind;
    o.Length = size_t(n);
    return true;
}

// The values whose type byte says their size: nil, booleans, floats and integers.
bool MsgpackCursor::scalar(Object &o, uint8_t b) {
    switch (b) {
    case 0xc0:
        o.Kind = Type::Nil;
        return true;
    case 0xc2:
    case 0xc3:
        o.Kind = Type::Boolean;
        o.Bool = b == 0xc3;
        return true;
    case 0xca:
        return floating<uint32_t, float>(o);
    case 0xcb:
        return floating<uint64_t, double>(o);
    case 0xcc:
        return number<uint8_t>(o);
    case 0xcd:
        return number<uint16_t>(o);
    case 0xce:
        return number<uint32_t>(o);
    case 0xcf:
        return number<uint64_t>(o);
    case 0xd0:
        return number<int8_t>(o);
    case 0xd1:
        return number<int16_t>(o);
    case 0xd2:
        return number<int32_t>(o);
    default:
        return number<int64_t>(o); // 0xd3
    }
}

// The values with a length: binaries, strings, extensions, arrays and maps (the length in
// 1, 2 or 4 bytes, or fixed by the type byte).
bool MsgpackCursor::sized(Object &o, uint8_t b, const char *at) {
    uint64_t n = 0; // a length read by len<>()
    switch (b) {
    case 0xc4:
        return len<uint8_t>(n) && payload(o, n, Type::Binary, at);
    case 0xc5:
        return len<uint16_t>(n) && payload(o, n, Type::Binary, at);
    case 0xc6:
        return len<uint32_t>(n) && payload(o, n, Type::Binary, at);
    case 0xd9:
        return len<uint8_t>(n) && payload(o, n, Type::String, at);
    case 0xda:
        return len<uint16_t>(n) && payload(o, n, Type::String, at);
    case 0xdb:
        return len<uint32_t>(n) && payload(o, n, Type::String, at);
    case 0xc7:
        return len<uint8_t>(n) && extension(o, n, at);
    case 0xc8:
        return len<uint16_t>(n) && extension(o, n, at);
    case 0xc9:
        return len<uint32_t>(n) && extension(o, n, at);
    case 0xd4:
        return extension(o, 1, at);
    case 0xd5:
        return extension(o, 2, at);
    case 0xd6:
        return extension(o, 4, at);
    case 0xd7:
        return extension(o, 8, at);
    case 0xd8:
        return extension(o, 16, at);
    case 0xdc:
        return len<uint16_t>(n) && container(o, n, Type::Array);
    case 0xdd:
        return len<uint32_t>(n) && container(o, n, Type::Array);
    case 0xde:
        return len<uint16_t>(n) && container(o, n, Type::Map);
    case 0xdf:
        return len<uint32_t>(n) && container(o, n, Type::Map);
    default: // 0xc1 is never used
        return fail("invalid type byte", at);
    }
}

bool MsgpackCursor::nextSlow(Object &o) {
    if (!ok())
        return false;
    if (m_pos >= m_end)
        return fail("value expected but the data ends", m_pos);
    const char *at = m_pos;
    const uint8_t b = uint8_t(*m_pos++);
    if (b <= 0x7f) {
        o.Kind = Type::UInt;
        o.UInt = b;
        return true;
    }
    if (b >= 0xe0) {
        o.Kind = Type::Int;
        o.Int = int8_t(b);
        return true;
    }
    if (b <= 0x8f)
        return container(o, b & 0x0f, Type::Map);
    if (b <= 0x9f)
        return container(o, b & 0x0f, Type::Array);
    if (b <= 0xbf)
        return payload(o, b & 0x1f, Type::String, at);
    if (b == 0xc0 || b == 0xc2 || b == 0xc3 || (b >= 0xca && b <= 0xd3))
        return scalar(o, b);
    return sized(o, b, at);
}

bool MsgpackCursor::skipValues(uint64_t count, int depth) {
    if (depth > kMaxDepth)
        return fail("values nest too deep", m_pos);
    for (uint64_t i = 0; i < count; ++i) {
        // Fast path for what metadata is mostly made of: small ints and short strings.
        if (m_pos < m_end) {
            const uint8_t b = uint8_t(*m_pos);
            if (b <= 0x7f || b >= 0xe0) {
                ++m_pos;
                continue;
            }
            if ((b & 0xe0) == 0xa0 && size_t(m_end - m_pos) > size_t(b & 0x1f)) {
                m_pos += 1 + (b & 0x1f);
                continue;
            }
        }
        Object c;
        if (!next(c))
            return false;
        if (c.Kind == Type::Map || c.Kind == Type::Array) {
            // Every entry takes at least one byte: a count beyond what is left is a lie.
            const uint64_t n = c.Kind == Type::Map ? uint64_t(c.Length) * 2 : uint64_t(c.Length);
            if (n > uint64_t(m_end - m_pos))
                return fail("container holds more entries than bytes are left", m_pos);
            if (!skipValues(n, depth + 1))
                return false;
        }
    }
    return true;
}

bool MsgpackCursor::skipBytes(size_t n) {
    if (!ok())
        return false;
    if (size_t(m_end - m_pos) < n)
        return fail("skipped past the end of the data", m_pos);
    m_pos += n;
    return true;
}

bool MsgpackCursor::skip(const Object &o) {
    if (o.Kind != Type::Map && o.Kind != Type::Array)
        return ok();
    return skipValues(o.Kind == Type::Map ? uint64_t(o.Length) * 2 : uint64_t(o.Length), 1);
}

} // namespace hd
