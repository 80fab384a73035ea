import type { AnyStateMachine, EventObject, Snapshot } from 'xstate';
import { getStateNodes, type TestPath } from 'xstate/graph';

/** Serialises every step with its event, self-transitions included, so shortest paths cover every edge. */
export function serializeEveryTransition(
  state: Snapshot<unknown>,
  event: EventObject | undefined,
  previous?: Snapshot<unknown>,
): string {
  void state;
  if (!event) return '';
  const from = previous && 'value' in previous ? JSON.stringify(previous.value) : '';
  return ` via ${event.type} from ${from}`;
}

/** `source|event|target` for every transition declared by a flat model machine. */
export function declaredTransitions(model: AnyStateMachine): Set<string> {
  const edges = new Set<string>();
  for (const node of getStateNodes(model.root)) {
    for (const [eventType, transitions] of node.transitions) {
      for (const transition of transitions) {
        const target = transition.target?.[0]?.key ?? node.key;
        edges.add(`${node.key}|${eventType}|${target}`);
      }
    }
  }
  return edges;
}

/** Every state key of a flat model machine. */
export function declaredStates(model: AnyStateMachine): Set<string> {
  return new Set(getStateNodes(model.root).map((node) => node.key));
}

type ValueSnapshot = Snapshot<unknown> & { value: unknown };

/** The transitions and states the generated paths walk through. */
export function walked(paths: Array<TestPath<ValueSnapshot, EventObject>>, initial: string) {
  const edges = new Set<string>();
  const states = new Set<string>([initial]);
  for (const path of paths) {
    let from = initial;
    for (const step of path.steps) {
      const to = String(step.state.value);
      edges.add(`${from}|${step.event.type}|${to}`);
      states.add(to);
      from = to;
    }
  }
  return { edges, states };
}
