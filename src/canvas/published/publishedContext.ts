import { createContext } from 'react';

/** True while rendering a published page (adds what only a live site needs, such as the form honeypot). */
export const PublishedContext = createContext(false);
