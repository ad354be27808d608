/** FNV-1a over a string's UTF-16 code units: 32 bits. */
export function hashOf(text: string, hash = 0x811c9dc5): number {
  let value = hash;
  for (let at = 0; at < text.length; at += 1) value = Math.imul(value ^ text.charCodeAt(at), 0x01000193) >>> 0;
  return value;
}

/**
 * A test of whether a key was asked since the last few thousand, for keeping what is asked twice
 * (cached answers, a search index's term lists) without keeping what is asked once. It remembers a
 * key's hash in a fixed table, so that it allocates nothing: a set of the keys themselves kept
 * thousands of strings alive long enough for the garbage collector to move them to its old space,
 * and the collections of the old space are what a store under load feels. Two keys may share a
 * hash: the second is then taken as asked before, which keeps one answer too many, no more.
 */
export function askedBefore(remembered = 8_192): (key: string) => boolean {
  // Open addressing, at most half full; 0 is an empty slot (a hash of 0 is taken as 1).
  const slots = new Uint32Array(2 ** Math.ceil(Math.log2(remembered * 2)));
  const mask = slots.length - 1;
  let held = 0;
  return (key) => {
    const hash = hashOf(key) || 1;
    let slot = hash & mask;
    while (slots[slot] !== 0) {
      if (slots[slot] === hash) return true;
      slot = (slot + 1) & mask;
    }
    if (held >= remembered) {
      slots.fill(0);
      held = 0;
      slot = hash & mask;
    }
    slots[slot] = hash;
    held += 1;
    return false;
  };
}
