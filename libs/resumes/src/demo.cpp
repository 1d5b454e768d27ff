#include "demo.hpp"

#include "artel/platform/module.hpp"

namespace artel::resumes {

boost::asio::awaitable<void> SeedDemoResumes(platform::DemoContext&) {
  co_return;
}

}  // namespace artel::resumes
