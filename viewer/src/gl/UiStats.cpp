/// \file UiStats.cpp
/// The right panel: the last step's pipeline counts and times, then the per-solver plots.

#include "Ui.h"

#include <cfloat>
#include <imgui.h>

namespace mk::viewer::gl {
namespace {

void row(const char* label, const char* format, double value) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(label);
    ImGui::TableSetColumnIndex(1);
    ImGui::Text(format, value);
}

void countsTable(const StepStats& stats, const CallSummary& calls, const StatsHistory& history) {
    const StepCounts& c = stats.counts;
    if (!ImGui::BeginTable("counts", 2,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        return;
    }
    row("broadphase pairs", "%.0f", c.broadphasePairs);
    row("OBB-passed pairs", "%.0f", c.obbPassed);
    row("narrow-phase calls", "%.0f", c.narrowPhaseCalls);
    row("  + perturbation calls", "%.0f", c.perturbationCalls);
    row("face clips", "%.0f", c.faceClips);
    row("  fallbacks to gjk", "%.0f", c.narrowPhaseFallbacks);
    row("  not converged", "%.0f", calls.unconverged);
    row("time per call (us)", "%.3f", 1e6 * calls.secondsPerCall());
    row("time per step (ms)", "%.3f", 1e3 * stats.times.total);
    row("GJK iterations per call", "%.2f",
        calls.calls > 0 ? double(calls.iterations) / calls.calls : 0.0);
    row("EPA/MPR iterations per call", "%.2f",
        calls.calls > 0 ? double(calls.penetrationIterations) / calls.calls : 0.0);
    row("contacts", "%.0f", c.contacts);
    row("PGS iterations", "%.0f", c.pgsIterations);
    row("PGS residual", "%.2e", c.pgsResidual);
    row("PGS converged (window %)", "%.1f", 100.0 * history.pgsConvergedShare());
    row("kinetic energy (J)", "%.4g", stats.motion.kineticEnergy);
    row("max |v| (m/s)", "%.3g", stats.motion.maxLinearSpeed);
    row("max |w| (rad/s)", "%.3g", stats.motion.maxAngularSpeed);
    ImGui::EndTable();
}

void timesTable(const StepTimes& t) {
    if (!ImGui::BeginTable("times", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        return;
    }
    row("step (ms)", "%.3f", 1e3 * t.total);
    row("  broadphase", "%.3f", 1e3 * t.broadphase);
    row("  OBB filter", "%.3f", 1e3 * t.obbFilter);
    row("  narrow phase", "%.3f", 1e3 * t.narrowPhase);
    row("  manifolds", "%.3f", 1e3 * t.manifolds);
    row("  contact solver", "%.3f", 1e3 * t.solver);
    row("  integrate", "%.3f", 1e3 * t.integrate);
    ImGui::EndTable();
}

} // namespace

void drawStatistics(const ViewerModel& model) {
    const ImGuiIO& io = ImGui::GetIO();
    const float width = 400.0f;
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - width - 8.0f, 8.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, FLT_MAX));
    ImGui::SetNextWindowBgAlpha(0.82f);
    ImGui::Begin("Statistics", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
    const StepStats& stats = model.world().lastStats();
    ImGui::Text("last step #%lld, %zu bodies", static_cast<long long>(stats.step),
                model.world().bodyCount());
    countsTable(stats, model.lastCalls().summary(), model.history());
    if (ImGui::CollapsingHeader("Step time")) {
        timesTable(stats.times);
    }
    if (ImGui::CollapsingHeader("Solvers over the last seconds", ImGuiTreeNodeFlags_DefaultOpen)) {
        drawSolverPlots(model.history());
    }
    ImGui::End();
}

} // namespace mk::viewer::gl
