// Finds the Chromium the e2e suite drives. Never downloads a browser build: it uses
// PLAYWRIGHT_CHROMIUM_PATH, or Debian's chromium, installing that package when it can.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium() {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((p) => existsSync(p));
}

function canInstallWithApt() {
  return (
    process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && existsSync('/etc/debian_version')
  );
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.env.PLAYWRIGHT_CHROMIUM_PATH) {
    throw new Error(
      `PLAYWRIGHT_CHROMIUM_PATH is set to ${process.env.PLAYWRIGHT_CHROMIUM_PATH}, but no file is there.`,
    );
  }
  if (canInstallWithApt()) {
    console.log(
      "No Chromium found: installing Debian's chromium package (apt-get install -y chromium)…",
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    "No Chromium found: install Debian's chromium (apt-get install -y chromium) or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium executable.",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
