#include "artel/home/home.hpp"

#include <unordered_map>
#include <utility>

#include "artel/catalog/catalog.hpp"
#include "artel/kernel/ttl_cache.hpp"
#include "artel/orders/orders.hpp"
#include "artel/profiles/catalogue.hpp"
#include "artel/vacancies/vacancies.hpp"

namespace artel::home {
namespace {

using boost::asio::awaitable;

constexpr std::string_view kKey = "front";

OrderTeaser Teaser(const orders::Order& order) {
  OrderTeaser teaser{.id = order.id,
                     .name = order.name,
                     .category_id = order.category_id,
                     .payment_option = std::string(orders::PaymentOptionName(order.payment_option)),
                     .bid_count = order.bid_count,
                     .country_id = order.country_id,
                     .city_id = order.city_id,
                     .created_at = order.created_at};
  teaser.budget = order.budget;
  return teaser;
}

VacancyTeaser Teaser(const vacancies::Vacancy& vacancy) {
  VacancyTeaser teaser{.id = vacancy.id,
                       .title = vacancy.title,
                       .company = {.id = vacancy.company.id,
                                   .name = vacancy.company.name,
                                   .verified = vacancy.company.verified},
                       .category_id = vacancy.category_id,
                       .employment = vacancy.employment,
                       .schedule = vacancy.schedule,
                       .country_id = vacancy.country_id,
                       .city_id = vacancy.city_id,
                       .published_at = vacancy.published_at};
  if (vacancy.company.logo)
    teaser.company.logo = storage::ImageOf(*vacancy.company.logo, vacancy.company.logo_thumbnail);
  teaser.salary = vacancy.salary;
  return teaser;
}

FreelancerTeaser Teaser(const profiles::FreelancerCardView& card) {
  return {.user = card.user,
          .slug = card.slug,
          .headline = card.headline,
          .main_specialization_id = card.main_specialization_id,
          .available = card.available,
          .online = card.online,
          .stats = {.rating = card.stats.rating,
                    .review_count = card.stats.review_count,
                    .completed_orders = card.stats.completed_orders}};
}

}  // namespace

struct Home::Impl {
  Domains domains;
  Settings settings;
  const Clock& clock;
  kernel::TtlCache<Front> cache;

  Impl(Domains domains_, Settings settings_, const Clock& clock_)
      : domains(domains_), settings(settings_), clock(clock_), cache(settings_.ttl, 1) {}

  awaitable<Front> Read() {
    Front front{.generated_at = clock.Now()};
    const auto snapshot = co_await domains.orders.Catalog().Get();

    orders::ListFilter newest_orders;
    newest_orders.limit = static_cast<std::int32_t>(settings.items);
    const auto order_page = co_await domains.orders.List(newest_orders);
    for (const auto& order : order_page.items) front.orders.push_back(Teaser(order));
    const orders::ListFilter every_order;
    const auto order_counts = co_await domains.orders.CountByCategory(every_order);

    const vacancies::Filter every_vacancy;
    const auto vacancy_page = co_await domains.vacancies.List(every_vacancy, std::nullopt,
                                                              static_cast<std::int32_t>(settings.items));
    for (const auto& vacancy : vacancy_page.items) front.vacancies.push_back(Teaser(vacancy));
    const auto vacancy_counts = co_await domains.vacancies.CountByCategory(every_vacancy);

    profiles::CatalogueFilter top_freelancers;
    top_freelancers.sort = profiles::CatalogueSort::kRating;
    top_freelancers.limit = static_cast<std::int32_t>(settings.items);
    const auto freelancer_page = co_await domains.catalogue.List(top_freelancers);
    for (const auto& card : freelancer_page.items) front.freelancers.push_back(Teaser(card));
    const profiles::CatalogueFilter every_freelancer;
    const auto freelancer_counts = co_await domains.catalogue.Counts(every_freelancer);

    // The categories in the catalog's order, filled in place through an index by id.
    std::unordered_map<std::int32_t, std::size_t> at;
    for (const auto& category : snapshot->Categories()) {
      at.emplace(category.id, front.categories.size());
      front.categories.push_back(CategoryFigures{.category_id = category.id});
    }
    const auto figures = [&](std::int32_t category_id) -> CategoryFigures* {
      const auto it = at.find(category_id);
      return it == at.end() ? nullptr : &front.categories[it->second];
    };
    for (const auto& count : order_counts) {
      if (auto* category = figures(count.category_id)) category->orders = count.count;
      front.totals.orders += count.count;
    }
    for (const auto& count : vacancy_counts) {
      if (auto* category = figures(count.category_id)) category->vacancies = count.count;
      front.totals.vacancies += count.count;
    }
    for (const auto& [category_id, count] : freelancer_counts.categories) {
      if (auto* category = figures(category_id)) category->freelancers = count;
    }
    front.totals.freelancers = freelancer_counts.total;
    co_return front;
  }
};

Home::Home(Domains domains, Settings settings, const Clock& clock)
    : impl_(std::make_unique<Impl>(domains, settings, clock)) {}

Home::~Home() = default;

awaitable<Front> Home::Get() {
  if (auto cached = impl_->cache.Get(kKey)) co_return std::move(*cached);
  auto front = co_await impl_->Read();
  impl_->cache.Put(std::string(kKey), front);
  co_return front;
}

}  // namespace artel::home
