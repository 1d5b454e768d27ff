import { readLocal, writeLocal } from '@/lib/storage/local-storage';

// The new-message sound (SPEC §9: /sounds/msg.mp3), on unless muted in the settings (kept in local storage).
export const kMessageSoundUrl = '/sounds/msg.mp3';
export const kMessageSoundMutedKey = 'artel.message-sound-muted';

type Listener = () => void;
const listeners = new Set<Listener>();

export function isMessageSoundOn(): boolean {
  return readLocal(kMessageSoundMutedKey) !== '1';
}

export function setMessageSoundOn(on: boolean): void {
  writeLocal(kMessageSoundMutedKey, on ? '0' : '1');
  for (const listener of listeners) listener();
}

export function subscribeMessageSound(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function playMessageSound(): void {
  if (!isMessageSoundOn()) return;
  try {
    const audio = new Audio(kMessageSoundUrl);
    // Autoplay may be refused before the first click; the toast still shows.
    void audio.play().catch(() => undefined);
  } catch {
    // No audio here (tests, old browsers).
  }
}
