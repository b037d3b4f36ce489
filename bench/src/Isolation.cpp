/// \file Isolation.cpp
/// One contender in child processes: the child measures cell after cell and streams fixed-size
/// records through a pipe (Begin before a query, Done or Skip after it); when it dies, the cell
/// it had begun is the one that killed it, and a new child resumes after that cell. A cell that
/// outlasts the per-cell time limit gets its child killed the same way (libccd's signed distance
/// took 66-117 s on two coincident spheres). SIGINT and SIGTERM kill and reap the child before the
/// program ends by the signal; a child whose parent dies is killed by the kernel.

#include "Isolation.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <optional>
#include <poll.h>
#include <set>
#include <stdexcept>
#include <string>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace mk::bench {
namespace {

/// One message of the child.
struct WireRecord {
    enum Kind : int { Begin, Skip, Done } kind = Begin;
    int item = 0;          ///< cell index * tasks + task index
    char status[32] = {};  ///< Outcome::status, truncated
    bool failedStatus = false;
    bool collide = false;
    int iterations = -1;
    double distance = 0.0;
    double timeNs = 0.0;
};
static_assert(sizeof(WireRecord) <= PIPE_BUF, "pipe writes of a record must be atomic");

/// Stable storage for the status names read from children (Outcome::status is a string_view).
std::string_view intern(const char* status) {
    static std::set<std::string> names;
    return *names.emplace(status).first;
}

void writeRecord(int fd, const WireRecord& record) {
    const char* bytes = reinterpret_cast<const char*>(&record);
    size_t left = sizeof record;
    while (left > 0) {
        const ssize_t n = ::write(fd, bytes, left);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            ::_exit(3); // the parent is gone
        }
        bytes += n;
        left -= static_cast<size_t>(n);
    }
}

/// Reads one whole record; false at the end of the stream.
bool readRecord(int fd, WireRecord& record) {
    char* bytes = reinterpret_cast<char*>(&record);
    size_t got = 0;
    while (got < sizeof record) {
        const ssize_t n = ::read(fd, bytes + got, sizeof record - got);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        got += static_cast<size_t>(n);
    }
    return true;
}

/// The running child, for the signal handler (0: none), and the terminating signal received.
volatile std::sig_atomic_t workerPid = 0;
volatile std::sig_atomic_t pendingSignal = 0;

void killWorkerOnSignal(int signal) {
    pendingSignal = signal;
    if (workerPid > 0) {
        ::kill(static_cast<pid_t>(workerPid), SIGKILL); // async-signal-safe
    }
}

/// While alive, SIGINT and SIGTERM kill the child (the parent's loop then reaps it and calls
/// endByPendingSignal); the previous handlers come back at destruction.
class SignalForwarding {
public:
    SignalForwarding() {
        struct sigaction action {};
        action.sa_handler = killWorkerOnSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0; // no SA_RESTART: poll() returns EINTR
        install(SIGINT, action, previousInt_);
        install(SIGTERM, action, previousTerm_);
    }
    ~SignalForwarding() { restore(); }
    SignalForwarding(const SignalForwarding&) = delete;
    SignalForwarding& operator=(const SignalForwarding&) = delete;

    /// After the child is reaped: ends the program the way the pending signal would have.
    void endByPendingSignal() {
        const int signal = pendingSignal;
        if (signal != 0) {
            restore();
            pendingSignal = 0;
            ::raise(signal);
        }
    }

private:
    /// A signal ignored by the caller (as a background job's SIGINT) stays ignored.
    static void install(int signal, const struct sigaction& action, struct sigaction& previous) {
        ::sigaction(signal, nullptr, &previous);
        if (previous.sa_handler != SIG_IGN) {
            ::sigaction(signal, &action, nullptr);
        }
    }
    void restore() {
        workerPid = 0;
        ::sigaction(SIGINT, &previousInt_, nullptr);
        ::sigaction(SIGTERM, &previousTerm_, nullptr);
    }
    struct sigaction previousInt_ {};
    struct sigaction previousTerm_ {};
};

/// Waits until `fd` is readable or `deadline` passes (never without a deadline); false on
/// timeout. A signal (EINTR) only repeats the wait: its handler has killed the child, whose
/// closed pipe then reads as the end.
bool waitReadable(int fd, std::optional<std::chrono::steady_clock::time_point> deadline) {
    for (;;) {
        int timeoutMs = -1;
        if (deadline) {
            const auto left = *deadline - std::chrono::steady_clock::now();
            if (left <= std::chrono::steady_clock::duration::zero()) {
                return false;
            }
            timeoutMs = static_cast<int>(
                std::chrono::ceil<std::chrono::milliseconds>(left).count());
        }
        pollfd p{.fd = fd, .events = POLLIN, .revents = 0};
        const int n = ::poll(&p, 1, timeoutMs);
        if (n > 0) {
            return true;
        }
        if (n < 0 && errno != EINTR) {
            return true; // let read() report it
        }
    }
}

/// The child: measures items [first, end) and reports each through `fd`. Never returns.
[[noreturn]] void childLoop(const std::vector<ProblemSet>& sets, const std::vector<Cell>& cells,
                            Contender& contender, const RunOptions& options, int first, int fd,
                            pid_t parent) {
    // Terminated by the parent (SIGKILL) on a time-out or a signal; dies with it otherwise.
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) {
        ::_exit(3); // the parent died before prctl
    }
    // The libraries' assert messages would repeat once per crash: the parent reports crashes.
    if (const int null = ::open("/dev/null", O_WRONLY); null >= 0) {
        ::dup2(null, STDERR_FILENO);
    }
    const int tasks = static_cast<int>(options.tasks.size());
    const int end = static_cast<int>(cells.size()) * tasks;
    std::vector<double> samples(static_cast<size_t>(std::max(1, options.repeats)));
    int preparedCell = -1;
    bool prepared = false;
    for (int item = first; item < end; ++item) {
        const int cellIndex = item / tasks;
        const BenchTask task = options.tasks[static_cast<size_t>(item % tasks)];
        if (!contender.supports(task)) {
            continue;
        }
        const Cell cell = cells[static_cast<size_t>(cellIndex)];
        const CollisionProblem& problem =
            sets[static_cast<size_t>(cell.set)].problems[static_cast<size_t>(cell.problem)];
        writeRecord(fd, {.kind = WireRecord::Begin, .item = item});
        if (cellIndex != preparedCell) {
            preparedCell = cellIndex;
            prepared = contender.prepare(problem);
        }
        if (!prepared) {
            writeRecord(fd, {.kind = WireRecord::Skip, .item = item});
            continue;
        }
        Measurement m{.set = cell.set,
                      .problem = cell.problem,
                      .task = task,
                      .outcome = contender.measure(problem, task, samples)};
        if (m.outcome.unsupported) {
            writeRecord(fd, {.kind = WireRecord::Skip, .item = item});
            continue;
        }
        completeMeasurement(m, problem, samples);
        WireRecord done{.kind = WireRecord::Done, .item = item};
        const size_t length = std::min(m.outcome.status.size(), sizeof done.status - 1);
        std::memcpy(done.status, m.outcome.status.data(), length);
        done.failedStatus = m.outcome.failedStatus;
        done.collide = m.outcome.collide;
        done.iterations = m.outcome.iterations;
        done.distance = m.outcome.distance;
        done.timeNs = m.timeNs;
        writeRecord(fd, done);
    }
    ::close(fd);
    ::_exit(0);
}

/// The cell `item` on which the child died (signal or time-out): no outcome, time NaN, a failure.
Measurement lostCell(const std::vector<Cell>& cells, const RunOptions& options, int item,
                     int index, bool timedOut) {
    const int tasks = static_cast<int>(options.tasks.size());
    const Cell cell = cells[static_cast<size_t>(item / tasks)];
    Measurement lost{.set = cell.set,
                     .problem = cell.problem,
                     .contender = index,
                     .task = options.tasks[static_cast<size_t>(item % tasks)]};
    lost.outcome = {timedOut ? "timed-out" : "crashed", true, false,
                    std::numeric_limits<double>::quiet_NaN(), -1};
    lost.timeNs = std::numeric_limits<double>::quiet_NaN();
    lost.failed = true;
    lost.crashed = true;
    lost.timedOut = timedOut;
    return lost;
}

/// The measurement a Done record describes.
Measurement fromRecord(const WireRecord& r, const std::vector<ProblemSet>& sets, const Cell& cell,
                       int index, BenchTask task) {
    Measurement m{.set = cell.set, .problem = cell.problem, .contender = index, .task = task};
    m.outcome = {intern(r.status), r.failedStatus, r.collide, r.distance, r.iterations};
    m.timeNs = r.timeNs;
    const CollisionProblem& problem =
        sets[static_cast<size_t>(cell.set)].problems[static_cast<size_t>(cell.problem)];
    m.failed = m.outcome.failedStatus ||
               disagreesWithReference(m.outcome.collide, problem.referenceDistance);
    return m;
}

} // namespace

std::vector<Measurement> runIsolated(const std::vector<ProblemSet>& sets,
                                     const std::vector<Cell>& cells, Contender& contender,
                                     int index, const RunOptions& options) {
    const int tasks = static_cast<int>(options.tasks.size());
    const int end = static_cast<int>(cells.size()) * tasks;
    const auto limit = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(options.isolatedQueryLimitSeconds));
    SignalForwarding forwarding;
    std::vector<Measurement> measurements;
    for (int first = 0; first < end;) {
        int fds[2];
        if (::pipe(fds) != 0) {
            throw std::runtime_error("cannot create a pipe: " + std::string(std::strerror(errno)));
        }
        const pid_t parent = ::getpid();
        const pid_t pid = ::fork();
        if (pid < 0) {
            throw std::runtime_error("cannot fork: " + std::string(std::strerror(errno)));
        }
        if (pid == 0) {
            ::close(fds[0]);
            childLoop(sets, cells, contender, options, first, fds[1], parent);
        }
        workerPid = pid;
        if (pendingSignal != 0) {
            ::kill(pid, SIGKILL); // the signal came before workerPid was set
        }
        ::close(fds[1]);
        int open = -1; // the item begun and not finished
        bool timedOut = false;
        std::optional<std::chrono::steady_clock::time_point> deadline;
        WireRecord record;
        for (;;) {
            if (!waitReadable(fds[0], deadline)) {
                timedOut = true;
                ::kill(pid, SIGKILL);
                break;
            }
            if (!readRecord(fds[0], record)) {
                break;
            }
            open = record.kind == WireRecord::Begin ? record.item : -1;
            deadline.reset();
            if (open >= 0 && limit > std::chrono::steady_clock::duration::zero()) {
                deadline = std::chrono::steady_clock::now() + limit;
            }
            if (record.kind == WireRecord::Done) {
                const BenchTask task = options.tasks[static_cast<size_t>(record.item % tasks)];
                measurements.push_back(fromRecord(
                    record, sets, cells[static_cast<size_t>(record.item / tasks)], index, task));
            }
        }
        ::close(fds[0]);
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        workerPid = 0;
        forwarding.endByPendingSignal();
        if (!timedOut && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
            break;
        }
        const int signal = timedOut ? 0 : (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
        if (open < 0) {
            throw std::runtime_error(contender.solverName() + ": its process died outside a query");
        }
        measurements.push_back(lostCell(cells, options, open, index, timedOut));
        if (options.crashed) {
            options.crashed(measurements.back(), signal);
        }
        first = open + 1;
    }
    return measurements;
}

} // namespace mk::bench
