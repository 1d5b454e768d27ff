#pragma once

// One object's answer assembled by several modules in one round trip. The owner of the object (an order's
// detail, a company, a public user card, the signed-in user's info) sends its own queries first and every
// contributor's after them in one pipeline, then hands each contributor its own results to write its keys
// into the JSON. Contributors are added while modules install; the owner never knows what they read.
//
//   db::Contributions<const Order&, std::optional<std::int64_t>> parts;       // the owner's member
//   auto batch = parts.Collect({{kOrder, db::MakeParams(id)}}, order, viewer);
//   auto results = co_await pool.Pipeline(std::move(batch.queries));          // one round trip
//   parts.Apply(batch, results, order, viewer, json);                         // results[0] is the owner's

#include <boost/json/object.hpp>
#include <cstddef>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "artel/db/pool.hpp"
#include "artel/db/result.hpp"

namespace artel::db {

/// A module's part: the queries it needs for the object (any number, also none), and how its results (in the
/// same order) become keys of the JSON.
template <class... Args>
struct Contributor {
  std::function<std::vector<PipelineQuery>(Args...)> queries;
  std::function<void(Args..., std::span<const Result> results, boost::json::object& json)> apply;
};

template <class... Args>
class Contributions {
 public:
  /// The queries of one answer: the owner's first, then each contributor's; `counts` says how many each gave.
  struct Batch {
    std::vector<PipelineQuery> queries;
    std::size_t own = 0;
    std::vector<std::size_t> counts;
  };

  Contributions() = default;
  Contributions(const Contributions&) = delete;
  Contributions& operator=(const Contributions&) = delete;
  /// A type of its own derives from this (a service is found by its type), so the destructor is protected.

  /// Only while modules are installed (not thread-safe against Collect).
  void Add(Contributor<Args...> contributor) { parts_.push_back(std::move(contributor)); }

  Batch Collect(std::vector<PipelineQuery> own, Args... args) const {
    Batch batch;
    batch.own = own.size();
    batch.queries = std::move(own);
    batch.counts.reserve(parts_.size());
    for (const auto& part : parts_) {
      auto queries = part.queries(args...);
      batch.counts.push_back(queries.size());
      for (auto& query : queries) batch.queries.push_back(std::move(query));
    }
    return batch;
  }

  /// `results` answer `batch.queries` in order (the owner's first, which Apply skips).
  void Apply(const Batch& batch, std::span<const Result> results, Args... args,
             boost::json::object& json) const {
    std::span<const Result> rest = results.subspan(batch.own);
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      parts_[i].apply(args..., rest.first(batch.counts[i]), json);
      rest = rest.subspan(batch.counts[i]);
    }
  }

  ~Contributions() = default;

 private:
  std::vector<Contributor<Args...>> parts_;
};

}  // namespace artel::db
