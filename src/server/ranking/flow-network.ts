/** Below this many cents an edge's remaining room is none: money is counted in cents, with float rounding. */
const epsilon = 1e-6

/**
 * A small flow network of money (cents) for the allocation: nodes by number, each edge with a capacity and the
 * flow on it, paired with its reverse edge (index ^ 1). Flows may be set before the search (a preferred split of
 * the budget), and augmenting paths then raise the total from there without undoing more of it than they must.
 */
export class FlowNetwork {
  readonly to: number[] = []
  readonly capacity: number[] = []
  readonly flow: number[] = []
  private readonly edgesOf: number[][]

  constructor(readonly nodes: number) {
    this.edgesOf = Array.from({ length: nodes }, () => [])
  }

  /** Adds an edge (and its reverse), carrying `flow` already; answers the edge's index. */
  addEdge(from: number, to: number, capacity: number, flow = 0): number {
    const edge = this.to.length
    this.to.push(to, from)
    this.capacity.push(capacity, 0)
    this.flow.push(flow, -flow)
    this.edgesOf[from].push(edge)
    this.edgesOf[to].push(edge + 1)
    return edge
  }

  room(edge: number): number {
    return this.capacity[edge] - this.flow[edge]
  }

  /**
   * Raises the flow from `source` to `sink` as far as it goes (shortest augmenting paths, Edmonds–Karp). Edges are
   * tried in the order they were added, so a path through a higher-ranked project is found first.
   */
  augment(source: number, sink: number): void {
    const via = new Int32Array(this.nodes)
    for (;;) {
      via.fill(-1)
      via[source] = -2
      const queue = [source]
      for (let head = 0; head < queue.length && via[sink] === -1; head++) {
        for (const edge of this.edgesOf[queue[head]]) {
          const next = this.to[edge]
          if (via[next] !== -1 || this.room(edge) <= epsilon) continue
          via[next] = edge
          queue.push(next)
        }
      }
      if (via[sink] === -1) return
      let add = Infinity
      for (let node = sink; node !== source; node = this.to[via[node] ^ 1]) add = Math.min(add, this.room(via[node]))
      for (let node = sink; node !== source; node = this.to[via[node] ^ 1]) {
        this.flow[via[node]] += add
        this.flow[via[node] ^ 1] -= add
      }
    }
  }

  /** The nodes the source still reaches through edges with room: its side of a minimum cut once augmented. */
  reachable(source: number): Uint8Array {
    const seen = new Uint8Array(this.nodes)
    seen[source] = 1
    const queue = [source]
    for (let head = 0; head < queue.length; head++) {
      for (const edge of this.edgesOf[queue[head]]) {
        const next = this.to[edge]
        if (seen[next] || this.room(edge) <= epsilon) continue
        seen[next] = 1
        queue.push(next)
      }
    }
    return seen
  }
}
