#include "artel/core/text.hpp"

#include <gtest/gtest.h>

namespace artel {
namespace {

TEST(HtmlEscapeTest, EscapesMarkupAndBothQuotes) {
  EXPECT_EQ(HtmlEscape(R"(<a href="x" title='y'>&</a>)"),
            "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
}

TEST(HtmlEscapeTest, LeavesPlainAndCyrillicTextAlone) {
  EXPECT_EQ(HtmlEscape("Привет, мир"), "Привет, мир");
}

}  // namespace
}  // namespace artel
