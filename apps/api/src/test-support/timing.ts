/** What `work` answered, and the milliseconds it took. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/**
 * The longest a step may take on this machine now: `factor` times a reference step measured in
 * the same test just before, and never less than `floorMs`. A fixed limit alone fails on a
 * starved machine (CI runs the integration and browser tiers side by side, and slows both); a
 * step that does the work the test forbids (decoding a bomb, waiting for sixteen decodes) takes
 * many times its reference on any machine.
 */
export const allowedAgainst = (
  referenceMs: number,
  { factor, floorMs }: { factor: number; floorMs: number },
) => Math.max(floorMs, factor * referenceMs);
