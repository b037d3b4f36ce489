/// \file SolverRegistry.cpp
/// The process-wide solver registry, schema checks, and the solver-choice syntax
/// `name[:key=value]...`.

#include "BuiltinSolvers.h"
#include "minkowski/narrowphase/Solver.h"

#include <charconv>
#include <cmath>
#include <deque>
#include <mutex>

namespace mk {
namespace {

/// Entries never move (a deque), so SolverChoice holds plain pointers; `view` is what readers
/// iterate without a lock.
struct Registry {
    std::mutex mutex;
    std::deque<SolverEntry> entries;
    std::vector<const SolverEntry*> view;
    std::size_t builtins = 0;

    Registry() {
        for (SolverEntry& e : builtinSolverEntries()) {
            add(std::move(e), "built-in", false);
        }
        builtins = view.size();
    }

    const SolverEntry& add(SolverEntry entry, std::string origin, bool guarded) {
        const std::lock_guard lock(mutex);
        refuseTaken(entry.name);
        return addLocked(std::move(entry), std::move(origin), guarded);
    }

    /// Registers every entry or, when one name is taken or repeated, none.
    std::vector<const SolverEntry*> addAll(std::vector<SolverEntry> batch,
                                           const std::string& origin) {
        const std::lock_guard lock(mutex);
        for (std::size_t i = 0; i < batch.size(); ++i) {
            refuseTaken(batch[i].name);
            for (std::size_t j = 0; j < i; ++j) {
                if (batch[j].name == batch[i].name) {
                    throw SolverRegistrationError("solver '" + batch[i].name +
                                                  "' is declared twice");
                }
            }
        }
        std::vector<const SolverEntry*> added;
        for (SolverEntry& e : batch) {
            added.push_back(&addLocked(std::move(e), origin, true));
        }
        return added;
    }

private:
    void refuseTaken(const std::string& name) const {
        for (const SolverEntry* e : view) {
            if (e->name == name) {
                throw SolverRegistrationError("solver '" + name + "' is already registered (" +
                                              e->origin + ")");
            }
        }
    }

    const SolverEntry& addLocked(SolverEntry entry, std::string origin, bool guarded) {
        entry.origin = std::move(origin);
        entry.guarded = guarded;
        entry.index = view.size();
        entry.failures = std::make_shared<std::atomic<std::uint64_t>>(0);
        entries.push_back(std::move(entry));
        view.push_back(&entries.back());
        return entries.back();
    }
};

Registry& registry() {
    static Registry r;
    return r;
}

/// [a-z][a-z0-9_-]*.
bool wellFormedName(std::string_view text) {
    if (text.empty() || text.front() < 'a' || text.front() > 'z') {
        return false;
    }
    for (char c : text) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        if (!ok) {
            return false;
        }
    }
    return true;
}

/// Why option `o` is malformed, or empty.
std::string optionProblem(const SolverOption& o) {
    if (!wellFormedName(o.name)) {
        return "option name '" + o.name + "' is not [a-z][a-z0-9_-]*";
    }
    if (!o.values.empty()) {
        for (const std::string& v : o.values) {
            if (v.empty() || v.find_first_of(":=") != std::string::npos) {
                return "option '" + o.name + "' has an empty value or one with ':' or '='";
            }
        }
        const double d = o.defaultValue;
        if (d != std::floor(d) || d < 0.0 || d >= double(o.values.size())) {
            return "option '" + o.name + "': default index " + std::to_string(d) +
                   " is not one of its " + std::to_string(o.values.size()) + " values";
        }
        return {};
    }
    if (!std::isfinite(o.minimum) || !std::isfinite(o.maximum) || o.minimum > o.maximum) {
        return "option '" + o.name + "': empty or non-finite range";
    }
    if (!(o.defaultValue >= o.minimum && o.defaultValue <= o.maximum) ||
        (o.integer && o.defaultValue != std::floor(o.defaultValue))) {
        return "option '" + o.name + "': default outside its range";
    }
    return {};
}

void checkSchema(const SolverEntry& e) {
    const auto refuse = [&](const std::string& why) {
        throw SolverRegistrationError("solver '" + e.name + "': " + why);
    };
    if (!wellFormedName(e.name)) {
        throw SolverRegistrationError("solver name '" + e.name + "' is not [a-z][a-z0-9_-]*");
    }
    if (e.query == nullptr) {
        refuse("no query function");
    }
    if (e.options.size() > kMaxSolverOptions) {
        refuse("more than " + std::to_string(kMaxSolverOptions) + " options");
    }
    if ((e.warmStarts & ~kAllWarmStarts) != 0u) {
        refuse("unknown warm-start bits");
    }
    for (std::size_t i = 0; i < e.options.size(); ++i) {
        if (const std::string why = optionProblem(e.options[i]); !why.empty()) {
            refuse(why);
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (e.options[j].name == e.options[i].name) {
                refuse("option '" + e.options[i].name + "' declared twice");
            }
        }
    }
}

std::string solverList() {
    std::string out;
    for (const SolverEntry* e : registry().view) {
        out += (out.empty() ? "" : ", ") + e->name;
    }
    return out;
}

/// "johnson|signed-volume|barycode" or "1..100".
std::string valuesText(const SolverOption& o) {
    std::string out;
    if (o.values.empty()) {
        char buf[64];
        auto r = std::to_chars(buf, buf + sizeof buf, o.minimum);
        out.append(buf, r.ptr);
        out += "..";
        r = std::to_chars(buf, buf + sizeof buf, o.maximum);
        out.append(buf, r.ptr);
    }
    for (std::size_t v = 0; v < o.values.size(); ++v) {
        out += (v ? "|" : "") + o.values[v];
    }
    return out;
}

/// "subalgo=johnson|signed-volume|barycode, steps=1..100".
std::string optionList(const SolverEntry& e) {
    if (e.options.empty()) {
        return "none";
    }
    std::string out;
    for (const SolverOption& o : e.options) {
        out += (out.empty() ? "" : ", ") + o.name + "=" + valuesText(o);
    }
    return out;
}

/// The value of option `o` that `text` names. \throws UnknownNameError.
double parseOptionValue(const SolverEntry& e, const SolverOption& o, std::string_view text) {
    for (std::size_t v = 0; v < o.values.size(); ++v) {
        if (o.values[v] == text) {
            return double(v);
        }
    }
    const std::string where = "solver '" + e.name + "' option '" + o.name + "'";
    if (!o.values.empty()) {
        throw UnknownNameError("unknown value '" + std::string(text) + "' of " + where +
                               "; valid: " + valuesText(o));
    }
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(value)) {
        throw UnknownNameError("value '" + std::string(text) + "' of " + where +
                               " is not a number");
    }
    return value;
}

} // namespace

SolverChoice::SolverChoice() : SolverChoice(builtins::gjk()) {}

SolverChoice::SolverChoice(const SolverEntry& entry) : entry_(&entry) {
    for (std::size_t i = 0; i < entry.options.size() && i < kMaxSolverOptions; ++i) {
        values_[i] = entry.options[i].defaultValue;
    }
}

void SolverChoice::setOption(std::size_t i, double value) {
    const SolverEntry& e = *entry_;
    if (i >= e.options.size()) {
        throw UnknownNameError("solver '" + e.name + "' has no option " + std::to_string(i) +
                               "; options: " + optionList(e));
    }
    const SolverOption& o = e.options[i];
    const bool whole = value == std::floor(value);
    const bool ok = o.values.empty()
                        ? value >= o.minimum && value <= o.maximum && (!o.integer || whole)
                        : whole && value >= 0.0 && value < double(o.values.size());
    if (!ok) {
        throw UnknownNameError("value " + std::to_string(value) + " of solver '" + e.name +
                               "' option '" + o.name + "' is outside " + valuesText(o));
    }
    values_[i] = value;
}

void setQuery(SolverEntry& entry, SolverCallable callable) {
    auto held = std::make_shared<const SolverCallable>(std::move(callable));
    entry.context = held.get();
    entry.owner = held;
    entry.query = [](const Shape& a, const Pose& poseA, const Shape& b, const Pose& poseB,
                     const QueryRequest& request, const void* context) {
        return (*static_cast<const SolverCallable*>(context))(a, poseA, b, poseB, request);
    };
}

const SolverEntry& registerSolver(SolverEntry entry, std::string origin) {
    checkSchema(entry);
    return registry().add(std::move(entry), std::move(origin), true);
}

std::vector<const SolverEntry*> registerSolvers(std::vector<SolverEntry> entries,
                                                const std::string& origin) {
    for (const SolverEntry& e : entries) {
        checkSchema(e);
    }
    return registry().addAll(std::move(entries), origin);
}

std::span<const SolverEntry* const> allSolvers() {
    return registry().view;
}
std::span<const SolverEntry* const> builtinSolvers() {
    return std::span(registry().view).first(registry().builtins);
}

const SolverEntry* findSolver(std::string_view name) {
    for (const SolverEntry* e : registry().view) {
        if (e->name == name) {
            return e;
        }
    }
    return nullptr;
}

namespace builtins {
const SolverEntry& gjk() {
    return *registry().view[0];
}
const SolverEntry& gjkPolyak() {
    return *registry().view[1];
}
const SolverEntry& gjkNesterov() {
    return *registry().view[2];
}
const SolverEntry& gjkNesterovNormalized() {
    return *registry().view[3];
}
const SolverEntry& mpr() {
    return *registry().view[4];
}
const SolverEntry& sdfEllipsoid() {
    return *registry().view[5];
}
const SolverEntry& rtr() {
    return *registry().view[6];
}
} // namespace builtins

int optionIndex(const SolverEntry& entry, std::string_view key) {
    for (std::size_t i = 0; i < entry.options.size(); ++i) {
        if (entry.options[i].name == key) {
            return int(i);
        }
    }
    return -1;
}

SolverChoice withOption(SolverChoice choice, std::string_view key, std::string_view value) {
    const SolverEntry& e = choice.entry();
    const int i = optionIndex(e, key);
    if (i < 0) {
        throw UnknownNameError("solver '" + e.name + "' takes no option '" + std::string(key) +
                               "'; its options: " + optionList(e));
    }
    choice.setOption(std::size_t(i), parseOptionValue(e, e.options[std::size_t(i)], value));
    return choice;
}

std::string optionText(const SolverChoice& choice, std::size_t i) {
    const SolverOption& o = choice.entry().options.at(i);
    const double v = choice.option(i);
    if (!o.values.empty()) {
        return o.values[std::size_t(v)];
    }
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return {buf, r.ptr};
}

SolverChoice parseSolverChoice(std::string_view text) {
    size_t colon = text.find(':');
    const std::string_view solverName = text.substr(0, colon);
    const SolverEntry* entry = findSolver(solverName);
    if (entry == nullptr) {
        throw UnknownNameError("unknown solver '" + std::string(solverName) +
                               "'; valid: " + solverList());
    }
    SolverChoice choice(*entry);
    unsigned seen = 0;
    while (colon != std::string_view::npos) {
        const size_t next = text.find(':', colon + 1);
        const std::string_view option = text.substr(colon + 1, next - colon - 1);
        const size_t eq = option.find('=');
        const std::string_view key = option.substr(0, eq);
        const int i = optionIndex(*entry, key);
        if (i < 0 || eq == std::string_view::npos) {
            const std::string what = i < 0 ? "takes no " + std::string(key) + " option"
                                           : "option '" + std::string(key) + "' needs a value";
            throw UnknownNameError("solver '" + entry->name + "' " + what + " (in '" +
                                   std::string(text) + "'); its options: " + optionList(*entry));
        }
        if ((seen & (1u << unsigned(i))) != 0u) {
            throw UnknownNameError("solver option '" + std::string(key) + "' given twice in '" +
                                   std::string(text) + "'");
        }
        seen |= 1u << unsigned(i);
        choice = withOption(choice, key, option.substr(eq + 1));
        colon = next;
    }
    return choice;
}

std::string name(const SolverChoice& choice) {
    const SolverEntry& e = choice.entry();
    std::string out = e.name;
    for (std::size_t i = 0; i < e.options.size(); ++i) {
        if (choice.option(i) != e.options[i].defaultValue) {
            out += ":" + e.options[i].name + "=" + optionText(choice, i);
        }
    }
    return out;
}

SolverChoice carryOptions(const SolverEntry& entry, const SolverChoice& from) {
    SolverChoice out(entry);
    const SolverEntry& source = from.entry();
    for (std::size_t i = 0; i < source.options.size(); ++i) {
        if (optionIndex(entry, source.options[i].name) >= 0) {
            try {
                out = withOption(out, source.options[i].name, optionText(from, i));
            } catch (const UnknownNameError&) { // a value the new solver does not allow: default
            }
        }
    }
    return out;
}

} // namespace mk
