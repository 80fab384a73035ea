import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, Themed } from './views/App.tsx';
import { createAppSystem } from './views/createAppSystem.ts';
import { routeFor } from './views/routes.ts';

const route = routeFor(window.location.pathname);
const root = createRoot(document.getElementById('root')!);

if (route.page === 'oauthCallback') {
  // The popup that finishes an OAuth connection: a page of its own, loaded only there.
  const { kind } = route;
  void import('./views/oauth/OAuthCallbackPage.tsx').then(({ OAuthCallbackPage }) =>
    root.render(
      <StrictMode>
        <Themed>
          <OAuthCallbackPage kind={kind} />
        </Themed>
      </StrictMode>,
    ),
  );
} else if (route.page === 'jobs') {
  // The job dashboard the Admin dashboard embeds: a page of its own, loaded only here.
  void import('./views/jobs/jobPageParts.ts').then(({ JobDashboardPage, createJobPageSystem }) => {
    // Created and started once, outside React (as the app's system is).
    const system = createJobPageSystem();
    root.render(
      <StrictMode>
        <Themed>
          <JobDashboardPage system={system} />
        </Themed>
      </StrictMode>,
    );
  });
} else {
  // Created and started once, outside React, so StrictMode's double effects cannot restart it.
  const system = createAppSystem({ replay: true });
  system.actor.start();
  root.render(
    <StrictMode>
      <App system={system} />
    </StrictMode>,
  );
}

// The service worker (emitted as /sw.js by the build) exists only in production builds.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
  });
}
