/** A run of consecutive sibling ids rendered by one component; `key` stays the same for the group's life. */
export type ElementGroup = { key: string; ids: readonly string[] };

/** Ids per group when a list is first split, and the size at which a group that grew splits in two. */
export const GROUP_SIZE = 32;
const GROUP_MAX = GROUP_SIZE * 2;

/**
 * Splits a list of sibling element ids into groups of consecutive ids, so a change of one element makes React
 * walk one group's siblings rather than every sibling of a 500-section page (React visits each child of every
 * fiber on the path to an update).
 *
 * Each id stays in the group it was in (`previous`), wherever the list changed around it, because moving to
 * another group remounts the element: a new id joins the group it lands in, a group keeps its key and, when
 * its ids are unchanged, the same object (so it bails out of a render). Only a group grown past twice the size
 * splits (its first part keeps the key); an id moved among another group's ids joins that group. The first
 * split of a list is into groups of `GROUP_SIZE`.
 */
export function groupIds(ids: readonly string[], previous: readonly ElementGroup[] | null): ElementGroup[] {
  const ownerOf = new Map<string, string>();
  const before = new Map<string, ElementGroup>();
  for (const group of previous ?? []) {
    before.set(group.key, group);
    for (const id of group.ids) ownerOf.set(id, group.key);
  }
  // Runs of consecutive ids from one previous group (or new ids). A group cut apart keeps its key where most of
  // its ids still are (with the runs that only moved or new ids separate from there); its other ids join the
  // group they now stand in.
  const runs: { owner: string | null; ids: string[] }[] = [];
  for (const id of ids) {
    const owner = ownerOf.get(id) ?? null;
    const last = runs.at(-1);
    if (last && last.owner === owner) last.ids.push(id);
    else runs.push({ owner, ids: [id] });
  }
  const home = new Map<string, number>();
  runs.forEach((run, i) => {
    if (run.owner === null) return;
    const best = home.get(run.owner);
    if (best === undefined || run.ids.length > runs[best].ids.length) home.set(run.owner, i);
  });
  const isHome = (i: number) => runs[i].owner !== null && home.get(runs[i].owner as string) === i;
  // New keys never take one a kept group has.
  const used = new Set<string>(home.keys());
  const groups: { key: string; ids: string[] }[] = [];
  let nextHome = runs.length;
  const nextHomes: number[] = [];
  for (let i = runs.length - 1; i >= 0; i--) {
    nextHomes[i] = nextHome;
    if (isHome(i)) nextHome = i;
  }
  runs.forEach((run, i) => {
    const current = groups.at(-1);
    const owner = run.owner;
    if (owner !== null && current?.key === owner) current.ids.push(...run.ids);
    else if (isHome(i) || (owner !== null && nextHomes[i] === home.get(owner))) {
      // The group's largest run, or a part of it that only ids moved in (or new ones) cut off from it.
      groups.push({ key: owner as string, ids: [...run.ids] });
    } else if (current) current.ids.push(...run.ids);
    else groups.push({ key: freshKey(run.ids[0], used), ids: [...run.ids] });
  });
  return splitLarge(groups, used).map((group) => {
    const was = before.get(group.key);
    return was && sameIds(was.ids, group.ids) ? was : group;
  });
}

/** A group grown past the maximum keeps its first `GROUP_SIZE` ids; the rest go to new groups of that size. */
function splitLarge(groups: ElementGroup[], used: Set<string>): ElementGroup[] {
  const out: ElementGroup[] = [];
  for (const group of groups) {
    if (group.ids.length <= GROUP_MAX) {
      out.push(group);
      continue;
    }
    out.push({ key: group.key, ids: group.ids.slice(0, GROUP_SIZE) });
    for (let start = GROUP_SIZE; start < group.ids.length; start += GROUP_SIZE) {
      const ids = group.ids.slice(start, start + GROUP_SIZE);
      out.push({ key: freshKey(ids[0], used), ids });
    }
  }
  return out;
}

/** A key no group of this list uses: the first id's, made unique. */
function freshKey(id: string, used: Set<string>): string {
  let key = id;
  for (let n = 1; used.has(key); n++) key = `${id}~${n}`;
  used.add(key);
  return key;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((id, i) => id === b[i]));
}
