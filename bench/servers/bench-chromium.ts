import { chromium, type Browser } from '@playwright/test';

/** The machine's Chromium as the browser benches run it: no sandbox, no GPU, no background traffic. */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
