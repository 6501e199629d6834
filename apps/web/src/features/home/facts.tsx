import type { ReactNode } from 'react';

/**
 * Label and value pairs of a small widget. Values wrap (long commit messages, tags) instead of widening the card,
 * which a description table would do on a phone.
 */
export function Facts({ items }: { items: { key: string; label: ReactNode; value: ReactNode }[] }) {
  return (
    <dl className="sw-home-facts">
      {items.map((i) => (
        <div key={i.key} className="sw-home-fact">
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}
