// The profile editor's portfolio: groups and projects (created, edited, deleted, reordered), the projects'
// images, and the uploads that wait for a project (the allowance, the sweep).

#include "editor_impl.hpp"

namespace artel::profiles {

awaitable<PortfolioView> Editor::Portfolio(std::int64_t user_id) {
  std::vector<db::PipelineQuery> queries;
  queries.push_back({kUserExists, db::MakeParams(user_id)});
  queries.push_back({kGroups, db::MakeParams(user_id)});
  queries.push_back({kProjects, db::MakeParams(user_id)});
  auto results = co_await impl_->pool.Pipeline(std::move(queries));
  if (results[0].Empty()) throw UserNotFound();
  PortfolioView portfolio;
  for (auto row : results[1]) portfolio.groups.push_back(GroupOf(row));
  for (auto row : results[2]) portfolio.projects.push_back(CardOf(row));
  co_return portfolio;
}

awaitable<PortfolioProjectView> Editor::Project(std::int64_t project_id) {
  std::vector<db::PipelineQuery> queries;
  queries.push_back({kProject, db::MakeParams(project_id)});
  queries.push_back({kProjectImages, db::MakeParams(project_id)});
  auto results = co_await impl_->pool.Pipeline(std::move(queries));
  if (results[0].Empty()) throw ProjectNotFound();
  auto row = results[0].One();
  PortfolioProjectView project;
  FillCard(row, project);
  for (auto image : results[1]) {
    project.images.push_back(ImageOf(image.Get<std::int64_t>("id"), image.Get<std::string>("file_name"),
                                     image.Get<std::string>("thumbnail_name"),
                                     image.Get<std::int32_t>("width"), image.Get<std::int32_t>("height"),
                                     image.Get<bool>("is_cover")));
  }
  project.user = CardView(kernel::ReadUserCard(row, "user"));
  if (auto group_id = row.Get<std::optional<std::int64_t>>("group_id")) {
    project.group = PortfolioGroupRef{.id = *group_id, .name = row.Get<std::string>("group_name")};
  }
  co_return project;
}

awaitable<PortfolioGroupView> Editor::CreateGroup(std::int64_t user_id, GroupInput input) {
  Impl::Check(input);
  const TimePoint now = impl_->clock.Now();
  std::int64_t id = 0;
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto counts = co_await tx.Query(kCount, user_id);
    if (counts.One().Get<std::int64_t>("groups") >= static_cast<std::int64_t>(kMaxGroups)) {
      throw Conflict(CountMessage("profiles:groups_max", kMaxGroups));
    }
    auto inserted = co_await tx.Query(kInsertGroup, user_id, input.name, input.description, now);
    id = inserted.One().Get<std::int64_t>("id");
    co_await tx.Commit();
  }
  auto rows = co_await impl_->pool.Query(kGroup, id, user_id);
  co_return GroupOf(rows.One());
}

awaitable<PortfolioGroupView> Editor::UpdateGroup(std::int64_t user_id, std::int64_t group_id,
                                                  GroupInput input) {
  Impl::Check(input);
  const TimePoint now = impl_->clock.Now();
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto updated = co_await tx.Query(kUpdateGroup, group_id, user_id, input.name, input.description, now);
    if (updated.AffectedRows() == 0) throw GroupNotFound();
    co_await tx.Commit();
  }
  auto rows = co_await impl_->pool.Query(kGroup, group_id, user_id);
  co_return GroupOf(rows.One());
}

awaitable<void> Editor::DeleteGroup(std::int64_t user_id, std::int64_t group_id) {
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  auto deleted = co_await tx.Query(kDeleteGroup, group_id, user_id);
  if (deleted.AffectedRows() == 0) throw GroupNotFound();
  co_await tx.Commit();
}

awaitable<std::vector<PortfolioGroupView>> Editor::ReorderGroups(std::int64_t user_id,
                                                                 const std::vector<std::int64_t>& ids) {
  const TimePoint now = impl_->clock.Now();
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto current = co_await tx.Query(kGroupIds, user_id);
    auto priorities = Priorities(current.One().Get<std::vector<std::int64_t>>("ids"), ids);
    if (!priorities) throw ValidationFailed("ids", {"profiles:order_ids", {}});
    const auto wide = Wide(*priorities);
    co_await tx.Query(kReorderGroups, user_id, ids, wide, now);
    co_await tx.Commit();
  }
  auto rows = co_await impl_->pool.Query(kGroups, user_id);
  std::vector<PortfolioGroupView> groups;
  for (auto row : rows) groups.push_back(GroupOf(row));
  co_return groups;
}

awaitable<std::int64_t> Editor::CreateProject(std::int64_t user_id, ProjectInput input) {
  Impl::Check(input);
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  auto counts = co_await tx.Query(kCount, user_id);
  if (counts.One().Get<std::int64_t>("projects") >= static_cast<std::int64_t>(kMaxProjects)) {
    throw Conflict(CountMessage("profiles:projects_max", kMaxProjects));
  }
  co_await impl_->RequireOwnGroup(tx, user_id, input.group_id);
  auto inserted = co_await tx.Query(kInsertProject, user_id, input.group_id, input.name, input.description,
                                    input.tools, input.link, now);
  const auto id = inserted.One().Get<std::int64_t>("id");
  co_await impl_->AttachImages(tx, user_id, id, input.images);
  co_await impl_->Refresh(tx, user_id);
  co_await tx.Commit();
  co_return id;
}

awaitable<void> Editor::UpdateProject(std::int64_t user_id, std::int64_t project_id, ProjectInput input) {
  Impl::Check(input);
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  auto own = co_await tx.Query(kOwnProject, project_id, user_id);
  if (own.Empty()) throw ProjectNotFound();
  co_await impl_->RequireOwnGroup(tx, user_id, input.group_id);
  co_await tx.Query(kUpdateProject, project_id, user_id, input.group_id, input.name, input.description,
                    input.tools, input.link, now);
  co_await impl_->AttachImages(tx, user_id, project_id, input.images);
  co_await tx.Commit();
}

awaitable<void> Editor::DeleteProject(std::int64_t user_id, std::int64_t project_id) {
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  auto own = co_await tx.Query(kOwnProject, project_id, user_id);
  if (own.Empty()) throw ProjectNotFound();
  // The images become unattached: the sweep removes them and their files.
  co_await tx.Query(kDetachAll, project_id);
  co_await tx.Query(kDeleteProject, project_id, user_id);
  co_await impl_->Refresh(tx, user_id);
  co_await tx.Commit();
}

awaitable<void> Editor::ReorderProjects(std::int64_t user_id, std::optional<std::int64_t> group_id,
                                        const std::vector<std::int64_t>& ids) {
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  if (group_id) {
    auto own = co_await tx.Query(kOwnGroup, *group_id, user_id);
    if (own.Empty()) throw GroupNotFound();
  }
  auto current = co_await tx.Query(kProjectIds, user_id, group_id);
  auto priorities = Priorities(current.One().Get<std::vector<std::int64_t>>("ids"), ids);
  if (!priorities) throw ValidationFailed("ids", {"profiles:order_ids", {}});
  const auto wide = Wide(*priorities);
  co_await tx.Query(kReorderProjects, user_id, ids, wide, now);
  co_await tx.Commit();
}

awaitable<void> Editor::CheckUploadAllowance(std::int64_t user_id) {
  auto pending = co_await impl_->pool.Query(kPendingUploads, user_id, kMaxPendingUploads);
  if (pending.One().Get<std::int64_t>("pending") >= kMaxPendingUploads) {
    throw Conflict(CountMessage("profiles:uploads_pending", static_cast<std::size_t>(kMaxPendingUploads)));
  }
}

awaitable<PortfolioUploadView> Editor::AddUpload(std::int64_t user_id, const storage::StoredFile& stored) {
  const std::string thumbnail = stored.thumbnail_name.value_or(stored.name);
  auto inserted = co_await impl_->pool.Query(kInsertUpload, user_id, stored.name, thumbnail, stored.width,
                                             stored.height, impl_->clock.Now());
  co_return PortfolioUploadView{.id = inserted.One().Get<std::int64_t>("id"),
                                .url = storage::FileUrl(stored.name),
                                .thumbnail_url = storage::FileUrl(thumbnail),
                                .width = stored.width,
                                .height = stored.height};
}

}  // namespace artel::profiles
