/// \file UiControls.cpp
/// The left panel of the viewer.

#include "Ui.h"
#include "minkowski/narrowphase/Collide.h"
#include "minkowski/scenes/BuiltinScenes.h"
#include "minkowski/viewer/Overlays.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <string>

namespace mk::viewer::gl {
namespace {

constexpr const char* kNoRecorder = "dataset recording arrives with `minkowski record`";

void runSection(ViewerModel& model, const UiState& ui, UiRequests& requests) {
    ViewerState& state = model.state();
    const World& world = model.world();
    ImGui::Text("step %lld   t = %.3f s   frame %lld   %.1f fps",
                static_cast<long long>(world.stepCount()), world.time(),
                static_cast<long long>(ui.frames), ui.framesPerSecond);
    if (ImGui::Button(state.paused() ? "Run  (space)" : "Pause (space)")) {
        state.apply(Action::TogglePause);
    }
    ImGui::SameLine();
    if (ImGui::Button("Step (O)")) {
        state.apply(Action::Step);
    }
    ImGui::SameLine();
    if (ImGui::Button("Reset (R)")) {
        requests.restart = true;
    }
    float speed = static_cast<float>(state.speed());
    if (ImGui::SliderFloat("speed", &speed, static_cast<float>(kSpeedPresets.front()),
                           static_cast<float>(kSpeedPresets.back()), "%.2fx real time",
                           ImGuiSliderFlags_Logarithmic)) {
        state.setSpeed(speed);
    }
    if (state.clock().lagging() && !state.paused()) {
        ImGui::TextColored(ImVec4(1.0f, 0.7f, 0.3f, 1.0f),
                           "slower than asked: %d steps per frame at most",
                           state.clock().maxStepsPerFrame());
    }
    if (!model.error().empty()) {
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "blow-up, restart to go on:");
        ImGui::TextWrapped("%s", model.error().c_str());
    }
}

void sceneSection(ViewerModel& model, UiRequests& requests) {
    const std::string& current = model.scene().name;
    if (ImGui::BeginCombo("scene", current.c_str())) {
        for (const scenes::BuiltinSceneFile& file : scenes::builtinSceneFiles()) {
            const std::string name(file.name);
            if (ImGui::Selectable(name.c_str(), name == current)) {
                requests.loadScene = name;
            }
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered() && !model.scene().description.empty()) {
        ImGui::SetTooltip("%s", model.scene().description.c_str());
    }
    ImGui::InputScalar("seed", ImGuiDataType_U64, &model.params.seed);
    const auto& generators = model.scene().generators;
    for (std::size_t g = 0; g < generators.size() && g < model.params.counts.size(); ++g) {
        const std::string label = "count: " + generators[g].name;
        ImGui::InputInt(label.c_str(), &model.params.counts[g], 10, 100);
        model.params.counts[g] = std::clamp(model.params.counts[g], 0, kMaxGeneratorCount);
    }
    if (ImGui::Button("Restart with these parameters")) {
        requests.restart = true;
    }
}

/// One control per option of the current solver (a combo for enumerated values, a number for
/// numeric ones), under the solver; like the solver, it takes effect at the next step
/// (ViewerModel::step()).
void solverOptions(ViewerState& state) {
    const SolverEntry& entry = state.solver().entry();
    for (std::size_t i = 0; i < entry.options.size(); ++i) {
        const SolverOption& o = entry.options[i];
        const std::string label = "  " + o.name;
        if (o.values.empty()) {
            double value = state.solver().option(i);
            if (ImGui::InputDouble(label.c_str(), &value, 0.0, 0.0, "%.6g",
                                   ImGuiInputTextFlags_EnterReturnsTrue)) {
                value = std::clamp(value, o.minimum, o.maximum);
                state.setSolverOption(i, o.integer ? std::round(value) : value);
            }
        } else {
            const std::string current = optionText(state.solver(), i);
            if (ImGui::BeginCombo(label.c_str(), current.c_str())) {
                for (std::size_t v = 0; v < o.values.size(); ++v) {
                    if (ImGui::Selectable(o.values[v].c_str(), o.values[v] == current)) {
                        state.setSolverOption(i, double(v));
                    }
                }
                ImGui::EndCombo();
            }
        }
        if (ImGui::IsItemHovered() && !o.help.empty()) {
            ImGui::SetTooltip("%s", o.help.c_str());
        }
    }
}

void narrowPhaseSection(ViewerModel& model) {
    ViewerState& state = model.state();
    const SolverEntry& current = state.solver().entry();
    if (ImGui::BeginCombo("solver (N)", current.name.c_str())) {
        for (const SolverEntry* e : allSolvers()) {
            if (ImGui::Selectable(e->name.c_str(), e == &current)) {
                state.selectSolver(*e);
            }
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("%s (%s)", e->description.c_str(), e->origin.c_str());
            }
        }
        ImGui::EndCombo();
    }
    solverOptions(state);
    if (current.failureCount() > 0) {
        ImGui::TextColored(ImVec4(1.0f, 0.7f, 0.3f, 1.0f), "%llu failed queries answered by gjk",
                           static_cast<unsigned long long>(current.failureCount()));
    }
    const std::string warmName(name(state.warmStart()));
    if (ImGui::BeginCombo("warm start (W)", warmName.c_str())) {
        for (WarmStart w : allWarmStarts()) {
            const std::string n(name(w));
            if (ImGui::Selectable(n.c_str(), w == state.warmStart())) {
                state.setWarmStart(w);
            }
        }
        ImGui::EndCombo();
    }
    const StepCounts& counts = model.world().lastStats().counts;
    if (counts.narrowPhaseFallbacks > 0) {
        ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.3f, 1.0f),
                           "%d of %d calls: pair not supported by %s,\nanswered by gjk instead",
                           counts.narrowPhaseFallbacks, counts.narrowPhaseCalls,
                           current.name.c_str());
    }
}

void toggle(const char* label, bool& value, Rgba color) {
    const ImVec4 c((color & 0xff) / 255.0f, ((color >> 8) & 0xff) / 255.0f,
                   ((color >> 16) & 0xff) / 255.0f, 1.0f);
    ImGui::ColorButton(label, c, ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
    ImGui::SameLine();
    ImGui::Checkbox(label, &value);
}

void drawSection(ViewerModel& model) {
    DrawToggles& t = model.state().toggles;
    toggle("contact points (1)", t.contacts, colors::kContact);
    toggle("normals (2)", t.normals, colors::kNormal);
    toggle("witness points (3)", t.witnesses, colors::kWitnessA);
    toggle("AABBs (4)", t.aabbs, colors::kAabb);
    toggle("OBBs (5)", t.obbs, colors::kObb);
    toggle("narrow-phase pairs (6)", t.narrowPhasePairs, colors::kPair);
    ImGui::Checkbox("see-through walls", &t.transparentStatic);
}

void recordSection(ViewerModel& model, UiState& ui, double now) {
    ImGui::InputText("file", ui.recordPath.data(), ui.recordPath.size());
    if (model.recording()) {
        ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.35f, 1.0f), "recording to %s",
                           model.recordingPath().c_str());
        if (ImGui::Button("Stop recording")) {
            model.stopRecording(); // never throws: the outcome is recordingStatus()
        }
        return;
    }
    if (!model.recordingStatus().empty()) {
        ImGui::TextWrapped("%s", model.recordingStatus().c_str());
    }
    ImGui::BeginDisabled(!model.canRecord());
    if (ImGui::Button("Start recording")) {
        try {
            model.startRecording(ui.recordPath.data());
        } catch (const std::exception& e) {
            ui.message = e.what();
            ui.messageTime = now;
        }
    }
    ImGui::EndDisabled();
    if (!model.canRecord() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip("%s", kNoRecorder);
    }
}

void interactSection(UiRequests& requests) {
    if (ImGui::Button("Throw (T)")) {
        requests.throwObject = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("Reset view (V)")) {
        requests.resetView = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("Screenshot (F12)")) {
        requests.screenshot = true;
    }
    ImGui::TextDisabled("left drag: orbit, or drag a body\nright drag / shift+left: pan   "
                        "wheel: zoom\n+/-: speed   1-6: overlays   H: panels");
}

} // namespace

void drawControls(ViewerModel& model, UiState& ui, UiRequests& requests, double now) {
    ImGui::SetNextWindowPos(ImVec2(8, 8), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSizeConstraints(ImVec2(350, 0), ImVec2(350, FLT_MAX));
    ImGui::SetNextWindowBgAlpha(0.82f);
    ImGui::Begin("Minkowski", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
    runSection(model, ui, requests);
    if (ImGui::CollapsingHeader("Scene", ImGuiTreeNodeFlags_DefaultOpen)) {
        sceneSection(model, requests);
    }
    if (ImGui::CollapsingHeader("Narrow phase", ImGuiTreeNodeFlags_DefaultOpen)) {
        narrowPhaseSection(model);
    }
    if (ImGui::CollapsingHeader("Draw", ImGuiTreeNodeFlags_DefaultOpen)) {
        drawSection(model);
    }
    if (ImGui::CollapsingHeader("Interact", ImGuiTreeNodeFlags_DefaultOpen)) {
        interactSection(requests);
    }
    if (ImGui::CollapsingHeader("Record dataset", ImGuiTreeNodeFlags_DefaultOpen)) {
        recordSection(model, ui, now);
    }
    if (!ui.message.empty() && now - ui.messageTime < 6.0) {
        ImGui::Separator();
        ImGui::TextWrapped("%s", ui.message.c_str());
    }
    ImGui::End();
}

} // namespace mk::viewer::gl
