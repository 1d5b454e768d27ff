// The width up to which the header is the phone header (a menu button instead of the top menu, language switch
// and account controls). The same number is in src/styles/app.css (@media (max-width: 760px)).
export const kPhoneMaxWidth = 760;

export function isPhoneWidth(): boolean {
  return window.matchMedia(`(max-width: ${kPhoneMaxWidth}px)`).matches;
}
