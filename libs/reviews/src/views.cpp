#include "views.hpp"

#include "artel/kernel/side.hpp"

namespace artel::reviews {

ReviewView View(const Review& review, std::optional<std::int64_t> viewer_id) {
  ReviewView view;
  view.id = review.id;
  // A personal order is seen by its two parties only (orders answer 404 to everybody else): its review stays
  // public, as a reputation must not be hideable, but without the order's name and id.
  if (OrderShownTo(review, viewer_id)) {
    view.order_id = review.order_id;
    view.order_name = review.order_name;
  }
  view.order_personal = review.order_personal;
  view.author = profiles::CardView(review.author);
  view.target = profiles::CardView(review.target);
  view.author_role = std::string(kernel::SideName(review.author_side));
  view.rating = review.rating;
  view.text = review.text;
  view.reply = review.reply;
  view.replied_at = review.replied_at;
  view.created_at = review.created_at;
  return view;
}

ReviewPageView PageView(const ReviewPage& page, std::optional<std::int64_t> viewer_id) {
  ReviewPageView view;
  for (const auto& review : page.items) view.items.push_back(View(review, viewer_id));
  view.next_cursor = page.next_cursor;
  view.summary = page.summary;
  return view;
}

}  // namespace artel::reviews
