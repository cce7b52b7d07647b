import { QueryClientProvider } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { ToastProvider, useToast } from '../components/ui/toast';
import { useSessionStatus } from '../lib/session-status';
import { createQueryClient } from '../lib/query-client';
import { SessionEnded } from './session-ended';

function QueryProvider({ children }: { children: ReactNode }) {
  const { showToast } = useToast();
  const toast = useRef(showToast);
  toast.current = showToast;
  const [client] = useState(() =>
    createQueryClient({ onBackgroundError: (message) => toast.current(message, 'error') }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function SessionGate({ children }: { children: ReactNode }) {
  // Once ended, nothing of the app stays mounted, so nothing keeps fetching.
  const status = useSessionStatus();
  return status === 'active' ? children : <SessionEnded status={status} />;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <QueryProvider>
        <SessionGate>{children}</SessionGate>
      </QueryProvider>
    </ToastProvider>
  );
}
