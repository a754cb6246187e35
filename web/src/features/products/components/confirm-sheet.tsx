/**
 * A modal question in plain markup (the product centre loads no antd; docs/performance.md): the
 * title, the text, "keep" and the confirming button. Escape or the backdrop keeps things as
 * they are; focus starts on "keep" so Enter does nothing harmful.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { PlainButton } from '@/components/plain-button';

type Props = {
  title: ReactNode;
  children: ReactNode;
  keepText: string;
  confirmText: string;
  busy: boolean;
  onKeep: () => void;
  onConfirm: () => void;
};

export function ConfirmSheet({ title, children, keepText, confirmText, busy, onKeep, onConfirm }: Props) {
  const titleId = useId();
  const textId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    keep.current?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop's click is the keyboard's Escape
    <div
      className="confirm-sheet-backdrop"
      onClick={(e) => e.target === e.currentTarget && !busy && onKeep()}
      onKeyDown={(e) => e.key === 'Escape' && !busy && onKeep()}
    >
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="confirm-sheet"
        data-testid="confirm-sheet"
      >
        <h2 id={titleId}>{title}</h2>
        <div id={textId} className="plain-paragraph">
          {children}
        </div>
        <div className="confirm-sheet-actions">
          <button
            ref={keep}
            type="button"
            className="plain-button plain-button-default"
            disabled={busy}
            onClick={onKeep}
          >
            {keepText}
          </button>
          <PlainButton variant="primary" loading={busy} onClick={onConfirm} data-testid="confirm-sheet-ok">
            {confirmText}
          </PlainButton>
        </div>
      </div>
    </div>
  );
}
