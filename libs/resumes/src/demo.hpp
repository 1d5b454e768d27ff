#pragma once

#include <boost/asio/awaitable.hpp>

namespace artel::platform {
class DemoContext;
}  // namespace artel::platform

namespace artel::resumes {

/// `artel seed-demo`'s resumes: about thirty believable resumes of the demo performers in their language
/// (Russian and English applicants in CIS cities), with experience and education, some with photos drawn with
/// libgd, some responded-only, some hidden, a few drafts. Idempotent.
boost::asio::awaitable<void> SeedDemoResumes(platform::DemoContext& demo);

}  // namespace artel::resumes
