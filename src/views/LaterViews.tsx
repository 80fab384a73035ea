import type { AppView } from '../machines/app/appMachine.ts';
import { lazyWithQueries } from './lazyWithQueries.tsx';

// The top-level views other than the two first screens (sign-in, dashboard): this module loads when one of them
// is first reached, and each view then loads its own code (with the query cache's). Their import sites (and
// their preload lists) are here, not in the first screen's chunk.
const BusinessSetupForm = lazyWithQueries(
  async () => (await import('./setup/BusinessSetupForm.tsx')).BusinessSetupForm,
);
const FlowChoice = lazyWithQueries(async () => (await import('./flow/FlowChoice.tsx')).FlowChoice);
const BuilderView = lazyWithQueries(async () => (await import('./builder/BuilderView.tsx')).BuilderView);
const InvitationPage = lazyWithQueries(
  async () => (await import('./auth/InvitationPage.tsx')).InvitationPage,
);
const GeneratorView = lazyWithQueries(
  async () => (await import('./generator/GeneratorView.tsx')).GeneratorView,
);

/** The views loaded on demand (AppViews' Suspense shows Loading… meanwhile). */
export type LaterView = Extract<AppView, 'businessSetup' | 'flowChoice' | 'builder' | 'generator' | 'invite'>;

/** Shows one of the views loaded on demand. */
export default function LaterViews({ view }: { view: LaterView }) {
  switch (view) {
    case 'businessSetup':
      return <BusinessSetupForm />;
    case 'flowChoice':
      return <FlowChoice />;
    case 'builder':
      return <BuilderView />;
    case 'generator':
      return <GeneratorView />;
    case 'invite':
      return <InvitationPage />;
  }
}
