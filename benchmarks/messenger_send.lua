-- wrk script for POST /api/chats/{id}/messages (benchmarks/run.sh realtime): every request is a new message
-- (a fresh client_id) in the next chat of the pairs file given after `--` (lines "chat_id sender_bearer_token",
-- written by run.sh from realtime_setup.py's output), sent as that chat's first user. Each thread starts at a
-- different pair. Other headers (X-Requested-With, Content-Type) come from wrk's -H options.
local pairs = {}
local next_index = 1
local counter = 0
local prefix = ""

local thread_number = 0
function setup(thread)
  thread_number = thread_number + 1
  thread:set("thread_number", thread_number)
end

function init(args)
  local file = assert(io.open(args[1] or "", "r"), "messenger_send.lua: give the pairs file after --")
  for line in file:lines() do
    local chat, token = line:match("^(%d+)%s+(%S+)")
    if chat then pairs[#pairs + 1] = {path = "/api/chats/" .. chat .. "/messages", auth = "Bearer " .. token} end
  end
  file:close()
  assert(#pairs > 0, "messenger_send.lua: no pairs in " .. args[1])
  math.randomseed(os.time() + (thread_number or 0) * 7919)
  next_index = 1 + (math.random(#pairs) - 1)
  -- A client_id per request, unique across threads and runs: a random 48-bit run/thread prefix and a counter.
  prefix = string.format("%08x-%04x", math.random(0, 0x7fffffff), (thread_number or 0) % 0x10000)
end

function request()
  local pair = pairs[next_index]
  next_index = next_index % #pairs + 1
  counter = counter + 1
  local body = string.format('{"client_id":"%s-4000-8000-%012x","text":"wrk message %d","attachment_ids":[]}',
    prefix, counter, counter)
  return wrk.format("POST", pair.path, {["Authorization"] = pair.auth}, body)
end
