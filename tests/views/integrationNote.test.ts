import { describe, expect, test } from 'vitest';
import type { Integration } from '../../src/contracts/integrations.ts';
import { integrationNote } from '../../src/views/integrations/IntegrationCards.tsx';

const google = {
  id: 'google',
  name: 'Google Ads',
  kind: 'oauth',
  configured: true,
  connected: false,
  authorizeUrl: 'https://accounts.example/auth',
} as Integration;

describe('the integrations page speaks to owners', () => {
  test('an integration the platform has not switched on says whom to ask, not where the README is', () => {
    const note = integrationNote({ ...google, configured: false }, true);
    expect(note).toBe(
      'Google Ads isn’t switched on for this platform yet: ask your platform administrator to turn it on, and a Connect button will appear here.',
    );
  });

  test('the platform’s administrator is told how to switch it on', () => {
    expect(integrationNote({ ...google, configured: false }, true, true)).toBe(
      'Google Ads isn’t switched on for this platform yet: set GOOGLE_ADS_CLIENT_ID and GOOGLE_ADS_CLIENT_SECRET on the server (README, Environment) and restart it, and a Connect button will appear here.',
    );
    expect(
      integrationNote({ ...google, id: 'facebook', name: 'Facebook Ads', configured: false }, true, true),
    ).toBe(
      'Facebook Ads isn’t switched on for this platform yet: set FACEBOOK_ADS_CLIENT_ID and FACEBOOK_ADS_CLIENT_SECRET on the server (README, Environment) and restart it, and a Connect button will appear here.',
    );
  });

  test('a member who may not connect is told who can; nothing is in the way of an Admin or a connection', () => {
    expect(integrationNote(google, false)).toBe('An Admin of this account can connect Google Ads.');
    expect(integrationNote(google, true)).toBeNull();
    expect(integrationNote({ ...google, connected: true }, false)).toBeNull();
  });
});
