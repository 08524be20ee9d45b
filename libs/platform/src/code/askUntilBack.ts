/**
 * Asks `isBack` every `everyMs`, and at once when the browser comes back online, one question at
 * a time, and calls `onBack` the first time it says yes; answers what stops the asking. How a
 * window whose code did not arrive (libs/ui CodeBoundary.tsx) and a remote's area that could not
 * load (shell RemoteBoundary.tsx) come back by themselves once the server answers again.
 */
export function askUntilBack(isBack: () => Promise<boolean>, onBack: () => void, everyMs: number): () => void {
  let asking = false;
  let stopped = false;
  const ask = async () => {
    if (asking || stopped) return;
    asking = true;
    const back = await isBack().catch(() => false);
    asking = false;
    if (back && !stopped) {
      stop();
      onBack();
    }
  };
  const timer = window.setInterval(() => void ask(), everyMs);
  const online = () => void ask();
  window.addEventListener('online', online);
  function stop() {
    stopped = true;
    window.clearInterval(timer);
    window.removeEventListener('online', online);
  }
  return stop;
}
