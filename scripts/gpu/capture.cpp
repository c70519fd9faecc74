// Runs one command and appends a record of it as one JSON line (schema
// hipdoctor.gpu-capture/1, docs/gpu-validation.md) — for the GPU machine, where there is no
// Qt and no Python to rely on. Builds with the probe's JSON writer:
//   g++ -std=c++17 -O2 -Iapp/probe scripts/gpu/capture.cpp app/probe/json.cpp -o capture
// usage: capture --out FILE --step N --name NAME --kind KIND [--stdin FILE] [--env K=V]...
//                [--timeout S] -- PROGRAM ARGS...

#include "json.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

using hdprobe::jsonEscape;
using hdprobe::JsonLine;

int main(int argc, char **argv) {
    std::string out, name, kind = "program", stdinFile;
    int step = 0, timeoutS = 300;
    std::vector<std::string> env;
    int i = 1;
    for (; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (a == "--out")
            out = next();
        else if (a == "--step")
            step = std::atoi(next().c_str());
        else if (a == "--name")
            name = next();
        else if (a == "--kind")
            kind = next();
        else if (a == "--stdin")
            stdinFile = next();
        else if (a == "--env")
            env.push_back(next());
        else if (a == "--timeout")
            timeoutS = std::atoi(next().c_str());
        else if (a == "--") {
            ++i;
            break;
        } else {
            std::fprintf(stderr, "capture: unknown option %s\n", a.c_str());
            return 2;
        }
    }
    if (out.empty() || name.empty() || i >= argc) {
        std::fprintf(stderr, "usage: capture --out FILE --step N --name NAME --kind KIND [--stdin "
                             "FILE] [--env K=V]... -- CMD...\n");
        return 2;
    }
    std::vector<std::string> args(argv + i, argv + argc);
    std::string stdinText;
    if (!stdinFile.empty()) {
        std::ifstream in(stdinFile, std::ios::binary);
        stdinText.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    char started[64];
    std::time_t now = std::time(nullptr);
    std::strftime(started, sizeof started, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));

    int po[2], pe[2], pi[2];
    if (pipe(po) || pipe(pe) || pipe(pi)) {
        std::perror("pipe");
        return 3;
    }
    auto t0 = std::chrono::steady_clock::now();
    pid_t pid = fork();
    if (pid == 0) {
        dup2(pi[0], 0);
        dup2(po[1], 1);
        dup2(pe[1], 2);
        close(pi[0]);
        close(pi[1]);
        close(po[0]);
        close(po[1]);
        close(pe[0]);
        close(pe[1]);
        for (const auto &e : env)
            putenv(const_cast<char *>(e.c_str()));
        std::vector<char *> cargs;
        for (auto &s : args)
            cargs.push_back(const_cast<char *>(s.c_str()));
        cargs.push_back(nullptr);
        execvp(cargs[0], cargs.data());
        std::fprintf(stderr, "capture: cannot run %s: %s\n", cargs[0], std::strerror(errno));
        _exit(127);
    }
    close(pi[0]);
    close(po[1]);
    close(pe[1]);
    signal(SIGPIPE, SIG_IGN);
    if (!stdinText.empty() &&
        write(pi[1], stdinText.data(), stdinText.size()) < 0) { /* child may not read */
    }
    close(pi[1]);
    std::string so, se;
    bool openO = true, openE = true, killed = false;
    while (openO || openE) {
        pollfd fds[2] = {{po[0], POLLIN, 0}, {pe[0], POLLIN, 0}};
        int rc = poll(fds, 2, 200);
        double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (el > timeoutS && !killed) {
            kill(pid, SIGKILL);
            killed = true;
        }
        if (rc <= 0)
            continue;
        char buf[65536];
        for (int k = 0; k < 2; ++k) {
            if (!(fds[k].revents & (POLLIN | POLLHUP)))
                continue;
            ssize_t n = read(fds[k].fd, buf, sizeof buf);
            if (n <= 0) {
                (k == 0 ? openO : openE) = false;
                continue;
            }
            (k == 0 ? so : se).append(buf, size_t(n));
        }
    }
    int status = 0;
    waitpid(pid, &status, 0);
    double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::string argvJson = "[", envJson = "{";
    for (size_t k = 0; k < args.size(); ++k)
        argvJson += (k ? "," : "") + jsonEscape(args[k]);
    for (size_t k = 0; k < env.size(); ++k) {
        auto eq = env[k].find('=');
        envJson += (k ? "," : "") + jsonEscape(env[k].substr(0, eq)) + ":" +
                   jsonEscape(eq == std::string::npos ? "" : env[k].substr(eq + 1));
    }
    argvJson += "]";
    envJson += "}";
    JsonLine l;
    l.add("schema", "hipdoctor.gpu-capture/1")
        .add("step", step)
        .add("name", name)
        .add("kind", kind);
    l.raw("argv", argvJson)
        .raw("env", envJson)
        .add("stdin", stdinText)
        .add("started", std::string(started));
    l.add("exit_code", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    l.add("signal", WIFSIGNALED(status) ? WTERMSIG(status) : 0)
        .add("timed_out", killed)
        .add("wall_ms", ms);
    l.add("stdout", so).add("stderr", se);
    std::ofstream f(out, std::ios::app);
    f << l.str() << "\n";
    // echo for the script's log
    std::fwrite(so.data(), 1, so.size(), stdout);
    std::fwrite(se.data(), 1, se.size(), stderr);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
