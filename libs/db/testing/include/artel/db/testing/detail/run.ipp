#pragma once

// Included by artel/db/testing/database.hpp.

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_future.hpp>

namespace artel::db::testing {

template <class T>
T TestDatabase::Run(boost::asio::awaitable<T> awaitable) {
  auto future = boost::asio::co_spawn(io_, std::move(awaitable), boost::asio::use_future);
  io_.restart();
  io_.run();
  return future.get();
}

inline void TestDatabase::Run(boost::asio::awaitable<void> awaitable) {
  auto future = boost::asio::co_spawn(io_, std::move(awaitable), boost::asio::use_future);
  io_.restart();
  io_.run();
  future.get();
}

}  // namespace artel::db::testing
