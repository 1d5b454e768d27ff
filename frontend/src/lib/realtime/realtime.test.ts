import type Pusher from 'pusher-js';

import { pusherOptions, RealtimeConnection, type RealtimeEvent } from '@/lib/realtime/realtime';

// A stand-in for pusher-js's class: records what the connection asks of it and lets the test drive its state.
class FakeChannel {
  handlers = new Map<string, (data: unknown) => void>();
  globals: ((event: string, data: unknown) => void)[] = [];
  bind(event: string, handler: (data: unknown) => void) {
    this.handlers.set(event, handler);
  }
  bind_global(handler: (event: string, data: unknown) => void) {
    this.globals.push(handler);
  }
  fire(event: string, data: unknown) {
    for (const handler of this.globals) handler(event, data);
  }
}

class FakePusher {
  static instances: FakePusher[] = [];
  channels = new Map<string, FakeChannel>();
  stateHandlers: ((change: { previous: string; current: string }) => void)[] = [];
  disconnected = false;
  connection = {
    bind: (_event: string, handler: (change: { previous: string; current: string }) => void) => {
      this.stateHandlers.push(handler);
    },
  };
  constructor(
    public key: string,
    public options: unknown,
  ) {
    FakePusher.instances.push(this);
  }
  subscribe(name: string) {
    const channel = new FakeChannel();
    this.channels.set(name, channel);
    return channel;
  }
  disconnect() {
    this.disconnected = true;
  }
  state(current: string) {
    for (const handler of this.stateHandlers) handler({ previous: '', current });
  }
}

function connection() {
  FakePusher.instances = [];
  return new RealtimeConnection(
    () => Promise.resolve({ key: 'artel', ws_port: 6001 }),
    () => Promise.resolve(FakePusher as unknown as typeof Pusher),
  );
}

describe('the real-time connection', () => {
  it('subscribes to the user channel and hands its events on (not pusher: internals)', async () => {
    const realtime = connection();
    const events: RealtimeEvent[] = [];
    realtime.onEvent((event) => events.push(event));
    await realtime.open(7);
    const pusher = FakePusher.instances[0]!;
    expect(pusher.key).toBe('artel');
    const channel = pusher.channels.get('private-user.7')!;
    channel.fire('pusher:subscription_succeeded', {});
    channel.fire('chat.newMsg', { message: { id: 1 } });
    expect(events).toEqual([
      { channel: 'private-user.7', event: 'chat.newMsg', data: { message: { id: 1 } } },
    ]);
  });

  it('reports a reconnect only when the socket comes back after a loss', async () => {
    const realtime = connection();
    const reconnect = vi.fn();
    realtime.onReconnect(reconnect);
    await realtime.open(7);
    const pusher = FakePusher.instances[0]!;
    pusher.state('connecting');
    pusher.state('connected');
    expect(reconnect).not.toHaveBeenCalled();
    expect(realtime.state).toBe('connected');
    pusher.state('unavailable');
    pusher.state('connecting');
    pusher.state('connected');
    expect(reconnect).toHaveBeenCalledTimes(1);
  });

  it('closes the socket; opening for another user starts a new one and drops the old events', async () => {
    const realtime = connection();
    const events: RealtimeEvent[] = [];
    realtime.onEvent((event) => events.push(event));
    await realtime.open(7);
    const first = FakePusher.instances[0]!;
    await realtime.open(9);
    expect(first.disconnected).toBe(true);
    first.channels.get('private-user.7')!.fire('chat.newMsg', {});
    expect(events).toEqual([]);
    expect(FakePusher.instances[1]!.channels.has('private-user.9')).toBe(true);
    realtime.close();
    expect(FakePusher.instances[1]!.disconnected).toBe(true);
    expect(realtime.state).toBe('closed');
  });

  it('tries the configuration again a minute later; a close cancels that', async () => {
    vi.useFakeTimers();
    FakePusher.instances = [];
    const load = vi
      .fn<() => Promise<{ key: string; ws_port: number }>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue({ key: 'artel', ws_port: 6001 });
    const realtime = new RealtimeConnection(load, () =>
      Promise.resolve(FakePusher as unknown as typeof Pusher),
    );
    await realtime.open(7);
    expect(realtime.state).toBe('unavailable');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(FakePusher.instances).toHaveLength(1);
    load.mockRejectedValueOnce(new Error('503'));
    await realtime.open(8);
    realtime.close();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(load).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });

  it('connects to the configured port, or to the main port when there is none', () => {
    const location = { hostname: 'example.test', port: '8080', protocol: 'http:' } as Location;
    expect(pusherOptions({ key: 'k', ws_port: 6001 }, location)).toMatchObject({
      wsHost: 'example.test',
      wsPort: 6001,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      cluster: 'artel',
    });
    expect(pusherOptions({ key: 'k', ws_port: null }, location)).toMatchObject({ wsPort: 8080 });
  });
});
