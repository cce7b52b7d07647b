import { useEffect, useState } from 'react';
import { Button } from './button';

interface CopyButtonProps {
  value: string;
  /** What is copied, for the accessible name: "Copy statement id". */
  label: string;
}

export function CopyButton({ value, label }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <Button
      size="small"
      variant="ghost"
      onClick={copy}
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
      <span className="visually-hidden" role="status">
        {state === 'copied' ? `${label} copied` : ''}
      </span>
    </Button>
  );
}

/** A monospace value with its copy button, for ids and addresses. */
export function CopyableText({ value, label }: CopyButtonProps) {
  return (
    <span className="copyable">
      <span className="copyable__text">{value}</span>
      <CopyButton value={value} label={label} />
    </span>
  );
}
