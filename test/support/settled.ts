/** Whether `p` has settled once the microtask queue has been drained twice (for waits that must not have ended yet). */
export async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}
