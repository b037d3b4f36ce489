/// \file LoadExamplePlugin.cpp
/// Loads the example plugin before any test of the program runs (plugin_crosscheck_tests).

#include "minkowski/narrowphase/Plugin.h"

#include <gtest/gtest.h>

namespace {

class LoadExamplePlugin : public testing::Environment {
public:
    void SetUp() override { mk::loadPlugin(MK_EXAMPLE_PLUGIN); }
};

const testing::Environment* const kLoad =
    testing::AddGlobalTestEnvironment(new LoadExamplePlugin); // gtest owns it

} // namespace
