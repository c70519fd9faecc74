#pragma once

#include "probe.h"

#include <memory>

namespace hdprobe {

std::unique_ptr<Backend> makeHipBackend();
std::unique_ptr<Backend> makeCudaBackend();

} // namespace hdprobe
