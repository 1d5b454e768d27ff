import { act, fireEvent, render, screen } from '@testing-library/react';

import { CookieNotice } from '@/features/marketing/components/cookie-notice';
import { hasCookieConsent, kCookieConsentKey } from '@/features/marketing/model/cookie-consent';

const kText = /We use cookies/;

describe('CookieNotice (SPEC §4: 3 s after load, guests only, until accepted)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears after 3000 ms, not before', () => {
    render(<CookieNotice signedIn={false} />);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText(kText)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(kText)).toBeInTheDocument();
  });

  it('accepting hides it and stores the flag in local storage', () => {
    render(<CookieNotice signedIn={false} />);
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByText(kText)).toBeNull();
    expect(window.localStorage.getItem(kCookieConsentKey)).toBe('1');
    expect(hasCookieConsent()).toBe(true);
  });

  it('is not shown once accepted', () => {
    window.localStorage.setItem(kCookieConsentKey, '1');
    render(<CookieNotice signedIn={false} />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText(kText)).toBeNull();
  });

  it('is not shown to a signed-in user', () => {
    render(<CookieNotice signedIn />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText(kText)).toBeNull();
  });
});
