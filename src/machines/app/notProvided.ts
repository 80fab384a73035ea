import { fromPromise, type PromiseActorLogic } from 'xstate';

/**
 * Placeholder for an effect that needs the app's http client: the composition root
 * (`views/liveAppMachine.ts`) provides the real one, tests provide fakes.
 */
export function notProvided<TOutput, TInput>(name: string): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The "${name}" actor was not provided`);
  });
}
