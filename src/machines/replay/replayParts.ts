// The recorder and the shipper of session replay: one module, so the first screen carries one import of them.
export { createReplayRecorder } from './replayRecorder.ts';
export { startReplayShipper } from './replayShipper.ts';
