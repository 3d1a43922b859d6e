import type { ReactNode } from 'react';

/** One tier under the waveform: its name stays at the left edge while its content scrolls. */
export function TierRow({
  name,
  children,
  className,
}: {
  name: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ? `tier-row ${className}` : 'tier-row'}>
      {children}
      <span className="tier-name">{name}</span>
    </div>
  );
}
