import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { type OAuthPopupKind, oauthPopupMessage } from '../../services/planner/oauthMessages.ts';

/**
 * /google-callback and /apollo-callback: passes the code (or error) to the opener, addressed to
 * this app's own origin only, then closes. Opened directly, it explains and links back.
 */
export function OAuthCallbackPage({ kind }: { kind: OAuthPopupKind }) {
  const [orphan, setOrphan] = useState(false);
  // Post once, even when development mode runs effects twice.
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current) return;
    const message = oauthPopupMessage(kind, window.location.search);
    if (!window.opener) {
      setOrphan(true);
      return;
    }
    posted.current = true;
    window.opener.postMessage(message, window.location.origin);
    window.close();
  }, [kind]);

  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      {orphan ? (
        <>
          <Typography variant="h6" component="h1">
            This page finishes a sign-in in a popup window.
          </Typography>
          <Typography sx={{ mt: 1 }}>
            There is no window waiting for it. <Link href="/">Back to the app</Link>
          </Typography>
        </>
      ) : (
        <Typography>Finishing sign-in…</Typography>
      )}
    </Box>
  );
}
