#pragma once

// For the tests that inspect through hd_artifacts: every problem of a report in one list.

#include "model/artifact_report.h"

namespace arttest {

// The file's problems and its code objects'.
inline QList<hd::Problem> allProblems(const hd::ArtifactReport &r) {
    QList<hd::Problem> all = r.problems;
    for (const hd::CodeObject &co : r.codeObjects)
        all += co.problems;
    return all;
}

} // namespace arttest
