-- wrk script for GET /api/orders: every connection cycles through the request paths given after `--`
-- (wrk -s benchmarks/orders_list.lua URL -- PATH...), starting at a different one per thread, so one run mixes
-- e.g. all eight categories the way the pgbench script draws them. Headers come from wrk's -H options.
local paths = {}
local next_index = 1

function init(args)
  for _, path in ipairs(args) do
    paths[#paths + 1] = path
  end
  if #paths == 0 then
    error("orders_list.lua: give the request paths after --")
  end
  next_index = 1 + (math.random(#paths) - 1)
end

function request()
  local path = paths[next_index]
  next_index = next_index % #paths + 1
  return wrk.format("GET", path)
end
