import { type KeyboardEvent, useRef } from 'react';
import { cn } from '@/lib/cn';

export interface AdminSection<Id extends string> {
  id: Id;
  label: string;
}

/**
 * The admin page's sections as tabs (WAI-ARIA tabs pattern): Tab reaches the chosen one, the arrow
 * keys, Home and End move between them and open the one reached. Three a row on a phone, all six
 * in one row from 640 px, so that no tab hides behind a sideways scroll.
 */
export function SectionNav<Id extends string>({
  label,
  sections,
  current,
  onChange,
}: {
  label: string;
  sections: readonly AdminSection<Id>[];
  current: Id;
  onChange: (id: Id) => void;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = sections.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const section = sections[next];
    if (!section) return;
    onChange(section.id);
    tabs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className="mb-6 grid grid-cols-3 gap-1 rounded-2xl border border-slate-200 bg-white p-1 shadow-card sm:grid-cols-6"
    >
      {sections.map((section, index) => {
        const selected = section.id === current;
        return (
          <button
            key={section.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${section.id}`}
            aria-selected={selected}
            aria-controls={`admin-panel-${section.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(section.id)}
            onKeyDown={(event) => move(event, index)}
            className={cn(
              'min-h-11 rounded-xl px-2 text-sm font-semibold transition-colors',
              selected ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {section.label}
          </button>
        );
      })}
    </div>
  );
}
