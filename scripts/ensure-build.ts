// Before the browser tests: make sure dist/ holds a build of the current sources.
import { buildIfStale } from './buildIfStale.ts';

await buildIfStale();
