/// \file UiPlots.cpp
/// Plots of the last seconds of narrow-phase time and iterations per call, one colour per
/// solver, drawn with ImGui's draw list (ImGui 1.86 has no multi-series plot).

#include "Ui.h"
#include "minkowski/narrowphase/Collide.h"

#include <algorithm>
#include <array>
#include <imgui.h>
#include <string>
#include <vector>

namespace mk::viewer::gl {
namespace {

/// One hue per registered solver (plugins included, by registry index); a choice with
/// non-default options is a shade of it (darker or paler, from its option values).
ImU32 solverColor(const SolverChoice& choice) {
    static constexpr std::array<ImU32, 8> kColors{
        IM_COL32(90, 170, 255, 255), IM_COL32(255, 150, 60, 255),  IM_COL32(110, 220, 110, 255),
        IM_COL32(235, 90, 90, 255),  IM_COL32(200, 130, 255, 255), IM_COL32(240, 220, 80, 255),
        IM_COL32(90, 230, 220, 255), IM_COL32(240, 240, 240, 255)};
    const SolverEntry& entry = choice.entry();
    const ImU32 base = kColors[entry.index % kColors.size()];
    double key = 0.0;
    for (std::size_t i = 0; i < entry.options.size(); ++i) {
        key += (choice.option(i) - entry.options[i].defaultValue) * double(i + 1);
    }
    if (key == 0.0) {
        return base;
    }
    ImVec4 c = ImGui::ColorConvertU32ToFloat4(base);
    const float t = 0.45f;
    for (float* channel : {&c.x, &c.y, &c.z}) {
        *channel = key > 0.0 && key < 2.0 ? *channel * (1.0f - t) : *channel + (1.0f - *channel) * t;
    }
    return ImGui::ColorConvertFloat4ToU32(c);
}

/// The value below which `fraction` of the plotted values lie (outliers do not flatten the plot).
double upperScale(std::vector<double> values, double fraction) {
    if (values.empty()) {
        return 1.0;
    }
    const auto k = static_cast<std::ptrdiff_t>(fraction * double(values.size() - 1));
    std::nth_element(values.begin(), values.begin() + k, values.end());
    return std::max(values[std::size_t(k)] * 1.15, 1e-12);
}

using Value = double (*)(const StepSample&);

void plot(const char* title, const StatsHistory& history, Value value, double scale,
          const char* unit) {
    std::vector<double> values;
    for (std::size_t i = 0; i < history.size(); ++i) {
        if (history[i].calls > 0) {
            values.push_back(value(history[i]) * scale);
        }
    }
    const double top = upperScale(values, 0.98);
    ImGui::Text("%s (%s), top %.3g", title, unit, top);
    const ImVec2 size(ImGui::GetContentRegionAvail().x, 80.0f);
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const ImVec2 p1(p0.x + size.x, p0.y + size.y);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(p0, p1, IM_COL32(20, 22, 28, 220));
    draw->AddRect(p0, p1, IM_COL32(90, 90, 100, 255));
    const double capacity = double(history.capacity());
    const auto xOf = [&](std::size_t i) {
        return p0.x + float((capacity - double(history.size()) + double(i)) / capacity) * size.x;
    };
    const auto yOf = [&](const StepSample& s) {
        const double v = std::min(value(s) * scale / top, 1.0);
        return p1.y - 2.0f - float(v) * (size.y - 4.0f);
    };
    for (std::size_t i = 1; i < history.size(); ++i) {
        const StepSample& a = history[i - 1];
        const StepSample& b = history[i];
        if (a.calls > 0 && b.calls > 0) {
            draw->AddLine(ImVec2(xOf(i - 1), yOf(a)), ImVec2(xOf(i), yOf(b)),
                          solverColor(b.solver), 1.5f);
        }
    }
    ImGui::Dummy(size);
}

void legend(const StatsHistory& history) {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("solvers", 4, flags)) {
        return;
    }
    ImGui::TableSetupColumn("solver (window means)", ImGuiTableColumnFlags_WidthStretch, 2.2f);
    ImGui::TableSetupColumn("us/call", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("it/call", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("steps", ImGuiTableColumnFlags_WidthStretch, 0.8f);
    ImGui::TableHeadersRow();
    for (const SolverSummary& s : history.bySolver()) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const float h = ImGui::GetTextLineHeight();
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + 2),
                                                  ImVec2(p.x + h - 4, p.y + h - 2),
                                                  solverColor(s.solver));
        ImGui::Dummy(ImVec2(h - 2, h));
        ImGui::SameLine();
        const std::string n = name(s.solver);
        ImGui::TextUnformatted(n.c_str());
        ImGui::TableSetColumnIndex(1);
        ImGui::Text("%.3f", 1e6 * s.secondsPerCall);
        ImGui::TableSetColumnIndex(2);
        ImGui::Text("%.2f", s.iterationsPerCall);
        ImGui::TableSetColumnIndex(3);
        ImGui::Text("%lld", static_cast<long long>(s.steps));
    }
    ImGui::EndTable();
}

} // namespace

void drawSolverPlots(const StatsHistory& history) {
    plot(
        "narrow-phase time per call", history, [](const StepSample& s) { return s.secondsPerCall; },
        1e6, "us");
    plot(
        "iterations per call (GJK + EPA/MPR)", history,
        [](const StepSample& s) { return s.iterationsPerCall; }, 1.0, "it");
    legend(history);
}

} // namespace mk::viewer::gl
