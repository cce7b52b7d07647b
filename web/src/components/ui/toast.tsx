import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Button } from './button';

type ToastTone = 'info' | 'error';

interface ToastMessage {
  message: string;
  tone: ToastTone;
}

interface ToastApi {
  /** Shows the one toast, replacing any toast on screen: background errors never pile up. */
  showToast: (message: string, tone?: ToastTone) => void;
  dismissToast: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({
  children,
  autoHideMs = 8000,
}: {
  children: ReactNode;
  autoHideMs?: number;
}) {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const showToast = useCallback(
    (message: string, tone: ToastTone = 'info') => setToast({ message, tone }),
    [],
  );
  const dismissToast = useCallback(() => setToast(null), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), autoHideMs);
    return () => clearTimeout(timer);
  }, [toast, autoHideMs]);
  const api = useMemo(() => ({ showToast, dismissToast }), [showToast, dismissToast]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* The live region is always in the page so its content is announced when it changes. */}
      <div className="toast-region" role="status" aria-live="polite">
        {toast && (
          <div className={`toast toast--${toast.tone}`}>
            <span className="toast__message">{toast.message}</span>
            <Button size="small" onClick={dismissToast}>
              Dismiss
            </Button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
