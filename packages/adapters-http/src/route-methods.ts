// The methods an Express app's routes take at a path, read from the app's own route table (its router stack,
// mounted routers included), so a 405's Allow header names exactly what the routes serve.

/** What this reads of a router layer (express 5's router). */
interface LayerLike {
  match(path: string): { path: string } | false;
  readonly route?: { readonly methods: Readonly<Record<string, boolean | undefined>> };
  readonly handle?: { readonly stack?: readonly LayerLike[] };
}

/**
 * The methods the routes at `path` take, upper case; empty when no route has the path, or when a route takes
 * every method (`all`): such a path never lacks a method.
 */
export function routeMethods(stack: readonly unknown[], path: string): readonly string[] {
  const found = new Set<string>();
  return collect(stack as readonly LayerLike[], path, found) ? [...found] : [];
}

/** Adds the methods of the routes under `stack` at `path`; false when one of them takes every method. */
function collect(stack: readonly LayerLike[], path: string, found: Set<string>): boolean {
  for (const layer of stack) {
    let matched: { path: string } | false;
    try {
      matched = layer.match(path);
    } catch {
      continue; // a malformed %-escape in a parameter: not this route
    }
    if (matched === false) continue;
    if (layer.route !== undefined) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on !== true) continue;
        if (method === "_all") return false;
        found.add(method.toUpperCase());
      }
    } else if (Array.isArray(layer.handle?.stack)) {
      const rest = path.slice(matched.path.length);
      if (!collect(layer.handle.stack, rest.startsWith("/") ? rest : `/${rest}`, found)) return false;
    }
  }
  return true;
}
