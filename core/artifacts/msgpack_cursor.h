#pragma once

// A bounds-checked MessagePack reader over untrusted bytes that knows where it is.
// llvm::msgpack::Reader decodes the same format but keeps its position private; the metadata
// decoder needs the byte span of a value (a kernel's argument list) to recognise argument
// lists it has decoded before without decoding them again. Values are returned as LLVM's
// msgpack::Object so the decoding code reads like it would with LLVM's reader.

#include <llvm/ADT/StringRef.h>
#include <llvm/BinaryFormat/MsgPackReader.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace hd {

class MsgpackCursor {
public:
    // Hostile input could nest containers arbitrarily deep; AMDGPU metadata nests four levels.
    static constexpr int kMaxDepth = 32;

    explicit MsgpackCursor(llvm::StringRef blob)
        : m_begin(blob.data()), m_pos(blob.data()), m_end(blob.data() + blob.size()) {}

    // Reads one value. Containers yield only their header (Length = entries, not bytes); the
    // caller reads or skips their contents. False at the end of the input or on bad bytes
    // (then ok() is false and error() says why and where).
    bool next(llvm::msgpack::Object &o) {
        // Inline for what metadata is mostly made of: small ints, short strings, small maps.
        if (m_error == nullptr && m_pos < m_end) {
            const uint8_t b = uint8_t(*m_pos);
            if (b <= 0x7f) {
                ++m_pos;
                o.Kind = llvm::msgpack::Type::UInt;
                o.UInt = b;
                return true;
            }
            if ((b & 0xe0) == 0xa0 && size_t(m_end - m_pos) > size_t(b & 0x1f)) {
                o.Kind = llvm::msgpack::Type::String;
                o.Raw = llvm::StringRef(m_pos + 1, b & 0x1f);
                m_pos += 1 + (b & 0x1f);
                return true;
            }
        }
        return nextSlow(o);
    }
    // Skips the contents of a container whose header `o` was just read; no-op for scalars.
    bool skip(const llvm::msgpack::Object &o);
    // Where the next value starts, and the bytes from there to the end.
    const char *position() const { return m_pos; }
    llvm::StringRef rest() const { return llvm::StringRef(m_pos, size_t(m_end - m_pos)); }
    // Moves past `n` bytes known to hold whole values (ones compared with values read before).
    bool skipBytes(size_t n);
    bool ok() const { return m_error == nullptr; }
    // "invalid type byte 0xc1 at offset 12", "truncated string at offset 40", ...
    std::string error() const;

private:
    bool nextSlow(llvm::msgpack::Object &o);
    bool scalar(llvm::msgpack::Object &o, uint8_t b);
    bool sized(llvm::msgpack::Object &o, uint8_t b, const char *at);
    bool payload(llvm::msgpack::Object &o, uint64_t n, llvm::msgpack::Type kind, const char *at);
    bool extension(llvm::msgpack::Object &o, uint64_t n, const char *at);
    static bool container(llvm::msgpack::Object &o, uint64_t n, llvm::msgpack::Type kind);
    bool fail(const char *what, const char *at);
    bool skipValues(uint64_t count, int depth);
    template <typename T> bool readBe(T &out);
    template <typename T> bool len(uint64_t &n);
    template <typename T> bool number(llvm::msgpack::Object &o);
    template <typename Bits, typename F> bool floating(llvm::msgpack::Object &o);

    const char *m_begin;
    const char *m_pos;
    const char *m_end;
    const char *m_error = nullptr;
    const char *m_errorAt = nullptr;
    unsigned m_errorByte = 0;
};

} // namespace hd
