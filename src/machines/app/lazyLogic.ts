import { type AnyActorLogic, fromPromise, type PromiseActorLogic } from 'xstate';

/** Actor logic whose code is imported on demand: `load()` settles before an actor of it is created. */
export type LazyLogic<TLogic extends AnyActorLogic> = TLogic & { load: () => Promise<void> };

const isLazy = (logic: AnyActorLogic): logic is LazyLogic<AnyActorLogic> =>
  typeof (logic as Partial<LazyLogic<AnyActorLogic>>).load === 'function';

/** `load` run once for every caller; a failed run is tried again by the next call. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * Stands for the logic `importLogic` yields (a child machine kept out of the first screen's code): every
 * call is passed to it once loaded. A failed import is tried again by the next `load()`.
 */
export function lazyLogic<TLogic extends AnyActorLogic>(
  importLogic: () => Promise<TLogic>,
): LazyLogic<TLogic> {
  let loaded: TLogic | undefined;
  const logic = (): TLogic => {
    if (!loaded) throw new Error('lazy logic used before it loaded');
    return loaded;
  };
  const lazy: LazyLogic<AnyActorLogic> = {
    load: once(async () => {
      loaded = await importLogic();
    }),
    transition: (snapshot, event, scope) => logic().transition(snapshot, event, scope),
    getInitialSnapshot: (scope, input) => logic().getInitialSnapshot(scope, input),
    start: (snapshot, scope) => logic().start?.(snapshot, scope),
    getPersistedSnapshot: (snapshot, options) => logic().getPersistedSnapshot(snapshot, options),
    restoreSnapshot: (snapshot, scope) => {
      const current = logic();
      return current.restoreSnapshot ? current.restoreSnapshot(snapshot, scope) : snapshot;
    },
  };
  return lazy as LazyLogic<TLogic>;
}

/** Placeholder for a child the composition root provides: loading it fails, so no actor of it is created. */
export function notProvidedLogic<TLogic extends AnyActorLogic>(name: string): LazyLogic<TLogic> {
  return lazyLogic<TLogic>(() => Promise.reject(new Error(`The "${name}" actor was not provided`)));
}

/** The step before a state spawns children of these logics: loads the code of the lazy ones. */
export function loadLogics(...logics: AnyActorLogic[]): PromiseActorLogic<void> {
  return fromPromise<void>(async () => {
    await Promise.all(logics.filter(isLazy).map((logic) => logic.load()));
  });
}

/** A loading step with nothing to load (the children's code is there already): done as it starts. */
export const logicsLoaded: PromiseActorLogic<void> = {
  ...fromPromise<void>(async () => {}),
  // Done at creation, so the state's children are there within the same step (as an invoke would have them).
  getInitialSnapshot: () => ({ status: 'done', output: undefined, error: undefined, input: undefined }),
};
