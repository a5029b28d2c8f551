// The one string hash the evaluations split and vary their items by: 32-bit FNV-1a over UTF-16 code units. Stable
// across runs and machines, so an item is held out (or a rendering varied) the same way every time.

/** FNV-1a of the string's UTF-16 code units, as an unsigned 32-bit integer. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
