#pragma once

// The timed launch loop of both backends (Backend::launchLoop), written once. Per launch: start
// event record, steady_clock, the launch call, steady_clock, stop event record, event
// synchronize, elapsed time; each sample is stored into the preallocated array and nothing is
// written inside the loop. bench/probe-launch-overhead.cpp makes the same calls in the same
// order with libcuda linked directly (docs/performance.md, "Probe").
//
// Calls is the backend class itself (it befriends TimedLaunchLoop): its dlsym'd function
// pointers eventRecord, launchKernel, eventSynchronize and eventElapsedTime, its function and
// events, and the API names as static constexpr strings. A template instantiated per backend,
// not a table looked up at run time: every call is the one indirect call through the backend's
// own pointer that the loop made when each backend spelled it out.

#include "probe.h"

#include <chrono>
#include <cstddef>
#include <vector>

namespace hdprobe {

struct TimedLaunchLoop {
    template <typename Calls>
    static int run(Calls &c, const unsigned g[3], const unsigned b[3], unsigned shared,
                   void **params, std::vector<LaunchSample> &samples, size_t &done) {
        const size_t n = samples.size();
        for (done = 0; done < n;) {
            LaunchSample &s = samples[done++];
            int rc = c.eventRecord(c.evStart, nullptr);
            if (rc) {
                s.launchCode = rc;
                s.launchApi = Calls::kEventRecordApi;
                return rc;
            }
            const auto t0 = std::chrono::steady_clock::now();
            rc = c.launchKernel(c.function, g[0], g[1], g[2], b[0], b[1], b[2], shared, nullptr,
                                params, nullptr);
            const auto t1 = std::chrono::steady_clock::now();
            s.launchMs = std::chrono::duration<double, std::milli>(t1 - t0).count();
            s.launchApi = Calls::kLaunchApi;
            if (rc) {
                s.launchCode = rc;
                return rc;
            }
            const char *api = Calls::kEventRecordApi;
            rc = c.eventRecord(c.evStop, nullptr);
            if (rc == 0) {
                api = Calls::kWaitApi;
                rc = c.eventSynchronize(c.evStop);
            }
            float ms = 0;
            if (rc == 0) {
                api = Calls::kElapsedApi;
                rc = c.eventElapsedTime(&ms, c.evStart, c.evStop);
            }
            s.kernelMs = ms;
            s.kernelApi = api;
            if (rc) {
                s.kernelCode = rc;
                return rc;
            }
        }
        return 0;
    }
};

} // namespace hdprobe
