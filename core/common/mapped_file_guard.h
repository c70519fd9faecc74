#pragma once

// A read-only file mapping must not take the process down when the file shrinks under it
// (a rebuild rewriting a .so in place): touching a page past the new end raises SIGBUS.
// While a MappingGuard is alive, a SIGBUS inside its range replaces the pages from the fault
// to the end of the range with zero pages and the read goes on; faulted() then says the
// bytes read are not the file's, and the caller reports a problem instead of a result.
// See docs/limits.md ("Files that change while being read").

#include <cstddef>

namespace hd {

class MappingGuard {
public:
    MappingGuard(const void *begin, size_t size);
    ~MappingGuard();
    MappingGuard(const MappingGuard &) = delete;
    MappingGuard &operator=(const MappingGuard &) = delete;

    // A page of the range could not be read from the file (it had shrunk).
    bool faulted() const;
    // Stops guarding (before the range is unmapped); faulted() keeps its answer.
    void release();

private:
    int m_slot = -1;
    bool m_faulted = false;
};

} // namespace hd
