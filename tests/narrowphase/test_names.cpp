#include "minkowski/narrowphase/Collide.h"

#include <gtest/gtest.h>

using namespace mk;

TEST(Names, SolverNamesRoundTrip) {
    for (SolverKind s : allSolvers()) {
        EXPECT_EQ(parseSolver(name(s)), s);
    }
    // gjk, gjk-polyak, gjk-nesterov, gjk-nesterov-normalized, mpr, sdf-ellipsoid, rtr
    EXPECT_EQ(allSolvers().size(), 7u);
}

TEST(Names, WarmStartNamesRoundTrip) {
    for (WarmStart w : allWarmStarts()) {
        EXPECT_EQ(parseWarmStart(name(w)), w);
    }
    EXPECT_EQ(parseWarmStart("transformed-previous"), WarmStart::TransformedPrevious);
}

TEST(Names, UnknownNameListsTheValidOnes) {
    try {
        (void)parseSolver("gjk-turbo");
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
    for (SolverKind s : allSolvers()) {
        if (!usesSubAlgorithm(s)) {
            EXPECT_EQ(parseSolverChoice(name(s)), (SolverChoice{s, SubAlgorithm::Johnson}));
            continue;
        }
        for (SubAlgorithm sub : allSubAlgorithms()) {
            const SolverChoice choice{s, sub};
            EXPECT_EQ(parseSolverChoice(name(choice)), choice) << name(choice);
            ++seen;
        }
    }
    EXPECT_EQ(seen, 4 * 3);
    EXPECT_EQ(name(SolverChoice{SolverKind::GjkPolyak, SubAlgorithm::Barycode}),
              "gjk-polyak:subalgo=barycode");
    EXPECT_EQ(name(SolverChoice{SolverKind::Gjk, SubAlgorithm::Johnson}), "gjk");
    EXPECT_EQ(parseSolverChoice("gjk:subalgo=johnson"), (SolverChoice{}));
}

TEST(Names, SolverChoiceRejectsBadOptionsWithTheValidOnes) {
    EXPECT_NE(refusal("gjk:subalgo=voronoi").find("signed-volume"), std::string::npos);
    EXPECT_NE(refusal("gjk:fast=1").find("subalgo="), std::string::npos);
    EXPECT_NE(refusal("mpr:subalgo=barycode").find("no subalgo"), std::string::npos);
    EXPECT_NE(refusal("gjk-turbo:subalgo=johnson").find("gjk-turbo"), std::string::npos);
}

TEST(Names, SolverChoiceCarriesTheGjkCriterionAndMomentum) {
    const SolverChoice c = parseSolverChoice("gjk-polyak:momentum=coal:subalgo=barycode:criterion=duality-gap");
    EXPECT_EQ(c.solver, SolverKind::GjkPolyak);
    EXPECT_EQ(c.subAlgorithm, SubAlgorithm::Barycode);
    EXPECT_EQ(c.convergence, GjkConvergence::DualityGap);
    EXPECT_EQ(c.momentum, GjkMomentumSchedule::Coal);
    EXPECT_EQ(name(c), "gjk-polyak:subalgo=barycode:criterion=duality-gap:momentum=coal");
    EXPECT_EQ(parseSolverChoice(name(c)), c);
    QueryRequest request;
    c.applyTo(request);
    EXPECT_EQ(request.gjkConvergence, GjkConvergence::DualityGap);
    EXPECT_EQ(request.gjkMomentum, GjkMomentumSchedule::Coal);
    EXPECT_EQ(SolverChoice::of(request), c);
    EXPECT_EQ(name(parseSolverChoice("gjk:criterion=duality-gap")), "gjk:criterion=duality-gap");
    EXPECT_EQ(parseSolverChoice("gjk-nesterov:momentum=paper"), (SolverChoice{SolverKind::GjkNesterov}));
}

TEST(Names, SolverChoiceRefusesOptionsTheSolverDoesNotTake) {
    EXPECT_NE(refusal("gjk:momentum=coal").find("no momentum"), std::string::npos);
    EXPECT_NE(refusal("mpr:criterion=duality-gap").find("no criterion"), std::string::npos);
    EXPECT_NE(refusal("gjk:subalgo=barycode:subalgo=johnson").find("twice"), std::string::npos);
    EXPECT_NE(refusal("gjk-polyak:momentum=fast").find("coal"), std::string::npos);
    EXPECT_NE(refusal("gjk:criterion").find("criterion=relative|duality-gap"), std::string::npos);
    EXPECT_THROW(validate(SolverChoice{SolverKind::Rtr, SubAlgorithm::Johnson,
                                       GjkConvergence::DualityGap}),
                 UnknownNameError);
}
