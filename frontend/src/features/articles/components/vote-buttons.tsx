import { Button } from 'primereact/button';
import { useState } from 'react';

import { LoginPrompt } from '@/features/articles/components/login-prompt';
import type { VoteValue } from '@/features/articles/model/types';
import { useViewer } from '@/lib/session/viewer';

export interface VoteButtonsProps {
  rating: number;
  myVote: number;
  // false for one's own article or comment: the buttons are disabled.
  canVote: boolean;
  upLabel: string;
  downLabel: string;
  busy?: boolean;
  onVote: (value: VoteValue) => void;
  testId?: string;
}

// +1 / −1 with the total between; clicking the chosen one again takes the vote back. A guest sees the buttons
// and gets the login prompt (SPEC §6).
export function VoteButtons({
  rating,
  myVote,
  canVote,
  upLabel,
  downLabel,
  busy,
  onVote,
  testId,
}: VoteButtonsProps) {
  const viewer = useViewer();
  const [prompt, setPrompt] = useState(false);
  const guest = viewer.status !== 'Authenticated';
  const vote = (value: 1 | -1) => {
    if (guest) {
      setPrompt(true);
      return;
    }
    onVote(myVote === value ? 0 : value);
  };
  return (
    <div className="vote-buttons" data-testid={testId}>
      <Button
        type="button"
        text
        rounded
        icon="pi pi-thumbs-up"
        aria-label={upLabel}
        aria-pressed={myVote === 1}
        className={myVote === 1 ? 'vote-on' : undefined}
        disabled={!guest && (!canVote || busy === true)}
        onClick={() => vote(1)}
      />
      <span className="vote-total" data-testid={testId === undefined ? undefined : `${testId}-total`}>
        {rating > 0 ? `+${rating}` : rating < 0 ? `−${-rating}` : '0'}
      </span>
      <Button
        type="button"
        text
        rounded
        icon="pi pi-thumbs-down"
        aria-label={downLabel}
        aria-pressed={myVote === -1}
        className={myVote === -1 ? 'vote-on' : undefined}
        disabled={!guest && (!canVote || busy === true)}
        onClick={() => vote(-1)}
      />
      {guest && <LoginPrompt visible={prompt} onHide={() => setPrompt(false)} />}
    </div>
  );
}
