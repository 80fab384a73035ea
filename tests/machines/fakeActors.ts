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
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.calls.push({ name, input });
          const call = { name, input, resolve: resolve as (value: unknown) => void, reject };
          this.pending.push(call);
          // A call whose actor stopped (its state was left) is no longer in flight.
          signal.addEventListener('abort', () => {
            this.pending = this.pending.filter((pending) => pending !== call);
          });
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

  /** Settles the one call in flight named `name`, whatever else is in flight. */
  async settleNamed(name: string, value?: unknown): Promise<void> {
    this.take(name).resolve(value);
    await flush();
  }

  /** Fails the one call in flight named `name`, whatever else is in flight. */
  async failNamed(name: string, error: unknown = new Error('boom')): Promise<void> {
    this.take(name).reject(error);
    await flush();
  }

  /** The names of the calls in flight. */
  inFlight(): string[] {
    return this.pending.map((call) => call.name);
  }

  private take(name: string): Pending {
    const index = this.pending.findIndex((call) => call.name === name);
    if (index < 0) throw new Error(`no call "${name}" in flight, found ${this.pending.map((p) => p.name)}`);
    return this.pending.splice(index, 1)[0]!;
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
