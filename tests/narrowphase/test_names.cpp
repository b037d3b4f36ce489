#include "minkowski/narrowphase/Collide.h"

#include <gtest/gtest.h>

using namespace mk;

TEST(Names, SolverNamesRoundTrip) {
    for (const SolverEntry* s : builtinSolvers()) {
        EXPECT_EQ(&parseSolverChoice(s->name).entry(), s);
        EXPECT_EQ(findSolver(s->name), s);
        EXPECT_EQ(s->origin, "built-in");
        EXPECT_FALSE(s->guarded);
        EXPECT_FALSE(s->description.empty());
    }
    // gjk, gjk-polyak, gjk-nesterov, gjk-nesterov-normalized, mpr, sdf-ellipsoid, rtr
    ASSERT_EQ(builtinSolvers().size(), 7u);
    EXPECT_EQ(builtinSolvers()[0], &builtins::gjk());
    EXPECT_EQ(builtinSolvers()[6], &builtins::rtr());
    EXPECT_EQ(&SolverChoice().entry(), &builtins::gjk());
}

TEST(Names, WarmStartNamesRoundTrip) {
    for (WarmStart w : allWarmStarts()) {
        EXPECT_EQ(parseWarmStart(name(w)), w);
    }
    EXPECT_EQ(parseWarmStart("transformed-previous"), WarmStart::TransformedPrevious);
}

TEST(Names, UnknownNameListsTheValidOnes) {
    try {
        (void)parseSolverChoice("gjk-turbo");
        FAIL() << "expected UnknownNameError";
    } catch (const UnknownNameError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("gjk-turbo"), std::string::npos);
        EXPECT_NE(message.find("gjk-nesterov-normalized"), std::string::npos);
        EXPECT_NE(message.find("mpr"), std::string::npos);
    }
    EXPECT_THROW((void)parseTask("collision"), UnknownNameError);
    EXPECT_EQ(parseTask("distance"), Task::Distance);
}

namespace {

/// parseSolverChoice's error message for `text`, or "accepted".
std::string refusal(const char* text) {
    try {
        (void)parseSolverChoice(text);
    } catch (const UnknownNameError& e) {
        return e.what();
    }
    return "accepted";
}

} // namespace

TEST(Names, SolverChoiceRoundTripsEveryGjkSolverAndSubAlgorithm) {
    int seen = 0;
    for (const SolverEntry* s : builtinSolvers()) {
        if (optionIndex(*s, "subalgo") < 0) {
            EXPECT_EQ(parseSolverChoice(s->name), SolverChoice(*s));
            continue;
        }
        for (SubAlgorithm sub : allSubAlgorithms()) {
            const SolverChoice choice = withOption(*s, "subalgo", name(sub));
            EXPECT_EQ(parseSolverChoice(name(choice)), choice) << name(choice);
            EXPECT_EQ(choice.optionAs<SubAlgorithm>(0), sub);
            ++seen;
        }
    }
    EXPECT_EQ(seen, 4 * 3);
    EXPECT_EQ(name(withOption(builtins::gjkPolyak(), "subalgo", "barycode")),
              "gjk-polyak:subalgo=barycode");
    EXPECT_EQ(name(SolverChoice(builtins::gjk())), "gjk");
    EXPECT_EQ(parseSolverChoice("gjk:subalgo=johnson"), SolverChoice{});
}

TEST(Names, SolverChoiceRejectsBadOptionsWithTheValidOnes) {
    EXPECT_NE(refusal("gjk:subalgo=voronoi").find("signed-volume"), std::string::npos);
    EXPECT_NE(refusal("gjk:fast=1").find("subalgo="), std::string::npos);
    EXPECT_NE(refusal("mpr:subalgo=barycode").find("no subalgo"), std::string::npos);
    EXPECT_NE(refusal("gjk-turbo:subalgo=johnson").find("gjk-turbo"), std::string::npos);
}

TEST(Names, SolverChoiceCarriesTheGjkCriterionAndMomentum) {
    const SolverChoice c =
        parseSolverChoice("gjk-polyak:momentum=coal:subalgo=barycode:criterion=duality-gap");
    EXPECT_EQ(&c.entry(), &builtins::gjkPolyak());
    EXPECT_EQ(c.optionAs<SubAlgorithm>(0), SubAlgorithm::Barycode);
    EXPECT_EQ(c.optionAs<GjkConvergence>(1), GjkConvergence::DualityGap);
    EXPECT_EQ(c.optionAs<GjkMomentumSchedule>(2), GjkMomentumSchedule::Coal);
    EXPECT_EQ(name(c), "gjk-polyak:subalgo=barycode:criterion=duality-gap:momentum=coal");
    EXPECT_EQ(parseSolverChoice(name(c)), c);
    QueryRequest request;
    request.solver = c;
    EXPECT_EQ(request.solver, c);
    EXPECT_EQ(name(parseSolverChoice("gjk:criterion=duality-gap")), "gjk:criterion=duality-gap");
    EXPECT_EQ(parseSolverChoice("gjk-nesterov:momentum=paper"),
              SolverChoice(builtins::gjkNesterov()));
}

TEST(Names, SolverChoiceRefusesOptionsTheSolverDoesNotTake) {
    EXPECT_NE(refusal("gjk:momentum=coal").find("no momentum"), std::string::npos);
    EXPECT_NE(refusal("mpr:criterion=duality-gap").find("no criterion"), std::string::npos);
    EXPECT_NE(refusal("gjk:subalgo=barycode:subalgo=johnson").find("twice"), std::string::npos);
    EXPECT_NE(refusal("gjk-polyak:momentum=fast").find("coal"), std::string::npos);
    EXPECT_NE(refusal("gjk:criterion").find("criterion=relative|duality-gap"), std::string::npos);
    SolverChoice rtr(builtins::rtr());
    EXPECT_THROW(rtr.setOption(0, 1.0), UnknownNameError); // rtr takes no option
    SolverChoice gjk(builtins::gjk());
    EXPECT_THROW(gjk.setOption(0, 3.0), UnknownNameError); // three sub-algorithms: 0..2
    EXPECT_THROW(gjk.setOption(0, 0.5), UnknownNameError);
    EXPECT_EQ(gjk, SolverChoice{}); // a refused value changes nothing
}

TEST(Names, CarryOptionsKeepsOptionsOfTheSameName) {
    const SolverChoice from = parseSolverChoice("gjk:subalgo=barycode:criterion=duality-gap");
    EXPECT_EQ(name(carryOptions(builtins::gjkNesterov(), from)),
              "gjk-nesterov:subalgo=barycode:criterion=duality-gap");
    EXPECT_EQ(name(carryOptions(builtins::mpr(), from)), "mpr");
}
