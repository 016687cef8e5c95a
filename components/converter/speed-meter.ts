/** Upload speed over the last few seconds: call with the bytes sent so far, get bytes per second. */
export function speedMeter(windowMs = 3000): (sent: number) => number {
  const samples: Array<{ at: number; sent: number }> = [];
  return (sent) => {
    const at = performance.now();
    samples.push({ at, sent });
    while (samples.length > 2 && at - samples[0].at > windowMs) samples.shift();
    const first = samples[0];
    const seconds = (at - first.at) / 1000;
    return seconds > 0.2 ? Math.max(0, (sent - first.sent) / seconds) : 0;
  };
}
