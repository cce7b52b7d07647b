// The second stage of the app's start (main.tsx): React DOM's own initialisation, one module that
// runs once on import (the vite.config.ts `framework` chunk), in a task of its own rather than in
// the same task as the schemas before it or the app after it.
export { createRoot } from 'react-dom/client';
