import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { Composer } from '@/features/messenger/components/composer';

describe('the composer', () => {
  it('Enter sends the trimmed text and empties the box; Shift+Enter adds a line', async () => {
    const onSend = vi.fn();
    const onTyping = vi.fn();
    render(<Composer onSend={onSend} onTyping={onTyping} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hello{Shift>}{Enter}{/Shift}there ');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('Hello\nthere ');
    expect(onTyping).toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith({ text: 'Hello\nthere', attachments: [] });
    expect(box).toHaveValue('');
    // Nothing to send: Enter does nothing, the button is off.
    await userEvent.type(box, '   {Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
