import { afterEach, describe, expect, test } from 'vitest';
import {
  captureInvitationLink,
  forgetPendingInvitation,
  PENDING_INVITATION_KEY,
  readPendingInvitation,
} from '../../src/services/session/invitationLink.ts';

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('invitation links', () => {
  test('/invite#<token> keeps the token for this tab and drops it from the address bar', () => {
    window.history.replaceState(null, '', '/invite#tok_en-1234567890abcdef');

    expect(captureInvitationLink(window.location)).toBe('tok_en-1234567890abcdef');

    expect(sessionStorage.getItem(PENDING_INVITATION_KEY)).toBe('tok_en-1234567890abcdef');
    expect(window.location.pathname + window.location.hash).toBe('/invite');
    // A reload of /invite shows the same invitation.
    expect(captureInvitationLink(window.location)).toBe('tok_en-1234567890abcdef');
    forgetPendingInvitation();
    expect(readPendingInvitation()).toBeNull();
  });

  test('other paths and malformed tokens are left alone', () => {
    window.history.replaceState(null, '', '/dashboard#tok_en-1234567890abcdef');
    expect(captureInvitationLink(window.location)).toBeNull();
    expect(window.location.pathname).toBe('/dashboard');

    window.history.replaceState(null, '', '/invite#<script>');
    expect(captureInvitationLink(window.location)).toBeNull();
    expect(readPendingInvitation()).toBeNull();
  });
});
