import type { Page } from '@playwright/test';

/**
 * Starts timing each key the page gets: from the keydown event to the frame after it has
 * been painted (a message posted from the next animation frame arrives once that frame is
 * done). The times collect in `window.keyMs`, one per key, in ms.
 */
export async function timeKeys(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { keyMs: number[] };
    w.keyMs = [];
    document.addEventListener(
      'keydown',
      (e) => {
        const t0 = e.timeStamp;
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => w.keyMs.push(performance.now() - t0);
          ch.port2.postMessage(null);
        });
      },
      true,
    );
  });
}
