#include "artel/core/log.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace artel::log {
namespace {

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The date and time are formatted once a second per thread; every line still carries its own milliseconds and
// a whole, well-formed stamp, across second boundaries and on every thread.
TEST(LogTest, EveryLineHasAWholeUtcStampLevelAndMessage) {
  SetLevel("info");
  const std::regex shape(R"(^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z (INFO|WARN) line \d+$)");
  ::testing::internal::CaptureStderr();
  for (int i = 0; i < 30; ++i) {
    Info("line {}", i);
    if (i % 10 == 9) std::this_thread::sleep_for(std::chrono::milliseconds(400));  // crosses seconds
  }
  std::thread other([] { Warning("line {}", 100); });
  other.join();
  Debug("line {}", 200);  // below the level: not written
  const auto lines = Lines(::testing::internal::GetCapturedStderr());
  ASSERT_EQ(lines.size(), 31u);
  std::string previous;
  for (const auto& line : lines) {
    EXPECT_TRUE(std::regex_match(line, shape)) << line;
    EXPECT_GE(line.substr(0, 24), previous.substr(0, std::min<std::size_t>(24, previous.size()))) << line;
    previous = line;
  }
  EXPECT_NE(lines.back().find(" WARN line 100"), std::string::npos);
}

}  // namespace
}  // namespace artel::log
