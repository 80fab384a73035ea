// The dashboard shell's children (the walkthrough, the review popup): one module, loaded when the app first shows
// the dashboard, beside the shell (they show nothing until they open, or the tour on a first visit).
export { createLiveReviewMachine } from '../review/liveReviewMachine.ts';
export { tourMachine } from '../tour/tourMachine.ts';
