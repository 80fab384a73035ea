// `npm start`: build the client when it is missing or stale, then serve app + API from one process.
import { buildIfStale } from './buildIfStale.ts';

await buildIfStale();
await import('../server/main.ts');
