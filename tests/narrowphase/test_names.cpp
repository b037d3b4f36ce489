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
