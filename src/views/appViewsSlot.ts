import { type ComponentType, createContext, useContext } from 'react';

// AppViews provides itself here, so the admin's replay sandbox (rendered inside AppViews) can show the app's
// views without importing AppViews back: that import closed a cycle through the dashboard.
export const AppViewsSlot = createContext<ComponentType | null>(null);

/** The app's views component, when rendered inside AppViews. */
export function useAppViews(): ComponentType | null {
  return useContext(AppViewsSlot);
}
