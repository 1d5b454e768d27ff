import type Pusher from 'pusher-js';
import type { Channel, Options, PresenceChannel } from 'pusher-js';

import { apiHeaders } from '@/lib/api/request-headers';
import { currentLanguage } from '@/lib/i18n/i18n';
import { logger } from '@/lib/logger';

// GET /api/broadcasting/config: the socket server's app key and port, so the build needs no constant.
export interface BroadcastingConfig {
  key: string;
  ws_port: number | null;
  ws_path_on_main_port?: string | null;
}

// One event from the socket: the channel it came on, its name and its data.
export interface RealtimeEvent {
  channel: string;
  event: string;
  data: unknown;
}

export type ConnectionState = 'closed' | 'connecting' | 'connected' | 'unavailable';

type EventListener = (event: RealtimeEvent) => void;
type Listener = () => void;

// Someone in a presence channel (user_info as the server signs it).
export interface PresenceMember {
  id: string;
  info: { name?: string; lastname?: string; avatar?: string | null } | undefined;
}

export interface PresenceHandlers {
  onMembers: (members: PresenceMember[]) => void;
  onClientEvent?: (event: string, data: unknown) => void;
}

export interface PresenceSubscription {
  trigger: (event: string, data: unknown) => boolean;
  leave: () => void;
}

const kConfigRetryMs = 60_000;

export function userChannel(userId: number): string {
  return `private-user.${userId}`;
}

export function chatPresenceChannel(chatId: number): string {
  return `presence-chat.${chatId}`;
}

// The options the stock pusher-js client gets (CONTRACT-10: the socket server on its own port, or on the main
// port under /app when the config names no port).
export function pusherOptions(config: BroadcastingConfig, location: Location): Options {
  const ownPort = config.ws_port !== null && config.ws_port > 0;
  const mainPort = Number(location.port === '' ? (location.protocol === 'https:' ? 443 : 80) : location.port);
  const tls = location.protocol === 'https:';
  return {
    cluster: 'artel',
    wsHost: location.hostname,
    wsPort: ownPort ? (config.ws_port as number) : mainPort,
    wssPort: ownPort ? (config.ws_port as number) : mainPort,
    forceTLS: tls && !ownPort,
    enabledTransports: tls && !ownPort ? ['wss'] : ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/api/broadcasting/auth',
      transport: 'ajax',
      headersProvider: () => apiHeaders('POST', currentLanguage()),
    },
  };
}

// The one socket of the SPA (SPEC §4: opened after user info loads, closed on logout; reopened when
// impersonation starts or ends). pusher-js is loaded on first use, so guests never download it. Every event on
// the user's channel goes to the listeners; `onReconnect` fires when the socket is back after a loss, so the
// caller can refetch what an event might have carried (nothing lives only in an event).
export class RealtimeConnection {
  private pusher_: Pusher | null = null;
  private user_id_: number | null = null;
  private generation_ = 0;
  private was_connected_ = false;
  private lost_ = false;
  private state_: ConnectionState = 'closed';
  private retry_: ReturnType<typeof setTimeout> | null = null;
  private events_ = new Set<EventListener>();
  private reconnects_ = new Set<Listener>();
  private states_ = new Set<Listener>();

  constructor(
    private readonly load_config_: () => Promise<BroadcastingConfig>,
    private readonly load_pusher_: () => Promise<typeof Pusher>,
  ) {}

  get state(): ConnectionState {
    return this.state_;
  }

  get userId(): number | null {
    return this.user_id_;
  }

  async open(userId: number): Promise<void> {
    this.close();
    const generation = ++this.generation_;
    this.user_id_ = userId;
    this.setState('connecting');
    let config: BroadcastingConfig;
    let PusherClass: typeof Pusher;
    try {
      [config, PusherClass] = await Promise.all([this.load_config_(), this.load_pusher_()]);
    } catch (error) {
      logger.warn('realtime: no configuration', { error: String(error) });
      if (generation !== this.generation_) return;
      this.setState('unavailable');
      // Tried again a minute later (the server may be restarting); a close or another open cancels it.
      this.retry_ = setTimeout(() => {
        if (generation === this.generation_) void this.open(userId);
      }, kConfigRetryMs);
      return;
    }
    if (generation !== this.generation_) return;
    const pusher = new PusherClass(config.key, pusherOptions(config, window.location));
    this.pusher_ = pusher;
    this.was_connected_ = false;
    this.lost_ = false;
    pusher.connection.bind('state_change', ({ current }: { current: string }) => {
      if (generation !== this.generation_) return;
      if (current === 'connected') {
        const reconnected = this.was_connected_ && this.lost_;
        this.was_connected_ = true;
        this.lost_ = false;
        this.setState('connected');
        if (reconnected) for (const listener of this.reconnects_) listener();
      } else if (current === 'connecting' || current === 'unavailable' || current === 'failed') {
        if (this.was_connected_) this.lost_ = true;
        this.setState(current === 'connecting' ? 'connecting' : 'unavailable');
      }
    });
    const channel: Channel = pusher.subscribe(userChannel(userId));
    channel.bind_global((event: string, data: unknown) => {
      if (generation !== this.generation_ || event.startsWith('pusher:')) return;
      this.emit({ channel: userChannel(userId), event, data });
    });
  }

  close(): void {
    ++this.generation_;
    if (this.retry_ !== null) clearTimeout(this.retry_);
    this.retry_ = null;
    this.user_id_ = null;
    if (this.pusher_ !== null) {
      this.pusher_.disconnect();
      this.pusher_ = null;
    }
    this.setState('closed');
  }

  // Joins presence-chat.{id}: the members now and on every change, client events, and a trigger for ours.
  joinPresence(chatId: number, handlers: PresenceHandlers): PresenceSubscription {
    const pusher = this.pusher_;
    const name = chatPresenceChannel(chatId);
    if (pusher === null) return { trigger: () => false, leave: () => undefined };
    const channel = pusher.subscribe(name) as PresenceChannel;
    const report = () => {
      const members: PresenceMember[] = [];
      channel.members.each((member: PresenceMember) => members.push(member));
      handlers.onMembers(members);
    };
    channel.bind('pusher:subscription_succeeded', report);
    channel.bind('pusher:member_added', report);
    channel.bind('pusher:member_removed', report);
    channel.bind_global((event: string, data: unknown) => {
      if (event.startsWith('client-')) handlers.onClientEvent?.(event, data);
    });
    return {
      trigger: (event, data) => (channel.subscribed ? channel.trigger(event, data) : false),
      leave: () => {
        channel.unbind_all();
        if (this.pusher_ === pusher) pusher.unsubscribe(name);
      },
    };
  }

  onEvent(listener: EventListener): () => void {
    this.events_.add(listener);
    return () => this.events_.delete(listener);
  }

  onReconnect(listener: Listener): () => void {
    this.reconnects_.add(listener);
    return () => this.reconnects_.delete(listener);
  }

  onState = (listener: Listener): (() => void) => {
    this.states_.add(listener);
    return () => this.states_.delete(listener);
  };

  getState = (): ConnectionState => this.state_;

  // For tests and the event bridge: as if the socket had delivered it.
  emit(event: RealtimeEvent): void {
    for (const listener of this.events_) {
      try {
        listener(event);
      } catch (error) {
        logger.error('realtime: a listener failed', { event: event.event, error: String(error) });
      }
    }
  }

  private setState(state: ConnectionState): void {
    if (this.state_ === state) return;
    this.state_ = state;
    for (const listener of this.states_) listener();
  }
}

async function fetchConfig(): Promise<BroadcastingConfig> {
  const response = await fetch('/api/broadcasting/config', {
    headers: apiHeaders('GET', currentLanguage()),
    credentials: 'same-origin',
  });
  // Read in full either way: an unread body keeps the request open (and the page never network-idle).
  const text = await response.text();
  if (!response.ok) throw new Error(`GET /api/broadcasting/config: ${response.status}`);
  return JSON.parse(text) as BroadcastingConfig;
}

export const realtime = new RealtimeConnection(fetchConfig, () =>
  import(/* webpackChunkName: "pusher" */ 'pusher-js').then((m) => m.default),
);
