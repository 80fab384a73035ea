import type { AppInput } from '../../src/machines/app/appMachine.ts';
import { type Routes, renderApp } from './renderApp.tsx';

/** This tab's kept drafts (useKeptDraft.ts): the keys of their entries. */
export const keptEntries = () => Object.keys(sessionStorage).filter((key) => key.startsWith('keptDraft:'));

/**
 * A reload of the page `app` shows: it goes without running any cleanup, so the tab's sessionStorage is what it
 * was while typing, and the app loads again with `input` over `routes`.
 */
export function reloadApp(app: ReturnType<typeof renderApp>, input: AppInput, routes: Routes) {
  const left = Object.entries(sessionStorage) as [string, string][];
  app.unmount();
  app.system.actor.stop();
  sessionStorage.clear();
  for (const [key, value] of left) sessionStorage.setItem(key, value);
  return renderApp(input, routes);
}
