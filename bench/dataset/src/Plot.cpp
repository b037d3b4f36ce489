/// \file Plot.cpp
/// Spawning the plotting script without a shell.

#include "minkowski/dataset/Plot.h"

#include <cerrno>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace mk::dataset {

std::string fig13Script() {
    return std::string(MK_PYTHON_DIR) + "/fig13.py";
}

bool plottingAvailable() {
    if (::access(kPlotPython, X_OK) != 0) {
        return false;
    }
    return runProgram({kPlotPython, "-c", "import numpy, matplotlib"}, true) == 0;
}

std::vector<std::string> fig13Command(const std::string& resultsCsv, const std::string& prefix,
                                      const std::string& title) {
    return {kPlotPython, fig13Script(), resultsCsv, "--out", prefix, "--title", title};
}

std::string shellLine(const std::vector<std::string>& command) {
    std::string line;
    for (const std::string& word : command) {
        const bool plain =
            !word.empty() &&
            word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                   "0123456789-_./=:,+") == std::string::npos;
        std::string quoted = "'";
        for (char c : word) {
            quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
        }
        if (!line.empty()) {
            line += ' ';
        }
        line += plain ? word : quoted + "'";
    }
    return line;
}

int runProgram(const std::vector<std::string>& command, bool quiet) {
    std::vector<char*> argv;
    for (const std::string& word : command) {
        argv.push_back(const_cast<char*>(word.c_str()));
    }
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (quiet) {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    }
    pid_t pid = 0;
    const int error = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (error != 0) {
        return 127;
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            return 127;
        }
    }
    if (WIFSIGNALED(status)) {
        return 128 + WTERMSIG(status);
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 127;
}

} // namespace mk::dataset
