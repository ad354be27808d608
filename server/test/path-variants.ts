/**
 * Other spellings of one path that a URL parser, a router or a proxy may take for it: dot segments
 * (plain and percent-encoded), backslashes, doubled and trailing slashes, other case, encoded
 * letters and slashes, parameters and NUL. A raw HTTP client sends each as written.
 */
export function pathVariants(path: string): string[] {
  const segments = path.split('/').slice(1);
  const last = segments.length - 1;
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const around = (index: number, insert: string) =>
    join([...segments.slice(0, index), insert, ...segments.slice(index)]);
  const variants = new Set<string>();
  for (let index = 1; index <= last; index += 1) {
    for (const dot of ['.', '%2e', '%2E', 'x/..', 'x/%2e%2e', 'x/%2E%2E', 'x/.%2e', ''])
      variants.add(around(index, dot));
    variants.add(`${join(segments.slice(0, index))}\\${segments.slice(index).join('/')}`);
    variants.add(`${join(segments.slice(0, index))}%2f${segments.slice(index).join('/')}`);
    variants.add(`${join(segments.slice(0, index))}%5c${segments.slice(index).join('/')}`);
    variants.add(`${join(segments.slice(0, index))};x/${segments.slice(index).join('/')}`);
    const upper = [...segments];
    upper[index] = upper[index]?.toUpperCase() ?? '';
    variants.add(join(upper));
    const encoded = [...segments];
    encoded[index] = (encoded[index] ?? '').replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`);
    variants.add(join(encoded));
  }
  for (const ending of ['/', '/.', '/%2e', '%20', '%00', ';', ';x=1', '/..;/' + (segments[last] ?? '')]) {
    variants.add(path + ending);
  }
  variants.add(`/${path}`);
  variants.delete(path);
  return [...variants];
}
