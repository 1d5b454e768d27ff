#pragma once

#include <boost/json/object.hpp>
#include <string>

namespace artel::notifications {

/// What a notification mail names: the order's, vacancy's or article's title, or the company's name; empty
/// when the payload has none.
std::string ItemName(const boost::json::object& payload);

}  // namespace artel::notifications
