/**
 * jsdom lays nothing out: with `setPhone(true)` the phone's media queries (MUI's `sm` breakpoint, the shell's
 * narrow window) answer as a 390 px wide phone's would; every other query, and every query after
 * `setPhone(false)`, answers as a wide window's.
 */
export function fakePhoneMedia(): { setPhone: (phone: boolean) => void } {
  let phone = false;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string) => ({
      media,
      get matches() {
        return phone && /max-width: ?(599|899)\.95px/.test(media);
      },
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  return { setPhone: (next) => (phone = next) };
}
