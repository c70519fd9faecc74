#pragma once

#include <Qt>

namespace hd::ui {

// Roles every hipdoctor model answers besides the standard ones.
enum Role {
    SortRole = Qt::UserRole + 1, // a value that sorts naturally (numbers as numbers)
    FilterRole,                  // the text the filter box matches
    SeverityRole,                // int(hd::Severity)
    KindRole,                    // the row's kind, model-specific
    LinkRole,                    // a location another panel can show ("symbol:NAME", "log:12")
    StatusRole,                  // "pass" | "fail" | "warn" | "skipped" | "running" | ""
    RawRole,                     // the unformatted value (bytes as a number, ...)
};

} // namespace hd::ui
