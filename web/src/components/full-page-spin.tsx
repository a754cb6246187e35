/** Shown while a shell or a lazy page loads: plain markup (styles.css), so it needs no UI library. */
export function FullPageSpin({ label }: { label?: string }) {
  return (
    <div className="page-spin" role="status" aria-live="polite" aria-label={label}>
      <span className="page-spin-dots" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
