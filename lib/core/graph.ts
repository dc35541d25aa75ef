/**
 * The nodes of a directed graph that lie on a cycle (a node with an edge to itself
 * included): Tarjan's strongly connected components, iteratively, since a chain of
 * references can be longer than the call stack (BAD-INPUT 9).
 */
export function nodesInCycles<T>(nodes: Iterable<T>, edges: (node: T) => readonly T[]): Set<T> {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const onStack = new Set<T>();
  const stack: T[] = [];
  const out = new Set<T>();
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: T; next: readonly T[]; i: number }[] = [{ node: root, next: edges(root), i: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const { node } = frame;
      if (frame.i < frame.next.length) {
        const next = frame.next[frame.i++];
        if (next === node) out.add(node);
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push({ node: next, next: edges(next), i: 0 });
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const component: T[] = [];
        let member: T;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) for (const m of component) out.add(m);
      }
    }
  }
  return out;
}
