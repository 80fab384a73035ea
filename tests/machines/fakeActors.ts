import { fromPromise, type PromiseActorLogic } from 'xstate';

type Pending = {
  name: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/**
 * Promise actors whose outcome the test decides: each call parks until `settle` or `fail`.
 * `calls` records every call with its input.
 */
export class FakeCalls {
  readonly calls: Array<{ name: string; input: unknown }> = [];
  private pending: Pending[] = [];

  actor<TOutput, TInput>(name: string): PromiseActorLogic<TOutput, TInput> {
    return fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.calls.push({ name, input });
          this.pending.push({ name, input, resolve: resolve as (value: unknown) => void, reject });
        }),
    );
  }

  /** The name of the only call in flight (fails when there is none or several). */
  only(): string {
    const live = this.pending;
    if (live.length !== 1) throw new Error(`expected one call in flight, found ${live.map((p) => p.name)}`);
    return live[0].name;
  }

  async settle(value?: unknown): Promise<string> {
    const name = this.only();
    const call = this.pending.shift()!;
    call.resolve(value);
    await flush();
    return name;
  }

  async fail(error: unknown = new Error('boom')): Promise<string> {
    const name = this.only();
    const call = this.pending.shift()!;
    call.reject(error);
    await flush();
    return name;
  }
}

/** Lets promise actors report back (their results arrive on later ticks). */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
