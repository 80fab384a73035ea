// The builder's children with their calls: one module, loaded when the app first opens the builder.
export { createLiveBuilderMachine } from '../builder/liveBuilderMachine.ts';
export { createLivePublishMachine } from '../builder/livePublishMachine.ts';
