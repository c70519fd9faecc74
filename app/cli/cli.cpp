#include "cli.h"

#include <cstdio>

namespace hd::cli {

QTextStream &out() {
    static QTextStream s(stdout);
    return s;
}

QTextStream &err() {
    static QTextStream s(stderr);
    return s;
}

} // namespace hd::cli
