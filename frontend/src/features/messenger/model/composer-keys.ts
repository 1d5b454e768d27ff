// The composer's keys: Enter sends, Shift+Enter (and Enter while an input method composes) adds a newline.
export type ComposerKeyAction = 'send' | 'newline' | 'none';

export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  isComposing?: boolean;
}

export function composerKeyAction(event: ComposerKey): ComposerKeyAction {
  if (event.key !== 'Enter') return 'none';
  if (event.isComposing === true || event.shiftKey || event.altKey === true) return 'newline';
  return 'send';
}

// What a message may carry (CONTRACT-10): trimmed text of 1–4000 characters, or none with an attachment.
export const kMaxMessageLength = 4000;

export function canSend(text: string, attachments: number, uploading: boolean): boolean {
  if (uploading) return false;
  const length = text.trim().length;
  if (length > kMaxMessageLength) return false;
  return length > 0 || attachments > 0;
}
