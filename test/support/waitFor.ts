/**
 * Polls until the condition holds. The deadline only stops a hung test; tests assert
 * outcomes, never how long they took.
 */
export async function waitFor(cond: () => boolean | Promise<boolean>, what: string, deadlineMs = 10_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
