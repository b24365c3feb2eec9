// What changed between two states of this seat (deaddrop/web/delta.py, the same rules): the
// event stream's `delta` events carry a list of operations, applied here to a copy of the state
// the page holds. ["set", path, value]: the value at path (an index one past a list's end
// appends; the empty path is the whole state); ["del", path]: the key leaves its object;
// ["len", path, n]: the list at path keeps its first n items. A path lists object keys and list
// indices. An operation that does not fit the state throws: the page then reads /state again.

const copy = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

function at(state, path) {
  let target = state;
  for (const step of path) {
    if (target === null || typeof target !== "object" || !(step in target)) throw new Error(`no ${step} in the state`);
    target = target[step];
  }
  return target;
}

function apply(state, op) {
  const [kind, path] = op;
  if (!Array.isArray(path)) throw new Error("an operation without a path");
  if (kind === "set" && path.length === 0) return copy(op[2]);
  if (kind === "len") {
    const list = at(state, path);
    if (!Array.isArray(list) || !(op[2] >= 0 && op[2] <= list.length)) throw new Error("len: not a list that long");
    list.length = op[2];
    return state;
  }
  if ((kind !== "set" && kind !== "del") || path.length === 0) throw new Error(`unknown operation ${kind}`);
  const parent = at(state, path.slice(0, -1));
  const last = path[path.length - 1];
  if (parent === null || typeof parent !== "object") throw new Error("not in the state");
  if (kind === "del") {
    if (Array.isArray(parent) || !Object.prototype.hasOwnProperty.call(parent, last)) throw new Error(`del: no ${last}`);
    delete parent[last];
  } else if (Array.isArray(parent)) {
    if (!(Number.isInteger(last) && last >= 0 && last <= parent.length)) throw new Error(`set: no index ${last}`);
    parent[last] = copy(op[2]);
  } else {
    // defined, not assigned: a key such as "__proto__" (a player's name) stays a plain key
    Object.defineProperty(parent, last, { value: copy(op[2]), writable: true, enumerable: true, configurable: true });
  }
  return state;
}

// The state after `ops`; `state` itself is left as it was.
export function patch(state, ops) {
  let out = copy(state);
  for (const op of ops) out = apply(out, op);
  return out;
}
