/**
 * The SMS check code store-server sends, read through its e2e-only test hook (ENABLE_TEST_HOOKS):
 * counts the codes a mobile has received, performs the merchant's "get code", and waits for the new one.
 */
export async function checkCodeSentBy(storeUrl: string, mobile: string, send: () => Promise<void>): Promise<string> {
  const read = async () => {
    const response = await fetch(`${storeUrl}/__test__/check-codes?target=${encodeURIComponent(mobile)}`);
    return ((await response.json()) as { codes?: Array<{ code: string }> }).codes ?? [];
  };
  const before = (await read()).length;
  // The run's many sign-ups share one client address and the demo stores their hourly counts (issue 34 §5
  // limits): open the windows, as a merchant waiting out the hour would find them.
  await fetch(`${storeUrl}/__test__/check-codes/open-window?target=${encodeURIComponent(mobile)}`, { method: 'POST' });
  await send();
  for (let attempt = 0; attempt < 40; attempt++) {
    const codes = await read();
    if (codes.length > before || (before === 20 && attempt > 0)) return codes[0].code;
    await new Promise((resolve) => setTimeout(resolve, 250)); // fixed wait: poll interval; 40 attempts bound the wait
  }
  throw new Error(`no new check code was sent to ${mobile}`);
}
