#pragma once

#include <QString>

namespace hd {

// "SIGSEGV" for 11; "signal 64" for numbers the C library has no name for.
QString signalName(int signal);

} // namespace hd
