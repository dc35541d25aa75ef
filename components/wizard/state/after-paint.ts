/** How long work waits for a frame that a hidden page may never draw. */
const NO_FRAME_MS = 100;

/**
 * Runs `work` in a task of its own once the next frame is painted: from an animation frame
 * callback, a message to itself, which the browser runs after that frame's style, layout and
 * paint. What a keystroke sets off beyond the editor's own change (posting the text to the
 * worker) then never delays the character on the screen. A hidden page draws no frames: then
 * `work` runs after NO_FRAME_MS.
 */
export function afterPaint(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    work();
  };
  const timer = setTimeout(run, NO_FRAME_MS);
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
  });
}
