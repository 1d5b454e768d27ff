#include "readers.hpp"

#include <fmt/format.h>

#include <boost/json/object.hpp>

#include "artel/companies/companies.hpp"
#include "artel/core/error.hpp"
#include "artel/orders/orders.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/resumes/resumes.hpp"
#include "artel/vacancies/vacancies.hpp"

namespace artel::favourites {
namespace {

using boost::asio::awaitable;

/// Runs a domain's read; its NotFound means the viewer may not open the item.
template <typename Read>
awaitable<std::optional<Summary>> Guarded(Read read) {
  std::optional<Summary> summary;
  try {
    summary = co_await read();
  } catch (const Error& error) {
    if (error.Code() != ErrorCode::kNotFound) throw;
  }
  co_return summary;
}

}  // namespace

Readers DomainReaders(const Domains& d) {
  Readers readers;
  readers[static_cast<std::size_t>(Kind::kOrder)] =
      [&orders = d.orders, &clock = d.clock](std::int64_t id,
                                             std::int64_t viewer) -> awaitable<std::optional<Summary>> {
    co_return co_await Guarded([&]() -> awaitable<std::optional<Summary>> {
      auto order = co_await orders.GetVisible(id, viewer);
      const auto state = order.StateAt(clock.Now());
      Summary summary{.title = order.name,
                      .subtitle = std::string(orders::kStateNames.Name(state)),
                      .closed = state != orders::State::kSearch};
      co_return summary;
    });
  };
  readers[static_cast<std::size_t>(Kind::kFreelancer)] =
      [&profiles = d.profiles](std::int64_t id, std::int64_t) -> awaitable<std::optional<Summary>> {
    auto card = co_await profiles.ReachableCard(id);
    if (!card) co_return std::nullopt;
    Summary summary{.title = fmt::format("{} {}", card->name, card->lastname)};
    co_return summary;
  };
  readers[static_cast<std::size_t>(Kind::kVacancy)] =
      [&vacancies = d.vacancies](std::int64_t id, std::int64_t viewer) -> awaitable<std::optional<Summary>> {
    co_return co_await Guarded([&]() -> awaitable<std::optional<Summary>> {
      auto vacancy = co_await vacancies.GetVisible(id, viewer);
      Summary summary{.title = vacancy.title,
                      .subtitle = vacancy.company.name,
                      .closed = vacancy.status != vacancies::Status::kPublished};
      co_return summary;
    });
  };
  readers[static_cast<std::size_t>(Kind::kResume)] =
      [&resumes = d.resumes](std::int64_t id, std::int64_t viewer) -> awaitable<std::optional<Summary>> {
    co_return co_await Guarded([&]() -> awaitable<std::optional<Summary>> {
      auto resume = co_await resumes.Get(id, viewer);
      Summary summary{.title = resume.position, .closed = resume.status != "published"};
      co_return summary;
    });
  };
  readers[static_cast<std::size_t>(Kind::kCompany)] =
      [&companies = d.companies](std::int64_t id, std::int64_t) -> awaitable<std::optional<Summary>> {
    co_return co_await Guarded([&]() -> awaitable<std::optional<Summary>> {
      auto company = co_await companies.Get(id);
      Summary summary{.title = company.fields.name, .subtitle = company.fields.industry};
      co_return summary;
    });
  };
  return readers;
}

}  // namespace artel::favourites
