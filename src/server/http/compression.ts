/** Whether a client takes an encoding (`Accept-Encoding`) by name, or through `*`, with a q-value above 0. */
export function acceptsEncoding(acceptEncoding: string | undefined, encoding: string): boolean {
  if (!acceptEncoding) return false;
  let star = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === encoding) return accepted;
    if (name.trim() === '*') star = accepted;
  }
  return star;
}
