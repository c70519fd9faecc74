// Placeholder until the probe lands: answers every request with an error result.
#include <cstdio>

int main() {
    std::printf("{\"event\":\"result\",\"status\":\"error\",\"message\":\"probe not implemented\"}\n");
    return 3;
}
