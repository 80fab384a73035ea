import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readOAuthPopupMessage } from '../../src/services/planner/oauthMessages.ts';
import { OAuthCallbackPage } from '../../src/views/oauth/OAuthCallbackPage.tsx';
import { routeFor } from '../../src/views/routes.ts';

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
});

function withOpener() {
  const postMessage = vi.fn();
  Object.defineProperty(window, 'opener', { value: { postMessage }, configurable: true, writable: true });
  const close = vi.spyOn(window, 'close').mockImplementation(() => {});
  return { postMessage, close };
}

describe('OAuth popup callback pages', () => {
  test('the router sends the two callback paths to the popup page and the rest to the app', () => {
    expect(routeFor('/google-callback')).toEqual({ page: 'oauthCallback', kind: 'google' });
    expect(routeFor('/apollo-callback/')).toEqual({ page: 'oauthCallback', kind: 'apollo' });
    expect(routeFor('/login')).toEqual({ page: 'app' });
    expect(routeFor('/anything')).toEqual({ page: 'app' });
  });

  test('/google-callback posts the code to its own origin only, then closes', () => {
    window.history.replaceState(null, '', '/google-callback?code=abc&state=s1');
    const { postMessage, close } = withOpener();

    render(<OAuthCallbackPage kind="google" />);

    expect(postMessage).toHaveBeenCalledWith(
      { type: 'OAUTH_SUCCESS', code: 'abc', state: 's1' },
      window.location.origin,
    );
    expect(postMessage.mock.calls[0][1]).not.toBe('*');
    expect(close).toHaveBeenCalled();
  });

  test('/apollo-callback reports an error with the Apollo message type', () => {
    window.history.replaceState(null, '', '/apollo-callback?error=access_denied');
    const { postMessage } = withOpener();

    render(<OAuthCallbackPage kind="apollo" />);

    expect(postMessage).toHaveBeenCalledWith(
      { type: 'APOLLO_OAUTH_ERROR', error: 'access_denied' },
      window.location.origin,
    );
  });

  test('without an opener it explains and links back to the app', () => {
    window.history.replaceState(null, '', '/google-callback?code=abc');

    render(<OAuthCallbackPage kind="google" />);

    expect(screen.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).toBe('/');
  });

  test('openers accept messages from their own origin only', () => {
    const data = { type: 'OAUTH_SUCCESS', code: 'abc', state: 's1' };

    expect(
      readOAuthPopupMessage(new MessageEvent('message', { data, origin: window.location.origin })),
    ).toEqual(data);
    expect(
      readOAuthPopupMessage(new MessageEvent('message', { data, origin: 'https://evil.example' })),
    ).toBeNull();
    expect(
      readOAuthPopupMessage(
        new MessageEvent('message', { data: { type: 'other' }, origin: window.location.origin }),
      ),
    ).toBeNull();
  });
});
